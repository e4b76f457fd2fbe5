import { afterAll, beforeAll, expect, it } from 'vitest';
import { wishlistMigrations } from '../../src/db/migrations/wishlist.js';
import { testDb } from '../helpers.js';

let h: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  h = await testDb('sqlite');
});
afterAll(() => h.cleanup());

it('migration 0022 clusters SQLite votes by (idea, voter) and keeps every vote', async () => {
  const sqlite = h.sqlite!;
  sqlite.pragma('foreign_keys = OFF'); // votes of ideas this test does not create
  const votes = Array.from({ length: 50 }, (_, i) => ({ idea_id: `idea${i % 3}`, voter_key: `voter${i}`, created_at: '2026-01-01T00:00:00.000Z' }));
  await h.db.insertInto('wishlist_votes').values(votes).execute();
  await wishlistMigrations['0022_votes_clustered'].up(h.db); // once more, on a table holding votes
  sqlite.pragma('foreign_keys = ON');
  const table = sqlite.prepare("SELECT sql FROM sqlite_master WHERE name = 'wishlist_votes'").pluck().get() as string;
  expect(table).toContain('WITHOUT ROWID');
  expect(table).toContain('ON DELETE CASCADE');
  const rows = await h.db.selectFrom('wishlist_votes').selectAll().orderBy('voter_key').execute();
  expect(rows).toEqual([...votes].sort((a, b) => (a.voter_key < b.voter_key ? -1 : 1)));
  const indexes = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'wishlist_votes'").pluck().all();
  expect(indexes).not.toContain('wishlist_votes_voter_idx');
});
