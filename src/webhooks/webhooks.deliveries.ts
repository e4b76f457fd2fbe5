import type { Clock } from '../kernel/clock.js';
import { conflict, notFound } from '../kernel/errors.js';
import { afterFromCursor, pageRows } from '../kernel/keyset.js';
import { rowId } from '../db/row-id.js';
import { TEST_EVENT, webhookBody, webhookBodyJson, type WebhookBody } from './webhooks.payload.js';
import type { Delivery } from './webhooks.schema.js';
import type { DeliveryRow, EndpointRow, WebhookStore } from './webhooks.store.js';

const parse = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
};

/** The body a delivery sends: its stored payload, or the one built from its outbox event. */
function payloadOf(r: DeliveryRow): WebhookBody | null {
  if (r.payload_json !== null) return parse(r.payload_json) as WebhookBody | null;
  if (r.event_data_json === null || r.event_at === null) return null;
  return webhookBody(r.event_type, r.event_at, parse(r.event_data_json));
}

const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  eventType: r.event_type,
  status: r.status as Delivery['status'],
  attempts: Number(r.attempts),
  lastStatusCode: r.last_status_code === null ? null : Number(r.last_status_code),
  lastError: r.last_error,
  lastAttemptAt: r.last_attempt_at,
  nextAttemptAt: r.next_attempt_at,
  createdAt: r.created_at,
  payload: payloadOf(r),
});

/**
 * An endpoint's deliveries for its owner: the log (newest first), a test delivery and a manual
 * retry. Both write a due `pending` row and nothing else: the delivery worker of whichever node
 * claims it first sends it (webhooks.worker.ts), so the answer is 202.
 */
export function createDeliveryService({ store, clock, find, queued }: { store: WebhookStore; clock: Clock; find(appId: string, id: string): Promise<EndpointRow>; queued?: () => void }) {
  const now = () => clock.now().toISOString();

  async function delivery(appId: string, endpointId: string, id: string): Promise<Delivery> {
    const row = await store.delivery(appId, endpointId, id);
    if (!row) throw notFound('Delivery not found');
    return toDelivery(row);
  }

  return {
    async deliveries(appId: string, webhookId: string, limit: number, cursor?: string): Promise<{ deliveries: Delivery[]; nextCursor: string | null }> {
      const after = afterFromCursor(cursor);
      await find(appId, webhookId);
      const page = pageRows(await store.deliveries(appId, webhookId, limit + 1, after), limit);
      return { deliveries: page.items.map(toDelivery), nextCursor: page.nextCursor };
    },

    /** A `webhook.test` delivery to this endpoint (enabled or not: the owner is checking it). */
    async test(app: { id: string; slug: string }, webhookId: string): Promise<{ delivery: Delivery }> {
      const endpoint = await find(app.id, webhookId);
      const at = clock.now();
      const id = rowId(at.getTime());
      const data = { message: 'This is a test delivery from Appflows.', webhookId: endpoint.id, appId: app.id, appSlug: app.slug };
      await store.insertDelivery({
        id,
        endpoint_id: endpoint.id,
        app_id: app.id,
        event_id: null,
        event_type: TEST_EVENT,
        payload_json: webhookBodyJson(TEST_EVENT, at.toISOString(), JSON.stringify(data)),
        status: 'pending',
        attempts: 0,
        next_attempt_at: at.toISOString(),
        locked_until: null,
        created_at: at.toISOString(),
      });
      // Answered as queued, then this node's worker is woken (it may send it before the answer is read otherwise).
      const queuedDelivery = await delivery(app.id, endpoint.id, id);
      queued?.();
      return { delivery: queuedDelivery };
    },

    /** Due again now, with the same body and webhook-id; refused (409) while a node is sending it. */
    async retry(appId: string, webhookId: string, deliveryId: string): Promise<{ delivery: Delivery }> {
      await find(appId, webhookId);
      if (!(await store.retry(appId, webhookId, deliveryId, now()))) {
        await delivery(appId, webhookId, deliveryId); // 404 when it is not this endpoint's
        throw conflict('The delivery is being sent right now; retry once this attempt has finished');
      }
      const due = await delivery(appId, webhookId, deliveryId);
      queued?.();
      return { delivery: due };
    },
  };
}
