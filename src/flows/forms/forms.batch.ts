import type { Kysely } from 'kysely';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { DbHandle } from '../../db/index.js';
import type { Database } from '../../db/types.js';

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

type Pending = { params: unknown[]; resolve(changes: number): void; reject(e: unknown): void };

/**
 * Group commit for one hot statement on a SQLite file. Rows queue while the writer thread
 * commits the previous batch; each batch is one transaction (one fsync), and every caller's
 * promise settles only after its batch is committed, so an acknowledged write is durable.
 * The writer starts on first use and stops after `idleMs` without writes.
 */
export function groupCommit(file: string, statement: string, idleMs = 10_000) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | undefined;
  let queue: Pending[] = [];
  let inFlight: Pending[] | undefined;
  let idle: NodeJS.Timeout | undefined;

  const fail = (e: unknown) => {
    for (const p of [...(inFlight ?? []), ...queue]) p.reject(e);
    inFlight = undefined;
    queue = [];
    worker = undefined;
  };

  const start = () => {
    const w = new Worker(WRITER, { eval: true, workerData: { driver, file, statement } });
    w.unref(); // pending writes keep their requests (and so the server) waiting, not the process
    w.on('message', (msg: { changes: (number | { error: string })[] }) => {
      const batch = inFlight ?? [];
      inFlight = undefined;
      batch.forEach((p, i) => {
        const c = msg.changes[i];
        if (typeof c === 'number') p.resolve(c);
        else p.reject(new Error(c.error));
      });
      send();
    });
    w.on('error', fail);
    w.on('exit', () => worker === w && fail(new Error('writer thread stopped')));
    return w;
  };

  const send = () => {
    if (inFlight || queue.length === 0) {
      if (!inFlight) {
        clearTimeout(idle);
        idle = setTimeout(stop, idleMs).unref();
      }
      return;
    }
    clearTimeout(idle);
    worker ??= start();
    inFlight = queue;
    queue = [];
    worker.postMessage(inFlight.map((p) => p.params));
  };

  const stop = () => {
    const w = worker;
    worker = undefined;
    void w?.terminate();
  };

  return (params: unknown[]) =>
    new Promise<number>((resolve, reject) => {
      queue.push({ params, resolve, reject });
      if (!inFlight) send();
    });
}

/**
 * An insert on a hot public path: group-committed by the writer thread on a SQLite file; a
 * plain insert on PostgreSQL (and in-memory SQLite). With `uniqueBy`, a row clashing with an
 * existing one is skipped. Resolves true when the row was stored.
 */
export function hotInsert<Row extends Record<string, unknown>>(handle: DbHandle, table: keyof Database & string, columns: readonly (keyof Row & string)[], uniqueBy?: (keyof Row & string)[]) {
  if (handle.sqlite && !handle.sqlite.memory) {
    const conflict = uniqueBy ? ` ON CONFLICT (${uniqueBy.join(', ')}) DO NOTHING` : '';
    const run = groupCommit(handle.sqlite.name, `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})${conflict}`);
    return async (row: Row) => (await run(columns.map((c) => row[c]))) > 0;
  }
  const db = handle.db as Kysely<any>;
  return async (row: Row) => {
    let q = db.insertInto(table).values(row);
    if (uniqueBy) q = q.onConflict((oc) => oc.columns(uniqueBy).doNothing());
    const r = await q.executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  };
}
