import type SqliteDatabase from 'better-sqlite3';
import type { Db, DbHandle } from '../db/index.js';
import { rowId } from '../db/row-id.js';
import { webhookBodyJson } from './webhooks.payload.js';

/**
 * Fan-out (#33 §3): each outbox event becomes one `webhook_deliveries` row per enabled endpoint
 * of its app that subscribed to its type ('*' or the type), and one `notification_queue` row when
 * the app's e-mail notifications want it; the event is then marked fanned out — all in one
 * transaction, so an event is fanned out exactly once, also when a node dies halfway. PostgreSQL
 * takes the events with FOR UPDATE SKIP LOCKED (two nodes fan out disjoint batches); SQLite runs
 * the batch as one synchronous transaction on the shared connection through durableWrite, which
 * waits for any open Kysely transaction instead of joining it and syncs the WAL like the group
 * commits do.
 *
 * A delivery stores the Standard Webhooks body `{"type","timestamp","data"}` exactly as sent
 * (webhooks.payload.ts; chat formats are built from it at send time).
 */
export const FANOUT_BATCH = 500;

interface PendingEvent {
  id: string;
  app_id: string;
  type: string;
  data_json: string;
  created_at: string;
}
interface Subscriber {
  id: string;
  app_id: string;
  events_json: string;
}

const wants = (eventsJson: string, type: string): boolean => {
  try {
    const list = JSON.parse(eventsJson);
    return Array.isArray(list) ? list.includes('*') || list.includes(type) : true;
  } catch {
    return true;
  }
};

function plan(events: PendingEvent[], endpoints: Subscriber[], notify: Subscriber[], now: string) {
  const byApp = new Map<string, Subscriber[]>();
  for (const ep of endpoints) byApp.set(ep.app_id, [...(byApp.get(ep.app_id) ?? []), ep]);
  const deliveries = [];
  const notes = [];
  for (const e of events) {
    for (const ep of byApp.get(e.app_id) ?? []) {
      if (!wants(ep.events_json, e.type)) continue;
      deliveries.push({ id: rowId(), endpoint_id: ep.id, app_id: e.app_id, event_id: e.id, event_type: e.type, payload_json: webhookBodyJson(e.type, e.created_at, e.data_json), status: 'pending', attempts: 0, next_attempt_at: now, created_at: now });
    }
    if (notify.some((n) => n.app_id === e.app_id && wants(n.events_json, e.type))) notes.push({ id: rowId(), app_id: e.app_id, event_id: e.id, created_at: now });
  }
  return { deliveries, notes };
}

const CHUNK = 500;
const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, i * CHUNK + CHUNK));

/** Fans out up to `limit` of the oldest pending events; answers how many it took. */
export async function fanOutBatch(handle: DbHandle, now: string, limit = FANOUT_BATCH): Promise<number> {
  // A plain read first: an idle worker polls without opening a transaction or syncing anything.
  if (handle.dialect === 'sqlite' && handle.sqlite && handle.durableWrite) {
    const s = sqliteStatements(handle.sqlite);
    if (!s.any()) return 0;
    return handle.durableWrite(() => s.run(now, limit));
  }
  if (!(await handle.db.selectFrom('outbox_events').select('id').where('fanned_out', '=', 0).limit(1).executeTakeFirst())) return 0;
  return handle.db.transaction().execute(async (trx) => pgBatch(trx, now, limit));
}

async function pgBatch(trx: Db, now: string, limit: number): Promise<number> {
  const events = await trx.selectFrom('outbox_events').select(['id', 'app_id', 'type', 'data_json', 'created_at']).where('fanned_out', '=', 0).orderBy('id').limit(limit).forUpdate().skipLocked().execute();
  if (!events.length) return 0;
  const apps = [...new Set(events.map((e) => e.app_id))];
  const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'app_id', 'events_json']).where('enabled', '=', 1).where('app_id', 'in', apps).orderBy('id').execute();
  const notify = await trx.selectFrom('notification_settings').select(['app_id as id', 'app_id', 'events_json']).where('email', 'is not', null).where('app_id', 'in', apps).execute();
  const { deliveries, notes } = plan(events, endpoints, notify, now);
  for (const part of chunks(deliveries)) await trx.insertInto('webhook_deliveries').values(part).execute();
  for (const part of chunks(notes)) await trx.insertInto('notification_queue').values(part).execute();
  for (const part of chunks(events.map((e) => e.id))) await trx.updateTable('outbox_events').set({ fanned_out: 1 }).where('id', 'in', part).execute();
  return events.length;
}

const prepared = new WeakMap<SqliteDatabase.Database, { any(): boolean; run(now: string, limit: number): number }>();

function sqliteStatements(sqlite: SqliteDatabase.Database) {
  let s = prepared.get(sqlite);
  if (s) return s;
  const anyPending = sqlite.prepare('SELECT 1 FROM outbox_events WHERE fanned_out = 0 LIMIT 1').pluck();
  const pending = sqlite.prepare('SELECT id, app_id, type, data_json, created_at FROM outbox_events WHERE fanned_out = 0 ORDER BY id LIMIT ?');
  const endpoints = sqlite.prepare('SELECT id, app_id, events_json FROM webhook_endpoints WHERE app_id = ? AND enabled = 1 ORDER BY id');
  const notify = sqlite.prepare('SELECT app_id AS id, app_id, events_json FROM notification_settings WHERE app_id = ? AND email IS NOT NULL');
  const insertDelivery = sqlite.prepare(
    'INSERT INTO webhook_deliveries (id, endpoint_id, app_id, event_id, event_type, payload_json, status, attempts, next_attempt_at, created_at) VALUES (@id, @endpoint_id, @app_id, @event_id, @event_type, @payload_json, @status, @attempts, @next_attempt_at, @created_at)',
  );
  const insertNote = sqlite.prepare('INSERT INTO notification_queue (id, app_id, event_id, created_at) VALUES (@id, @app_id, @event_id, @created_at)');
  const done = sqlite.prepare('UPDATE outbox_events SET fanned_out = 1 WHERE id = ?');
  const batch = sqlite.transaction((now: string, limit: number): number => {
    const events = pending.all(limit) as PendingEvent[];
    if (!events.length) return 0;
    const apps = [...new Set(events.map((e) => e.app_id))];
    const subs = apps.flatMap((a) => endpoints.all(a) as Subscriber[]);
    const notes = apps.flatMap((a) => notify.all(a) as Subscriber[]);
    const p = plan(events, subs, notes, now);
    for (const d of p.deliveries) insertDelivery.run(d);
    for (const n of p.notes) insertNote.run(n);
    for (const e of events) done.run(e.id);
    return events.length;
  });
  s = { any: () => anyPending.get() !== undefined, run: (now, limit) => batch(now, limit) };
  prepared.set(sqlite, s);
  return s;
}
