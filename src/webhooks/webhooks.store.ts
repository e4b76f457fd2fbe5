import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/index.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/types.js';
import type { After } from '../kernel/keyset.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type EndpointChanges = Updateable<WebhookEndpointsTable>;

/** Queries of the endpoints API; every one is scoped by app id (the owner check is the app's). */
export function createWebhookStore(db: Db) {
  const deliveryColumns = [
    'd.id',
    'd.event_id',
    'd.event_type',
    'd.payload_json',
    'd.status',
    'd.attempts',
    'd.last_status_code',
    'd.last_error',
    'd.last_attempt_at',
    'd.next_attempt_at',
    'd.created_at',
    // The event's body, for deliveries whose payload is built when first sent.
    'e.data_json as event_data_json',
    'e.created_at as event_at',
  ] as const;
  const deliveries = () => db.selectFrom('webhook_deliveries as d').leftJoin('outbox_events as e', 'e.id', 'd.event_id').select(deliveryColumns);

  return {
    list: (appId: string) => db.selectFrom('webhook_endpoints').selectAll().where('app_id', '=', appId).orderBy('created_at').orderBy('id').execute(),

    get: (appId: string, id: string) => db.selectFrom('webhook_endpoints').selectAll().where('app_id', '=', appId).where('id', '=', id).executeTakeFirst(),

    insert: (row: Insertable<WebhookEndpointsTable>) => db.insertInto('webhook_endpoints').values(row).execute(),

    async update(appId: string, id: string, changes: EndpointChanges) {
      await db.updateTable('webhook_endpoints').set(changes).where('app_id', '=', appId).where('id', '=', id).execute();
      return db.selectFrom('webhook_endpoints').selectAll().where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
    },

    /** Its deliveries go with it (also by the foreign key's cascade; explicit for clarity on both databases). */
    async remove(appId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('webhook_deliveries').where('app_id', '=', appId).where('endpoint_id', '=', id).execute();
        const r = await trx.deleteFrom('webhook_endpoints').where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
        return r.numDeletedRows > 0n;
      });
    },

    insertDelivery: (row: Insertable<WebhookDeliveriesTable>) => db.insertInto('webhook_deliveries').values(row).execute(),

    /** Newest first on (created_at, id), as every list of the API pages. */
    deliveries(appId: string, endpointId: string, limit: number, after?: After) {
      let q = deliveries().where('d.app_id', '=', appId).where('d.endpoint_id', '=', endpointId);
      // keyset.olderThan's row value, with the columns qualified (outbox_events has an id too).
      if (after) q = q.where((eb) => eb(eb.refTuple('d.created_at', 'd.id'), '<', eb.tuple(after[0], after[1])));
      return q.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limit).execute();
    },

    delivery: (appId: string, endpointId: string, id: string) =>
      deliveries().where('d.app_id', '=', appId).where('d.endpoint_id', '=', endpointId).where('d.id', '=', id).executeTakeFirst(),

    /**
     * Due again now, unless a node holds it at this moment (its lock has not expired): clearing
     * that lock would let a second node send it while the first still is. True when it changed.
     */
    async retry(appId: string, endpointId: string, id: string, now: string): Promise<boolean> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now, locked_until: null })
        .where('app_id', '=', appId)
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('status', '!=', 'pending'), eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
  };
}
export type WebhookStore = ReturnType<typeof createWebhookStore>;
export type DeliveryRow = Awaited<ReturnType<WebhookStore['deliveries']>>[number];
