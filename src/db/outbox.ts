import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './types.js';
import { rowId } from './row-id.js';

/**
 * The outbox (#33): an event is a row of `outbox_events` written in the same transaction as the
 * data it reports, so an acknowledged write always has its event (kill -9 included) and a write
 * that failed has none. The webhooks worker fans the rows out to deliveries and notifications.
 * Writers build events with `events.event(...)` (kernel/events/events.ts), which answers null
 * when nobody subscribed, and hand them to one of the two writers below inside their transaction.
 */
export interface OutboxEvent {
  appId: string;
  /** A type of the catalogue (`waitlist.signup.created`). */
  type: string;
  /** What the owner API answers for the row: ids, app slug, flow slug and version where they apply; never a raw IP or a secret. */
  data: unknown;
  /** ISO timestamp of what happened. */
  at: string;
}

/**
 * The event a row reports, handed to a writer beside the row (db/hot-insert.ts): the event, or a
 * builder called in the row's transaction when the row is stored (a skipped row builds nothing).
 */
export type RowEvent = OutboxEvent | null | (() => OutboxEvent | null);
export const builtEvent = (e: RowEvent | undefined): OutboxEvent | null => (typeof e === 'function' ? e() : (e ?? null));

const row = (e: OutboxEvent) => ({ id: rowId(Date.parse(e.at) || Date.now()), app_id: e.appId, type: e.type, data_json: JSON.stringify(e.data), created_at: e.at });

/** SQLite: a writer for synchronous transactions on the raw better-sqlite3 handle (group commits); call it inside the transaction. */
export function sqliteOutbox(sqlite: SqliteDatabase.Database) {
  const stmt = sqlite.prepare('INSERT INTO outbox_events (id, app_id, type, data_json, created_at) VALUES (?, ?, ?, ?, ?)');
  return (events: readonly (OutboxEvent | null | undefined)[]) => {
    for (const e of events) {
      if (!e) continue;
      const r = row(e);
      stmt.run(r.id, r.app_id, r.type, r.data_json, r.created_at);
    }
  };
}

/** Kysely (both databases): writes events inside the caller's transaction `trx`. */
export async function writeOutbox(trx: Kysely<Database> | Kysely<any>, events: readonly (OutboxEvent | null | undefined)[]): Promise<void> {
  const rows = events.filter((e): e is OutboxEvent => !!e).map(row);
  if (!rows.length) return;
  await (trx as Kysely<Database>).insertInto('outbox_events').values(rows.map((r) => ({ ...r, fanned_out: 0 }))).execute();
}
