import type { z } from 'zod';
import type { DbHandle } from '../../db/index.js';
import type { OutboxEvent } from '../../db/outbox.js';

/**
 * The event catalogue and who listens (#33). Each capability module declares the events it
 * emits (`CapabilityModule.events`): their type, what they mean, the zod schema of `data` (the
 * OpenAPI document's top-level `webhooks` and docs/webhooks.md come from it) and a one-line
 * summary for chat formats and e-mails.
 *
 * Writers ask `event(appId, type, data)` before writing: it answers null when no enabled
 * endpoint or notification of the app wants that type, so an app without subscribers pays
 * nothing. Who listens is read from the database at most every INTEREST_TTL_MS (and at once after
 * a change on this node); another node learns of a new endpoint within that time. Until the first
 * read completes every event is written (the fan-out drops what nobody wants): nothing is lost
 * at start.
 */
export interface EventDef<D = any> {
  type: string;
  /** One sentence: when it is sent. */
  description: string;
  data: z.ZodType<D>;
  /** A readable one-line summary (Slack, Discord, e-mail), plain text. */
  summary(data: D): string;
  /** The dashboard page of the thing, relative to the app's dashboard (`feedback`, `wishlist/<id>`). */
  dashboardPath?(data: D): string;
}

export const defineEvent = <D>(def: EventDef<D>): EventDef<D> => def;

export const INTEREST_TTL_MS = 2_000;

export interface Events {
  /** Every event type, in module order. */
  readonly catalog: ReadonlyMap<string, EventDef>;
  /**
   * The event to write, or null when nobody listens (synchronous: hot paths call it). `data` may
   * be a function, called only when someone listens.
   */
  event(appId: string, type: string, data: unknown, at?: string): OutboxEvent | null;
  /** Same, after making sure the list of listeners is fresh (owner operations, which are not hot). */
  eventFresh(appId: string, type: string, data: unknown, at?: string): Promise<OutboxEvent | null>;
  /** Read listeners again now (after an endpoint or a notification setting changed on this node). */
  refresh(): Promise<void>;
  /**
   * Whether `event()` would answer an event now. For writers whose data needs a read first (the
   * steps of a cancel session, a link's full row) or a value their transaction draws (a version
   * number): they ask, read only when someone listens, then build with `event()`.
   */
  listens(appId: string, type: string): boolean;
  /** Same, after making sure the list of listeners is fresh (owner operations). */
  listensFresh(appId: string, type: string): Promise<boolean>;
  /**
   * Calls `wake` each time an event is built for a writer on this node (its row commits with the
   * write, moments later): the delivery worker wakes instead of waiting for its idle poll.
   * Answers the function that stops calling it.
   */
  onEvent(wake: () => void): () => void;
}

/** Listeners of one app: '*' or event types. */
type Interest = Map<string, Set<string>>;

export function createEvents(defs: readonly EventDef[], db: DbHandle, opts: { ttlMs?: number } = {}): Events {
  const catalog = new Map<string, EventDef>();
  for (const d of defs) {
    if (catalog.has(d.type)) throw new Error(`event ${d.type} declared twice`);
    catalog.set(d.type, d);
  }
  const ttl = opts.ttlMs ?? INTEREST_TTL_MS;
  let interest: Interest | undefined;
  let readAt = 0;
  let reading: Promise<void> | undefined;

  async function read(): Promise<Interest> {
    const m: Interest = new Map();
    const add = (appId: string, eventsJson: string) => {
      let types: unknown;
      try {
        types = JSON.parse(eventsJson);
      } catch {
        types = ['*'];
      }
      const set = m.get(appId) ?? new Set<string>();
      for (const t of Array.isArray(types) ? types : ['*']) set.add(String(t));
      m.set(appId, set);
    };
    const endpoints = await db.db.selectFrom('webhook_endpoints').select(['app_id', 'events_json']).where('enabled', '=', 1).execute();
    for (const e of endpoints) add(e.app_id, e.events_json);
    const notes = await db.db.selectFrom('notification_settings').select(['app_id', 'events_json']).where('email', 'is not', null).execute();
    for (const n of notes) add(n.app_id, n.events_json);
    return m;
  }

  function refresh(): Promise<void> {
    reading ??= read()
      .then((m) => {
        interest = m;
        readAt = Date.now();
      })
      .catch(() => {
        // Keep the last answer (or "everything" before the first); try again on the next write.
        readAt = Date.now() - ttl + 250;
      })
      .finally(() => (reading = undefined));
    return reading;
  }

  function wants(appId: string, type: string): boolean {
    if (Date.now() - readAt > ttl) void refresh();
    if (!interest) return true;
    const s = interest.get(appId);
    return !!s && (s.has('*') || s.has(type));
  }

  let wakes: (() => void)[] = [];
  const make = (appId: string, type: string, data: unknown, at?: string): OutboxEvent => {
    if (!catalog.has(type)) throw new Error(`unknown event type ${type}`);
    for (const wake of wakes) wake();
    return { appId, type, data: typeof data === 'function' ? data() : data, at: at ?? new Date().toISOString() };
  };

  return {
    catalog,
    event: (appId, type, data, at) => (wants(appId, type) ? make(appId, type, data, at) : null),
    async eventFresh(appId, type, data, at) {
      if (Date.now() - readAt > ttl) await refresh();
      return wants(appId, type) ? make(appId, type, data, at) : null;
    },
    refresh: async () => {
      await reading;
      await refresh();
    },
    listens: wants,
    async listensFresh(appId, type) {
      if (Date.now() - readAt > ttl) await refresh();
      return wants(appId, type);
    },
    onEvent(wake) {
      wakes = [...wakes, wake];
      return () => {
        wakes = wakes.filter((w) => w !== wake);
      };
    },
  };
}
