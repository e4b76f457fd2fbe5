import { createGroupCommit } from '../../db/group-commit.js';
import type { DbHandle } from '../../db/index.js';
import type { PromotionEventsTable } from '../../db/types.js';
import { sqliteOutbox, writeOutbox, type OutboxEvent } from '../../db/outbox.js';
import { bump, pgShard, sqliteBumper, type Bump } from '../../db/rollups.js';

/** An event to store; `cap` is the destination's maxImpressions at that placement (0 = none). */
export interface EventWrite {
  row: PromotionEventsTable;
  cap: number;
  /** The outbox event (webhooks) the row reports when it is stored (not a repeat): written in its transaction. */
  outbox?: OutboxEvent | null;
}
/** inserted: false for a repeat of (token, event); counted: an impression counted against the cap; full: the cap is reached now. */
export interface EventOutcome {
  inserted: boolean;
  counted: boolean;
  full?: boolean;
}

const COLUMNS = [
  'id', 'account_id', 'app_id', 'flow_id', 'placement', 'destination_app_id', 'token_id', 'event', 'user_key', 'user_id', 'anonymous_id',
  'counted', 'deferred_route', 'tracking_token', 'pending_until', 'claimed_at', 'ip_hash', 'created_at',
] as const satisfies readonly (keyof PromotionEventsTable)[];

/** The daily counters (db/rollups.ts) a stored event adds to: the overview's impressions and taps. */
const ROLLUP: Partial<Record<string, string>> = { impression: 'promotion.impressions', tapped: 'promotion.taps' };
const bumpOf = (row: PromotionEventsTable): Bump[] => {
  const metric = ROLLUP[row.event];
  return metric ? [{ appId: row.app_id, metric, at: row.created_at }] : [];
};

/** No cap: the counter still counts (one statement for both cases). */
const UNCAPPED = 2_000_000_000; // fits a 32-bit integer column; caps are at most 1e9

/**
 * Durable, idempotent event writes. Each event is one row, unique per (token, event): a repeat
 * inserts nothing and changes nothing. A new impression then takes one unit of its
 * destination's counter with a conditional upsert (`impressions = impressions + 1 WHERE
 * impressions < cap`), which is atomic on both databases (SQLite: the write lock; PostgreSQL: the
 * row lock ON CONFLICT DO UPDATE takes, re-checking the WHERE on the latest row), so however many
 * impressions race, exactly `cap` are counted; the others are stored with counted = 0.
 *
 * SQLite: the events of one event-loop turn share one transaction and one WAL fsync
 * (db/group-commit.ts, durable-write.ts), like signups and clicks; each caller is answered once
 * its group is on disk. PostgreSQL: one short transaction per event (its own group commit
 * batches the fsyncs), each touching at most one daily counter (one of its 16 shards) and then
 * one cap row, always in that order, so no lock cycles between nodes. Impressions and taps add
 * to the daily roll-ups (db/rollups.ts) in the transaction that stores them, only when stored.
 */
export function createEventWriter(handle: DbHandle) {
  const { sqlite, durableWrite } = handle;
  if (sqlite && durableWrite) {
    const insert = sqlite.prepare(`INSERT INTO promotion_events (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')}) ON CONFLICT (token_id, event) DO NOTHING`);
    const take = sqlite.prepare(
      'INSERT INTO promotion_caps (flow_id, destination_app_id, app_id, impressions) VALUES (?, ?, ?, 1) ON CONFLICT (flow_id, destination_app_id) DO UPDATE SET impressions = impressions + 1 WHERE promotion_caps.impressions < ? RETURNING impressions',
    );
    const uncount = sqlite.prepare('UPDATE promotion_events SET counted = 0 WHERE id = ?');
    const bumpRollups = sqliteBumper(sqlite);
    const writeEvents = sqliteOutbox(sqlite);
    const writeGroup = sqlite.transaction((items: EventWrite[]) => {
      // Only stored rows count: a repeat of (token, event) inserts nothing and adds nothing.
      const bumps: Bump[] = [];
      const out = items.map(({ row, cap, outbox }): EventOutcome => {
        if (insert.run(COLUMNS.map((c) => row[c])).changes === 0) return { inserted: false, counted: false };
        if (outbox) writeEvents([outbox]);
        bumps.push(...bumpOf(row));
        if (row.event !== 'impression') return { inserted: true, counted: false };
        const took = take.get(row.flow_id, row.destination_app_id, row.app_id, cap > 0 ? cap : UNCAPPED) as { impressions: number } | undefined;
        if (!took) uncount.run(row.id);
        return { inserted: true, counted: !!took, full: cap > 0 && (!took || took.impressions >= cap) };
      });
      if (bumps.length) bumpRollups(bumps);
      return out;
    });
    const groups = createGroupCommit<EventWrite, EventOutcome>((items) => durableWrite(() => writeGroup.immediate(items)), { maxInFlight: Number.POSITIVE_INFINITY });
    return { write: groups.submit, drain: groups.drain };
  }
  const db = handle.db;
  let pending = 0;
  const idle: (() => void)[] = [];
  async function write({ row, cap, outbox }: EventWrite): Promise<EventOutcome> {
    const bumps = bumpOf(row);
    if (row.event !== 'impression' && !bumps.length && !outbox) {
      const r = await db.insertInto('promotion_events').values(row).onConflict((oc) => oc.columns(['token_id', 'event']).doNothing()).executeTakeFirst();
      return { inserted: Number(r.numInsertedOrUpdatedRows ?? 0) > 0, counted: false };
    }
    return db.transaction().execute(async (trx) => {
      const r = await trx.insertInto('promotion_events').values(row).onConflict((oc) => oc.columns(['token_id', 'event']).doNothing()).executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) return { inserted: false, counted: false };
      await writeOutbox(trx, [outbox]);
      if (bumps.length) await bump(trx, bumps, pgShard());
      if (row.event !== 'impression') return { inserted: true, counted: false };
      const took = await trx
        .insertInto('promotion_caps')
        .values({ flow_id: row.flow_id, destination_app_id: row.destination_app_id, app_id: row.app_id, impressions: 1 })
        .onConflict((oc) =>
          oc
            .columns(['flow_id', 'destination_app_id'])
            .doUpdateSet((eb) => ({ impressions: eb('promotion_caps.impressions', '+', 1) }))
            .where('promotion_caps.impressions', '<', cap > 0 ? cap : UNCAPPED),
        )
        .returning('impressions')
        .executeTakeFirst();
      if (!took) await trx.updateTable('promotion_events').set({ counted: 0 }).where('id', '=', row.id).execute();
      return { inserted: true, counted: !!took, full: cap > 0 && (!took || Number(took.impressions) >= cap) };
    });
  }
  return {
    async write(item: EventWrite) {
      pending++;
      try {
        return await write(item);
      } finally {
        if (--pending === 0) for (const done of idle.splice(0)) done();
      }
    },
    drain: () => (pending === 0 ? Promise.resolve() : new Promise<void>((r) => idle.push(r))),
  };
}
export type EventWriter = ReturnType<typeof createEventWriter>;
