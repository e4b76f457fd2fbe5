import SqliteDatabase from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startCheckpointer } from '../../src/links/links.checkpoint.js';

it('the checkpointer thread moves WAL frames into the database file off the event loop', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'appflows-cp-'));
  const db = new SqliteDatabase(join(dir, 'cp.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0'); // only the worker may checkpoint here
  db.exec('CREATE TABLE t (a INTEGER)');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  const checkpointer = startCheckpointer(db.name, 20);
  try {
    for (let i = 0; i < 300; i++) insert.run(i);
    await new Promise((r) => setTimeout(r, 1500));
    // Every frame was checkpointed, so the next write restarts the WAL from its first frame.
    insert.run(-1);
    const [state] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    expect(state.log).toBeLessThan(5);
  } finally {
    await checkpointer.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
