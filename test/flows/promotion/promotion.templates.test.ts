import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { ownerWithApps, post, publish, put } from './promotion.fixtures.js';

type Template = { id: string; config: { placement: string; mode: string; destinations: { destinationAppId: string; installedAction?: unknown; deferredAction?: unknown }[] } };

/**
 * App promotion templates (issue #32 §1) point at the account's other apps: never the app the flow
 * is for, installable ones first, none at all for an account with a single app.
 */
describeEachDb('app promotion templates', (dialect) => {
  let t: TestApp;
  let apps: Awaited<ReturnType<typeof ownerWithApps>>;
  const templates = async (query: string, headers = t.auth) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/flow-templates?type=app_promotion${query}`, headers });
    expect(r.statusCode).toBe(200);
    return r.json().templates as Template[];
  };

  beforeAll(async () => {
    t = await testApp(dialect);
    apps = await ownerWithApps(t);
  });
  afterAll(() => t.close());

  it('promote the other apps, installable ones first, and never the app named by ?app=', async () => {
    const mine = await templates(`&app=${apps.source.slug}`);
    expect(mine.map((x) => x.id)).toEqual(['after_onboarding', 'home_cross_sell_card', 'deep_link_handoff', 'settings_more_apps']);
    expect(new Set(mine.map((x) => x.config.placement)).size).toBe(mine.length);
    const byId = Object.fromEntries(mine.map((x) => [x.id, x.config]));
    // The oldest installable app first; rotations take every installable app, never Bare (no store data).
    expect(byId.after_onboarding.destinations.map((d) => d.destinationAppId)).toEqual([apps.dest.focus.id]);
    expect(byId.home_cross_sell_card.destinations.map((d) => d.destinationAppId)).toEqual([apps.dest.focus.id, apps.dest.habit.id, apps.dest.calm.id]);
    expect(byId.settings_more_apps.destinations.map((d) => d.destinationAppId)).toEqual([apps.dest.focus.id, apps.dest.habit.id, apps.dest.calm.id]);
    // The deep link lands on the destination app's first named destination, installed or after install.
    expect(byId.deep_link_handoff.destinations[0].installedAction).toEqual({ type: 'named_destination', name: 'today' });
    expect(byId.deep_link_handoff.destinations[0].deferredAction).toEqual({ type: 'named_destination', name: 'today', windowHours: 72 });

    const forFocus = await templates(`&app=${apps.dest.focus.slug}`);
    const promoted = forFocus.flatMap((x) => x.config.destinations.map((d) => d.destinationAppId));
    expect(promoted).not.toContain(apps.dest.focus.id);
    expect(forFocus[0].config.destinations[0].destinationAppId).toBe(apps.dest.habit.id);
  });

  it('save, publish and resolve on the source app with no warning', async () => {
    for (const x of await templates(`&app=${apps.source.slug}`)) {
      const r = await put(t, apps.source.slug, x.config, x.id);
      expect(r.statusCode, `${x.id}: ${r.body}`).toBe(200);
      expect(r.json().warnings, x.id).toEqual([]);
      expect((await publish(t, apps.source.slug, x.id)).statusCode, x.id).toBe(200);
    }
    const decision = (await post(t.app.inject.bind(t.app), 'resolve', { appSlug: apps.source.slug, placement: 'after_onboarding', userId: 'u1' })).json();
    expect(decision.decision).toBe('show');
    expect(decision.destination.appId).toBe(apps.dest.focus.id);
  });

  it('an account with a single app gets none: there is nothing to promote', async () => {
    const other = await t.otherAccount();
    await t.createApp({ name: 'Only App' }, other.auth);
    expect(await templates('', other.auth)).toEqual([]);
    // With a second app, the first (no store data at all) is offered: saving says why it would be skipped.
    const second = await t.createApp({ name: 'Second', promotion: { appStoreId: '42' } }, other.auth);
    const forSecond = await templates(`&app=${second.slug}`, other.auth);
    expect(forSecond.length).toBe(4);
    const r = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${second.slug}/flows/app-promotion?flowSlug=after_onboarding`, headers: other.auth, payload: forSecond[0].config });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().warnings.map((w: { code: string }) => w.code)).toEqual(['destination_without_store_data']);
  });
});
