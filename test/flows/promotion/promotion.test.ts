import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTokenSigner } from '../../../src/flows/promotion/promotion.token.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { json, overHttp, ownerWithApps, post, publish, put, putAndPublish } from './promotion.fixtures.js';

const T0 = Date.parse('2026-11-25T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDb('app promotion', (dialect) => {
  let t: TestApp;
  let now = T0;
  let apps: Awaited<ReturnType<typeof ownerWithApps>>;
  const inject = (opts: InjectOptions) => overHttp(t)(opts);
  const resolve = (body: Record<string, unknown>, headers?: Record<string, string>) => post(inject, 'resolve', { appSlug: 'sleepy', ...body }, headers);
  const event = (trackingToken: string, ev: string, headers?: Record<string, string>) => post(inject, 'event', { trackingToken, event: ev }, headers);
  const pending = (body: Record<string, unknown>, headers?: Record<string, string>) => post(inject, 'pending', body, headers);
  const count = async (table: string) => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.db.db)).rows[0].n);
  const base = () => ({
    type: 'app_promotion',
    placement: 'after_onboarding',
    destinations: [{ destinationAppId: apps.dest.focus.id }, { destinationAppId: apps.dest.habit.id }, { destinationAppId: apps.dest.calm.id }],
    frequency: { maxImpressionsPerWindow: 0 },
  });

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000000', TRUST_PROXY: 'true' }, clock: { now: () => new Date(now) } });
    apps = await ownerWithApps(t);
  });
  afterAll(() => t.close());

  it('serves a decision with the documented shape, and none for an unknown placement', async () => {
    await putAndPublish(t, 'sleepy', { ...base(), destinations: [{ destinationAppId: apps.dest.focus.id, content: { title: 'Focus better', ctaLabel: 'Get it' }, localizations: { de: { title: 'Besser fokussieren' } }, installedAction: { type: 'named_destination', name: 'today' } }] });
    const r = await resolve({ placement: 'after_onboarding', userId: 'u1', language: 'de-AT' });
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d).toMatchObject({
      decision: 'show',
      placement: 'after_onboarding',
      presentation: 'apple_native',
      destination: {
        appId: apps.dest.focus.id,
        name: 'Focus',
        iconUrl: 'https://focus.example/icon.png',
        storeUrl: 'https://apps.apple.com/app/focus/id1',
        route: 'https://focus.example/open/today',
        installedAction: { type: 'named_destination', url: 'https://focus.example/open/today' },
        notInstalledAction: { type: 'sk_overlay', url: 'https://apps.apple.com/app/focus/id1' },
        content: { locale: 'de', title: 'Besser fokussieren', ctaLabel: 'Get it' },
      },
      card: null,
    });
    expect(d.trackingToken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await resolve({ placement: 'nowhere' })).json()).toEqual({ decision: 'none', reason: 'unknown_placement' });
    expect((await post(inject, 'resolve', { appSlug: 'no-such-app', placement: 'x' })).statusCode).toBe(404);
    expect((await resolve({})).statusCode).toBe(422);
  });

  /** A published placement of its own (flowSlug = placement with dashes). */
  async function placement(name: string, extra: Record<string, unknown> = {}) {
    await putAndPublish(t, 'sleepy', { ...base(), placement: name, ...extra }, name.replace(/_/g, '-'));
    return name;
  }
  const show = async (body: Record<string, unknown>) => {
    const r = await resolve(body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  it('flowSlug addresses a placement by its own name (SPEC), underscores included; other flow types keep URL-safe slugs', async () => {
    await putAndPublish(t, 'sleepy', { ...base(), placement: 'after_paywall' }, 'after_paywall');
    const got = await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/flows/app-promotion?flowSlug=after_paywall', headers: t.auth });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ flow: { slug: 'after_paywall' }, published: { config: { placement: 'after_paywall' } } });
    expect((await show({ placement: 'after_paywall', userId: 'pw-1' })).decision).toBe('show');
    for (const bad of ['After_Paywall', '_x', 'a.b', 'x'.repeat(81)]) {
      const r = await put(t, 'sleepy', { ...base(), placement: 'p' }, encodeURIComponent(bad));
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().issues[0].path, bad).toBe('/flowSlug');
    }
    const cancel = await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/flows/cancel?flowSlug=after_paywall', headers: t.auth });
    expect(cancel.statusCode).toBe(400);
  });

  it('validates the config: destinations of the same account, not the source app, with paths (422, nothing saved)', async () => {
    const other = await t.otherAccount();
    const foreign = await t.createApp({ name: 'Foreign', slug: 'foreign', promotion: { storeUrl: 'https://apps.apple.com/app/x/id9' } }, other.auth);
    const cases: [unknown, string][] = [
      [{ ...base(), destinations: [{ destinationAppId: foreign.id }] }, '/destinations/0/destinationAppId'],
      [{ ...base(), destinations: [{ destinationAppId: apps.dest.focus.id }, { destinationAppId: apps.source.id }] }, '/destinations/1/destinationAppId'],
      [{ ...base(), destinations: [{ destinationAppId: 'nope' }] }, '/destinations/0/destinationAppId'],
      [{ ...base(), destinations: [{ destinationAppId: apps.dest.focus.id }, { destinationAppId: apps.dest.focus.id }] }, '/destinations/1/destinationAppId'],
      [{ ...base(), destinations: [{ destinationAppId: apps.dest.focus.id, installedAction: { type: 'custom_scheme', url: 'other://x' } }] }, '/destinations/0/installedAction/url'],
      [{ ...base(), destinations: [{ destinationAppId: apps.dest.focus.id, installedAction: { type: 'custom_scheme', url: 'javascript:alert(1)' } }] }, '/destinations/0/installedAction/url'],
      [{ ...base(), destinations: [{ destinationAppId: apps.dest.focus.id, startAt: '2026-12-02T00:00:00Z', endAt: '2026-12-01T00:00:00Z' }] }, '/destinations/0/endAt'],
      [{ ...base(), destinations: [{ destinationAppId: apps.dest.focus.id, countries: ['us'] }] }, '/destinations/0/countries/0'],
      [{ ...base(), mode: 'sometimes' }, '/mode'],
      [{ ...base(), destinations: [] }, '/destinations'],
      [{ ...base(), placement: 'has space' }, '/placement'],
    ];
    for (const [config, path] of cases) {
      const r = await put(t, 'sleepy', config, 'validation');
      expect(r.statusCode, JSON.stringify(config)).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path), r.body).toContain(path);
    }
    expect((await inject({ method: 'GET', url: '/api/v1/apps/sleepy/flows/app-promotion?flowSlug=validation', headers: t.auth })).statusCode).toBe(404);
    // Another account cannot configure promotions of this account's apps at all.
    expect((await inject({ method: 'PUT', url: '/api/v1/apps/sleepy/flows/app-promotion', headers: { ...other.auth, ...json }, payload: JSON.stringify(base()) })).statusCode).toBe(404);
  });

  it('warns about destinations without store data, all disabled, and weights summing to zero', async () => {
    const w = (await put(t, 'sleepy', { ...base(), placement: 'warned', destinations: [{ destinationAppId: apps.bare.id }, { destinationAppId: apps.dest.focus.id, enabled: false }] }, 'warned')).json().warnings;
    expect(w.map((x: { code: string }) => x.code)).toEqual(['destination_without_store_data']);
    expect(w[0].path).toBe('/destinations/0/destinationAppId');
    const off = (await put(t, 'sleepy', { ...base(), placement: 'warned', destinations: [{ destinationAppId: apps.dest.focus.id, enabled: false }] }, 'warned')).json().warnings;
    expect(off.map((x: { code: string }) => x.code)).toContain('all_destinations_disabled');
    const zero = (await put(t, 'sleepy', { ...base(), placement: 'warned', mode: 'rotating', rotationStrategy: 'weighted', destinations: [{ destinationAppId: apps.dest.focus.id, weight: 0 }, { destinationAppId: apps.dest.habit.id, weight: 0 }] }, 'warned')).json().warnings;
    expect(zero.map((x: { code: string }) => x.code)).toContain('weights_sum_to_zero');
    await put(t, 'sleepy', { ...base(), placement: 'warned', frequency: undefined }, 'warned');
    const env = (await inject({ method: 'GET', url: '/api/v1/apps/sleepy/flows/app-promotion?flowSlug=warned', headers: t.auth })).json();
    expect(env.flow.slug).toBe('warned');
    expect(env.draft.config.frequency).toEqual({ windowDays: 14, maxImpressionsPerWindow: 4, hideInstalled: true });
  });

  it('applies every eligibility rule', async () => {
    const f = apps.dest.focus.id;
    const h = apps.dest.habit.id;
    const one = (extra: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({ destinations: [{ destinationAppId: f, ...extra }, { destinationAppId: h, priority: -0 }], ...rest });
    const pick = async (p: string, body: Record<string, unknown> = {}) => {
      const d = await show({ placement: p, ...body });
      return d.decision === 'show' ? d.destination.appId : d.reason;
    };
    // enabled
    await placement('el_enabled', one({ enabled: false }));
    expect(await pick('el_enabled')).toBe(h);
    // time window (fake clock)
    await placement('el_window', one({ startAt: new Date(T0 + HOUR).toISOString(), endAt: new Date(T0 + 2 * HOUR).toISOString(), priority: 5 }));
    expect(await pick('el_window')).toBe(h);
    now = T0 + HOUR;
    expect(await pick('el_window')).toBe(f);
    now = T0 + 2 * HOUR;
    expect(await pick('el_window')).toBe(h);
    now = T0;
    // countries (request field, else the client's country) and languages
    await placement('el_geo', one({ countries: ['DE', 'AT'], languages: ['de'], priority: 5 }));
    expect(await pick('el_geo', { country: 'de', language: 'de-DE' })).toBe(f);
    expect(await pick('el_geo', { country: 'US', language: 'de' })).toBe(h);
    expect(await pick('el_geo', { country: 'DE', language: 'en' })).toBe(h);
    expect(await pick('el_geo', { language: 'de' })).toBe(h);
    // placement targeting
    await placement('el_target', { targeting: { platforms: ['ios'], minAppVersion: '2.4', countries: ['US'] } });
    expect(await pick('el_target', { platform: 'ios', appVersion: '2.10.1', country: 'US' })).toBe(f);
    expect(await pick('el_target', { platform: 'android', appVersion: '2.10.1', country: 'US' })).toBe('targeting');
    expect(await pick('el_target', { platform: 'ios', appVersion: '2.3.9', country: 'US' })).toBe('targeting');
    expect(await pick('el_target', { platform: 'ios', country: 'US' })).toBe('targeting');
    // installed hints (bundle ids, schemes, app ids) and installed events; hideInstalled false serves installed ones
    await placement('el_installed', one({ priority: 5 }));
    expect(await pick('el_installed', { userId: 'inst', installed: ['focus'] })).toBe(h);
    const d = await show({ placement: 'el_installed', userId: 'inst2' });
    expect(d.destination.appId).toBe(f);
    expect((await event(d.trackingToken, 'installed')).statusCode).toBe(200);
    expect(await pick('el_installed', { userId: 'inst2' })).toBe(h);
    expect(await pick('el_installed', { userId: 'other-user' })).toBe(f);
    await placement('el_installed_shown', one({ priority: 5 }, { frequency: { maxImpressionsPerWindow: 0, hideInstalled: false } }));
    const inst = await show({ placement: 'el_installed_shown', installed: [apps.dest.focus.id] });
    expect(inst.destination).toMatchObject({ appId: f, installed: true, route: 'https://focus.example/open' });
    // no store data: skipped unless installed
    await placement('el_store', { destinations: [{ destinationAppId: apps.bare.id, priority: 5 }, { destinationAppId: h }] });
    expect(await pick('el_store')).toBe(h);
    // cooldownDays: after the user's impression, not again for that many days
    await placement('el_cooldown', one({ cooldownDays: 2, priority: 5 }));
    const c = await show({ placement: 'el_cooldown', anonymousId: 'cool' });
    expect(c.destination.appId).toBe(f);
    await event(c.trackingToken, 'impression');
    expect(await pick('el_cooldown', { anonymousId: 'cool' })).toBe(h);
    expect(await pick('el_cooldown', { anonymousId: 'warm' })).toBe(f);
    now = T0 + 2 * DAY + 1;
    expect(await pick('el_cooldown', { anonymousId: 'cool' })).toBe(f);
    now = T0;
    // frequency: at most N impressions per user in the window (default 14 days / 4)
    await placement('el_freq', { frequency: { windowDays: 14, maxImpressionsPerWindow: 2 } });
    for (let i = 0; i < 2; i++) await event((await show({ placement: 'el_freq', userId: 'freq' })).trackingToken, 'impression');
    expect(await pick('el_freq', { userId: 'freq' })).toBe('frequency_cap');
    expect(await pick('el_freq', { userId: 'freq', anonymousId: 'x' })).toBe('frequency_cap');
    expect(await pick('el_freq', { userId: 'someone-else' })).toBe(f);
    now = T0 + 14 * DAY + 1;
    expect(await pick('el_freq', { userId: 'freq' })).toBe(f);
    now = T0;
    // maxImpressions: a capped destination is no longer served
    await placement('el_cap', one({ maxImpressions: 1, priority: 5 }));
    const capped = await show({ placement: 'el_cap' });
    expect((await event(capped.trackingToken, 'impression')).json()).toMatchObject({ counted: true, duplicate: false });
    expect(await pick('el_cap')).toBe(h);
    // nothing eligible
    await placement('el_none', { destinations: [{ destinationAppId: f, enabled: false }] });
    expect(await pick('el_none')).toBe('no_eligible_destination');
  });

  it('single mode shows the highest-priority eligible destination every time', async () => {
    await placement('single_prio', { destinations: [{ destinationAppId: apps.dest.focus.id, priority: 1 }, { destinationAppId: apps.dest.habit.id, priority: 9 }, { destinationAppId: apps.dest.calm.id, priority: 9 }] });
    for (let i = 0; i < 5; i++) expect((await show({ placement: 'single_prio', userId: `s${i}` })).destination.appId).toBe(apps.dest.habit.id);
  });

  it('refuses forged, tampered and expired tokens (changing nothing) and records a replay once', async () => {
    await placement('tokens');
    const d = await show({ placement: 'tokens', userId: 'tok' });
    const before = await count('promotion_events');
    const [body, mac] = d.trackingToken.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, d: apps.dest.calm.id })).toString('base64url')}.${mac}`;
    const foreign = createTokenSigner('another-secret-another-secret-another-00').sign({ a: claims.a, f: claims.f, v: claims.v, p: claims.p, d: claims.d }, new Date(now)).token;
    for (const bad of [tampered, foreign, `${body}.`, 'garbage', `${body}.${mac}x`, `${body}.${mac}.${mac}`]) {
      const r = await event(bad, 'impression');
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error).toMatch(/token/i);
    }
    expect((await event(d.trackingToken, 'clicked')).statusCode).toBe(422);
    expect(await count('promotion_events')).toBe(before);
    const first = await event(d.trackingToken, 'tapped');
    expect(first.json()).toEqual({ ok: true, event: 'tapped', duplicate: false, counted: false });
    const again = await event(d.trackingToken, 'tapped');
    expect(again.json()).toEqual({ ok: true, event: 'tapped', duplicate: true, counted: false });
    expect(await count('promotion_events')).toBe(before + 1);
    // The authentic token is now remembered (promotion.token.ts): its forgeries still fail.
    for (const bad of [tampered, `${body}.${mac}x`, `${body}x.${mac}`]) expect((await event(bad, 'dismissed')).statusCode, bad).toBe(400);
    expect(await count('promotion_events')).toBe(before + 1);
    now = T0 + 30 * DAY + 1000;
    const expired = await event(d.trackingToken, 'dismissed');
    expect(expired.statusCode).toBe(404);
    expect(await count('promotion_events')).toBe(before + 1);
    now = T0;
  });

  it('pending: the deferred route of a recent tap, one time, within the 72-hour window (fake clock)', async () => {
    await placement('deferred', { destinations: [{ destinationAppId: apps.dest.habit.id, deferredAction: { type: 'named_destination', name: 'today' } }] });
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    const tap = async (anonymousId: string, at: number, headers = ip) => {
      now = at;
      const d = await show({ placement: 'deferred', anonymousId });
      expect((await event(d.trackingToken, 'tapped', headers)).statusCode).toBe(200);
      return d.trackingToken as string;
    };
    const token = await tap('dev-1', T0);
    // nothing for another app of the account, or for the source app
    now = T0 + HOUR;
    expect((await pending({ appSlug: 'focus', anonymousId: 'dev-1' }, ip)).json()).toEqual({ pending: null });
    // just inside the window, by anonymousId
    now = T0 + 72 * HOUR - 1000;
    const p = (await pending({ appSlug: 'habit', anonymousId: 'dev-1' }, { 'x-forwarded-for': '198.51.100.1' })).json();
    expect(p.pending).toMatchObject({ route: 'https://habit.example/open/today', sourceAppId: apps.source.id, placement: 'deferred', matchedBy: 'anonymous_id', trackingToken: token });
    // one time
    expect((await pending({ appSlug: 'habit', anonymousId: 'dev-1' }, ip)).json()).toEqual({ pending: null });
    // the destination reports installed with the tap's token
    expect((await event(p.pending.trackingToken, 'installed')).json()).toMatchObject({ duplicate: false });
    // past the window: nothing
    await tap('dev-2', T0);
    now = T0 + 72 * HOUR + 1000;
    expect((await pending({ appSlug: 'habit', anonymousId: 'dev-2' }, ip)).json()).toEqual({ pending: null });
    // best effort by network when no id matches; concurrent claims get it once
    await tap('dev-3', T0 + 100 * HOUR, { 'x-forwarded-for': '192.0.2.44' });
    const racing = await Promise.all(Array.from({ length: 8 }, () => pending({ appSlug: 'habit', anonymousId: 'fresh-install' }, { 'x-forwarded-for': '192.0.2.44' })));
    const got = racing.map((r) => r.json().pending).filter(Boolean);
    expect(got).toHaveLength(1);
    expect(got[0].matchedBy).toBe('network');
    now = T0;
  });

  it('pending: the window is configurable per destination; defaultDeferredAction applies; no deferred action leaves nothing pending', async () => {
    await placement('deferred_short', {
      destinations: [
        { destinationAppId: apps.dest.calm.id, deferredAction: { type: 'custom_scheme', url: 'calm://breathe', windowHours: 1 } },
        { destinationAppId: apps.dest.focus.id, enabled: false },
      ],
    });
    const ip = { 'x-forwarded-for': '198.51.100.77' };
    const tapAt = async (p: string, anonymousId: string, at: number) => {
      now = at;
      const d = await show({ placement: p, anonymousId });
      await event(d.trackingToken, 'tapped', ip);
    };
    await tapAt('deferred_short', 'w1', T0);
    now = T0 + HOUR + 1000;
    expect((await pending({ appSlug: 'calm', anonymousId: 'w1' }, ip)).json()).toEqual({ pending: null });
    await tapAt('deferred_short', 'w2', T0 + 2 * HOUR);
    now = T0 + 3 * HOUR - 1000;
    expect((await pending({ appSlug: 'calm', anonymousId: 'w2' }, ip)).json().pending).toMatchObject({ route: 'calm://breathe', matchedBy: 'anonymous_id' });
    await placement('deferred_default', { destinations: [{ destinationAppId: apps.dest.calm.id }], defaultDeferredAction: { type: 'open_home' } });
    await tapAt('deferred_default', 'w3', T0 + 4 * HOUR);
    expect((await pending({ appSlug: 'calm', anonymousId: 'w3' }, ip)).json().pending.route).toBe('https://calm.example/open');
    await placement('deferred_none', { destinations: [{ destinationAppId: apps.dest.calm.id }] });
    await tapAt('deferred_none', 'w4', T0 + 5 * HOUR);
    expect((await pending({ appSlug: 'calm', anonymousId: 'w4' }, ip)).json()).toEqual({ pending: null });
    now = T0;
  });

  it('pending never returns another account’s data; stats and CSV are scoped to the account', async () => {
    const other = await t.otherAccount();
    const theirs = await t.createApp({ name: 'Theirs', slug: 'theirs', promotion: { storeUrl: 'https://apps.apple.com/app/t/id3' } }, other.auth);
    await t.createApp({ name: 'Their source', slug: 'their-source' }, other.auth);
    const r = await inject({ method: 'PUT', url: '/api/v1/apps/their-source/flows/app-promotion', headers: { ...other.auth, ...json }, payload: JSON.stringify({ type: 'app_promotion', placement: 'home', destinations: [{ destinationAppId: theirs.id, deferredAction: { type: 'universal_link', url: 'https://their.example/secret' } }] }) });
    expect(r.statusCode, r.body).toBe(200);
    expect((await inject({ method: 'POST', url: '/api/v1/apps/their-source/flows/app-promotion/publish', headers: other.auth })).statusCode).toBe(200);
    const ip = { 'x-forwarded-for': '203.0.113.99' };
    const d = (await post(inject, 'resolve', { appSlug: 'their-source', placement: 'home', anonymousId: 'shared' })).json();
    await event(d.trackingToken, 'tapped', ip);
    // our apps see nothing of it, whatever ids and network they send
    for (const slug of ['focus', 'habit', 'calm', 'sleepy']) expect((await pending({ appSlug: slug, anonymousId: 'shared' }, ip)).json()).toEqual({ pending: null });
    expect((await inject({ method: 'GET', url: '/api/v1/apps/their-source/promotions/stats', headers: t.auth })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: '/api/v1/apps/their-source/promotions/events.csv', headers: t.auth })).statusCode).toBe(404);
    const csv = (await inject({ method: 'GET', url: '/api/v1/apps/sleepy/promotions/events.csv', headers: t.auth })).body;
    expect(csv).not.toContain('their.example');
    // theirs still works for them
    expect((await pending({ appSlug: 'theirs', anonymousId: 'shared' }, ip)).json().pending.route).toBe('https://their.example/secret');
  });

  it('owner stats per placement, destination and day, and a CSV of events', async () => {
    await placement('stats_place', { mode: 'rotating', rotationStrategy: 'even', destinations: [{ destinationAppId: apps.dest.focus.id }, { destinationAppId: apps.dest.habit.id }] });
    const tokens: { id: string; token: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const d = await show({ placement: 'stats_place', userId: `st${i}` });
      tokens.push({ id: d.destination.appId, token: d.trackingToken });
    }
    now = T0 + DAY;
    for (const x of tokens) await event(x.token, 'impression');
    await event(tokens[0].token, 'tapped');
    await event(tokens[0].token, 'installed');
    const r = await inject({ method: 'GET', url: `/api/v1/apps/sleepy/promotions/stats?placement=stats_place&from=2026-11-01&to=2026-11-30`, headers: t.auth });
    expect(r.statusCode, r.body).toBe(200);
    const s = r.json();
    expect(s.placements).toHaveLength(1);
    const p = s.placements[0];
    expect(p).toMatchObject({ placement: 'stats_place', flowSlug: 'stats-place', totals: { decisions: 4, impressions: 4, taps: 1, installs: 1, ctr: 0.25, installRate: 1 } });
    const first = p.destinations.find((x: { appId: string }) => x.appId === tokens[0].id);
    expect(first.totals).toMatchObject({ decisions: 2, impressions: 2, taps: 1, ctr: 0.5 });
    expect(first.name).toBeTruthy();
    expect(first.days.map((x: { day: string }) => x.day)).toEqual(['2026-11-25', '2026-11-26']);
    expect(first.days[0]).toMatchObject({ decisions: 2, impressions: 0 });
    expect(first.days[1]).toMatchObject({ decisions: 0, impressions: 2, taps: 1 });
    expect((await inject({ method: 'GET', url: '/api/v1/apps/sleepy/promotions/stats?from=2026-12-01&to=2026-11-01', headers: t.auth })).statusCode).toBe(422);
    expect((await inject({ method: 'GET', url: '/api/v1/apps/sleepy/promotions/stats?from=yesterday', headers: t.auth })).statusCode).toBe(400);
    const csv = await inject({ method: 'GET', url: '/api/v1/apps/sleepy/promotions/events.csv', headers: t.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('id,createdAt,placement,destinationAppId,event,counted,userId,anonymousId,deferredRoute,claimedAt');
    expect(lines.filter((l) => l.includes('stats_place'))).toHaveLength(6);
    now = T0;
  });
});
