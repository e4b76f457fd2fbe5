import { request } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, redirectMounts } from '../../src/links/links.redirect.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { baseUrl, linksApi, UA, visitApp } from './links.fixtures.js';

/** Raw response header names and values in order, without the ones that change per response. */
async function rawHeaders(url: string, ua: string, method = 'GET'): Promise<{ status: number; headers: string[] }> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers: { 'user-agent': ua } }, (res) => {
      res.resume();
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i] !== 'Date') headers.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({ status: res.statusCode!, headers });
      });
    })
      .on('error', reject)
      .end();
  });
}

describeEachDb('short links: the redirect fast path', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof linksApi>;
  /** Redirect requests that went through Fastify's lifecycle (the fast path skips it). */
  let throughFastify = 0;
  beforeAll(async () => {
    t = await testApp(dialect, {
      beforeReady: (app) =>
        app.addHook('onRequest', (request, _reply, done) => {
          if (request.url.startsWith('/l/')) throughFastify++;
          done();
        }),
    });
    api = linksApi(t, (await t.createApp({ name: 'Fast' })).slug);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => {
    const r = await api.create(body);
    if (r.statusCode !== 201) throw new Error(r.body);
    return r.json().link as { id: string; code: string };
  };
  const clickCount = async (id: string) => (await api.get(id)).json().link.clickCount as number;

  it('a cached link is redirected without Fastify, with the same bytes and the same durable click', async () => {
    const l = await create({ url: 'https://example.com/fast', iosUrl: 'https://apps.apple.com/app/id9' });
    const url = `${await baseUrl(t)}/l/${l.code}`;
    const before = throughFastify;
    const first = await rawHeaders(url, UA.desktop); // a cache miss: Fastify's route loads the link
    expect(throughFastify).toBe(before + 1);
    const later = await rawHeaders(`${url}?utm_source=x`, UA.desktop);
    const ios = await rawHeaders(url.replace(l.code, l.code.toUpperCase()), UA.iphone);
    expect(throughFastify).toBe(before + 1);
    expect(first).toEqual({
      status: 302,
      headers: [
        'cache-control: no-store',
        'referrer-policy: no-referrer',
        expect.stringMatching(/^strict-transport-security: max-age=/),
        'location: https://example.com/fast',
        'content-length: 0',
        'Connection: keep-alive',
        'Keep-Alive: timeout=72',
      ],
    });
    expect(later).toEqual(first);
    expect(ios.headers).toContain('location: https://apps.apple.com/app/id9');
    expect(await clickCount(l.id)).toBe(3);
    expect((await api.get(l.id)).json().stats.byTarget).toEqual({ ios: 1, android: 0, fallback: 2, expired: 0 });
  });

  it('HEAD gets the same bytes from both paths (no content-length, as Fastify answers HEAD)', async () => {
    const l = await create({ url: 'https://example.com/head' });
    const url = `${await baseUrl(t)}/l/${l.code}`;
    const before = throughFastify;
    const first = await rawHeaders(url, UA.desktop, 'HEAD');
    const later = await rawHeaders(url, UA.desktop, 'HEAD');
    expect(throughFastify).toBe(before + 1);
    expect(later).toEqual(first);
    expect(first.headers).toContain('location: https://example.com/head');
    expect(first.headers.some((h) => h.startsWith('content-length'))).toBe(false);
  });

  it('a destination that is no valid header (a row written around the API) is a 500 on both paths, and the server lives', async () => {
    const l = await create({ url: 'https://example.com/fine' });
    await t.db.db.updateTable('links').set({ url: 'https://example.com/\u0100' }).where('id', '=', l.id).execute();
    for (let i = 0; i < 3; i++) {
      const r = await visitApp(t, `/l/${l.code}`, { ua: UA.desktop });
      expect(r.status).toBe(500);
      // Fastify's own 500 (the error is raised while writing the head, past our error handler).
      expect(JSON.parse(r.body)).toMatchObject({ error: expect.any(String) });
      expect(r.headers.location).toBeUndefined();
    }
    expect((await visitApp(t, '/healthz')).status).toBe(200);
  });

  it('a visit the fast path recorded but that ends in a page is answered by Fastify, recorded once', async () => {
    const l = await create({ url: 'https://example.com/two', maxClicks: 2, expiredMessage: 'Sold <out>' });
    expect((await visitApp(t, `/l/${l.code}`, { ua: UA.desktop })).status).toBe(302); // loads the cache
    expect((await visitApp(t, `/l/${l.code}`, { ua: UA.desktop })).status).toBe(302);
    // The cached row still says active; the commit says the limit is reached.
    const before = throughFastify;
    const ended = await visitApp(t, `/l/${l.code}`, { ua: UA.desktop });
    expect(throughFastify).toBe(before + 1);
    expect(ended.status).toBe(410);
    expect(ended.body).toContain('Sold &lt;out');
    expect(ended.body).not.toContain('<out>');
    expect(ended.headers['content-security-policy']).toContain("default-src 'none'");
    const { link, stats } = (await api.get(l.id)).json();
    expect(link.clickCount).toBe(2);
    expect(stats.byTarget).toEqual({ ios: 0, android: 0, fallback: 2, expired: 1 });
  });

  it('a link disabled behind the cache (another node) gets the disabled page at once', async () => {
    const l = await create({ url: 'https://example.com/off' });
    expect((await visitApp(t, `/l/${l.code}`, { ua: UA.desktop })).status).toBe(302);
    await t.db.db.updateTable('links').set({ status: 'disabled' }).where('id', '=', l.id).execute();
    const r = await visitApp(t, `/l/${l.code}`, { ua: UA.desktop });
    expect(r.status).toBe(410);
    expect(r.body).toContain('disabled');
    expect(await clickCount(l.id)).toBe(1);
  });

  it('expiredBehavior redirect decided at commit time goes to expiredUrl', async () => {
    const l = await create({ url: 'https://example.com/once', maxClicks: 1, expiredBehavior: 'redirect', expiredUrl: 'https://example.com/over' });
    expect(await visitApp(t, `/l/${l.code}`, { ua: UA.desktop })).toMatchObject({ status: 302, location: 'https://example.com/once' });
    expect(await visitApp(t, `/l/${l.code}`, { ua: UA.desktop })).toMatchObject({ status: 302, location: 'https://example.com/over' });
  });

  it('HEAD and bots take the fast path as bot clicks', async () => {
    const l = await create({ url: 'https://example.com/bots', maxClicks: 1 });
    await visitApp(t, `/l/${l.code}`, { ua: 'Twitterbot/1.0' });
    const before = throughFastify;
    expect(await visitApp(t, `/l/${l.code}`, { ua: 'Twitterbot/1.0' })).toMatchObject({ status: 302, location: 'https://example.com/bots' });
    expect(await visitApp(t, `/l/${l.code}`, { ua: UA.desktop, method: 'HEAD' })).toMatchObject({ status: 302, body: '' });
    expect(throughFastify).toBe(before);
    expect((await api.get(l.id)).json()).toMatchObject({ link: { clickCount: 0, state: 'active' }, stats: { botClicks: 3 } });
  });

  it('what the fast path does not take is Fastify: other methods, trailing slashes, encoded codes', async () => {
    const l = await create({ url: 'https://example.com/other', code: 'other-one' });
    await visitApp(t, '/l/other-one', { ua: UA.desktop });
    const before = throughFastify;
    expect((await visitApp(t, '/l/other-one/', { ua: UA.desktop })).status).toBe(302);
    expect((await visitApp(t, '/l/%6Fther-one', { ua: UA.desktop })).status).toBe(302);
    expect((await visitApp(t, '/l/other-one', { ua: UA.desktop, method: 'POST' as 'GET' })).status).toBe(404);
    expect(throughFastify).toBe(before + 3);
    expect(await clickCount(l.id)).toBe(3);
  });
});

describeEachDb('short links: one large click group', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('150 clicks of one event-loop turn are stored once each, seq 0..149, counters equal', async () => {
    const api = linksApi(t, (await t.createApp({ name: 'Big' })).slug);
    const l = (await api.create({ url: 'https://example.com/big', maxClicks: 140 })).json().link;
    const clicks = Array.from({ length: 150 }, (_, i) => ({ linkId: l.id, bot: i % 10 === 9, target: 'fallback' as const, country: i % 2 ? 'FR' : null }));
    const outcomes = await Promise.all(clicks.map((c) => t.app.services.links.record(c)));
    expect(outcomes.filter((o) => o === 'redirect')).toHaveLength(150);
    const rows = await t.db.db.selectFrom('link_clicks').select(['seq', 'is_bot']).where('link_id', '=', l.id).orderBy('seq').execute();
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 150 }, (_, i) => i));
    const { link, stats } = (await api.get(l.id)).json();
    expect(link.clickCount).toBe(135);
    expect(stats).toMatchObject({ clicks: 135, botClicks: 15 });
    expect(stats.topCountries).toEqual([{ country: 'FR', clicks: 60 }]); // humans only
  });
});

