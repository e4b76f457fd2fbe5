import type { Kysely } from 'kysely';
import { builtEvent, sqliteOutbox, type RowEvent } from './outbox.js';
import { sqliteBumper, type Bump } from './rollups.js';
import { createGroupCommit } from './group-commit.js';
import { pgHotInsert, type Entry } from './hot-insert.pg.js';
import type { DbHandle } from './index.js';
import type { Database } from './types.js';

type Changes = number | { error: string };

/**
 * PostgreSQL: groups of one table committing at once (hot-insert.pg.ts). On the hot-paths bench
 * (busy 2-core machine) one at a time served fewer signups (1.8-2.0k/s) than two (2.6-6.1k/s);
 * four was no better than two.
 */
const PG_GROUPS_IN_FLIGHT = 2;

/**
 * An insert on a hot public path (signups, form submissions). On SQLite the rows of one
 * event-loop turn share one transaction on the handle's connection and one WAL fsync
 * (group-commit.ts, durable-write.ts); each caller is answered once its row is on disk. On
 * PostgreSQL they share one multi-row prepared statement, committed before anyone is answered
 * (hot-insert.pg.ts). With `uniqueBy`, a row clashing with an existing one (or with an earlier
 * row of its group) is skipped. Resolves true when the row was stored; a row failing on its
 * own (another constraint) rejects its caller only. `event`, given beside the row, is the outbox
 * event (kernel/events) it reports: written in the row's own transaction, so an answered write
 * always has its event and a skipped row (a unique clash) none.
 *
 * The SQLite insert runs on the event loop (tens of microseconds a row) and only the fsync
 * leaves it. Groups are not held back while one syncs (rows are independent, so small groups
 * cost little; clicks, which update their link once per group, hold them back instead). This
 * replaced a writer thread with its own connection: in paired runs it served more signups
 * per second (docs/benchmarks.md, "Signups on the event loop") with one write path fewer.
 */
export function hotInsert<Row extends Record<string, unknown>>(
  handle: DbHandle,
  table: keyof Database & string,
  columns: readonly (keyof Row & string)[],
  uniqueBy?: (keyof Row & string)[],
  opts: {
    /**
     * The daily counters (db/rollups.ts) a stored row adds 1 to, or null for none. Added in
     * the row's own transaction (SQLite: the group's; PostgreSQL: the group's statement), so counters
     * equal what was stored. Rows need `app_id` and `created_at`.
     */
    rollup?: (row: Row) => string | readonly string[] | null;
  } = {},
): (row: Row, event?: RowEvent) => Promise<boolean> {
  const { sqlite, durableWrite } = handle;
  const metricOf = opts.rollup;
  const bumpsOf = (row: Row): Bump[] => {
    const m = metricOf?.(row);
    const metrics = m == null ? [] : typeof m === 'string' ? [m] : m;
    return metrics.map((metric) => ({ appId: String(row.app_id), metric, at: String(row.created_at) }));
  };
  if (sqlite && durableWrite) {
    const conflict = uniqueBy ? ` ON CONFLICT (${uniqueBy.join(', ')}) DO NOTHING` : '';
    const stmt = sqlite.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})${conflict}`);
    const bumpRollups = metricOf ? sqliteBumper(sqlite) : undefined;
    let writeEvents: ReturnType<typeof sqliteOutbox> | undefined;
    const writeGroup = sqlite.transaction((items: Entry<Row>[]) => {
      const bumps: Bump[] = [];
      const out = items.map(({ row, event }): Changes => {
        try {
          const changes = stmt.run(...columns.map((c) => row[c])).changes;
          if (changes > 0 && bumpRollups) bumps.push(...bumpsOf(row));
          if (changes > 0 && event) (writeEvents ??= sqliteOutbox(sqlite))([builtEvent(event)]);
          return changes;
        } catch (err) {
          // A bad row (a constraint) fails alone; an error that ended the transaction fails the group.
          if (!sqlite.inTransaction) throw err;
          return { error: err instanceof Error ? err.message : String(err) };
        }
      });
      if (bumps.length) bumpRollups!(bumps);
      return out;
    });
    const groups = createGroupCommit<Entry<Row>, Changes>((items) => durableWrite(() => writeGroup.immediate(items)), {
      maxInFlight: Number.POSITIVE_INFINITY,
      name: table,
    });
    return async (row: Row, event?: RowEvent) => {
      const changes = await groups.submit({ row, event });
      if (typeof changes !== 'number') throw new Error(changes.error);
      return changes > 0;
    };
  }
  // PostgreSQL: the rows of one turn in one multi-row statement too (hot-insert.pg.ts).
  return pgHotInsert<Row>(handle.db as Kysely<any>, handle.pg!, table, columns, uniqueBy, bumpsOf, { maxInFlight: PG_GROUPS_IN_FLIGHT });
}
