import { sql, type CompiledQuery } from 'kysely';
import type { Db, DbHandle } from '../db/index.js';

/**
 * The delivery worker's queries (#33 §3), on both databases. Claiming is one UPDATE … RETURNING
 * that leases due deliveries (`locked_until`): on PostgreSQL its candidate rows are taken with
 * FOR UPDATE SKIP LOCKED, so two nodes claiming at once get disjoint sets; SQLite has one
 * writer. A lease that runs out (a node died mid-send) makes the delivery due again: the only way
 * one is sent twice, which receivers absorb by deduping on `webhook-id`.
 */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  app_id: string;
  event_id: string | null;
  event_type: string;
  payload_json: string | null;
  attempts: number;
}

export interface EndpointForSend {
  id: string;
  app_id: string;
  url: string;
  format: string;
  enabled: number;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_until: string | null;
  failing_since: string | null;
  app_slug: string;
  app_name: string;
}

export interface AttemptRecord {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: string | null;
  statusCode: number | null;
  error: string | null;
  response: string | null;
  at: string;
}

const DUE = "SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until < ?) LIMIT 1";

export function createDeliveryStore(handle: DbHandle) {
  const db: Db = handle.db;
  const pg = handle.dialect === 'postgres';
  const { sqlite, durableWrite } = handle;
  let dueStmt: import('better-sqlite3').Statement | undefined;

  /**
   * The worker's frequent writes (claims, results). On SQLite they run on the shared connection
   * through durableWrite, as the group commits do: never inside another open transaction, and
   * the WAL synced off the event loop when the disk is slow, so a busy worker does not stall
   * the hot write paths with inline fsyncs.
   */
  function write<R>(queries: readonly CompiledQuery[]): Promise<R[][]> {
    if (!sqlite || !durableWrite)
      return db.transaction().execute(async (trx) => {
        const out: R[][] = [];
        for (const q of queries) out.push((await trx.executeQuery<R>(q)).rows);
        return out;
      });
    const run = (q: CompiledQuery) => {
      const stmt = sqlite.prepare(q.sql);
      return (stmt.reader ? stmt.all(...(q.parameters as unknown[])) : (stmt.run(...(q.parameters as unknown[])), [])) as R[];
    };
    return durableWrite(() => (queries.length === 1 ? [run(queries[0])] : sqlite.transaction(() => queries.map(run))()));
  }

  return {
    /**
     * Leases up to `limit` due deliveries of enabled endpoints, at most `perEndpoint` of one
     * endpoint, none of the endpoints in `skip` (busy on this node). The window function runs over
     * candidates locked in an inner query (PostgreSQL allows no FOR UPDATE beside a window).
     */
    async claim(o: { now: string; leaseUntil: string; limit: number; perEndpoint: number; skip: readonly string[] }): Promise<ClaimedDelivery[]> {
      if (o.limit <= 0) return [];
      // SQLite: a plain read first, so an idle worker does not go through a durable write (a WAL sync) every poll.
      if (sqlite && !(dueStmt ??= sqlite.prepare(DUE)).get(o.now, o.now)) return [];
      const skip = o.skip.length ? sql`AND d.endpoint_id NOT IN (${sql.join(o.skip)})` : sql``;
      const lock = pg ? sql`FOR UPDATE OF d SKIP LOCKED` : sql``;
      const r = await sql<ClaimedDelivery>`
        UPDATE webhook_deliveries SET locked_until = ${o.leaseUntil}
        WHERE id IN (
          SELECT w.id FROM (
            SELECT c.id, c.next_attempt_at, ROW_NUMBER() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_attempt_at, c.id) AS rn
            FROM (
              SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d
              WHERE d.status = 'pending' AND d.next_attempt_at <= ${o.now}
                AND (d.locked_until IS NULL OR d.locked_until < ${o.now}) ${skip}
                AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND e.enabled = 1)
              ORDER BY d.next_attempt_at, d.id
              LIMIT ${o.limit * 4}
              ${lock}
            ) c
          ) w
          WHERE w.rn <= ${o.perEndpoint}
          ORDER BY w.next_attempt_at, w.id
          LIMIT ${o.limit}
        )
        RETURNING id, endpoint_id, app_id, event_id, event_type, payload_json, attempts`.compile(db);
      if (!sqlite) return (await db.executeQuery(r)).rows;
      return (await write<ClaimedDelivery>([r]))[0];
    },

    async endpoints(ids: readonly string[]): Promise<EndpointForSend[]> {
      if (!ids.length) return [];
      return db
        .selectFrom('webhook_endpoints as e')
        .innerJoin('apps as a', 'a.id', 'e.app_id')
        .select(['e.id', 'e.app_id', 'e.url', 'e.format', 'e.enabled', 'e.secret_sealed', 'e.previous_secret_sealed', 'e.previous_until', 'e.failing_since', 'a.slug as app_slug', 'a.name as app_name'])
        .where('e.id', 'in', [...ids])
        .execute();
    },

    /** Gives leases back unsent (the endpoint went away or was disabled meanwhile). */
    async release(ids: readonly string[]): Promise<void> {
      if (ids.length) await db.updateTable('webhook_deliveries').set({ locked_until: null }).where('id', 'in', [...ids]).execute();
    },

    /** Attempts' results, in one transaction (one commit for a round of sends). */
    async recordMany(list: readonly AttemptRecord[]): Promise<void> {
      if (!list.length) return;
      const queries = list.map((a) =>
        db
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            status: a.status,
            next_attempt_at: a.nextAttemptAt,
            locked_until: null,
            last_status_code: a.statusCode,
            last_error: a.error,
            last_response: a.response,
            last_attempt_at: a.at,
          }))
          .where('id', '=', a.id)
          .compile(),
      );
      if (!sqlite && queries.length === 1) await db.executeQuery(queries[0]);
      else await write(queries);
    },

    /**
     * Deliveries of a disabled endpoint wait, parked (pending, no next attempt), so that they do
     * not sit in the due index where every claim would walk past them; when the endpoint is
     * enabled again they are due at once. Answers how many were parked and resumed.
     */
    async park(now: string): Promise<{ parked: number; resumed: number }> {
      const disabled = db.selectFrom('webhook_endpoints').select('id').where('enabled', '=', 0);
      const enabled = db.selectFrom('webhook_endpoints').select('id').where('enabled', '=', 1);
      const parked = await db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: null })
        .where('status', '=', 'pending')
        .where('next_attempt_at', 'is not', null)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .where('endpoint_id', 'in', disabled)
        .executeTakeFirst();
      const resumed = await db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: now })
        .where('status', '=', 'pending')
        .where('next_attempt_at', 'is', null)
        .where('endpoint_id', 'in', enabled)
        .executeTakeFirst();
      return { parked: Number(parked.numUpdatedRows), resumed: Number(resumed.numUpdatedRows) };
    },

    /** Retention: finished deliveries and fanned-out events older than `cutoff`, in bounded batches. */
    async sweep(cutoff: string, batch = 5000): Promise<number> {
      let total = 0;
      for (;;) {
        const ids = db.selectFrom('webhook_deliveries').select('id').where('status', 'in', ['succeeded', 'failed']).where('created_at', '<', cutoff).limit(batch);
        const n = Number((await db.deleteFrom('webhook_deliveries').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
        total += n;
        if (n < batch) break;
      }
      for (;;) {
        // Deleting an event deletes what refers to it (by cascade): only once nothing waits on it
        // (an event dated long ago, or deliveries held for a disabled endpoint, may still be due).
        const ids = db
          .selectFrom('outbox_events as o')
          .select('o.id')
          .where('o.fanned_out', '=', 1)
          .where('o.created_at', '<', cutoff)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'o.id').where('d.status', '=', 'pending'))),
          )
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('notification_queue as q').select('q.id').whereRef('q.event_id', '=', 'o.id').where('q.sent_at', 'is', null))))
          .limit(batch);
        const n = Number((await db.deleteFrom('outbox_events').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
        total += n;
        if (n < batch) break;
      }
      return total;
    },
  };
}

export type DeliveryStore = ReturnType<typeof createDeliveryStore>;
