import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hotInsert } from '../../src/db/hot-insert.js';
import { describeEachDb, testDb } from '../helpers.js';

interface Row extends Record<string, unknown> {
  id: string;
  parent_id: string;
  email: string;
}

describeEachDb('hotInsert', (dialect) => {
  let h: Awaited<ReturnType<typeof testDb>>;
  let insert: (row: Row) => Promise<boolean>;
  beforeAll(async () => {
    h = await testDb(dialect);
    await sql`CREATE TABLE hot_parents (id text PRIMARY KEY)`.execute(h.db);
    await sql`CREATE TABLE hot_rows (id text PRIMARY KEY, parent_id text NOT NULL REFERENCES hot_parents (id), email text NOT NULL, UNIQUE (parent_id, email))`.execute(h.db);
    await sql`INSERT INTO hot_parents (id) VALUES ('p1')`.execute(h.db);
    insert = hotInsert<Row>(h, 'hot_rows' as never, ['id', 'parent_id', 'email'], ['parent_id', 'email']);
  });
  afterAll(() => h.cleanup());

  it('stores rows submitted together, skips a repeat of the unique key, fails a bad row alone', async () => {
    const results = await Promise.allSettled([
      insert({ id: 'r1', parent_id: 'p1', email: 'a@x.test' }),
      insert({ id: 'r2', parent_id: 'p1', email: 'a@x.test' }), // same key as r1, same group
      insert({ id: 'r3', parent_id: 'missing', email: 'b@x.test' }), // foreign key violation
      insert({ id: 'r4', parent_id: 'p1', email: 'c@x.test' }),
    ]);
    const outcome = results.map((r) => (r.status === 'fulfilled' ? r.value : 'rejected'));
    // r1 and r2 race on PostgreSQL (separate connections); on SQLite they share a group, in order.
    expect(outcome.slice(0, 2).sort()).toEqual([false, true]);
    expect(outcome.slice(2)).toEqual(['rejected', true]);
    expect(await insert({ id: 'r5', parent_id: 'p1', email: 'c@x.test' })).toBe(false); // a later repeat
    const rows = await h.db.selectFrom('hot_rows' as never).select(['id' as never]).orderBy('id' as never).execute();
    expect(rows.map((r: any) => r.id)).toEqual([outcome[0] ? 'r1' : 'r2', 'r4']);
  });

  it.runIf(dialect === 'sqlite')('has every acknowledged row in the file once it resolves (another connection reads it)', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `bulk${String(i).padStart(3, '0')}`);
    await Promise.all(ids.map((id) => insert({ id, parent_id: 'p1', email: `${id}@x.test` })));
    const other = new Database(h.sqlite!.name, { readonly: true });
    try {
      expect(other.prepare("SELECT count(*) FROM hot_rows WHERE id LIKE 'bulk%'").pluck().get()).toBe(300);
    } finally {
      other.close();
    }
  });
});
