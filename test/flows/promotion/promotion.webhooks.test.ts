import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { outboxEvents } from '../../events.js';
import { expectNothingPrivate, listenToEverything as listenToApp } from '../listen.fixtures.js';
import { overHttp, ownerWithApps, post, putAndPublish } from './promotion.fixtures.js';

const TYPE = 'promotion.installed';

/** `promotion.installed` (#33): written with the first `installed` event of a tracking token, in its group commit. */
describeEachDb('promotion webhook events', (dialect) => {
  let t: TestApp;
  let apps: Awaited<ReturnType<typeof ownerWithApps>>;
  const http = (opts: InjectOptions) => overHttp(t)(opts);
  const inject = (opts: InjectOptions) => t.app.inject(opts);
  const config = (placement: string) => ({
    type: 'app_promotion',
    placement,
    destinations: [{ destinationAppId: apps.dest.focus.id }],
    frequency: { maxImpressionsPerWindow: 0 },
  });
  const token = async (appSlug: string, placement: string, userId: string) => {
    const r = await post(http, 'resolve', { appSlug, placement, userId });
    expect(r.json().decision, r.body).toBe('show');
    return r.json().trackingToken as string;
  };
  const events = async (appId: string) => (await outboxEvents(t.db, t.app.services.events, TYPE)).filter((e) => e.appId === appId);

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000000', TRUST_PROXY: 'true' } });
    apps = await ownerWithApps(t, 'wh-');
    await putAndPublish(t, apps.source.slug, config('after_onboarding'), 'after-onboarding');
    await listenToApp(t, apps.source.id);
  });
  afterAll(() => t.close());

  it('the first installed event of a token, over the fast path or Fastify: one event each; repeats and other events none', async () => {
    const a = await token(apps.source.slug, 'after_onboarding', 'u-1');
    const b = await token(apps.source.slug, 'after_onboarding', 'u-2');
    for (const ev of ['impression', 'tapped']) expect((await post(http, 'event', { trackingToken: a, event: ev })).statusCode).toBe(200);
    expect(await events(apps.source.id)).toEqual([]);
    const first = await post(http, 'event', { trackingToken: a, event: 'installed' }, { 'x-forwarded-for': '203.0.113.50' });
    expect(first.json()).toMatchObject({ ok: true, duplicate: false });
    const again = await Promise.all(Array.from({ length: 4 }, () => post(http, 'event', { trackingToken: a, event: 'installed' })));
    for (const r of again) expect(r.json()).toMatchObject({ ok: true, duplicate: true });
    expect((await post(inject, 'event', { trackingToken: b, event: 'installed' })).json()).toMatchObject({ duplicate: false });
    expect((await post(http, 'event', { trackingToken: 'forged.token', event: 'installed' })).statusCode).toBe(400);

    const got = await events(apps.source.id);
    expect(got.map((e) => e.data.userId)).toEqual(['u-1', 'u-2']);
    const row = await t.db.db.selectFrom('promotion_events').selectAll().where('id', '=', got[0].data.id).executeTakeFirstOrThrow();
    expect(got[0].data).toEqual({
      app: apps.source.slug,
      flow: { slug: 'after-onboarding', version: 1 },
      destinationApp: { id: apps.dest.focus.id, slug: apps.dest.focus.slug, name: 'Focus' },
      id: row.id,
      createdAt: row.created_at,
      placement: 'after_onboarding',
      destinationAppId: apps.dest.focus.id,
      event: 'installed',
      counted: null,
      userId: 'u-1',
      anonymousId: null,
      deferredRoute: null,
      claimedAt: null,
    });
    const raw = (await t.db.db.selectFrom('outbox_events').select('data_json').execute()).map((r) => r.data_json).join('\n');
    expect(raw).not.toContain(a);
    expect(raw).not.toContain(row.ip_hash!);
    expect(await expectNothingPrivate(t, apps.source.id, '203.0.113.50')).toBeGreaterThan(0);
    // The owner's export has the same row.
    const csv = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${apps.source.slug}/promotions/events.csv`, headers: t.auth })).body;
    expect(csv).toContain(`"${row.id}","${row.created_at}","after_onboarding","${apps.dest.focus.id}","installed","","u-1","","",""`);
    expect(t.app.services.events.catalog.get(TYPE)!.summary(got[0].data)).toBe('Promotion: Focus installed from placement "after_onboarding" (user u-1)');
  });

  it('once nobody listens (the endpoint removed): installs write no outbox row', async () => {
    await t.db.db.deleteFrom('webhook_endpoints').where('app_id', '=', apps.source.id).execute();
    await t.app.services.events.refresh();
    const before = await t.db.db.selectFrom('outbox_events').selectAll().where('app_id', '=', apps.source.id).execute();
    const a = await token(apps.source.slug, 'after_onboarding', 'u-9');
    expect((await post(http, 'event', { trackingToken: a, event: 'installed' })).json()).toMatchObject({ duplicate: false });
    expect(await t.db.db.selectFrom('outbox_events').selectAll().where('app_id', '=', apps.source.id).execute()).toEqual(before);
  });
});
