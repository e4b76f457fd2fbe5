import { sql } from 'kysely';
import { createGroupCommit } from '../../db/group-commit.js';
import type { Db, DbHandle } from '../../db/index.js';
import { pgStatement } from '../../db/pg-statement.js';
import type { PromotionEventsTable } from '../../db/types.js';
import { olderThan, type After } from '../../kernel/keyset.js';

export type PromotionEventRow = PromotionEventsTable;

export type HistoryRow = { flow_id: string; destination_app_id: string; event: string; created_at: string };

const HISTORY_SQL =
  "SELECT flow_id, destination_app_id, event, created_at FROM promotion_events WHERE app_id = ? AND user_key = ? AND (created_at >= ? OR event IN ('installed', 'opened')) ORDER BY created_at DESC LIMIT ?";

/**
 * PostgreSQL: the history reads of one event-loop turn in one statement, each user's rows bounded
 * as in HISTORY_SQL (LATERAL ... LIMIT), in the order asked. `i` numbers the users from 1.
 */
const HISTORIES_PG = `SELECT q.i, e.flow_id, e.destination_app_id, e.event, e.created_at
  FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS q (app_id, user_key, since, lim, i)
  CROSS JOIN LATERAL (
    SELECT p.flow_id, p.destination_app_id, p.event, p.created_at FROM promotion_events p
    WHERE p.app_id = q.app_id AND p.user_key = q.user_key AND (p.created_at >= q.since OR p.event IN ('installed', 'opened'))
    ORDER BY p.created_at DESC LIMIT q.lim
  ) e
  ORDER BY q.i, e.created_at DESC`;

interface HistoryAsk {
  appId: string;
  userKey: string;
  since: string;
  limit: number;
}

/**
 * Resolve reads a user's history at every app launch on PostgreSQL (promotion.history.ts: no
 * cache across nodes). One query per resolve cost a round trip, a parse and a plan each (0.12x of
 * raw node:http on the hot-paths bench); the reads of one event-loop turn share one prepared
 * statement instead. A read starts at most one turn later, so it sees every event committed
 * before its resolve began: caps stay exact.
 */
function pgHistories(pool: NonNullable<DbHandle['pg']>) {
  const read = pgStatement<HistoryRow & { i: number }>(pool, HISTORIES_PG);
  const batches = createGroupCommit<HistoryAsk, HistoryRow[]>(
    async (asks) => {
      // Concurrent launches of one user ask once.
      const slot = new Map<string, number>();
      const unique: HistoryAsk[] = [];
      const at = asks.map((a) => {
        const k = JSON.stringify([a.appId, a.userKey, a.since, a.limit]);
        let i = slot.get(k);
        if (i === undefined) slot.set(k, (i = unique.push(a) - 1));
        return i;
      });
      const rows = await read([unique.map((a) => a.appId), unique.map((a) => a.userKey), unique.map((a) => a.since), unique.map((a) => a.limit)]);
      const out: HistoryRow[][] = unique.map(() => []);
      for (const { i, ...row } of rows) out[Number(i) - 1].push(row);
      // Each caller its own array: callers may keep or change theirs.
      const given = new Set<number>();
      return at.map((i) => (given.has(i) ? [...out[i]] : (given.add(i), out[i])));
    },
    // Reads: two batches at a time keep one turn's reads from waiting for the previous turn's.
    { maxInFlight: 2, name: 'promotion_events.history', maxItems: 1000 },
  );
  return batches.submit;
}

/** Promotion stores per database handle: more than one means several nodes write through it (tests run two in one process). */
const storesOn = new WeakMap<DbHandle, number>();

