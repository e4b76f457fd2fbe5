import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxEvents } from '../../events.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodWaitlist, putAndPublish, submit } from '../forms/forms.fixtures.js';
import { expectNothingPrivate, listenToEverything, rawOutbox } from '../listen.fixtures.js';

const TYPE = 'waitlist.signup.created';
const IP = '203.0.113.77';

describeEachDb('waitlist.signup.created', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000', COUNTRY_HEADER: 'CF-IPCountry' } });
    app = await t.createApp({ name: 'Launch' });
    await putAndPublish(t, app.slug, 'waitlist', goodWaitlist());
    await listenToEverything(t, app.id);
  });
  afterAll(() => t.close());

  const signup = (body: Record<string, unknown>, slug = app.slug) =>
    t.app.inject({ method: 'POST', url: '/api/public/waitlist', headers: { 'content-type': 'application/json', 'user-agent': 'Tester/1', 'cf-ipcountry': 'DE' }, payload: JSON.stringify({ appSlug: slug, ...body }), remoteAddress: IP });
  const events = async () => (await outboxEvents(t.db, t.app.services.events, TYPE)).filter((e) => e.appId === app.id);
  const ownerList = async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/waitlist/signups?limit=200`, headers: t.auth });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().signups as Record<string, unknown>[];
  };

  it('one event per new signup, carrying what the owner API answers for it, the app and the waitlist', async () => {
    const r = await signup({ email: 'ana@example.com', source: 'landing', locale: 'de_DE', approxLat: 52.5201, approxLon: 13.4049, area: 'Berlin' });
    expect(r.statusCode, r.body).toBe(201);
    const [e, ...more] = await events();
    expect(more).toEqual([]);
    const { app: slug, flow, ...signupData } = e.data;
    expect(slug).toBe(app.slug);
    expect(flow).toEqual({ slug: 'waitlist', version: 1 });
    expect(signupData.id).toBe(r.json().id);
    const [row] = await ownerList();
    expect(signupData).toEqual(row);
    expect(e.createdAt).toBe(row.createdAt);
    expect(t.app.services.events.catalog.get(TYPE)!.summary(e.data)).toBe('New waitlist signup: ana@example.com');
    expect(t.app.services.events.catalog.get(TYPE)!.dashboardPath!(e.data)).toBe('waitlist');
  });

  it('nothing for a repeat address, an invalid email or a filled honeypot', async () => {
    expect((await signup({ email: 'ANA@example.com' })).json()).toEqual({ ok: true, alreadySignedUp: true });
    expect((await signup({ email: 'not-an-email' })).statusCode).toBe(422);
    expect((await signup({ email: 'bot@example.com', website: 'http://spam.example' })).statusCode).toBe(201);
    expect((await signup({ email: 'x@example.com' }, 'no-such-app')).statusCode).toBe(404);
    expect(await events()).toHaveLength(1);
  });

  it('a burst with repeats inside it: exactly one event per stored signup', async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `burst${i % 20}@example.com`);
    const answers = await Promise.all(emails.map((email) => signup({ email })));
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().id as string);
    expect(created).toHaveLength(20);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    const ids = (await events()).map((e) => e.data.id);
    expect(ids).toHaveLength(21);
    expect(new Set(ids)).toEqual(new Set([...created, ...(await ownerList()).filter((s) => s.email === 'ana@example.com').map((s) => s.id)]));
    expect(new Set((await ownerList()).map((s) => s.id))).toEqual(new Set(ids));
  });

  it('no raw IP, IP hash or secret in what is stored', async () => {
    expect(await expectNothingPrivate(t, app.id, IP)).toBe(21);
  });

  it('an app nobody listens to writes no outbox row', async () => {
    const quiet = await t.createApp({ name: 'Quiet' });
    await putAndPublish(t, quiet.slug, 'waitlist', goodWaitlist());
    await t.app.services.events.refresh();
    expect((await signup({ email: 'ana@example.com' }, quiet.slug)).statusCode).toBe(201);
    expect((await submit(t, 'waitlist', { appSlug: quiet.slug, email: 'bo@example.com' })).statusCode).toBe(201);
    expect(await rawOutbox(t, quiet.id)).toEqual([]);
  });
});
