import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectMcp, toolJson, type ToolText } from '../../mcp/mcp.client.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodLinkPage } from './link-page.fixtures.js';

const HUMAN = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const IMESSAGE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0';

describeEachDb('link page', (dialect) => {
  let t: TestApp;
  const json = { 'content-type': 'application/json' };
  const put = (slug: string, config: unknown) => t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/link-page`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });
  const get = (url: string, ua = HUMAN, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers: { 'user-agent': ua, accept: 'text/html' } });
  const stats = async (slug: string, q = '') => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/link-page/stats${q}`, headers: t.auth });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t?.close());

  it('refuses configs WIRE A.2 does not allow, with the failing paths, and stores nothing', async () => {
    await t.createApp({ name: 'Strict', slug: 'strict' });
    const g = goodLinkPage();
    const cases: [unknown, string][] = [
      [{ ...g, links: [{ label: 'x', url: 'javascript:alert(1)' }] }, '/links/0/url'],
      [{ ...g, links: [{ label: 'x', url: 'JaVaScRiPt:alert(1)' }] }, '/links/0/url'],
      [{ ...g, links: [{ label: 'x', url: 'ftp://files.example/a' }] }, '/links/0/url'],
      [{ ...g, links: [{ label: 'x', url: 'sleepy://open' }] }, '/links/0/url'],
      [{ ...g, links: [{ label: 'x', url: 'https:evil.example' }] }, '/links/0/url'],
      [{ ...g, links: [{ label: 'x', url: 'https://good.example@evil.example/' }] }, '/links/0/url'],
      [{ ...g, links: [{ label: 'x', url: 'https://evil.example\\@good.example' }] }, '/links/0/url'],
      [{ ...g, iconLinks: [{ icon: 'email', label: 'Mail', url: 'mailto:' }] }, '/iconLinks/0/url'],
      [{ ...g, iconLinks: [{ icon: 'email', label: 'Mail', url: 'mailto:a b@example.com' }] }, '/iconLinks/0/url'],
      [{ ...g, iconLinks: Array.from({ length: 7 }, (_, i) => ({ icon: 'website', label: `W${i}`, url: `https://w${i}.example/` })) }, '/iconLinks'],
      [{ ...g, links: Array.from({ length: 26 }, (_, i) => ({ label: `L${i}`, url: `https://l${i}.example/` })) }, '/links'],
      [{ ...g, header: { description: 'no title' } }, '/header/title'],
      [{ ...g, links: [{ label: '', url: 'https://a.example/' }] }, '/links/0/label'],
      [{ ...g, links: [{ label: 'x', url: 'https://a.example/', extra: 1 }] }, '/links/0'],
      [{ ...g, hero: { accentColor: 'red' } }, '/hero/accentColor'],
      [{ ...g, type: 'cancel' }, '/type'],
    ];
    for (const [config, path] of cases) {
      const r = await put('strict', config);
      expect(r.statusCode, JSON.stringify(config).slice(0, 120)).toBe(422);
      expect(r.json().error).toEqual(expect.any(String));
      expect(r.json().issues.map((i: { path: string }) => i.path), r.body).toContain(path);
    }
    const env = await t.app.inject({ method: 'GET', url: '/api/v1/apps/strict/flows/link-page', headers: t.auth });
    expect(env.statusCode).toBe(404);
    // At the limits: exactly 6 and 25.
    const full = {
      ...g,
      iconLinks: Array.from({ length: 6 }, (_, i) => ({ icon: 'website', label: `W${i}`, url: `https://w${i}.example/` })),
      links: Array.from({ length: 25 }, (_, i) => ({ label: `L${i}`, url: `https://l${i}.example/` })),
    };
    expect((await put('strict', full)).statusCode).toBe(200);
  });

  it('saves with warnings, publishes with the page URL (tool names of WIRE A.1), and renders the page escaped', async () => {
    await t.createApp({ name: 'Sleepy <b>', slug: 'sleepy' });
    const config = goodLinkPage({
      iconLinks: [
        { icon: 'instagram', label: 'Instagram', url: 'https://instagram.example/sleepy' },
        { icon: 'myspace', label: 'Old <profile>', url: 'http://old.example/' },
      ],
      links: [
        { label: '<script>alert(1)</script>', url: 'https://a.example/' },
        { label: 'Same again', url: 'https://a.example/' },
      ],
    });
    const saved = await put('sleepy', config);
    expect(saved.statusCode).toBe(200);
    const codes = saved.json().warnings.map((w: { code: string; path: string }) => `${w.code} ${w.path}`);
    expect(codes).toEqual(expect.arrayContaining(['unknown_icon /iconLinks/1/icon', 'insecure_url /iconLinks/1/url', 'duplicate_url /links/1/url', 'missing_logo /']));

    expect((await get('/p/sleepy')).statusCode).toBe(404);
    const pub = await t.app.inject({ method: 'POST', url: '/api/v1/apps/sleepy/flows/link-page/publish', headers: { authorization: t.auth.authorization } });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toMatchObject({ ok: true, version: 1, pageUrl: 'http://web.test/p/sleepy' });
    const env = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/flows/link-page', headers: t.auth })).json();
    expect(env).toMatchObject({ flow: { type: 'link_page', status: 'published' }, published: { versionNumber: 1 }, pageUrl: 'http://web.test/p/sleepy' });
    expect(env.published.config.links[0].label).toBe('<script>alert(1)</script>');

    const page = await get('/p/sleepy');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('&lt;script>alert(1)&lt;/script>');
    expect(page.body).toContain('Sleepy &lt;b>');
    expect(page.body).toContain('Old &lt;profile>');
    expect(page.body).toContain('href="/p/sleepy/go/1/i0"');
    expect(page.body).toContain('href="/p/sleepy/go/1/l1"');
    // Icons are inline SVG: the page names no other site but its links' (which go through /go).
    expect(page.body).toContain('<svg');
    expect(page.body).not.toMatch(/(src|href)="https?:/);
  });

  it('counts a human click and sends it on; bots (preview agents, crawlers, HEAD) are counted apart and redirected too', async () => {
    await t.createApp({ name: 'Clicky', slug: 'clicky', logoUrl: 'https://cdn.example/logo.png' });
    await putAndPublish(t, 'clicky', 'link-page', goodLinkPage());
    const human = await get('/p/clicky/go/1/l1');
    expect(human.statusCode).toBe(302);
    expect(human.headers.location).toBe('https://sleepy.example/guide');
    expect(human.headers['cache-control']).toBe('no-store');
    expect(human.headers['referrer-policy']).toBe('no-referrer');
    const mail = await get('/p/clicky/go/1/i2');
    expect(mail.headers.location).toBe('mailto:hello@sleepy.example');
    for (const ua of [SLACK, IMESSAGE, 'Googlebot/2.1 (+http://www.google.com/bot.html)']) {
      const r = await get('/p/clicky/go/1/l1', ua);
      expect(r.statusCode).toBe(302);
      expect(r.headers.location).toBe('https://sleepy.example/guide');
    }
    expect((await get('/p/clicky/go/1/l1', HUMAN, 'HEAD')).statusCode).toBe(302);

    const s = await stats('clicky');
    expect(s.version).toBe(1);
    expect(s.totals).toEqual({ humans: 2, bots: 4 });
    expect(s.links.map((l: { kind: string; index: number }) => `${l.kind}${l.index}`)).toEqual(['icon0', 'icon1', 'icon2', 'link0', 'link1', 'link2', 'link3']);
    const guide = s.links.find((l: { url: string }) => l.url === 'https://sleepy.example/guide');
    expect(guide).toEqual({ kind: 'link', index: 1, label: 'Read the sleep guide', url: 'https://sleepy.example/guide', onPage: true, humans: 1, bots: 4, byDay: [{ day: today(), humans: 1, bots: 4 }] });
    expect(s.links.find((l: { kind: string; index: number }) => l.kind === 'icon' && l.index === 2)).toMatchObject({ humans: 1, bots: 0 });
    expect(s.links[0]).toMatchObject({ humans: 0, bots: 0, byDay: [] });
  });

  it('redirects a non-ASCII URL in its WHATWG form (always a valid Location header)', async () => {
    await t.createApp({ name: 'Unicode', slug: 'unicode' });
    await putAndPublish(t, 'unicode', 'link-page', goodLinkPage({ links: [{ label: 'Japan', url: 'https://例え.jp/パス?q=é' }] }));
    const r = await get('/p/unicode/go/1/l0');
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%C3%A9');
    // Stored in that form too (#35: iOS 16 opens only ASCII URLs).
    expect((await stats('unicode')).links.find((l: { kind: string }) => l.kind === 'link')).toMatchObject({ url: 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%C3%A9', humans: 1 });
  });

  it('links name their published version: an edit never sends an old copy’s click elsewhere', async () => {
    await t.createApp({ name: 'Versions', slug: 'versions' });
    await putAndPublish(t, 'versions', 'link-page', goodLinkPage());
    const v1 = goodLinkPage();
    // v2: the guide moves from links[1] to links[0]; the App Store link is replaced by a new URL.
    await putAndPublish(t, 'versions', 'link-page', {
      ...v1,
      links: [
        { label: 'The guide, now first', url: 'https://sleepy.example/guide' },
        { label: 'New shop', url: 'https://shop.sleepy.example/' },
      ],
    });
    // An old page's link to the guide still goes to the guide (which the page still shows) and counts.
    expect((await get('/p/versions/go/1/l1')).headers.location).toBe('https://sleepy.example/guide');
    // v1's links[0] (App Store) is no longer on the page: it is not served; the visitor gets the current page, uncounted.
    const removed = await get('/p/versions/go/1/l0');
    expect(removed.statusCode).toBe(302);
    expect(removed.headers.location).toBe('/p/versions');
    // The same slot of v2 is the new link.
    expect((await get('/p/versions/go/2/l0')).headers.location).toBe('https://sleepy.example/guide');
    expect((await get('/p/versions/go/2/l1')).headers.location).toBe('https://shop.sleepy.example/');
    const page = await get('/p/versions');
    expect(page.body).toContain('href="/p/versions/go/2/l0"');

    const s = await stats('versions');
    expect(s.version).toBe(2);
    const guide = s.links.find((l: { url: string }) => l.url === 'https://sleepy.example/guide');
    expect(guide).toMatchObject({ index: 0, label: 'The guide, now first', onPage: true, humans: 2 });
    expect(s.links.find((l: { url: string }) => l.url === 'https://apps.apple.com/app/id1444383602')).toBeUndefined();
    expect(s.totals).toEqual({ humans: 3, bots: 0 });

    // v3 moves the YouTube icon link into the links: v1's icon slot still goes there, counted as the link it is now.
    await putAndPublish(t, 'versions', 'link-page', { ...v1, iconLinks: v1.iconLinks.slice(0, 1), links: [{ label: 'Watch us', url: 'https://youtube.example/@sleepy' }, { label: 'The guide, now first', url: 'https://sleepy.example/guide' }] });
    expect((await get('/p/versions/go/1/i1')).headers.location).toBe('https://youtube.example/@sleepy');
    const moved = (await stats('versions')).links.filter((l: { url: string }) => l.url === 'https://youtube.example/@sleepy');
    expect(moved).toEqual([expect.objectContaining({ kind: 'link', index: 0, label: 'Watch us', onPage: true, humans: 1 })]);

    // v4 drops the guide: its clicks stay in the stats as a former link, with its latest label.
    await putAndPublish(t, 'versions', 'link-page', { ...v1, links: [{ label: 'New shop', url: 'https://shop.sleepy.example/' }] });
    const s3 = await stats('versions');
    expect(s3.links.find((l: { url: string }) => l.url === 'https://sleepy.example/guide')).toMatchObject({ kind: 'link', index: null, onPage: false, label: 'The guide, now first', humans: 2 });
    expect(s3.links.filter((l: { onPage: boolean }) => !l.onPage).map((l: { url: string }) => l.url)).toEqual(['https://sleepy.example/guide', 'https://youtube.example/@sleepy']);
  });

  it('answers 404 pages for what does not exist, JSON for a bad stats query', async () => {
    await t.createApp({ name: 'Lost', slug: 'lost' });
    await putAndPublish(t, 'lost', 'link-page', goodLinkPage());
    // WIRE B.1 #22: the shake menu may add a flow slug; a single-instance type takes any label as
    // its one flow (WIRE F.10), as the form pages do.
    for (const label of ['link-page', 'menu']) expect((await get(`/p/lost/${label}`)).body, label).toBe((await get('/p/lost')).body);
    for (const url of ['/p/nobody', '/p/nobody/link-page', '/p/nobody/go/1/l0', '/p/lost/go/9/l0', '/p/lost/go/0/l0', '/p/lost/go/1/l9', '/p/lost/go/1/x0', '/p/lost/go/1/i6', '/p/lost/go/01/l0', '/p/lost/go/abc/l0']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).toMatch(/^text\/html/);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/apps/lost/link-page/stats?days=0', headers: t.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('/days');
    const s = await stats('lost');
    expect(s.totals).toEqual({ humans: 0, bots: 0 });
    // Never published: the stats answer with no links.
    await t.createApp({ name: 'Empty', slug: 'empty' });
    expect(await stats('empty')).toMatchObject({ version: null, links: [], totals: { humans: 0, bots: 0 } });
  });

  it('never answers 5xx to hostile path segments, and counts nothing for them', async () => {
    await t.createApp({ name: 'Hostile', slug: 'hostile' });
    await putAndPublish(t, 'hostile', 'link-page', goodLinkPage());
    const segments = ['%00', 'a%00b', '%ED%A0%80', '%', '%zz', 'x'.repeat(600), '..', '%2F', encodeURIComponent('😀'), '%20', '-1', '1e308', "'%20OR%201=1", 'null', '9'.repeat(12), 'l-1', 'i1e1'];
    for (const s of segments) {
      for (const url of [`/p/${s}`, `/p/hostile/${s}`, `/p/${s}/go/1/l0`, `/p/hostile/go/${s}/l0`, `/p/hostile/go/1/${s}`]) {
        const r = await get(url);
        expect(r.statusCode, url).toBeLessThan(500);
        expect(r.statusCode, url).not.toBe(302);
      }
    }
    expect((await stats('hostile')).totals).toEqual({ humans: 0, bots: 0 });
  });

  it('counts every one of many concurrent clicks exactly (group commit), by day', async () => {
    await t.createApp({ name: 'Busy', slug: 'busy' });
    await putAndPublish(t, 'busy', 'link-page', goodLinkPage());
    const n = 300;
    const rs = await Promise.all(Array.from({ length: n }, (_, i) => get(`/p/busy/go/1/${i % 3 === 0 ? 'i0' : 'l0'}`, i % 5 === 0 ? SLACK : HUMAN)));
    expect(rs.every((r) => r.statusCode === 302)).toBe(true);
    const s = await stats('busy', '?days=1');
    expect(s.days).toBe(1);
    expect(s.since).toBe(today());
    const expected = { i0: { humans: 0, bots: 0 }, l0: { humans: 0, bots: 0 } };
    for (let i = 0; i < n; i++) expected[i % 3 === 0 ? 'i0' : 'l0'][i % 5 === 0 ? 'bots' : 'humans']++;
    expect(s.links[0]).toMatchObject({ kind: 'icon', index: 0, ...expected.i0, byDay: [{ day: today(), ...expected.i0 }] });
    expect(s.links[3]).toMatchObject({ kind: 'link', index: 0, ...expected.l0 });
    expect(s.totals).toEqual({ humans: expected.i0.humans + expected.l0.humans, bots: expected.i0.bots + expected.l0.bots });
  });

  it('keeps one account’s stats from another', async () => {
    await t.createApp({ name: 'Mine', slug: 'mine' });
    const other = await t.otherAccount();
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/apps/mine/link-page/stats', headers: other.auth });
    expect(r.statusCode).toBe(404);
    const p = await t.app.inject({ method: 'PUT', url: '/api/v1/apps/mine/flows/link-page', headers: { ...other.auth, ...json }, payload: JSON.stringify(goodLinkPage()) });
    expect(p.statusCode).toBe(404);
  });
});

describeEachDb('link page over MCP (WIRE A.1 tool names)', (dialect) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await testApp(dialect);
    client = await connectMcp(t);
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as ToolText;
    return { error: r.isError === true, body: toolJson(r) };
  };

  it('an agent updates, publishes, reads the page config and its stats', async () => {
    await t.createApp({ name: 'Agent Page', slug: 'agent-page' });
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['get_link_page_flow', 'update_link_page_draft', 'publish_link_page_flow', 'get_link_page_stats']));
    const bad = await call('update_link_page_draft', { appIdOrSlug: 'agent-page', config: { ...goodLinkPage(), links: [{ label: 'x', url: 'data:text/html,hi' }] } });
    expect(bad.error).toBe(true);
    expect(bad.body.status).toBe(422);
    const saved = await call('update_link_page_draft', { appIdOrSlug: 'agent-page', config: goodLinkPage() });
    expect(saved.body).toMatchObject({ ok: true });
    expect((await call('publish_link_page_flow', { appIdOrSlug: 'agent-page' })).body).toMatchObject({ ok: true, version: 1, pageUrl: 'http://web.test/p/agent-page' });
    expect((await call('get_link_page_flow', { appIdOrSlug: 'agent-page' })).body.published.config.header.title).toBe('Sleep better tonight');
    await t.app.inject({ method: 'GET', url: '/p/agent-page/go/1/l0', headers: { 'user-agent': HUMAN } });
    const s = (await call('get_link_page_stats', { appIdOrSlug: 'agent-page', days: 7 })).body;
    expect(s).toMatchObject({ version: 1, days: 7, totals: { humans: 1, bots: 0 } });
  });
});
