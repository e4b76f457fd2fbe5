import { afterAll, beforeAll, expect, it } from 'vitest';
import { fanOutBatch } from '../../src/webhooks/webhooks.fanout.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { listenToEverything } from '../flows/listen.fixtures.js';
import { pub } from '../privacy/privacy.fixtures.js';

const DAY = 24 * 3600 * 1000;
const json = { 'content-type': 'application/json' };

describeEachDb('webhooks: end-user data rights over events and deliveries', (dialect) => {
  let t: TestApp;
  const t0 = new Date('2026-10-01T08:00:00.000Z');
  let now = t0;
  let app: { id: string; slug: string };
  let twin: { id: string; slug: string };

  const owner = (slug: string, action: 'export' | 'erase', body: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/data-subjects/${action}`, headers: { ...t.auth, ...json }, payload: JSON.stringify(body) });
  const exported = async (slug: string, body: unknown) => {
    const r = await owner(slug, 'export', body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { outbox_events: { id: string; type: string; data_json: string; app_id: string }[]; webhook_deliveries: { id: string; event_id: string | null; app_id: string }[] };
  };
  const events = (appId: string) => t.db.db.selectFrom('outbox_events').selectAll().where('app_id', '=', appId).orderBy('id').execute();
  const deliveries = (appId: string) => t.db.db.selectFrom('webhook_deliveries').selectAll().where('app_id', '=', appId).orderBy('id').execute();
  const endpointOf = async (appId: string) => (await t.db.db.selectFrom('webhook_endpoints').select('id').where('app_id', '=', appId).executeTakeFirstOrThrow()).id;
  const fanOut = async () => {
    while ((await fanOutBatch(t.db, now.toISOString())) > 0);
  };
  /** A stored delivery without an event (the shape `webhook.test` rows have) carrying `data`. */
  const looseDelivery = async (appId: string, id: string, data: unknown) =>
    t.db.db
      .insertInto('webhook_deliveries')
      .values({
        id, endpoint_id: await endpointOf(appId), app_id: appId, event_id: null, event_type: 'webhook.test', payload_json: JSON.stringify({ type: 'webhook.test', timestamp: now.toISOString(), data }),
        status: 'failed', attempts: 1, next_attempt_at: null, locked_until: null, last_status_code: 500, last_error: null, last_response: null, last_attempt_at: now.toISOString(), created_at: now.toISOString(),
      })
      .execute();

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' }, clock: { now: () => now } });
    // These tests fan out and count delivery rows themselves: the module's own worker would send,
    // retry and sweep them meanwhile (its retention sweep ran between a count and the erase: flaky).
    await t.app.services.webhookWorker.close();
    app = await t.createApp({ name: 'Launch', slug: 'launch' });
    twin = await t.createApp({ name: 'Twin', slug: 'twin' });
    for (const a of [app, twin]) {
      await putAndPublish(t, a.slug, 'waitlist', goodWaitlist());
      await putAndPublish(t, a.slug, 'referral', goodReferral());
      await listenToEverything(t, a.id);
      // E-mail notifications too: their queue rows point at the events.
      await t.db.db.insertInto('notification_settings').values({ app_id: a.id, email: 'owner@example.com', events_json: '["*"]', mode: 'daily', time_zone: null, last_sent_at: null, updated_at: now.toISOString() }).execute();
    }
    for (const email of ['ana@example.com', 'anna@example.com']) await pub(t, '/api/public/waitlist', { appSlug: app.slug, email, source: 'sdk' });
    await pub(t, '/api/public/waitlist', { appSlug: twin.slug, email: 'ana@example.com', source: 'sdk' });
    // user-ana refers user-bo: the event names her as `referrerUserId`, him as `refereeUserId`.
    const code = (await pub(t, '/api/public/referral/code', { appSlug: app.slug, userId: 'user-ana' })).code;
    await pub(t, '/api/public/referral/attribute', { appSlug: app.slug, code, userId: 'user-bo' });
    await fanOut();
    // A real test delivery (names nobody) and stored bodies without an event that name ana and anna.
    const test = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${app.slug}/webhooks/${await endpointOf(app.id)}/test`, headers: t.auth });
    expect(test.statusCode, test.body).toBeLessThan(300);
    await looseDelivery(app.id, 'loose-ana', { contact: { email: 'ANA@example.com' } });
    await looseDelivery(app.id, 'loose-anna', { contact: { email: 'anna@example.com' } });
  }, 60_000);
  afterAll(() => t?.close());

  it('the events and deliveries are there to begin with', async () => {
    expect((await events(app.id)).map((e) => e.type).sort()).toEqual(['referral.attributed', 'waitlist.signup.created', 'waitlist.signup.created']);
    expect(await deliveries(app.id)).toHaveLength(3 + 3);
    const queued = await t.db.db.selectFrom('notification_queue').select('event_id').where('app_id', '=', app.id).execute();
    expect(queued).toHaveLength(3);
  });

  it('export lists the events and deliveries that name the subject, exactly and in this app only', async () => {
    const ana = await exported(app.slug, { email: '  ANA@Example.com ' });
    expect(ana.outbox_events).toHaveLength(1);
    const [e] = ana.outbox_events;
    expect([e.type, e.app_id, JSON.parse(e.data_json).email]).toEqual(['waitlist.signup.created', app.id, 'ana@example.com']);
    expect(ana.webhook_deliveries.map((d) => d.event_id ?? d.id).sort()).toEqual([e.id, 'loose-ana'].sort());
    expect(ana.webhook_deliveries.every((d) => d.app_id === app.id)).toBe(true);
    expect(JSON.stringify(ana)).not.toContain('anna@');

    // A LIKE wildcard or a part of an address finds nothing.
    for (const email of ['a_a@example.com', 'na@example.com', 'ana@example.co', '%@example.com']) {
      const none = await exported(app.slug, { email });
      expect([email, none.outbox_events.length, none.webhook_deliveries.length]).toEqual([email, 0, 0]);
    }

    // Ids anywhere in the data: as referrer and as referee; never a prefix.
    for (const userId of ['user-ana', 'user-bo']) {
      const r = await exported(app.slug, { userId });
      expect(r.outbox_events.map((x) => x.type)).toEqual(['referral.attributed']);
      expect(r.webhook_deliveries).toHaveLength(1);
    }
    // Ids are exact (the LIKE that finds candidates ignores case; the check on the parsed data does not).
    for (const userId of ['user-an', 'USER-ANA']) expect((await exported(app.slug, { userId })).outbox_events).toEqual([]);
  });

  it('erase removes only ana’s event, its deliveries and queued notification, and the body naming her', async () => {
    const before = { events: await events(app.id), deliveries: await deliveries(app.id), twin: await events(twin.id) };
    const ana = await exported(app.slug, { email: 'ana@example.com' });
    const r = await owner(app.slug, 'erase', { email: 'ana@example.com' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().removed).toMatchObject({ outbox_events: 1, webhook_deliveries: 2, waitlist_signups: 1 });

    const left = await events(app.id);
    expect(left.map((e) => e.id)).toEqual(before.events.filter((e) => e.id !== ana.outbox_events[0].id).map((e) => e.id));
    expect(left.map((e) => JSON.parse(e.data_json).email).filter(Boolean)).toEqual(['anna@example.com']);
    const gone = new Set([...ana.webhook_deliveries.map((d) => d.id)]);
    expect((await deliveries(app.id)).map((d) => d.id)).toEqual(before.deliveries.filter((d) => !gone.has(d.id)).map((d) => d.id));
    expect((await deliveries(app.id)).map((d) => d.id)).toContain('loose-anna');
    const queued = await t.db.db.selectFrom('notification_queue').select('event_id').where('app_id', '=', app.id).execute();
    expect(queued.map((q) => q.event_id).sort()).toEqual(left.map((e) => e.id).sort());
    // The other app of the account keeps its own copy of ana.
    expect(await events(twin.id)).toEqual(before.twin);

    const again = await exported(app.slug, { email: 'ana@example.com' });
    expect([again.outbox_events.length, again.webhook_deliveries.length]).toEqual([0, 0]);
    expect((await exported(app.slug, { email: 'anna@example.com' })).outbox_events).toHaveLength(1);
    expect((await owner(app.slug, 'erase', { email: 'ana@example.com' })).json().removed).toMatchObject({ outbox_events: 0, webhook_deliveries: 0 });
  });

  it('retention ages events and deliveries by their created_at, per app', async () => {
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/retention`, headers: { ...t.auth, ...json }, payload: JSON.stringify({ days: 30 }) });
    expect(put.statusCode, put.body).toBe(200);
    now = new Date(t0.getTime() + 29 * DAY);
    expect(await t.app.services.privacy.sweep()).toEqual({});
    now = new Date(t0.getTime() + 31 * DAY);
    await pub(t, '/api/public/waitlist', { appSlug: app.slug, email: 'later@example.com', source: 'sdk' });
    await fanOut();
    // Counted by age, not as "all but the newest".
    const cutoff = new Date(t0.getTime() + DAY).toISOString();
    const old = {
      events: (await events(app.id)).filter((e) => e.created_at < cutoff).length,
      deliveries: (await deliveries(app.id)).filter((d) => d.created_at < cutoff).length,
    };
    // The new signup's delivery exists before the sweep.
    for (let i = 0; i < 50 && (await deliveries(app.id)).length === old.deliveries; i++) await fanOut();
    const twinBefore = { events: await events(twin.id), deliveries: await deliveries(twin.id) };
    const removed = await t.app.services.privacy.sweep();
    expect(removed).toMatchObject({ outbox_events: old.events, webhook_deliveries: old.deliveries });
    expect((await events(app.id)).map((e) => JSON.parse(e.data_json).email)).toEqual(['later@example.com']);
    expect(await deliveries(app.id)).toHaveLength(1);
    expect({ events: await events(twin.id), deliveries: await deliveries(twin.id) }).toEqual(twinBefore);
    expect(await t.app.services.privacy.sweep()).toEqual({});
  });
});
