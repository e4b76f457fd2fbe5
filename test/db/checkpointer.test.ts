import SqliteDatabase from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startCheckpointer } from '../../src/db/checkpointer.js';

it('the checkpointer thread moves WAL frames into the database file off the event loop', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'appflows-cp-'));
  const file = join(dir, 'cp.db');
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0'); // only the worker may checkpoint here
  db.exec('CREATE TABLE t (a TEXT)');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  for (let i = 0; i < 300; i++) insert.run('x'.repeat(200));
  const before = statSync(file).size;
  const checkpointer = startCheckpointer(file, 20);
  try {
    // Until a checkpoint copies the pages in, every row lives only in the WAL.
    const deadline = Date.now() + 15_000;
    while (statSync(file).size <= before + 8192 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(statSync(file).size).toBeGreaterThan(before + 8192);
  } finally {
    await checkpointer.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