describe('short links: a failing click commit on the fast path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('sqlite');
  });
  afterAll(() => t.close());

  it('is a 500 { error } from Fastify, never a redirect', async () => {
    const api = linksApi(t, (await t.createApp({ name: 'Broken' })).slug);
    const l = (await api.create({ url: 'https://example.com/broken' })).json().link;
    expect((await visitApp(t, `/l/${l.code}`, { ua: UA.desktop })).status).toBe(302);
    await sql`DROP TABLE link_click_counts`.execute(t.db.db);
    const r = await visitApp(t, `/l/${l.code}`, { ua: UA.desktop });
    expect(r.status).toBe(500);
    expect(JSON.parse(r.body)).toEqual({ error: expect.any(String) });
    expect(r.headers.location).toBeUndefined();
  });
});

describe('codeOf', () => {
  const web = redirectMounts('https://web.test', 'https://web.test/l');
  const host = redirectMounts('https://web.test', 'https://go.test');
  it('takes only a plain code under a mount, lower-cased, with any query', () => {
    expect(codeOf('/l/abc', 'web.test', web)).toBe('abc');
    expect(codeOf('/l/AbC-_9?utm=1&x=/y', 'web.test', web)).toBe('abc-_9');
    for (const url of ['/l/ab', '/l/abc/', '/l/a%62c', '/l/', '/l', '/abc', '/lx/abc', '/l/abc/def', `/l/${'a'.repeat(41)}`]) {
      expect(codeOf(url, 'web.test', web)).toBeUndefined();
    }
  });
  it('honours a dedicated host', () => {
    expect(codeOf('/abc', 'go.test', host)).toBe('abc');
    expect(codeOf('/abc', 'web.test', host)).toBeUndefined();
    expect(codeOf('/l/abc', 'web.test', host)).toBe('abc');
  });
});
