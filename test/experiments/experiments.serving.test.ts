import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from '../../src/server.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { everyAction } from '../flows/cancel/cancel.pages.fixtures.js';
import { putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
type Server = Awaited<ReturnType<typeof buildServer>>;

/**
 * The real public API: sessions started by the SDK call land on the person's variant (sticky on
 * two servers over one database and after a restart), and the experiment's exposures and
 * conversions equal the sessions started and the saves made.
 */
describeEachDb('experiments: serving cancel sessions', (dialect) => {
  let t: TestApp;
  let slug: string;
  let id: string;
  const extra: Server[] = [];
  const owner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/apps/${slug}${url}`, headers: payload === undefined ? { authorization: t.auth.authorization } : t.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const node = async () => {
    const s = await buildServer({ config: t.config, db: t.db, logger: false });
    await s.ready();
    extra.push(s);
    return s;
  };
  const start = async (server: Server, who: Record<string, unknown>) => {
    const r = await server.inject({ method: 'POST', url: '/api/public/sessions', headers: json, payload: JSON.stringify({ appSlug: slug, platform: 'ios', ...who }) });
    expect(r.statusCode, r.body).toBe(201);
    const b = r.json();
    const row = await t.db.db.selectFrom('flow_sessions').select('version_number').where('id', '=', b.sessionId).executeTakeFirstOrThrow();
    return { ...b, action: new URL(b.flowUrl).pathname, version: row.version_number } as { sessionId: string; token: string; action: string; version: number };
  };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await t.createApp({ name: 'Serve Exp', deepLinkScheme: 'myapp' })).slug;
    for (const title of ['Version one', 'Version two', 'Version three']) {
      expect((await owner('PUT', '/flows/cancel', everyAction({ intro: { ...everyAction().intro, title } }))).statusCode).toBeLessThan(300);
      expect((await owner('POST', '/flows/cancel/publish')).statusCode).toBe(200);
    }
    const r = await owner('POST', '/flows/cancel/experiments', { name: '50/50', variants: [{ key: 'one', versionNumber: 1, weight: 1 }, { key: 'two', versionNumber: 2, weight: 1 }] });
    expect(r.statusCode, r.body).toBe(201);
    id = r.json().experiment.id;
  });
  afterAll(async () => {
    for (const s of extra) await s.close();
    await t.close();
  });

  it('sessions start on the variants (never the current version 3), sticky per user on two nodes and after a restart; pages show the pinned version', async () => {
    const b = await node();
    const seen = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const s = await start(t.app, { userId: `user-${i}` });
      expect([1, 2]).toContain(s.version);
      seen.set(`user-${i}`, s.version);
      expect((await start(b, { userId: `user-${i}` })).version).toBe(s.version);
    }
    expect(new Set(seen.values()).size).toBe(2);
    // anonymousId when there is no userId
    const anon = await start(t.app, { anonymousId: 'anon-1' });
    expect((await start(b, { anonymousId: 'anon-1' })).version).toBe(anon.version);
    // A restart: a fresh server (no cache) assigns the same.
    await b.close();
    extra.splice(extra.indexOf(b), 1);
    const c = await node();
    for (const [user, v] of seen) expect((await start(c, { userId: user })).version).toBe(v);
    // The page serves the pinned version's config.
    const s = await start(t.app, { userId: 'user-0' });
    const page = await t.app.inject({ method: 'GET', url: `${s.action}?t=${s.token}`, headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) AppleWebKit/537.36 Chrome/120 Safari/537.36' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(s.version === 1 ? 'Version one' : 'Version two');
  });

  it('exposures and conversions equal the sessions started and the saves made, per variant', async () => {
    const before = (await owner('GET', `/flows/cancel/experiments/${id}`)).json().results as { key: string; exposures: number; conversions: number }[];
    const want = new Map(before.map((r) => [r.key, { exposures: r.exposures, conversions: r.conversions }]));
    for (let i = 0; i < 30; i++) {
      const s = await start(t.app, { userId: `count-${i}` });
      const key = s.version === 1 ? 'one' : 'two';
      want.get(key)!.exposures++;
      // Every third saves (return_to_app); others cancel; a repeat of the exit counts once.
      const b = i % 3 === 0 ? 'intro:secondary' : 'escape';
      for (let k = 0; k < 2; k++) await t.app.inject({ method: 'POST', url: s.action, headers: form, payload: new URLSearchParams({ t: s.token, b }).toString() });
      if (i % 3 === 0) want.get(key)!.conversions++;
    }
    const after = (await owner('GET', `/flows/cancel/experiments/${id}`)).json();
    for (const r of after.results) expect({ key: r.key, exposures: r.exposures, conversions: r.conversions }).toEqual({ key: r.key, ...want.get(r.key) });
    const rows = await t.db.db.selectFrom('flow_sessions').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.results.reduce((s: number, r: { exposures: number }) => s + r.exposures, 0)).toBe(Number(rows.n));
  });

  it('after a stop, sessions start on the current version again (this node at once)', async () => {
    expect((await owner('POST', `/flows/cancel/experiments/${id}/stop`)).statusCode).toBe(200);
    expect((await start(t.app, { userId: 'user-1' })).version).toBe(3);
  });
});

describeEachDb('experiments: serving onboarding sessions', (dialect) => {
  let t: TestApp;
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    await putAndPublish(t, 'sleepy', 'onboarding', goodOnboarding());
    await putAndPublish(t, 'sleepy', 'onboarding', goodOnboarding());
  });
  afterAll(() => t.close());

  it('exposed at session start, converted on completion, per variant, from the public API', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/sleepy/flows/onboarding/experiments',
      headers: t.auth,
      payload: { name: 'Funnel', variants: [{ key: 'v1', versionNumber: 1, weight: 1 }, { key: 'v2', versionNumber: 2, weight: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().experiment.id;
    const want = { v1: { exposures: 0, conversions: 0 }, v2: { exposures: 0, conversions: 0 } };
    for (let i = 0; i < 16; i++) {
      const b = (await t.app.inject({ method: 'POST', url: '/api/public/onboarding/sessions', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', platform: 'ios', anonymousId: `anon-${i}` }) })).json();
      const row = await t.db.db.selectFrom('flow_sessions').select('version_number').where('id', '=', b.sessionId).executeTakeFirstOrThrow();
      const key = row.version_number === 1 ? 'v1' : 'v2';
      want[key].exposures++;
      if (i % 2) continue;
      const done = await t.app.inject({ method: 'POST', url: '/api/public/onboarding/complete', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', sessionId: b.sessionId, token: b.token, answers: { goal: 'wake_rested' } }) });
      expect(done.statusCode, done.body).toBe(201);
      want[key].conversions++;
    }
    const res = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/sleepy/flows/onboarding/experiments/${id}`, headers: t.auth })).json();
    expect(Object.fromEntries(res.results.map((r: { key: string; exposures: number; conversions: number }) => [r.key, { exposures: r.exposures, conversions: r.conversions }]))).toEqual(want);
    expect(want.v1.exposures * want.v2.exposures).toBeGreaterThan(0);
  });
});

