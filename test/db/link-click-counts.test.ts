import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linksMigrations } from '../../src/db/migrations/links.js';
import { describeEachDb, testDb } from '../helpers.js';

describeEachDb('migration 0032: link click counters', (dialect) => {
  let h: Awaited<ReturnType<typeof testDb>>;
  beforeAll(async () => {
    h = await testDb(dialect);
  });
  afterAll(() => h.cleanup());

  it('backfills the counters from the click history that predates them', async () => {
    const rows = [
      ['fallback', 'US', 0],
      ['fallback', 'US', 0],
      ['ios', null, 0],
      ['expired', 'DE', 0],
      ['fallback', null, 1],
    ] as const;
    await h.db
      .insertInto('link_clicks')
      .values(rows.map(([target, country, is_bot], seq) => ({ link_id: 'lnk_old', seq, created_at: '2026-01-01T00:00:00.000Z', target, country, is_bot })))
      .execute();
    // As before the migration: no counters table yet.
    await sql`DROP TABLE link_click_counts`.execute(h.db);
    await linksMigrations['0032_link_click_counts'].up(h.db);
    const counts = await h.db.selectFrom('link_click_counts').select(['target', 'country', 'is_bot', 'clicks']).where('link_id', '=', 'lnk_old').execute();
    expect(counts.map((c) => `${c.target}/${c.country}/${c.is_bot}/${Number(c.clicks)}`).sort()).toEqual(['expired/DE/0/1', 'fallback//1/1', 'fallback/US/0/2', 'ios//0/1'].sort());
  });
});
