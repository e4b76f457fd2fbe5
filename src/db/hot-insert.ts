import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { aggregate, pgShard, sqliteBumper, type Bump } from '../kernel/rollups.js';
import { createGroupCommit } from './group-commit.js';
import type { DbHandle } from './index.js';
import type { Database } from './types.js';

type Changes = number | { error: string };

/**
 * An insert on a hot public path (signups, form submissions). On SQLite the rows of one
 * event-loop turn share one transaction on the handle's connection and one WAL fsync
 * (group-commit.ts, durable-write.ts); each caller is answered once its row is on disk. On
 * PostgreSQL a plain insert (its own group commit does the rest). With `uniqueBy`, a row
 * clashing with an existing one is skipped. Resolves true when the row was stored.
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
     * The daily counters (kernel/rollups.ts) a stored row adds 1 to, or null for none. Added in
     * the row's own transaction (SQLite: the group's; PostgreSQL: one statement), so counters
     * equal what was stored. Rows need `app_id` and `created_at`.
     */
    rollup?: (row: Row) => string | readonly string[] | null;
  } = {},
) {
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
    const writeGroup = sqlite.transaction((rows: Row[]) => {
      const bumps: Bump[] = [];
      const out = rows.map((row): Changes => {
        try {
          const changes = stmt.run(...columns.map((c) => row[c])).changes;
          if (changes > 0 && bumpRollups) bumps.push(...bumpsOf(row));
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
    const groups = createGroupCommit<Row, Changes>((rows) => durableWrite(() => writeGroup.immediate(rows)), {
      maxInFlight: Number.POSITIVE_INFINITY,
      name: table,
    });
    return async (row: Row) => {
      const changes = await groups.submit(row);
      if (typeof changes !== 'number') throw new Error(changes.error);
      return changes > 0;
    };
  }
  const db = handle.db as Kysely<any>;
  return async (row: Row) => {
    const bs = bumpsOf(row);
    if (bs.length) {
      // One statement: the row, and its counter only when the row was stored (a unique clash adds nothing).
      const cols = Object.keys(row);
      const conflict = uniqueBy ? sql` ON CONFLICT (${sql.join(uniqueBy.map((c) => sql.ref(c)))}) DO NOTHING` : sql``;
      const r = await sql<{ n: string | number }>`WITH ins AS (
          INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) VALUES (${sql.join(cols.map((c) => row[c]))})${conflict} RETURNING 1
        ), up AS (
          INSERT INTO daily_counts (app_id, metric, day, shard, n)
          SELECT c.app_id, c.metric, c.day, ${pgShard()}, 1
          FROM (VALUES ${sql.join(aggregate(bs).map((a) => sql`(${a.app_id}, ${a.metric}, ${a.day})`))}) AS c (app_id, metric, day)
          WHERE EXISTS (SELECT 1 FROM ins)
          ON CONFLICT (app_id, metric, day, shard) DO UPDATE SET n = daily_counts.n + 1
        )
        SELECT COUNT(*) AS n FROM ins`.execute(db);
      return Number(r.rows[0]?.n ?? 0) > 0;
    }
    let q = db.insertInto(table).values(row);
    if (uniqueBy) q = q.onConflict((oc) => oc.columns(uniqueBy).doNothing());
    const r = await q.executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  };
}
