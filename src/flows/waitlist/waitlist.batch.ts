import type SqliteDatabase from 'better-sqlite3';

/**
 * Group commit for one hot SQLite statement. Each call queues its parameters; everything queued
 * during one turn of the event loop is written in a single transaction (one fsync under
 * synchronous=FULL), and each caller's promise settles only after that commit, so an
 * acknowledged write is durable. Resolves with the number of rows the statement changed.
 */
export function groupCommit(sqlite: SqliteDatabase.Database, statement: string) {
  const stmt = sqlite.prepare(statement);
  let queue: { params: unknown[]; resolve(changes: number): void; reject(e: unknown): void }[] = [];
  let scheduled = false;

  const flush = () => {
    // A Kysely transaction spans awaits on the same connection: never write into it.
    if (sqlite.inTransaction) return void setTimeout(flush, 1);
    scheduled = false;
    const batch = queue;
    queue = [];
    try {
      const changes = sqlite.transaction(() => batch.map((b) => stmt.run(...b.params).changes))();
      batch.forEach((b, i) => b.resolve(changes[i]));
    } catch {
      // One bad row must not fail its neighbours: retry each on its own.
      for (const b of batch) {
        try {
          b.resolve(stmt.run(...b.params).changes);
        } catch (e) {
          b.reject(e);
        }
      }
    }
  };

  return (params: unknown[]) =>
    new Promise<number>((resolve, reject) => {
      queue.push({ params, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