/** Every query takes the app (or, for pending, the account and destination app) first. */
export function createPromotionStore(handle: DbHandle) {
  const db: Db = handle.db;
  storesOn.set(handle, (storesOn.get(handle) ?? 0) + 1);
  // The resolve's one read, on SQLite as a statement prepared once (Kysely's SQLite driver
  // prepares every query anew: ~3x the cost of the read itself at launch rates).
  let history: import('better-sqlite3').Statement | undefined;
  const histories = handle.pg && pgHistories(handle.pg);
  return {
    /**
     * Whether this node is the database's only writer of events, so it sees every one: SQLite
     * (one server process per database file, docs/deploy.md) with no other node on this handle.
     */
    singleWriter: () => !!handle.sqlite && storesOn.get(handle) === 1,
    /** The app's published promotion flows (placement lookup). */
    placementFlows(appId: string) {
      return db
        .selectFrom('flows')
        .select(['id', 'slug', 'is_primary', 'current_version_id'])
        .where('app_id', '=', appId)
        .where('type', '=', 'app_promotion')
        .where('current_version_id', 'is not', null)
        .orderBy('is_primary', 'desc')
        .orderBy('slug')
        .execute();
    },

    /**
     * A user's recent events in the app (every placement), newest first, bounded: impressions
     * since `since` (frequency window, cooldowns, smart rotation) and installed/opened of any age.
     */
    async userHistory(appId: string, userKey: string, since: string, limit = 600): Promise<HistoryRow[]> {
      if (handle.sqlite) {
        history ??= handle.sqlite.prepare(HISTORY_SQL);
        return history.all(appId, userKey, since, limit) as HistoryRow[];
      }
      return histories!({ appId, userKey, since, limit });
    },

    /** Counted impressions per destination of a placement flow (maxImpressions). */
    caps(flowId: string) {
      return db.selectFrom('promotion_caps').select(['destination_app_id', 'impressions']).where('flow_id', '=', flowId).execute();
    },

    /** Adds decisions served (flushed from memory). */
    async addDecisions(rows: { app_id: string; flow_id: string; destination_app_id: string; day: string; decisions: number }[]) {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('promotion_decisions')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['flow_id', 'destination_app_id', 'day']).doUpdateSet((eb) => ({ decisions: eb('promotion_decisions.decisions', '+', eb.ref('excluded.decisions')) })))
          .execute();
      }
    },

    /** Unclaimed, unexpired taps towards a destination app, newest first, in the destination's account only. */
    pendingTaps(accountId: string, destinationAppId: string, now: string, limit = 100) {
      return db
        .selectFrom('promotion_events')
        .select(['id', 'app_id', 'placement', 'user_id', 'anonymous_id', 'ip_hash', 'deferred_route', 'tracking_token', 'created_at'])
        .where('destination_app_id', '=', destinationAppId)
        .where('pending_until', '>', now)
        .where('account_id', '=', accountId)
        .where('event', '=', 'tapped')
        .where('claimed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** The one-time claim: true for exactly one caller. */
    async claim(id: string, now: string) {
      const r = await db.updateTable('promotion_events').set({ claimed_at: now }).where('id', '=', id).where('claimed_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    eventCounts(appId: string, from: string, to: string) {
      return db
        .selectFrom('promotion_events')
        .select((eb) => ['flow_id', 'destination_app_id', sql<string>`substr(created_at, 1, 10)`.as('day'), 'event', 'counted', eb.fn.countAll<number>().as('n')])
        .where('app_id', '=', appId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy(['flow_id', 'destination_app_id', sql`substr(created_at, 1, 10)`, 'event', 'counted'])
        .execute();
    },

    decisionCounts(appId: string, fromDay: string, toDay: string) {
      return db.selectFrom('promotion_decisions').selectAll().where('app_id', '=', appId).where('day', '>=', fromDay).where('day', '<=', toDay).execute();
    },

    /** Keyset page of the app's events, newest first (CSV). */
    page(appId: string, after: After | undefined, limit: number) {
      let q = db.selectFrom('promotion_events').selectAll().where('app_id', '=', appId);
      if (after) q = q.where((eb) => olderThan(eb, after));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
export type PromotionStore = ReturnType<typeof createPromotionStore>;
