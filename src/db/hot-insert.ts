import type { Kysely } from 'kysely';
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
export function hotInsert<Row extends Record<string, unknown>>(handle: DbHandle, table: keyof Database & string, columns: readonly (keyof Row & string)[], uniqueBy?: (keyof Row & string)[]) {
  const { sqlite, durableWrite } = handle;
  if (sqlite && durableWrite) {
    const conflict = uniqueBy ? ` ON CONFLICT (${uniqueBy.join(', ')}) DO NOTHING` : '';
    const stmt = sqlite.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})${conflict}`);
    const writeGroup = sqlite.transaction((rows: unknown[][]) =>
      rows.map((params): Changes => {
        try {
          return stmt.run(...params).changes;
        } catch (err) {
          // A bad row (a constraint) fails alone; an error that ended the transaction fails the group.
          if (!sqlite.inTransaction) throw err;
          return { error: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
    const groups = createGroupCommit<unknown[], Changes>((rows) => durableWrite(() => writeGroup.immediate(rows)), {
      maxInFlight: Number.POSITIVE_INFINITY,
      name: table,
    });
    return async (row: Row) => {
      const changes = await groups.submit(columns.map((c) => row[c]));
      if (typeof changes !== 'number') throw new Error(changes.error);
      return changes > 0;
    };
  }
  const db = handle.db as Kysely<any>;
  return async (row: Row) => {
    let q = db.insertInto(table).values(row);
    if (uniqueBy) q = q.onConflict((oc) => oc.columns(uniqueBy).doNothing());
    const r = await q.executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  };
}
