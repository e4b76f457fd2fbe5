import type SqliteDatabase from 'better-sqlite3';
import { closeSync, fdatasync, openSync } from 'node:fs';

/** Runs `fn` (synchronous, on the shared connection) now; resolves once what it wrote is on disk. */
export type DurableWrite = <T>(fn: () => T) => Promise<T>;

/**
 * Durable writes on the shared SQLite connection without blocking the event loop on fsync,
 * for hot paths that group many requests into one transaction (clicks, votes; see
 * group-commit.ts).
 *
 * The write runs synchronously with synchronous=NORMAL (WAL frames written, not yet synced:
 * microseconds), then the WAL file is fdatasync'ed on libuv's thread pool, and only then does
 * the promise resolve. An answered request is therefore exactly as durable as with
 * synchronous=FULL (kill -9 and power loss), while the event loop keeps serving and gathering
 * the next group. The pragma goes back to FULL before anything else runs on the connection.
 *
 * Everything starts on the first write (CLI commands that never write this way start
 * nothing): the WAL descriptor and the handle's checkpointer thread (checkpointer.ts), which
 * keeps SQLite's own checkpoints (writes and fsyncs) off the event loop. One per database handle.
 */
export function createDurableWriter(
  sqlite: SqliteDatabase.Database,
  /** Starts the handle's background checkpointer (idempotent). */
  checkpointInBackground: () => void,
): { write: DurableWrite; close(): void } {
  let started: { relaxed: SqliteDatabase.Statement; strict: SqliteDatabase.Statement; syncWal(): Promise<void>; stop(): void } | undefined;

  const start = () => {
    const wal = sqlite.memory ? undefined : walSyncer(sqlite);
    checkpointInBackground();
    return {
      relaxed: sqlite.prepare('PRAGMA synchronous = NORMAL'),
      strict: sqlite.prepare('PRAGMA synchronous = FULL'),
      syncWal: wal?.sync ?? (async () => {}),
      stop: () => wal?.close(),
    };
  };

  const write: DurableWrite = (fn) =>
    new Promise((resolve, reject) => {
      const attempt = () => {
        // A Kysely transaction on this connection may be open across an await; ours must not join it.
        if (sqlite.inTransaction) return void setTimeout(attempt, 1);
        let out: ReturnType<typeof fn>;
        try {
          started ??= start();
          started.relaxed.run();
          try {
            out = fn();
          } finally {
            started.strict.run();
          }
        } catch (err) {
          return reject(err);
        }
        started.syncWal().then(() => resolve(out), reject);
      };
      attempt();
    });

  return {
    write,
    close() {
      started?.stop();
      started = undefined;
    },
  };
}

/**
 * fdatasync of the WAL file (what SQLite itself uses on Linux), coalesced: at most one runs at
 * a time. A caller arriving while one runs may have written after it started, so it waits for
 * the next one, which then covers every write made in the meantime: under load, one fsync per
 * disk round trip instead of one per group, and the thread pool is never queued up with them.
 */
function walSyncer(sqlite: SqliteDatabase.Database) {
  let fd: number | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const fsyncOnce = () =>
    new Promise<void>((resolve, reject) => {
      try {
        // The WAL file lives as long as a connection is open (ours is), so one descriptor serves.
        fd ??= openSync(`${sqlite.name}-wal`, 'r');
      } catch (err) {
        return reject(err);
      }
      fdatasync(fd, (err) => (err ? reject(err) : resolve()));
    });

  const sync = (): Promise<void> => {
    if (!running) {
      running = fsyncOnce().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return sync();
      });
    return next;
  };

  return {
    sync,
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
