import SqliteDatabase from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startCheckpointer, type CheckpointerEvent } from '../../src/db/checkpointer.js';
import { INLINE_CHECKPOINT_PAGES, openDb } from '../../src/db/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A WAL database whose 300 rows live only in the WAL until somebody checkpoints. */
function walDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'appflows-cp-'));
  dirs.push(dir);
  const file = join(dir, 'cp.db');
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0'); // only the worker may checkpoint here
  db.exec('CREATE TABLE t (a TEXT)');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  for (let i = 0; i < 300; i++) insert.run('x'.repeat(200));
  return { file, db, before: statSync(file).size };
}

async function until(cond: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!cond() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return cond();
}

it('the checkpointer thread moves WAL frames into the database file off the event loop', async () => {
  const { file, db, before } = walDatabase();
  const checkpointer = startCheckpointer(file, { everyMs: 20 });
  try {
    // Until a checkpoint copies the pages in, every row lives only in the WAL.
    expect(await until(() => statSync(file).size > before + 8192)).toBe(true);
  } finally {
    await checkpointer.stop();
    db.close();
  }
});

it('stop() lets the thread close its statement and connection itself before it ends', async () => {
  const { file, db, before } = walDatabase();
  const events: CheckpointerEvent[] = [];
  const checkpointer = startCheckpointer(file, { everyMs: 20, onEvent: (e) => events.push(e) });
  // The thread has its connection once it has checkpointed (a fixed 300 ms was too short for a
  // thread starting on a loaded machine: the WAL went with the test's own connection).
  expect(await until(() => statSync(file).size > before + 8192)).toBe(true);
  db.close(); // the worker's connection is now the last one open on the file
  expect(existsSync(`${file}-wal`)).toBe(true);
  await checkpointer.stop();
  expect(events).toEqual([{ type: 'stopped', closed: true }]);
  // SQLite deletes the WAL when the last connection closes cleanly: nobody left it open.
  expect(existsSync(`${file}-wal`)).toBe(false);
});

it('a thread that fails closes its connection, ends, and is started again', async () => {
  const { file, db, before } = walDatabase();
  const events: CheckpointerEvent[] = [];
  // Each thread checkpoints once, then fails on its second tick.
  const checkpointer = startCheckpointer(file, { everyMs: 30, failAfter: 1, restartAfterMs: 20, onEvent: (e) => events.push(e) });
  try {
    expect(await until(() => events.length >= 3)).toBe(true);
    for (const e of events.slice(0, 3)) expect(e).toEqual({ type: 'failed', closed: true, message: 'checkpointer test failure' });
    // The restarted threads still did their work.
    expect(statSync(file).size).toBeGreaterThan(before + 8192);
  } finally {
    await checkpointer.stop();
  }
  db.close();
  expect(existsSync(`${file}-wal`)).toBe(false);
});

it('stop() during a restart pause starts no new thread', async () => {
  const { file, db } = walDatabase();
  const events: CheckpointerEvent[] = [];
  const checkpointer = startCheckpointer(file, { everyMs: 10, failAfter: 0, restartAfterMs: 5_000, onEvent: (e) => events.push(e) });
  expect(await until(() => events.length === 1)).toBe(true);
  await checkpointer.stop();
  await new Promise((r) => setTimeout(r, 200));
  expect(events.map((e) => e.type)).toEqual(['failed']);
  db.close();
  expect(existsSync(`${file}-wal`)).toBe(false);
});

it('a handle that checkpoints in its thread leaves SQLite’s own checkpoint as a safety net only (#38)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'appflows-cp-'));
  dirs.push(dir);
  const handle = openDb({ dialect: 'sqlite', url: join(dir, 'h.db') });
  try {
    const pages = () => handle.sqlite!.pragma('wal_autocheckpoint', { simple: true });
    expect(pages()).toBe(1000); // CLI commands and reads: SQLite's default, no thread
    await handle.durableWrite!(() => handle.sqlite!.exec('CREATE TABLE t (a TEXT)'));
    expect(pages()).toBe(INLINE_CHECKPOINT_PAGES);
    // The thread keeps the WAL far below it: 2,000 pages written in small commits are checkpointed.
    const insert = handle.sqlite!.prepare('INSERT INTO t VALUES (?)');
    for (let i = 0; i < 200; i++) await handle.durableWrite!(() => { for (let j = 0; j < 10; j++) insert.run('x'.repeat(3000)); });
    expect(await until(() => statSync(join(dir, 'h.db')).size > 2000 * 4096)).toBe(true);
  } finally {
    await handle.close();
  }
});
