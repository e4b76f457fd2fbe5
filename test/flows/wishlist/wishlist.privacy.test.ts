import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { testApp } from '../../helpers.js';
import { goodWishlist, publicApi, publishedBoard } from './wishlist.fixtures.js';

it('raw IPs and emails used only for dedupe never reach the database files (SQLite, WAL included)', async () => {
  const t = await testApp('sqlite', { env: { TRUST_PROXY: 'true', PUBLIC_RATE_LIMIT: '100000' } });
  try {
    const slug = (
      await publishedBoard(t, goodWishlist({ identity: { mode: 'email', requireEmailToVote: true }, moderation: { autoApprove: true } }), 'Private')
    ).slug;
    const ip = '203.0.113.219';
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
    const submit = await t.app.inject({ method: 'POST', url: '/api/public/wishlist/submit', headers, payload: { appSlug: slug, title: 'Private idea', source: 'sdk' } });
    const ideaId = submit.json().idea.id;
    const dedupeOnly = 'only-for-dedupe.7f3a@example.org';
    const vote = await t.app.inject({ method: 'POST', url: '/api/public/wishlist/vote', headers, payload: { appSlug: slug, ideaId, email: dedupeOnly } });
    expect(vote.json().voteCount).toBe(1);
    const comment = await t.app.inject({ method: 'POST', url: '/api/public/wishlist/comments', headers, payload: { appSlug: slug, ideaId, body: 'hello', email: dedupeOnly } });
    expect(comment.statusCode).toBe(200);
    await publicApi(t, slug).list({ anonId: 'A'.repeat(32) });

    const file = t.db.sqlite!.name;
    const bytes = readdirSync(dirname(file))
      .filter((f) => f.startsWith('test.db'))
      .map((f) => readFileSync(join(dirname(file), f)));
    expect(bytes.length).toBeGreaterThanOrEqual(2); // the db and its -wal
    const all = Buffer.concat(bytes);
    expect(all.includes(Buffer.from('Private idea'))).toBe(true); // the scan does see our writes
    for (const needle of [ip, dedupeOnly, dedupeOnly.toUpperCase(), 'only-for-dedupe']) {
      expect(all.includes(Buffer.from(needle)), needle).toBe(false);
    }
  } finally {
    await t.close();
  }
});
