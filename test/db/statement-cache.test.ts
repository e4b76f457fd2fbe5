import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingStatements } from '../../src/db/statement-cache.js';

/** An in-memory database whose prepare() calls are counted. */
function counted() {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES (\'a\'), (\'b\'), (\'c\')');
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof sqlite.prepare;
  return { sqlite, prepared };
}

const open: Database.Database[] = [];
afterEach(() => open.splice(0).forEach((db) => db.open && db.close()));

describe('cached SQLite statements (Kysely)', () => {
  it('prepares a query once and runs it again with other parameters', async () => {
    const { sqlite, prepared } = counted();
    open.push(sqlite);
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
    const byId = (id: number) => db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ name: 'a' });
    expect(await byId(3)).toEqual({ name: 'c' });
    expect(await byId(9)).toBeUndefined();
    await db.insertInto('t').values({ id: 9, name: 'z' }).execute();
    expect(await byId(9)).toEqual({ name: 'z' });
    expect(prepared.filter((s) => s.startsWith('select'))).toHaveLength(1);
  });

  it('gives a statement that is still iterating a fresh twin, and keeps using the cached one after', () => {
    const { sqlite, prepared } = counted();
    open.push(sqlite);
    const cache = cachingStatements(sqlite);
    const sql = 'SELECT name FROM t WHERE id >= ? ORDER BY id';
    const walking = cache.prepare(sql).iterate([1]);
    walking.next(); // the cached statement is now busy
    expect(cache.prepare(sql).all([2])).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(prepared).toHaveLength(2);
    expect([...walking]).toEqual([{ name: 'b' }, { name: 'c' }]); // undisturbed
    expect(cache.prepare(sql).all([3])).toEqual([{ name: 'c' }]);
    expect(prepared).toHaveLength(2); // the cached one again, now idle
  });

  it('keeps the `max` most recently used statements', () => {
    const { sqlite, prepared } = counted();
    open.push(sqlite);
    const cache = cachingStatements(sqlite, 2);
    const [a, b, c] = ['SELECT 1', 'SELECT 2', 'SELECT 3'];
    for (const sql of [a, b, a, c, a, b]) cache.prepare(sql);
    // a, b, (a cached), c evicts b, (a cached), b again evicts c
    expect(prepared).toEqual([a, b, c, b]);
  });
});
