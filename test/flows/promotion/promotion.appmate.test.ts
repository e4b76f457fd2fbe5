import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson, type ToolText } from '../../mcp/mcp.client.js';
import { appmatePromotion, appmatePromotionSingle } from './promotion.appmate.fixtures.js';
import { ownerWithApps, post, publish, put } from './promotion.fixtures.js';

const DAY = 86_400_000;

/**
 * #35 items 1 and 7: AppMate's `update_app_promotion_draft` bodies through REST and MCP, normalised
 * into our shape so that each field does what the client says; what cannot be honoured warns.
 */
describeEachDb('app promotion: the config AppMate documents', (dialect) => {
  let t: TestApp;
  let mcp: Client;
  let now = Date.parse('2026-06-01T00:00:00Z');
  let apps: Awaited<ReturnType<typeof ownerWithApps>>;
  let ids: { focus: string; habit: string };
  let nolink: { id: string; slug: string };
  const inject = (o: InjectOptions) => t.app.inject(o);
  const resolve = (body: Record<string, unknown>) => post(inject, 'resolve', { appSlug: 'sleepy', platform: 'ios', ...body });
  const event = (trackingToken: string, e: string) => post(inject, 'event', { trackingToken, event: e });
  const codes = async (config: unknown, flowSlug = 'rules') => {
    const r = await put(t, 'sleepy', config, flowSlug);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().warnings as { code: string; path: string }[]).map((w) => `${w.code} ${w.path}`);
  };
  const draft = async (flowSlug?: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/apps/sleepy/flows/app-promotion${flowSlug ? `?flowSlug=${flowSlug}` : ''}`, headers: t.auth })).json().draft.config;
  const tool = async (name: string, args: Record<string, unknown>) => {
    const r = (await mcp.callTool({ name, arguments: args })) as ToolText;
    expect(r.isError, r.content[0].text).toBeFalsy();
    return toolJson(r);
  };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000000' }, clock: { now: () => new Date(now) } });
    apps = await ownerWithApps(t);
    ids = { focus: apps.dest.focus.id, habit: apps.dest.habit.id };
    // Store data to install from, but neither a universal link base nor a scheme.
    nolink = await t.createApp({ name: 'Nolink', slug: 'nolink', promotion: { appStoreId: '4242' } });
    mcp = await connectMcp(t);
  });
  afterAll(async () => {
    await mcp?.close();
    await t?.close();
  });

  /** What the fixture is stored as: our shape, each field with the client's meaning. */
  const normalised = () => ({
    type: 'app_promotion',
    placement: 'cleaning_completed',
    mode: 'rotating',
    rotationStrategy: 'smart',
    presentation: 'custom_card_then_apple_native',
    destinations: [
      {
        destinationAppId: ids.focus,
        enabled: true,
        priority: 1,
        weight: 1,
        content: { title: 'Focus better', body: 'A deep-work timer.', ctaLabel: 'Get Focus', imageUrl: 'https://focus.example/art.png' },
        localizations: { de: { title: 'Besser fokussieren', body: 'Ein Timer für tiefe Arbeit.', ctaLabel: 'Focus holen', imageUrl: 'https://focus.example/art-de.png' } },
        installedAction: { type: 'universal_link', url: 'https://focus.example/open/today', webFallbackUrl: 'https://focus.example/web/today' },
        notInstalledAction: { type: 'sk_overlay' },
        deferredAction: { type: 'open_home', path: '/today', windowHours: 48 },
      },
      {
        destinationAppId: ids.habit,
        enabled: true,
        priority: 0,
        weight: 1,
        content: { title: 'Build habits' },
        installedAction: { type: 'named_destination', name: 'today' },
        notInstalledAction: { type: 'store_product_page' },
      },
    ],
    defaultInstalledAction: { type: 'open_home' },
    defaultNotInstalledAction: { type: 'sk_overlay' },
    targeting: { platforms: ['ios'], startAt: '2026-01-01T00:00:00Z', endAt: '2030-01-01T00:00:00Z' },
    frequency: { windowDays: 14, maxImpressionsPerWindow: 1, hideInstalled: true, lifetimeImpressions: 2 },
    defaultLocale: 'en',
    card: { style: 'compact', dismissLabel: 'Not now', ctaLabel: 'Try it' },
  });

  it('REST: saved without warnings in our shape, and published', async () => {
    const r = await put(t, 'sleepy', appmatePromotion(ids));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().warnings).toEqual([]);
    expect(await draft()).toEqual(normalised());
    expect((await publish(t, 'sleepy')).statusCode).toBe(200);
  });

  it('the normalised fields have effect: localized headline and CTA, card CTA, web fallback, platform targeting', async () => {
    const de = (await resolve({ placement: 'cleaning_completed', userId: 'reader-de', language: 'de-DE' })).json();
    expect(de).toMatchObject({
      decision: 'show',
      presentation: 'custom_card_then_apple_native',
      destination: {
        appId: ids.focus,
        route: 'https://focus.example/open/today',
        installedAction: { type: 'universal_link', url: 'https://focus.example/open/today', webFallbackUrl: 'https://focus.example/web/today' },
        content: { locale: 'de', title: 'Besser fokussieren', ctaLabel: 'Focus holen', imageUrl: 'https://focus.example/art-de.png' },
      },
      card: { dismissLabel: 'Not now', ctaLabel: 'Try it' },
    });
    const en = (await resolve({ placement: 'cleaning_completed', userId: 'reader-en', language: 'en' })).json();
    expect(en.destination.content).toMatchObject({ locale: 'en', title: 'Focus better', ctaLabel: 'Get Focus' });
    // iOS's Locale.current.identifier with ICU keywords (40 characters, #35 item 6): its language part picks the localization.
    const icu = (await resolve({ placement: 'cleaning_completed', userId: 'reader-icu', language: 'de_DE@calendar=japanese;fw=mon;rg=dezzzz' })).json();
    expect(icu.destination.content).toMatchObject({ locale: 'de', title: 'Besser fokussieren' });
    expect((await resolve({ placement: 'cleaning_completed', userId: 'reader-android', platform: 'android' })).json()).toEqual({ decision: 'none', reason: 'targeting' });
  });

  it('frequency: cooldownDays 14 (one impression per 14 days) and lifetimeImpressions 2', async () => {
    const start = now;
    try {
      const seen = async () => {
        const d = (await resolve({ placement: 'cleaning_completed', userId: 'cool' })).json();
        expect(d.decision).toBe('show');
        expect((await event(d.trackingToken, 'impression')).statusCode).toBe(200);
      };
      await seen();
      expect((await resolve({ placement: 'cleaning_completed', userId: 'cool' })).json()).toEqual({ decision: 'none', reason: 'frequency_cap' });
      now += 13 * DAY;
      expect((await resolve({ placement: 'cleaning_completed', userId: 'cool' })).json().reason).toBe('frequency_cap');
      now += 2 * DAY;
      await seen();
      // Two in all: never again, however long the wait.
      now += 100 * DAY;
      expect((await resolve({ placement: 'cleaning_completed', userId: 'cool' })).json()).toEqual({ decision: 'none', reason: 'frequency_cap' });
      expect((await resolve({ placement: 'cleaning_completed', userId: 'someone-else' })).json().decision).toBe('show');
    } finally {
      now = start;
    }
  });

  it('deferred route `/today` joins the app’s universal link base; expiresAfterHours is the window', async () => {
    const start = now;
    try {
      const d = (await resolve({ placement: 'cleaning_completed', userId: 'tapper' })).json();
      expect((await event(d.trackingToken, 'tapped')).statusCode).toBe(200);
      const p = (await post(inject, 'pending', { appSlug: 'focus', userId: 'tapper' })).json();
      expect(p.pending).toMatchObject({ route: 'https://focus.example/open/today', placement: 'cleaning_completed', matchedBy: 'user_id' });
      const late = (await resolve({ placement: 'cleaning_completed', userId: 'late-tapper' })).json();
      await event(late.trackingToken, 'tapped');
      now += 49 * 3_600_000;
      expect((await post(inject, 'pending', { appSlug: 'focus', userId: 'late-tapper' })).json()).toEqual({ pending: null });
    } finally {
      now = start;
    }
  });

  it('targeting startAt in the future: nothing is shown until then', async () => {
    const later = { ...appmatePromotion(ids), placement: 'later', targeting: { startAt: '2026-07-01T00:00:00Z' } };
    expect((await put(t, 'sleepy', later, 'later')).statusCode).toBe(200);
    expect((await publish(t, 'sleepy', 'later')).statusCode).toBe(200);
    expect((await resolve({ placement: 'later', userId: 'early' })).json()).toEqual({ decision: 'none', reason: 'targeting' });
    const start = now;
    try {
      now = Date.parse('2026-07-01T00:00:00Z');
      expect((await resolve({ placement: 'later', userId: 'early' })).json().decision).toBe('show');
    } finally {
      now = start;
    }
    const bad = await put(t, 'sleepy', { ...later, targeting: { startAt: '2026-07-02T00:00:00Z', endAt: '2026-07-01T00:00:00Z' } }, 'later');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain('/targeting/endAt');
  });

  it('MCP: update_app_promotion_draft and publish_app_promotion_flow with the same bodies', async () => {
    const body = { ...appmatePromotion(ids), placement: 'via_mcp' };
    const saved = await tool('update_app_promotion_draft', { appIdOrSlug: 'sleepy', flowSlug: 'via_mcp', config: body });
    expect(saved).toMatchObject({ ok: true, warnings: [], flowSlug: 'via_mcp' });
    expect((await tool('publish_app_promotion_flow', { appIdOrSlug: 'sleepy', flowSlug: 'via_mcp' })).ok).toBe(true);
    expect((await tool('get_app_promotion_flow', { appIdOrSlug: 'sleepy', flowSlug: 'via_mcp' })).published.config).toEqual({ ...normalised(), placement: 'via_mcp' });
    const de = (await resolve({ placement: 'via_mcp', userId: 'mcp-de', language: 'de' })).json();
    expect(de.destination.content.title).toBe('Besser fokussieren');

    const single = await tool('update_app_promotion_draft', { appIdOrSlug: 'sleepy', flowSlug: 'more_apps', config: appmatePromotionSingle(apps.dest.calm.id) });
    expect(single).toMatchObject({ ok: true, warnings: [] });
    expect((await tool('publish_app_promotion_flow', { appIdOrSlug: 'sleepy', flowSlug: 'more_apps' })).ok).toBe(true);
    expect((await draft('more_apps')).destinations[0]).toMatchObject({ content: { title: 'Try Calm' }, deferredAction: { type: 'open_home', windowHours: 72 } });
    // The warnings read the body as the tool sent it (a JSON string too, as some MCP hosts send it).
    const [focus, habit] = body.destinations;
    const odd = { ...body, destinations: [{ ...focus, installedAction: { ...focus.installedAction, fallback: 'app_store' } }, habit] };
    for (const config of [odd, JSON.stringify(odd)]) {
      const w = await tool('update_app_promotion_draft', { appIdOrSlug: 'sleepy', flowSlug: 'via_mcp', config });
      expect(w.warnings.map((x: { code: string; path: string }) => `${x.code} ${x.path}`)).toEqual(['unsupported_field /destinations/0/installedAction/fallback']);
    }
  });

  it('#35 item 7: a deferred action that resolves to nothing warns deferred_without_route', async () => {
    expect(await codes(appmatePromotionSingle(nolink.id))).toContain('deferred_without_route /destinations/0/deferredAction');
    // Our own shape: the placement's default, inherited by a destination without one.
    const ours = { placement: 'ours', destinations: [{ destinationAppId: nolink.id }], defaultDeferredAction: { type: 'open_home' } };
    expect(await codes(ours)).toContain('deferred_without_route /defaultDeferredAction');
    expect(await codes({ ...ours, defaultDeferredAction: { type: 'named_destination', name: 'today' } })).toContain('deferred_without_route /defaultDeferredAction');
    // A URL of its own, no deferred action, or an app with a universal link base: no such warning.
    expect(await codes({ ...ours, defaultDeferredAction: { type: 'universal_link', url: 'https://nolink.example/x' } })).not.toContain('deferred_without_route /defaultDeferredAction');
    expect((await codes({ placement: 'ours', destinations: [{ destinationAppId: nolink.id }] })).filter((c) => c.startsWith('deferred_without_route'))).toEqual([]);
    expect((await codes(appmatePromotionSingle(apps.dest.calm.id))).filter((c) => c.startsWith('deferred_without_route'))).toEqual([]);
  });

  it('what cannot be honoured is a named warning and is not stored; ours wins a conflict', async () => {
    const g = appmatePromotion(ids);
    const [focus, habit] = g.destinations;
    expect(await codes({ ...g, destinations: [{ ...focus, installedAction: { ...focus.installedAction, fallback: 'app_store' } }, habit] })).toEqual(['unsupported_field /destinations/0/installedAction/fallback']);
    expect((await draft('rules')).destinations[0].installedAction).toEqual({ type: 'universal_link', url: 'https://focus.example/open/today', webFallbackUrl: 'https://focus.example/web/today' });
    expect(await codes({ ...g, destinations: [{ ...focus, deferredAction: { enabled: true, route: 'https://focus.example/open/x', fallbackRoute: '/home', minAppVersion: '2.0' } }, habit] })).toEqual([
      'unsupported_field /destinations/0/deferredAction/fallbackRoute',
      'unsupported_field /destinations/0/deferredAction/minAppVersion',
    ]);
    expect((await draft('rules')).destinations[0].deferredAction).toEqual({ type: 'universal_link', url: 'https://focus.example/open/x', windowHours: 72 });
    expect(await codes({ ...g, destinations: [{ ...focus, installedAction: { type: 'open_home', universalUrl: 'https://focus.example/x' } }, habit] })).toEqual(['unsupported_field /destinations/0/installedAction/universalUrl']);
    expect(await codes({ ...g, mode: 'single' })).toEqual(['immediate_repeat_possible /frequency/avoidImmediateRepeat']);
    expect(await codes({ ...g, rotationStrategy: 'even' })).toEqual(['immediate_repeat_possible /frequency/avoidImmediateRepeat']);
    expect(await codes({ ...g, destinations: [{ ...focus, content: { headline: 'Theirs', title: 'Ours' } }, habit] })).toEqual(['conflicting_fields /destinations/0/content/headline']);
    expect((await draft('rules')).destinations[0].content).toEqual({ title: 'Ours' });
    expect(await codes({ ...g, frequency: { cooldownDays: 3, windowDays: 7 } })).toEqual(['conflicting_fields /frequency/cooldownDays']);
    expect((await draft('rules')).frequency).toEqual({ windowDays: 7, maxImpressionsPerWindow: 4, hideInstalled: true });
    // cooldownDays 0: no per-user window cap.
    expect(await codes({ ...g, frequency: { cooldownDays: 0 } })).toEqual([]);
    expect((await draft('rules')).frequency).toEqual({ windowDays: 14, maxImpressionsPerWindow: 0, hideInstalled: true });
    // A client field with a bad value is a 422 at our field's path.
    const bad = await put(t, 'sleepy', { ...g, destinations: [{ ...focus, content: { artworkUrl: 'http://focus.example/a.png' } }, habit] }, 'rules');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain('/destinations/0/content/imageUrl');
  });
});
