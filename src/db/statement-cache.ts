import type BetterSqlite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The database Kysely's SQLite driver is given: better-sqlite3 with its prepared statements kept,
 * most recently used first, up to `max` of them. The driver prepares every query it runs anew;
 * an export walking 1,000,000 rows in keyset pages ran the same SQL thousands of times, and
 * preparing it was 5% of the export's CPU (docs/benchmarks.md, forms-csv). A statement only holds
 * its compiled program, not its parameters or results, so reusing one is safe; one still
 * iterating (a streamed query) is busy and gets a fresh statement instead.
 */
export function cachingStatements(sqlite: BetterSqlite.Database, max = 256): SqliteDatabase {
  const cache = new Map<string, BetterSqlite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql); // re-inserted below: Map order is the recency order
        cache.set(sql, cached);
        return cached;
      }
      const fresh = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, fresh);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return fresh;
    },
  };
}
