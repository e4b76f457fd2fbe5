import SqliteDatabase from 'better-sqlite3';
import { closeSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Dialect } from '../config.js';
import type { Database } from './types.js';
import { startCheckpointer } from './checkpointer.js';
import { createDurableWriter, type DurableWrite } from './durable-write.js';
import { migrateToLatest } from './migrate.js';
import { cachingStatements } from './statement-cache.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL only: the pool Kysely runs on, for hot statements prepared by name (pg-statement.ts). */
  pg?: pg.Pool;
  /** The raw better-sqlite3 handle on SQLite (used by group commit on hot write paths). */
  sqlite?: SqliteDatabase.Database;
  /** SQLite only: a synchronous write on `sqlite`, answered once it is on disk (db/durable-write.ts). */
  durableWrite?: DurableWrite;
  /**
   * SQLite only: checkpoint the WAL from a background thread from now on (idempotent; hot write
   * paths call it; stops when the handle closes). Without it SQLite checkpoints inline on
   * whichever connection commits past 1000 WAL pages, stalling that writer for milliseconds.
   */
  checkpointInBackground?: () => void;
  /** SQLite only: why durable writes are refused since a WAL fsync failed (coalesced-sync.ts), if they are. */
  writeFailure?: () => Error | undefined;
  close(): Promise<void>;
}

export interface DbOptions {
  dialect: Dialect;
  url: string;
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  schema?: string;
  poolSize?: number;
}

// COUNT(*) and BIGINT come back from pg as strings; our counters fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** WAL pages after which a commit checkpoints on the connection itself while the checkpointer thread runs (40 MB of WAL at most). */
export const INLINE_CHECKPOINT_PAGES = 10_000;

export function openDb(opts: DbOptions): DbHandle {
  if (opts.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pg: pool, close: () => db.destroy() };
  }
  if (opts.url !== ':memory:') createPrivately(opts.url);
  const sqlite = new SqliteDatabase(opts.url);
  // WAL + synchronous=FULL: every acknowledged commit is on disk (survives kill -9 and power loss).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  let checkpointer: ReturnType<typeof startCheckpointer> | undefined;
  const checkpointInBackground = () => {
    if (sqlite.memory || checkpointer) return;
    // With the thread checkpointing, SQLite's own checkpoint on this connection is only the safety
    // net: at its default (1000 pages) it still came due every 1.5-3 s under signup load, on the
    // event loop with two fsyncs (#38, docs/benchmarks.md); at INLINE_CHECKPOINT_PAGES it did not.
    sqlite.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
    checkpointer = startCheckpointer(sqlite.name);
  };
  const durable = createDurableWriter(sqlite, checkpointInBackground);
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    durableWrite: durable.write,
    checkpointInBackground,
    writeFailure: durable.failure,
    async close() {
      await durable.close();
      await checkpointer?.stop();
      checkpointer = undefined;
      await db.destroy();
    },
  };
}

/**
 * Creates the SQLite file owner-only (0600, in a 0700 directory when we create that too) before
 * SQLite does: SQLite would create it 0644 (less the umask), and it gives its -wal and -shm files
 * the database file's mode. An existing file keeps the mode its operator gave it.
 */
function createPrivately(file: string) {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw e;
  }
  fchmodSync(fd, 0o600); // exactly, whatever the umask
  closeSync(fd);
}

/** Opens the database and applies pending migrations; `applied` names what ran. */
export async function openAndMigrate(opts: DbOptions): Promise<DbHandle & { applied: string[] }> {
  const handle = openDb(opts);
  try {
    if (opts.dialect === 'postgres' && opts.schema) {
      await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(opts.schema)}`.execute(handle.db);
    }
    const applied = await migrateToLatest(handle.db, opts.dialect, opts.schema);
    return { ...handle, applied };
  } catch (e) {
    await handle.close();
    throw e;
  }
}