describeEachDb('experiments: serving the waitlist page', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Soon', slug: 'soon' });
    const tpl = (await t.app.inject({ method: 'GET', url: '/api/v1/flow-templates?type=waitlist', headers: t.auth })).json().templates[0].config;
    for (const title of ['Version one', 'Version two']) await putAndPublish(t, 'soon', 'waitlist', { ...tpl, intro: { ...tpl.intro, title } });
  });
  afterAll(() => t.close());

  it('a visitor cookie keeps each browser on its variant; exposures count distinct visitors, conversions their signups', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps/soon/flows/waitlist/experiments',
      headers: t.auth,
      payload: { name: 'Headline', variants: [{ key: 'one', versionNumber: 1, weight: 1 }, { key: 'two', versionNumber: 2, weight: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().experiment.id;
    const want = { one: { exposures: 0, conversions: 0 }, two: { exposures: 0, conversions: 0 } };
    for (let i = 0; i < 20; i++) {
      const first = await t.app.inject({ method: 'GET', url: '/waitlist/soon', remoteAddress: '203.0.113.9' });
      expect(first.statusCode).toBe(200);
      const cookie = /^(af_vid=[A-Za-z0-9]+);/.exec(String(first.headers['set-cookie']))?.[1];
      expect(cookie).toBeDefined();
      const key = first.body.includes('Version one') ? 'one' : 'two';
      expect(first.body).toContain(key === 'one' ? 'Version one' : 'Version two');
      want[key].exposures++;
      // The same browser again: the same variant, no new cookie, not counted twice.
      const again = await t.app.inject({ method: 'GET', url: '/waitlist/soon', remoteAddress: '203.0.113.9', headers: { cookie } });
      expect(again.body).toContain(key === 'one' ? 'Version one' : 'Version two');
      expect(again.headers['set-cookie']).toBeUndefined();
      if (i % 2) continue;
      const signup = await t.app.inject({ method: 'POST', url: '/api/public/waitlist', remoteAddress: '203.0.113.9', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ appSlug: 'soon', email: `p${i}@example.com` }) });
      expect(signup.statusCode, signup.body).toBeLessThan(300);
      want[key].conversions++;
    }
    const res = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/soon/flows/waitlist/experiments/${id}`, headers: t.auth })).json();
    expect(Object.fromEntries(res.results.map((r: { key: string; exposures: number; conversions: number }) => [r.key, { exposures: r.exposures, conversions: r.conversions }]))).toEqual(want);
    expect(want.one.exposures * want.two.exposures).toBeGreaterThan(0);
  });
});
