import SqliteDatabase from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { voterKey } from '../../../src/flows/wishlist/wishlist.identity.js';
import { startOwnedServer, type RunningServer } from '../../process-helpers.js';
import { goodWishlist } from './wishlist.fixtures.js';

const servers: RunningServer[] = [];
// Large enough that the kill lands mid-storm even when the server is fast.
const STORM = 2000;
afterAll(() => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
});

it('kill -9 during a vote storm: every acknowledged vote survives and the count matches the rows (SQLite group commit)', async () => {
  const { env, server, owner } = await startOwnedServer(servers, { PUBLIC_RATE_LIMIT: '100000' });
  await owner('POST', '', { name: 'Storm', slug: 'storm' });
  await owner('PUT', '/storm/flows/wishlist', goodWishlist());
  await owner('POST', '/storm/flows/wishlist/publish');
  const ideaId = (await (await owner('POST', '/storm/wishlist/ideas', { title: 'Storm' })).json()).idea.id;

  const acked: string[] = [];
  const votes = Array.from({ length: STORM }, (_, i) =>
    fetch(`${server.url}/api/public/wishlist/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appSlug: 'storm', ideaId, userId: `storm-${i}` }),
    })
      // The kill goes out from the 50th answer's own callback, while most of the storm is in flight.
      .then((r) => (r.status === 200 && acked.push(`storm-${i}`) === 50 ? server.proc.kill('SIGKILL') : 0))
      .catch(() => 0),
  );
  await Promise.all(votes);
  await server.exited;

  const db = new SqliteDatabase(join(env.DATA_DIR, 'appflows.db'));
  try {
    const count = db.prepare('SELECT vote_count FROM wishlist_ideas WHERE id = ?').pluck().get(ideaId) as number;
    const rows = db.prepare('SELECT COUNT(*) FROM wishlist_votes WHERE idea_id = ?').pluck().get(ideaId) as number;
    expect(count).toBe(rows);
    const stored = new Set(db.prepare('SELECT voter_key FROM wishlist_votes WHERE idea_id = ?').pluck().all(ideaId));
    for (const userId of acked) expect(stored.has(voterKey(env.SECRET, 'anonymous', { userId, ipHash: '' })), userId).toBe(true);
    expect(acked.length).toBeGreaterThanOrEqual(50);
    expect(acked.length).toBeLessThan(STORM); // the kill really interrupted the storm
  } finally {
    db.close();
  }
});
