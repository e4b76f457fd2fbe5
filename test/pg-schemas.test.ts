import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PG_URL, testDb } from './helpers.js';

/**
 * testDb on PostgreSQL hands a schema an earlier test left as good as new to the next test
 * (test/pg-schemas.ts). Reused means emptied; changed means dropped, never reused.
 */
const current = async (h: Awaited<ReturnType<typeof testDb>>) => (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(h.db)).rows[0].s;
const exists = async (h: Awaited<ReturnType<typeof testDb>>, schema: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ${schema}`.execute(h.db)).rows[0].n === 1;

describe.skipIf(!PG_URL)('PostgreSQL test schemas used again', () => {
  it('a schema whose test only wrote rows comes back to the next test empty, every table', async () => {
    const a = await testDb('postgres');
    const schema = await current(a);
    const now = new Date().toISOString();
    await a.db.insertInto('accounts').values({ id: 'acct_pool', name: 'Pool', created_at: now }).execute();
    await a.db.insertInto('api_tokens').values({ id: 'tok_pool', account_id: 'acct_pool', name: 'p', prefix: 'POOLPOOL', hash: 'x', created_at: now }).execute();
    await a.cleanup();
    const b = await testDb('postgres');
    try {
      expect(await current(b)).toBe(schema);
      const tables = (await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = ${schema} AND tablename <> 'appflows_migrations'`.execute(b.db)).rows;
      expect(tables.length).toBeGreaterThan(30);
      for (const { t } of tables) expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(t)}`.execute(b.db)).rows[0].n, t).toBe(0);
      // The migrations ledger stays: nothing to apply again.
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM appflows_migrations`.execute(b.db)).rows[0].n).toBeGreaterThan(30);
    } finally {
      await b.cleanup();
    }
  });

  it('a schema whose test changed its structure is dropped, never handed out again', async () => {
    for (const change of [
      sql`CREATE TABLE extra (id text PRIMARY KEY)`,
      sql`DROP TABLE link_click_counts`,
      sql`ALTER TABLE waitlist_signups RENAME TO waitlist_signups_away`,
      sql`CREATE INDEX apps_extra_idx ON apps (name)`,
      sql`ALTER TABLE apps ADD COLUMN extra text`,
      sql`DELETE FROM appflows_migrations WHERE name = (SELECT max(name) FROM appflows_migrations)`,
    ]) {
      const a = await testDb('postgres');
      const schema = await current(a);
      await change.execute(a.db);
      await a.cleanup();
      const b = await testDb('postgres');
      try {
        expect(await current(b)).not.toBe(schema);
        expect(await exists(b, schema)).toBe(false);
      } finally {
        await b.cleanup();
      }
    }
  });

  it('a table renamed and renamed back leaves the schema as good as new: used again', async () => {
    const a = await testDb('postgres');
    const schema = await current(a);
    await sql`ALTER TABLE waitlist_signups RENAME TO waitlist_signups_away`.execute(a.db);
    await sql`ALTER TABLE waitlist_signups_away RENAME TO waitlist_signups`.execute(a.db);
    await a.cleanup();
    const b = await testDb('postgres');
    expect(await current(b)).toBe(schema);
    await b.cleanup();
  });
});
