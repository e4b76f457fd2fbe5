import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hotInsert } from '../../src/db/hot-insert.js';
import { readTotals } from '../../src/db/rollups.js';
import { describeEachDb, testApp, testDb, type TestApp } from '../helpers.js';

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
    // One group on both databases (submitted in one turn): the first of a key wins.
    expect(outcome).toEqual([true, false, 'rejected', true]);
    // The bad row's own error reaches its caller (PostgreSQL: after its group was retried row by row).
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/foreign key/i);
    expect(await insert({ id: 'r5', parent_id: 'p1', email: 'c@x.test' })).toBe(false); // a later repeat
    const rows = await h.db.selectFrom('hot_rows' as never).select(['id' as never]).orderBy('id' as never).execute();
    expect(rows.map((r: any) => r.id)).toEqual(['r1', 'r4']);
  });

  it('stores a text with a lone surrogate as U+FFFD, like a row alone', async () => {
    expect(await insert({ id: 'lone', parent_id: 'p1', email: 'x\ud800y@x.test' })).toBe(true);
    const row = await h.db.selectFrom('hot_rows' as never).select(['email' as never]).where('id' as never, '=', 'lone' as never).executeTakeFirstOrThrow();
    expect((row as any).email).toBe('x\ufffdy@x.test');
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

interface Rolled extends Record<string, unknown> {
  id: string;
  app_id: string;
  parent_id: string;
  email: string;
  created_at: string;
}

describeEachDb('hotInsert groups with roll-ups', (dialect) => {
  let t: TestApp;
  let appId: string;
  let insert: (row: Rolled) => Promise<boolean>;
  const AT = '2026-05-06T07:08:09.000Z';
  const row = (id: string, email: string, parent_id = 'p1'): Rolled => ({ id, app_id: appId, parent_id, email, created_at: AT });
  const totals = () => readTotals(t.db.db, appId, ['hot.rows', 'hot.parent:p1', 'hot.parent:missing']);
  const stored = async () => (await t.db.db.selectFrom('hot_rolled' as never).select(['id' as never]).orderBy('id' as never).execute()).map((r: any) => r.id as string);

  beforeAll(async () => {
    t = await testApp(dialect);
    appId = (await t.createApp({ name: 'Hot' })).id;
    await sql`CREATE TABLE hot_rolled_parents (id text PRIMARY KEY)`.execute(t.db.db);
    await sql`INSERT INTO hot_rolled_parents (id) VALUES ('p1')`.execute(t.db.db);
    await sql`CREATE TABLE hot_rolled (id text PRIMARY KEY, app_id text NOT NULL, parent_id text NOT NULL REFERENCES hot_rolled_parents (id), email text NOT NULL, created_at text NOT NULL, UNIQUE (app_id, email))`.execute(t.db.db);
    insert = hotInsert<Rolled>(t.db, 'hot_rolled' as never, ['id', 'app_id', 'parent_id', 'email', 'created_at'], ['app_id', 'email'], {
      rollup: (r) => ['hot.rows', `hot.parent:${r.parent_id}`],
    });
  });
  afterAll(() => t.close());

  it('counts only the rows stored: repeats in the turn and of stored rows add nothing, a bad row fails alone', async () => {
    expect(await insert(row('a0', 'old@x.test'))).toBe(true);
    const results = await Promise.allSettled([
      insert(row('a1', 'a@x.test')),
      insert(row('a2', 'a@x.test')), // a repeat in the turn
      insert(row('a3', 'bad@x.test', 'missing')), // foreign key violation: fails alone
      insert(row('a4', 'old@x.test')), // a repeat of a stored row
      insert(row('a5', 'b@x.test')),
      insert(row('a0', 'new@x.test')), // primary key clash (not the unique key it skips on): fails alone
      insert(row('a6', 'c@x.test')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'rejected'))).toEqual([true, false, 'rejected', false, true, 'rejected', true]);
    expect(await stored()).toEqual(['a0', 'a1', 'a5', 'a6']);
    expect(await totals()).toEqual({ 'hot.rows': 4, 'hot.parent:p1': 4, 'hot.parent:missing': 0 });
  });

  it('writes a turn larger than one statement takes, repeats across its statements included', async () => {
    const before = await stored();
    const counted = (await totals())['hot.rows'];
    // 4,000 rows (PostgreSQL: several statements of at most 30,000 parameters); every 10th repeats an address of the turn.
    const rows = Array.from({ length: 4000 }, (_, i) => row(`big${String(i).padStart(4, '0')}`, i % 10 === 9 ? `big${i - 2000 > 0 ? i - 2000 : 0}@x.test` : `big${i}@x.test`));
    const outcomes = await Promise.all(rows.map((r) => insert(r)));
    const seen = new Set<string>();
    expect(outcomes).toEqual(rows.map((r) => !seen.has(r.email) && !!seen.add(r.email)));
    const n = outcomes.filter(Boolean).length;
    expect((await stored()).length - before.length).toBe(n);
    expect((await totals())['hot.rows']).toBe(counted + n);
  });
});
