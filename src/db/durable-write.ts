import type SqliteDatabase from 'better-sqlite3';
import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';
import { dbInstruments } from './instruments.js';
import { coalescedSync } from './coalesced-sync.js';
import { syncChoice, type SyncChoice } from './sync-choice.js';

/** Runs `fn` (synchronous, on the shared connection) now; resolves once what it wrote is on disk. */
export type DurableWrite = <T>(fn: () => T) => Promise<T>;

/** The two ways to fdatasync the WAL (node:fs's; tests wrap them to watch or fail them). */
export interface WalFsync {
  fdatasync: (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void;
  fdatasyncSync: (fd: number) => void;
}

/**
 * Durable writes on the shared SQLite connection, answered only once on disk, for hot paths
 * that group many requests into one transaction (clicks, votes, signups and submissions; see
 * group-commit.ts).
 *
 * The write runs synchronously with synchronous=NORMAL (WAL frames written, not yet synced:
 * microseconds), then the WAL file is fdatasync'ed, and only then does the promise resolve.
 * An answered request is therefore exactly as durable as with synchronous=FULL (kill -9 and
 * power loss). The fsync blocks while the disk is fast; on a slow disk it runs on libuv's
 * thread pool, so the event loop keeps serving and gathering the next group (sync-choice.ts).
 * The pragma goes back to FULL before anything else runs on the connection.
 *
 * Everything starts on the first write (CLI commands that never write this way start
 * nothing): the WAL descriptor and the handle's checkpointer thread (checkpointer.ts), which
 * keeps SQLite's own checkpoints (writes and fsyncs) off the event loop. One per database handle.
 */
export function createDurableWriter(
  sqlite: SqliteDatabase.Database,
  /** Starts the handle's background checkpointer (idempotent). */
  checkpointInBackground: () => void,
  { choice = syncChoice(), fsync = { fdatasync, fdatasyncSync } }: {
    /** Where fsyncs run; by default measured (sync-choice.ts). */
    choice?: SyncChoice;
    fsync?: WalFsync;
  } = {},
): { write: DurableWrite; failure(): Error | undefined; close(): Promise<void> } {
  let started: { relaxed: SqliteDatabase.Statement; strict: SqliteDatabase.Statement; wal?: ReturnType<typeof walSyncer>; stop(): Promise<void> } | undefined;

  const start = () => {
    const wal = sqlite.memory ? undefined : walSyncer(sqlite, fsync);
    checkpointInBackground();
    return {
      relaxed: sqlite.prepare('PRAGMA synchronous = NORMAL'),
      strict: sqlite.prepare('PRAGMA synchronous = FULL'),
      wal,
      stop: async () => wal?.close(),
    };
  };

  // Declared once, not per write: a named closure per call costs a defineProperty under tsx.
  function attempt<T>(fn: () => T, resolve: (out: T) => void, reject: (err: unknown) => void) {
    // A Kysely transaction on this connection may be open across an await; ours must not join it.
    if (sqlite.inTransaction) return void setTimeout(attempt, 1, fn, resolve, reject);
    let out: T;
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
    const { wal } = started;
    if (!wal) return resolve(out); // in-memory: nothing to sync
    // Blocking only while no pooled fsync is in flight (coalesced-sync.ts: they must not overlap).
    if (!choice.inline() || !wal.idle()) return void wal.sync().then(() => resolve(out), reject);
    const t0 = performance.now();
    try {
      wal.syncNow();
    } catch (err) {
      return reject(err);
    }
    choice.record(performance.now() - t0);
    resolve(out);
  }

  const write: DurableWrite = (fn) => new Promise((resolve, reject) => attempt(fn, resolve, reject));

  return {
    write,
    failure: () => started?.wal?.failure(),
    async close() {
      const s = started;
      started = undefined;
      await s?.stop();
    },
  };
}

/** fdatasync of the WAL file (what SQLite itself uses on Linux), pooled ones coalesced (coalesced-sync.ts). */
function walSyncer(sqlite: SqliteDatabase.Database, fsync: WalFsync) {
  let fd: number | undefined;
  // The WAL file lives as long as a connection is open (ours is), so one descriptor serves.
  const walFd = () => (fd ??= openSync(`${sqlite.name}-wal`, 'r'));
  const syncs = coalescedSync(
    () =>
      new Promise<void>((resolve, reject) => {
        const done = dbInstruments.fsync();
        try {
          fsync.fdatasync(walFd(), (err) => (done(), err ? reject(err) : resolve()));
        } catch (err) {
          reject(err);
        }
      }),
    () => {
      const done = dbInstruments.fsync();
      try {
        fsync.fdatasyncSync(walFd());
      } finally {
        done();
      }
    },
  );
  return {
    sync: syncs.sync,
    syncNow: syncs.syncNow,
    idle: syncs.idle,
    failure: syncs.failure,
    async close() {
      // A descriptor closed under a running fdatasync could be reused by another file.
      await syncs.settled();
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
