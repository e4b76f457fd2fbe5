import SqliteDatabase from 'better-sqlite3';
import { closeSync, existsSync, fchmodSync, openSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * A consistent copy of the SQLite database while the server keeps running: SQLite's online
 * backup API (better-sqlite3 `backup`) copies pages from a read snapshot in steps and restarts
 * when a writer changes a page it already copied, so the copy is one committed state, with
 * every write acknowledged before the backup began. Written to `<file>.partial`, checked
 * (`PRAGMA integrity_check`) and renamed, so `<file>` is either a whole backup or absent.
 * The copy holds everything the database holds, so it is created owner-only (0600) before SQLite
 * writes into it: SQLite would create it 0644 less the umask, world-readable under the usual 022.
 */
export async function backupSqlite(source: string, target: string): Promise<{ file: string; pages: number }> {
  const file = resolve(target);
  if (file === resolve(source)) throw new BackupError('the backup file must not be the database itself');
  if (existsSync(file)) throw new BackupError(`${file} exists; choose a new file name (a backup never overwrites)`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    createOwnerOnly(partial);
    const progress = await db.backup(partial);
    const copy = new SqliteDatabase(partial, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`the copy failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    renameSync(partial, file);
    return { file, pages: progress.totalPages };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    db.close();
  }
}

/** An empty file is an empty SQLite database: the backup API fills it and keeps its mode. */
function createOwnerOnly(file: string) {
  const fd = openSync(file, 'wx', 0o600);
  try {
    fchmodSync(fd, 0o600); // exactly, whatever the umask
  } finally {
    closeSync(fd);
  }
}

export class BackupError extends Error {}
