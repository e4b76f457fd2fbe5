import type SqliteDatabase from 'better-sqlite3';
import { fdatasync, openSync } from 'node:fs';

/**
 * Durable writes on the shared SQLite connection without blocking the event loop on fsync,
 * for hot paths that group many requests into one transaction (clicks, votes).
 *
 * The write runs synchronously with synchronous=NORMAL (WAL frames written, not yet synced:
 * microseconds), then the WAL file is fdatasync'ed on libuv's thread pool, and only then does
 * the promise resolve. An answered request is therefore exactly as durable as with
 * synchronous=FULL (kill -9 and power loss), while the event loop keeps serving and gathering
 * the next group. The pragma goes back to FULL before anything else runs on the connection.
 */
export function durableSqliteWriter(sqlite: SqliteDatabase.Database) {
  const syncWal = walSyncer(sqlite);
  const relaxed = sqlite.prepare('PRAGMA synchronous = NORMAL');
  const strict = sqlite.prepare('PRAGMA synchronous = FULL');
  return function write<T>(fn: () => T): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        // A Kysely transaction on this connection may be open across an await; ours must not join it.
        if (sqlite.inTransaction) return void setTimeout(attempt, 1);
        let out: T;
        try {
          relaxed.run();
          try {
            out = fn();
          } finally {
            strict.run();
          }
        } catch (err) {
          return reject(err);
        }
        syncWal().then(() => resolve(out), reject);
      };
      attempt();
    });
  };
}

/** fdatasync of the WAL file (what SQLite itself uses on Linux); an in-memory database has nothing to sync. */
function walSyncer(sqlite: SqliteDatabase.Database): () => Promise<void> {
  if (sqlite.memory) return async () => {};
  let fd: number | undefined;
  return () =>
    new Promise((resolve, reject) => {
      try {
        // The WAL file lives as long as a connection is open (ours is), so one descriptor serves.
        fd ??= openSync(`${sqlite.name}-wal`, 'r');
      } catch (err) {
        return reject(err);
      }
      fdatasync(fd, (err) => (err ? reject(err) : resolve()));
    });
}
