import { chmodSync, existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupSqlite } from '../../src/db/backup.js';
import { openAndMigrate } from '../../src/db/index.js';

const mode = (path: string) => statSync(path).mode & 0o777;

// SQLite only: PostgreSQL keeps no files of ours.
describe('SQLite files are owner-only', () => {
  it('creates the data dir 0700 and appflows.db, -wal and -shm 0600, whatever the umask', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'appflows-modes-')), 'data');
    const file = join(dir, 'appflows.db');
    const umask = process.umask(0o022); // the usual default, which would leave them world-readable
    let db;
    try {
      db = await openAndMigrate({ dialect: 'sqlite', url: file });
    } finally {
      process.umask(umask);
    }
    try {
      await db.db.insertInto('accounts').values({ id: 'acct_modes', name: 'Modes', created_at: new Date().toISOString() }).execute();
      for (const f of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(f), f).toBe(true);
        expect(mode(f), f).toBe(0o600);
      }
      expect(mode(dir)).toBe(0o700);
    } finally {
      await db.close();
    }
  });

  it('leaves the mode of an existing database file alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'appflows-modes-'));
    const file = join(dir, 'shared.db');
    writeFileSync(file, '');
    chmodSync(file, 0o640);
    const db = await openAndMigrate({ dialect: 'sqlite', url: file });
    try {
      expect(mode(file)).toBe(0o640);
    } finally {
      await db.close();
    }
  });

  it('writes `appflows backup` copies 0600, whatever the umask', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'appflows-modes-'));
    const file = join(dir, 'appflows.db');
    const db = await openAndMigrate({ dialect: 'sqlite', url: file });
    await db.db.insertInto('accounts').values({ id: 'acct_backup', name: 'Backup', created_at: new Date().toISOString() }).execute();
    const copy = join(dir, 'copy.db');
    const umask = process.umask(0o022);
    try {
      await backupSqlite(file, copy);
    } finally {
      process.umask(umask);
      await db.close();
    }
    expect(mode(copy)).toBe(0o600);
    expect(existsSync(`${copy}.partial`)).toBe(false);
  });
});
