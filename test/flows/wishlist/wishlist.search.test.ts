import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodWishlist, ownerApi, publicApi, publishedBoard } from './wishlist.fixtures.js';

/** Search (`q`) across titles and bodies, on the public API and the hosted board, with keyset paging. */
describeEachDb('wishlist search', (dialect) => {
  let t: TestApp;
  let slug: string;
  let other: string;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000000' } });
    slug = (await publishedBoard(t, goodWishlist(), 'Search App')).slug;
    other = (await publishedBoard(t, goodWishlist(), 'Other App')).slug;
    const o = ownerApi(t, slug);
    // 7 ideas mention "widget" (title or body, any case), 3 do not; a few LIKE traps.
    for (let i = 0; i < 4; i++) await o.create({ title: `Widget idea ${i}`, status: 'open', category: i % 2 ? 'bug' : 'feature' });
    for (let i = 0; i < 3; i++) await o.create({ title: `Home screen ${i}`, body: `A lock-screen WIDGET, size ${i}`, status: 'planned' });
    await o.create({ title: 'Dark mode', body: 'Night colours', status: 'open' });
    await o.create({ title: '100% offline', body: 'Works on a plane', status: 'open' });
    await o.create({ title: 'snake_case exports', status: 'open' });
    await o.create({ title: 'Pending widget', status: 'pending' });
    // Another app's idea must never show up.
    await ownerApi(t, other).create({ title: 'Widget from another app', status: 'open' });
  });
  afterAll(() => t.close());

  const titles = (r: { json(): { ideas: { title: string }[] } }) => r.json().ideas.map((i) => i.title).sort();

  it('finds the text in titles and bodies, case-insensitively, in this app only, never pending', async () => {
    const p = publicApi(t, slug);
    const r = await p.list({ q: 'wIdGeT', limit: 100 });
    expect(r.statusCode).toBe(200);
    expect(titles(r)).toEqual(['Home screen 0', 'Home screen 1', 'Home screen 2', 'Widget idea 0', 'Widget idea 1', 'Widget idea 2', 'Widget idea 3']);
    expect(titles(await p.list({ q: 'night', limit: 100 }))).toEqual(['Dark mode']);
    expect(titles(await p.list({ q: 'nothing like this', limit: 100 }))).toEqual([]);
    // Blank means no search.
    expect((await p.list({ q: '   ', limit: 100 })).json().ideas).toHaveLength(10);
  });

  it('takes LIKE wildcards literally', async () => {
    const p = publicApi(t, slug);
    expect(titles(await p.list({ q: '100%', limit: 100 }))).toEqual(['100% offline']);
    expect(titles(await p.list({ q: '%', limit: 100 }))).toEqual(['100% offline']);
    expect(titles(await p.list({ q: '_', limit: 100 }))).toEqual(['snake_case exports']);
    expect(titles(await p.list({ q: 'e_c', limit: 100 }))).toEqual(['snake_case exports']);
    expect(titles(await p.list({ q: '\\', limit: 100 }))).toEqual([]);
  });

  it('combines with status and category filters', async () => {
    const p = publicApi(t, slug);
    expect(titles(await p.list({ q: 'widget', status: 'planned', limit: 100 }))).toEqual(['Home screen 0', 'Home screen 1', 'Home screen 2']);
    expect(titles(await p.list({ q: 'widget', category: 'bug', limit: 100 }))).toEqual(['Widget idea 1', 'Widget idea 3']);
  });

  it('pages through the matches with the cursor, in both sorts, without gaps or repeats', async () => {
    const p = publicApi(t, slug);
    // Unequal votes so the votes sort has ties and non-ties.
    const all = (await p.list({ q: 'widget', limit: 100 })).json().ideas as { id: string }[];
    for (const [i, idea] of all.entries()) for (let v = 0; v < i % 3; v++) await p.vote({ ideaId: idea.id, userId: `s-${v}` });
    for (const sort of ['votes', 'new']) {
      const full = (await p.list({ q: 'widget', sort, limit: 100 })).json().ideas.map((i: { id: string }) => i.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const r = await p.list({ q: 'widget', sort, limit: 2, ...(cursor ? { cursor } : {}) });
        expect(r.statusCode).toBe(200);
        seen.push(...r.json().ideas.map((i: { id: string }) => i.id));
        cursor = r.json().nextCursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toEqual(full);
      expect(seen).toHaveLength(7);
    }
  });

  it('rejects a search over 100 characters with a clear 400', async () => {
    const r = await publicApi(t, slug).list({ q: 'x'.repeat(101) });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBeTypeOf('string');
  });

  it('the hosted board searches with ?q= and keeps it on its links', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/wishlist/${slug}?q=night` });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('Dark mode');
    expect(r.body).not.toContain('Widget idea 0');
    expect(r.body).toMatch(/<input[^>]*id="wl-q"[^>]*value="night"/);
    const none = await t.app.inject({ method: 'GET', url: `/wishlist/${slug}?q=${encodeURIComponent('<script>')}` });
    expect(none.body).toContain('No ideas match these filters.');
    expect(none.body).not.toContain('<script>');
    const paged = await t.app.inject({ method: 'GET', url: `/wishlist/${slug}?q=widget&limit=2` });
    expect(paged.body).toMatch(/href="[^"]*q=widget[^"]*cursor=/);
  });

  it('the roadmap view shows planned / in progress / done columns, filtered by the search', async () => {
    const o = ownerApi(t, slug);
    const built = (await o.create({ title: 'Shipped widget', status: 'done' })).json().idea;
    await o.create({ title: 'Building widget', status: 'in_progress' });
    const r = await t.app.inject({ method: 'GET', url: `/wishlist/${slug}?view=roadmap&q=widget` });
    expect(r.statusCode).toBe(200);
    const col = (id: string) => r.body.slice(r.body.indexOf(`id="col-${id}"`), r.body.indexOf('</section>', r.body.indexOf(`id="col-${id}"`)));
    expect(col('planned')).toContain('Home screen 1');
    expect(col('planned')).not.toContain('Widget idea');
    expect(col('in_progress')).toContain('Building widget');
    expect(col('done')).toContain(`idea-${built.id}`);
    expect(r.body).not.toContain('Dark mode');
  });
});
