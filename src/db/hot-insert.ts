import type { Kysely } from 'kysely';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { createGroupCommit } from './group-commit.js';
import type { DbHandle } from './index.js';
import type { Database } from './types.js';

/**
 * The writer thread: its own connection to the same SQLite file (WAL, synchronous=FULL), so
 * the fsync of each commit never blocks the HTTP event loop. Plain CommonJS, evaluated as is,
 * so it runs the same under tsx, vitest and plain node.
 */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
const stmt = db.prepare(workerData.statement);
const runAll = db.transaction((rows) => rows.map((p) => stmt.run(...p).changes));
parentPort.on('message', (rows) => {
  try {
    parentPort.postMessage({ changes: runAll(rows) });
  } catch {
    // One bad row must not fail its neighbours: retry each on its own.
    parentPort.postMessage({ changes: rows.map((p) => { try { return stmt.run(...p).changes; } catch (e) { return { error: String(e && e.message || e) }; } }) });
  }
});
`;

type Changes = number | { error: string };

/**
 * Runs one statement for a batch of parameter rows on the writer thread, in one transaction
 * (one fsync); resolves with each row's changes once the batch is committed. The thread starts
 * on first use (calling `onStart`) and stops after `idleMs` without writes.
 */
function writerThread(file: string, statement: string, onStart: () => void, idleMs = 10_000) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | undefined;
  const waiting: { resolve(c: Changes[]): void; reject(e: unknown): void }[] = [];
  let idle: NodeJS.Timeout | undefined;

  const fail = (w: Worker, e: unknown) => {
    if (worker !== w) return;
    worker = undefined;
    for (const p of waiting.splice(0)) p.reject(e);
  };

  const start = () => {
    onStart();
    const w = new Worker(WRITER, { eval: true, workerData: { driver, file, statement } });
    w.unref(); // pending writes keep their requests (and so the server) waiting, not the process
    w.on('message', (msg: { changes: Changes[] }) => {
      waiting.shift()?.resolve(msg.changes);
      if (waiting.length === 0) idle = setTimeout(stop, idleMs).unref();
    });
    w.on('error', (e) => fail(w, e));
    w.on('exit', () => fail(w, new Error('writer thread stopped')));
    return w;
  };

  const stop = () => {
    const w = worker;
    worker = undefined;
    void w?.terminate();
  };

  return (rows: unknown[][]) =>
    new Promise<Changes[]>((resolve, reject) => {
      clearTimeout(idle);
      worker ??= start();
      waiting.push({ resolve, reject });
      worker.postMessage(rows);
    });
}

/**
 * An insert on a hot public path: group-committed (group-commit.ts) on the writer thread on a
 * SQLite file, one batch in flight; a plain insert on PostgreSQL (and in-memory SQLite). With
 * `uniqueBy`, a row clashing with an existing one is skipped. Resolves true when the row was
 * stored.
 */
export function hotInsert<Row extends Record<string, unknown>>(handle: DbHandle, table: keyof Database & string, columns: readonly (keyof Row & string)[], uniqueBy?: (keyof Row & string)[]) {
  if (handle.sqlite && !handle.sqlite.memory) {
    const conflict = uniqueBy ? ` ON CONFLICT (${uniqueBy.join(', ')}) DO NOTHING` : '';
    const insert = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})${conflict}`;
    // Without the background checkpointer the writer thread would checkpoint inline, holding up the batch in flight.
    const run = writerThread(handle.sqlite.name, insert, () => handle.checkpointInBackground?.());
    const groups = createGroupCommit<unknown[], Changes>(run, { maxInFlight: 1 });
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
