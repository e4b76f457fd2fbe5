import type { DbHandle } from '../db/index.js';
import type { Clock } from '../kernel/clock.js';
import type { Events } from '../kernel/events/events.js';
import { notFound, unprocessable } from '../kernel/errors.js';
import { newId } from '../kernel/ids.js';
import { createDeliveryService } from './webhooks.deliveries.js';
import type { CreateWebhook, PatchWebhook, Webhook, WebhookFormat } from './webhooks.schema.js';
import { newSecret, secretBox } from './webhooks.secrets.js';
import { destinationProblem } from './webhooks.ssrf.js';
import { createWebhookStore, type EndpointChanges, type EndpointRow } from './webhooks.store.js';

/** How long the secret a rotation replaced keeps signing (both sign meanwhile). */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export interface WebhookServiceDeps {
  db: DbHandle;
  clock: Clock;
  events: Events;
  config: { secret: string; webhooks: { allowPrivate: boolean } };
  /** DNS lookup for the SSRF check (tests resolve a name to a private address). */
  lookup?: Parameters<typeof destinationProblem>[2];
  /** Called after a delivery was made due (a test send, a retry): this node's worker sends it now instead of at its next poll. */
  queued?: () => void;
}

export function toWebhook(r: EndpointRow): Webhook {
  let events: string[];
  try {
    events = JSON.parse(r.events_json);
  } catch {
    events = ['*'];
  }
  return {
    id: r.id,
    url: r.url,
    events,
    format: r.format as WebhookFormat,
    description: r.description,
    enabled: !!Number(r.enabled),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    disabledReason: r.disabled_reason,
    disabledAt: r.disabled_at,
    failingSince: r.failing_since,
  };
}

/**
 * Webhook endpoints of an app (#33 §2), for owners: CRUD, secret rotation, test deliveries and
 * the delivery log. Knows nothing of HTTP; callers resolve the app (owner scoping) first.
 * Every change of who listens refreshes the event listeners, so this node's writers emit at once
 * (other nodes within INTEREST_TTL_MS).
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  const { db, clock, events, config } = deps;
  const store = createWebhookStore(db.db);
  const box = secretBox(config.secret);
  const now = () => clock.now().toISOString();

  async function find(appId: string, id: string): Promise<EndpointRow> {
    const row = await store.get(appId, id);
    if (!row) throw notFound('Webhook not found');
    return row;
  }

  /** The SSRF guard's DNS half (the request schema already refused literal addresses and schemes). */
  async function checkUrl(url: string) {
    const problem = await destinationProblem(url, config.webhooks.allowPrivate, deps.lookup);
    if (problem) throw unprocessable(`Invalid body: /url URL ${problem}`, [{ path: '/url', message: `URL ${problem}` }]);
  }

  const endpoints = {
    async list(appId: string): Promise<{ webhooks: Webhook[] }> {
      return { webhooks: (await store.list(appId)).map(toWebhook) };
    },

    async get(appId: string, id: string): Promise<{ webhook: Webhook }> {
      return { webhook: toWebhook(await find(appId, id)) };
    },

    /** The secret is in the answer only here and in rotateSecret; it is stored sealed. */
    async create(appId: string, input: CreateWebhook): Promise<{ webhook: Webhook; secret: string }> {
      await checkUrl(input.url);
      const id = newId();
      const secret = newSecret();
      const at = now();
      const row: EndpointRow = {
        id,
        app_id: appId,
        url: input.url,
        events_json: JSON.stringify(input.events ?? ['*']),
        format: input.format ?? 'standard',
        description: input.description || null,
        enabled: input.enabled === false ? 0 : 1,
        secret_sealed: box.seal(secret, id),
        previous_secret_sealed: null,
        previous_until: null,
        failing_since: null,
        disabled_reason: null,
        disabled_at: null,
        created_at: at,
        updated_at: at,
      };
      await store.insert(row);
      await events.refresh();
      return { webhook: toWebhook(row), secret };
    },

    /** Only sent keys change. Re-enabling forgets the failures that disabled it; a new URL starts without failures. */
    async update(appId: string, id: string, input: PatchWebhook): Promise<{ webhook: Webhook }> {
      const row = await find(appId, id);
      const changes: EndpointChanges = { updated_at: now() };
      if (input.url !== undefined && input.url !== row.url) {
        await checkUrl(input.url);
        changes.url = input.url;
        changes.failing_since = null;
      }
      if (input.events !== undefined) changes.events_json = JSON.stringify(input.events);
      if (input.format !== undefined) changes.format = input.format;
      if (input.description !== undefined) changes.description = input.description || null;
      if (input.enabled !== undefined) {
        changes.enabled = input.enabled ? 1 : 0;
        if (input.enabled && !Number(row.enabled)) Object.assign(changes, { disabled_reason: null, disabled_at: null, failing_since: null });
      }
      const updated = await store.update(appId, id, changes);
      if (!updated) throw notFound('Webhook not found');
      if (input.events !== undefined || input.enabled !== undefined) await events.refresh();
      return { webhook: toWebhook(updated) };
    },

    async remove(appId: string, id: string): Promise<{ deleted: true; id: string }> {
      if (!(await store.remove(appId, id))) throw notFound('Webhook not found');
      await events.refresh();
      return { deleted: true, id };
    },

    /** A new secret, shown once; the replaced one keeps signing for 24 h so receivers can switch over. */
    async rotateSecret(appId: string, id: string): Promise<{ webhook: Webhook; secret: string }> {
      const row = await find(appId, id);
      const secret = newSecret();
      const at = clock.now();
      const updated = await store.update(appId, id, {
        secret_sealed: box.seal(secret, id),
        previous_secret_sealed: row.secret_sealed,
        previous_until: new Date(at.getTime() + PREVIOUS_SECRET_MS).toISOString(),
        updated_at: at.toISOString(),
      });
      if (!updated) throw notFound('Webhook not found');
      return { webhook: toWebhook(updated), secret };
    },
  };

  return { ...endpoints, ...createDeliveryService({ store, clock, find, queued: deps.queued }) };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
