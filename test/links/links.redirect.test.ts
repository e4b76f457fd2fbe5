import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectMounts } from '../../src/links/links.redirect.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { BOT_AGENTS, visitApp, linksApi, manualClock, UA } from './links.fixtures.js';

describeEachDb('short links: redirects', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof linksApi>;
  const clock = manualClock();
  beforeAll(async () => {
    t = await testApp(dialect, { clock, env: { COUNTRY_HEADER: 'CF-IPCountry' } });
    api = linksApi(t, (await t.createApp({ name: 'Redirects' })).slug);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => {
    const r = await api.create(body);
    if (r.statusCode !== 201) throw new Error(r.body);
    return r.json().link as { id: string; code: string };
  };
  const go = (code: string, opts: Parameters<typeof visitApp>[2] = {}) => visitApp(t, `/l/${code}`, { ua: UA.desktop, ...opts });
  const stats = async (id: string) => (await api.get(id)).json();

  describe('platform routing', () => {
    it('iosUrl on iOS, androidUrl on Android, url otherwise; fallback when the override is missing', async () => {
      const both = await create({ url: 'https://example.com/web', iosUrl: 'https://apps.apple.com/app/id1', androidUrl: 'market://details?id=app' });
      expect(await go(both.code, { ua: UA.iphone })).toMatchObject({ status: 302, location: 'https://apps.apple.com/app/id1' });
      expect(await go(both.code, { ua: UA.ipad })).toMatchObject({ status: 302, location: 'https://apps.apple.com/app/id1' });
      expect(await go(both.code, { ua: UA.facebookInApp })).toMatchObject({ status: 302, location: 'https://apps.apple.com/app/id1' });
      expect(await go(both.code, { ua: UA.android })).toMatchObject({ status: 302, location: 'market://details?id=app' });
      expect(await go(both.code, { ua: UA.desktop })).toMatchObject({ status: 302, location: 'https://example.com/web' });
      expect(await go(both.code, { ua: '' })).toMatchObject({ status: 302, location: 'https://example.com/web' });
      const webOnly = await create({ url: 'https://example.com/only' });
      expect(await go(webOnly.code, { ua: UA.iphone })).toMatchObject({ status: 302, location: 'https://example.com/only' });
      expect(await go(webOnly.code, { ua: UA.android })).toMatchObject({ status: 302, location: 'https://example.com/only' });

      const s = await stats(both.id);
      expect(s.stats).toMatchObject({ clicks: 6, byTarget: { ios: 3, android: 1, fallback: 2, expired: 0 }, botClicks: 0 });
      expect(s.link.clickCount).toBe(6);
      expect((await stats(webOnly.id)).stats.byTarget).toEqual({ ios: 0, android: 0, fallback: 2, expired: 0 });
    });

    it('redirect responses are not cacheable and codes are case-insensitive', async () => {
      const l = await create({ url: 'https://example.com/case', code: 'case-test' });
      const r = await go('CASE-Test');
      expect(r).toMatchObject({ status: 302, location: 'https://example.com/case' });
      expect(r.headers['cache-control']).toBe('no-store');
      expect((await stats(l.id)).link.clickCount).toBe(1);
    });
  });

  describe('bots', () => {
    it.each(BOT_AGENTS)('%s is redirected but counted only as a bot click', async (ua) => {
      const l = await create({ url: 'https://example.com/bot', maxClicks: 1 });
      for (let i = 0; i < 3; i++) expect(await go(l.code, { ua })).toMatchObject({ status: 302, location: 'https://example.com/bot' });
      const s = await stats(l.id);
      expect(s.link).toMatchObject({ clickCount: 0, state: 'active' });
      expect(s.stats).toMatchObject({ clicks: 0, botClicks: 3 });
      // the one human click still gets through: bots never consumed the limit
      expect(await go(l.code, { ua: UA.iphone })).toMatchObject({ status: 302 });
      expect((await stats(l.id)).link).toMatchObject({ clickCount: 1, state: 'limit_reached' });
    });

    it('HEAD requests are bots whatever the user agent', async () => {
      const l = await create({ url: 'https://example.com/head' });
      const r = await go(l.code, { method: 'HEAD', ua: UA.iphone });
      expect(r).toMatchObject({ status: 302, location: 'https://example.com/head' });
      expect((await stats(l.id)).stats).toMatchObject({ clicks: 0, botClicks: 1 });
      expect((await stats(l.id)).link.clickCount).toBe(0);
    });

    it('a bot on an ended link sees the ended behaviour and is still only a bot click', async () => {
      const l = await create({ url: 'https://example.com/b2', maxClicks: 1 });
      await go(l.code);
      expect((await go(l.code, { ua: BOT_AGENTS[0] })).status).toBe(410);
      expect((await stats(l.id)).stats).toMatchObject({ clicks: 1, botClicks: 1, byTarget: { expired: 0 } });
    });
  });

  describe('states', () => {
    it('disabled shows a clear page (not the destination) and records nothing; re-enabled redirects again', async () => {
      const l = await create({ url: 'https://example.com/dis' });
      expect((await go(l.code)).status).toBe(302); // now cached on this node
      await api.patch(l.id, { status: 'disabled' });
      const page = await go(l.code);
      expect(page.status).toBe(410);
      expect(page.location).toBeUndefined();
      expect(page.body).toContain('disabled');
      expect(page.body).not.toContain('example.com/dis');
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).not.toMatch(/<script|style=/);
      await api.patch(l.id, { status: 'active' });
      expect(await go(l.code)).toMatchObject({ status: 302, location: 'https://example.com/dis' });
      expect((await stats(l.id)).link.clickCount).toBe(2);
    });

    it('expired with behaviour page shows expiredMessage (escaped) and counts the visit as expired', async () => {
      const l = await create({ url: 'https://example.com/exp', expiresAt: new Date(clock.now().getTime() + 1000).toISOString(), expiredMessage: 'Sale <b>over</b> & done' });
      expect((await go(l.code)).status).toBe(302);
      clock.advance(1000);
      const page = await go(l.code);
      expect(page.status).toBe(410);
      expect(page.body).toMatch(/Sale &lt;b(&gt;|>)over&lt;\/b(&gt;|>) &amp; done/);
      expect(page.body).not.toContain('<b>');
      const s = await stats(l.id);
      expect(s.link.state).toBe('expired');
      expect(s.stats).toMatchObject({ clicks: 1, byTarget: { fallback: 1, expired: 1 } });
      expect(s.link.clickCount).toBe(1);
    });

    it('expired with behaviour redirect goes to expiredUrl', async () => {
      const l = await create({ url: 'https://example.com/x', expiresAt: clock.now().toISOString(), expiredBehavior: 'redirect', expiredUrl: 'https://example.com/too-late' });
      expect(await go(l.code)).toMatchObject({ status: 302, location: 'https://example.com/too-late' });
      expect((await stats(l.id)).stats.byTarget.expired).toBe(1);
    });

    it('limit_reached follows expiredBehavior; resetClicks brings the link back and keeps history', async () => {
      const l = await create({ url: 'https://example.com/lim', maxClicks: 2, expiredBehavior: 'redirect', expiredUrl: 'https://example.com/sold-out' });
      expect(await go(l.code)).toMatchObject({ location: 'https://example.com/lim' });
      expect(await go(l.code)).toMatchObject({ location: 'https://example.com/lim' });
      expect(await go(l.code)).toMatchObject({ location: 'https://example.com/sold-out' });
      expect((await stats(l.id)).link).toMatchObject({ state: 'limit_reached', clickCount: 2 });
      await api.patch(l.id, { expiredBehavior: 'page', expiredMessage: 'Sold out' });
      const page = await go(l.code);
      expect(page.status).toBe(410);
      expect(page.body).toContain('Sold out');
      expect((await api.patch(l.id, { resetClicks: true })).json().link).toMatchObject({ state: 'active', clickCount: 0 });
      expect(await go(l.code)).toMatchObject({ location: 'https://example.com/lim' });
      const s = await stats(l.id);
      expect(s.link.clickCount).toBe(1);
      expect(s.stats).toMatchObject({ clicks: 3, byTarget: { fallback: 3, expired: 2 } });
    });

    it('raising maxClicks or clearing it lets clicks through again at once', async () => {
      const l = await create({ url: 'https://example.com/raise', maxClicks: 1 });
      await go(l.code);
      expect((await go(l.code)).status).toBe(410);
      await api.patch(l.id, { maxClicks: 2 });
      expect((await go(l.code)).status).toBe(302);
      expect((await go(l.code)).status).toBe(410);
      await api.patch(l.id, { maxClicks: null });
      expect((await go(l.code)).status).toBe(302);
    });

    it('a deleted code is a 404 (not the ended page); the code is free for a new link', async () => {
      const l = await create({ url: 'https://example.com/del', code: 'gone-soon' });
      expect((await go('gone-soon')).status).toBe(302);
      await api.remove(l.id);
      const r = await go('gone-soon');
      expect(r.status).toBe(404);
      expect(r.location).toBeUndefined();
      await create({ url: 'https://example.com/reborn', code: 'gone-soon' });
      expect(await go('gone-soon')).toMatchObject({ status: 302, location: 'https://example.com/reborn' });
    });

    it('unknown and malformed codes are 404', async () => {
      for (const code of ['never-made', 'x', '%3Cscript%3E', 'a'.repeat(60)]) expect((await go(code)).status).toBe(404);
    });
  });

  describe('changes made by another node (straight in the database)', () => {
    it('a new destination shows within the 1 s cache TTL', async () => {
      const l = await create({ url: 'https://example.com/old' });
      expect((await go(l.code)).location).toBe('https://example.com/old');
      await t.db.db.updateTable('links').set({ url: 'https://example.com/new' }).where('id', '=', l.id).execute();
      await new Promise((r) => setTimeout(r, 1100));
      expect((await go(l.code)).location).toBe('https://example.com/new');
    });

    it('disabling stops clicks at once: the commit re-reads the status under the lock', async () => {
      const l = await create({ url: 'https://example.com/live' });
      expect((await go(l.code)).status).toBe(302);
      await t.db.db.updateTable('links').set({ status: 'disabled' }).where('id', '=', l.id).execute();
      const r = await go(l.code);
      expect(r.status).toBe(410);
      expect(r.body).toContain('disabled');
      expect((await stats(l.id)).link.clickCount).toBe(1);
    });
    it('a limit or an expiry set by another node holds from the next click; history stays numbered without a gap', async () => {
      const l = await create({ url: 'https://example.com/open' });
      expect((await go(l.code)).status).toBe(302);
      expect((await go(l.code, { ua: BOT_AGENTS[0] })).status).toBe(302);
      // Another node limits the link to one more human click (this node still holds it as open).
      await t.db.db.updateTable('links').set({ max_clicks: 2 }).where('id', '=', l.id).execute();
      const after = await Promise.all([go(l.code), go(l.code), go(l.code)]);
      expect(after.map((r) => r.status).sort()).toEqual([302, 410, 410]);
      // Clearing the limit opens it again; an expiry in the past closes it.
      await t.db.db.updateTable('links').set({ max_clicks: null }).where('id', '=', l.id).execute();
      expect((await go(l.code)).status).toBe(302);
      await t.db.db.updateTable('links').set({ expires_at: new Date(clock.now().getTime() - 1000).toISOString() }).where('id', '=', l.id).execute();
      expect((await go(l.code)).status).toBe(410);
      const s = await stats(l.id);
      expect(s.link.clickCount).toBe(3);
      expect(s.stats).toMatchObject({ clicks: 3, botClicks: 1, byTarget: { expired: 3 } });
      const seqs = await t.db.db.selectFrom('link_clicks').select('seq').where('link_id', '=', l.id).orderBy('seq').execute();
      expect(seqs.map((r) => r.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      const counted = await t.db.db.selectFrom('links').select(['click_count', 'bot_click_count', 'history_count']).where('id', '=', l.id).executeTakeFirstOrThrow();
      expect(counted).toEqual({ click_count: 3, bot_click_count: 1, history_count: 7 });
    });
  });

  describe('stats', () => {
    it('counts countries from the configured header (top 10, humans only) and never stores an IP', async () => {
      const l = await create({ url: 'https://example.com/geo' });
      const countries = ['US', 'US', 'US', 'DE', 'DE', 'FR', 'GB', 'JP', 'BR', 'IN', 'CA', 'AU', 'ES', 'IT'];
      for (const c of countries) await go(l.code, { headers: { 'cf-ipcountry': c } });
      await go(l.code, { headers: { 'cf-ipcountry': 'NL' }, ua: BOT_AGENTS[2] });
      await go(l.code, { headers: { 'cf-ipcountry': 'XX' } });
      await go(l.code);
      const s = (await stats(l.id)).stats;
      expect(s.clicks).toBe(16);
      expect(s.botClicks).toBe(1);
      expect(s.topCountries).toHaveLength(10);
      expect(s.topCountries.slice(0, 2)).toEqual([
        { country: 'US', clicks: 3 },
        { country: 'DE', clicks: 2 },
      ]);
      expect(s.topCountries.map((c: { country: string }) => c.country)).not.toContain('NL');
      const rows = await t.db.db.selectFrom('link_clicks').selectAll().where('link_id', '=', l.id).execute();
      expect(rows).toHaveLength(17);
      expect(Object.keys(rows[0]).sort()).toEqual(['country', 'created_at', 'is_bot', 'link_id', 'seq', 'target']);
      expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, i) => i));
      expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|::1|::ffff/);
    });
  });

  it('a redirect carries only the headers a bodiless 302 needs; its pages carry the full set', async () => {
    const l = await create({ url: 'https://example.com/hdr', maxClicks: 1 });
    const r = await go(l.code);
    expect(r.status).toBe(302);
    expect(r.headers).toMatchObject({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    expect(r.headers['strict-transport-security']).toContain('max-age=');
    expect(r.headers['content-security-policy']).toBeUndefined();
    const ended = await go(l.code);
    expect(ended.status).toBe(410);
    expect(ended.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(ended.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
    expect(ended.headers['x-request-id']).toBeTruthy();
    expect(ended.body).toContain('href="/assets/base.css"');
  });
});

describeEachDb('short links: dedicated host', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { SHORT_LINK_URL: 'https://go.test' } });
  });
  afterAll(() => t.close());

  it('shortUrl uses the host; /<code> redirects on that host only; /l/<code> keeps working on the web host', async () => {
    const api = linksApi(t, (await t.createApp({ name: 'Go' })).slug);
    const { link } = (await api.create({ url: 'https://example.com/go', code: 'hello' })).json();
    expect(link.shortUrl).toBe('https://go.test/hello');
    expect(await visitApp(t, '/hello', { host: 'go.test', ua: UA.desktop })).toMatchObject({ status: 302, location: 'https://example.com/go' });
    expect((await visitApp(t, '/hello', { host: 'web.test', ua: UA.desktop })).status).toBe(404);
    expect(await visitApp(t, '/l/hello', { host: 'web.test', ua: UA.desktop })).toMatchObject({ status: 302, location: 'https://example.com/go' });
    expect((await visitApp(t, '/assets/base.css', { host: 'go.test' })).status).toBe(200);
    expect((await visitApp(t, '/healthz', { host: 'go.test' })).status).toBe(200);
    expect((await api.get('hello')).json().link.clickCount).toBe(2);
  });
});

describe('redirect mounts', () => {
  it('derives paths and the host constraint from SHORT_LINK_URL', () => {
    expect(redirectMounts('https://web.example', 'https://web.example/l')).toEqual([{ prefix: '/l' }]);
    expect(redirectMounts('https://web.example', 'https://web.example/go')).toEqual([{ prefix: '/go' }]);
    expect(redirectMounts('https://web.example', 'https://go.example')).toEqual([{ prefix: '/l' }, { prefix: '', host: 'go.example' }]);
    expect(redirectMounts('https://web.example', 'http://go.example:8080/s')).toEqual([{ prefix: '/l' }, { prefix: '/s', host: 'go.example:8080' }]);
  });
});
