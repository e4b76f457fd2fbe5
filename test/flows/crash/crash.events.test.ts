import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxEvents } from '../../events.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { json, putAndPublish } from '../forms/forms.fixtures.js';
import { expectNothingPrivate, listenToEverything, rawOutbox } from '../listen.fixtures.js';
import { goodCrash, sdkAutoBody } from './crash.fixtures.js';

const TYPE = 'crash.reported';

describeEachDb('crash.reported', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    app = await t.createApp({ name: 'Crashy' });
    await putAndPublish(t, app.slug, 'crash', goodCrash());
    await listenToEverything(t, app.id);
  });
  afterAll(() => t.close());

  const post = (body: unknown, ip = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/public/crash', headers: { ...json, 'user-agent': 'MyApp/231 CFNetwork' }, payload: JSON.stringify(body), remoteAddress: ip });
  const events = async () => (await outboxEvents(t.db, t.app.services.events, TYPE)).filter((e) => e.appId === app.id);
  const ownerRow = async (id: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/crash/submissions?limit=200`, headers: t.auth });
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().submissions as Record<string, unknown>[]).find((s) => s.id === id);
  };
  /** The last event, checked against the owner API's row of the report it names. */
  const lastEvent = async (id: string) => {
    const all = await events();
    const e = all[all.length - 1];
    const { app: slug, flow, newGroup, ...row } = e.data;
    expect(slug).toBe(app.slug);
    expect(flow).toEqual({ slug: 'crash', version: 1 });
    expect(row.id).toBe(id);
    expect(row).toEqual(await ownerRow(id));
    return { count: all.length, newGroup, data: e.data };
  };

  it('a new crash: one event, a new group', async () => {
    const r = await post(sdkAutoBody(app.slug));
    expect(r.json()).toMatchObject({ folded: false, groupCount: 1 });
    const e = await lastEvent(r.json().id);
    expect(e).toMatchObject({ count: 1, newGroup: true });
    const def = t.app.services.events.catalog.get(TYPE)!;
    expect(def.summary(e.data)).toBe(`Crash: NSRangeException in ${app.slug} 2.3.0 (new group)`);
    expect(def.dashboardPath!(e.data)).toBe('crash');
  });

  it('the same device again within the fold window: folded, no event', async () => {
    const r = await post(sdkAutoBody(app.slug));
    expect(r.json()).toMatchObject({ folded: true, occurrences: 2 });
    expect(await events()).toHaveLength(1);
  });

  it('the same crash from another device: a new report of a known group', async () => {
    const r = await post(sdkAutoBody(app.slug), '10.9.0.2');
    expect(r.json()).toMatchObject({ folded: false, groupCount: 3 });
    expect(await lastEvent(r.json().id)).toMatchObject({ count: 2, newGroup: false });
  });

  it('another crash: a new group; a typed report without a fingerprint: a report, no group', async () => {
    const other = await post(sdkAutoBody(app.slug, { exceptionName: 'NSInvalidArgumentException' }));
    expect(other.json()).toMatchObject({ folded: false, groupCount: 1 });
    expect(await lastEvent(other.json().id)).toMatchObject({ count: 3, newGroup: true });
    const typed = await post({ appSlug: app.slug, message: 'It closed when I tapped Export', source: 'web', email: 'ana@example.com' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().fingerprint).toBeNull();
    const e = await lastEvent(typed.json().id);
    expect(e).toMatchObject({ count: 4, newGroup: false });
    expect(t.app.services.events.catalog.get(TYPE)!.summary(e.data)).toBe(`Crash: "It closed when I tapped Export" in ${app.slug}`);
  });

  it('nothing for a rejected report, a filled honeypot or an unknown app', async () => {
    expect((await post({ ...sdkAutoBody(app.slug), attachments: 'nope' })).statusCode).toBe(422);
    expect((await post({ appSlug: app.slug, message: 'spam', website: 'http://spam.example' })).statusCode).toBe(201);
    expect((await post(sdkAutoBody('no-such-app'))).statusCode).toBe(404);
    expect(await events()).toHaveLength(4);
  });

  it('a storm of one crash from one device: one event; from many devices: one each', async () => {
    const one = await Promise.all(Array.from({ length: 12 }, () => post(sdkAutoBody(app.slug, { exceptionName: 'StormException' }), '10.9.1.1')));
    expect(one.filter((r) => !r.json().folded)).toHaveLength(1);
    const many = await Promise.all(Array.from({ length: 12 }, (_, i) => post(sdkAutoBody(app.slug, { exceptionName: 'StormException' }), `10.9.2.${i + 1}`)));
    expect(many.filter((r) => r.json().folded)).toHaveLength(0);
    const storm = (await events()).filter((e) => e.data.exceptionName === 'StormException');
    expect(storm).toHaveLength(13);
    expect(storm.filter((e) => e.data.newGroup)).toHaveLength(1);
    expect(new Set(storm.map((e) => e.data.id))).toEqual(new Set([...one, ...many].filter((r) => !r.json().folded).map((r) => r.json().id)));
  });

  it('no raw IP, IP hash, device key or secret in what is stored', async () => {
    expect(await expectNothingPrivate(t, app.id, '10.9.0.1')).toBe(17);
    for (const r of await rawOutbox(t, app.id)) expect(r.data_json).not.toContain('10.9.');
    const keys = await t.db.db.selectFrom('crash_reports').select('device_key').where('app_id', '=', app.id).where('device_key', 'is not', null).execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const r of await rawOutbox(t, app.id)) for (const k of keys) expect(r.data_json).not.toContain(k.device_key!);
  });

  it('an app nobody listens to writes no outbox row', async () => {
    const quiet = await t.createApp({ name: 'Quiet crash' });
    await putAndPublish(t, quiet.slug, 'crash', goodCrash());
    await t.app.services.events.refresh();
    expect((await post(sdkAutoBody(quiet.slug))).statusCode).toBe(201);
    expect(await rawOutbox(t, quiet.id)).toEqual([]);
  });
});
