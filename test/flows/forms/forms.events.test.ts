import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxEvents } from '../../events.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { expectNothingPrivate, listenToEverything, rawOutbox } from '../listen.fixtures.js';
import { goodContact, goodFeedback, goodReport, putAndPublish } from './forms.fixtures.js';

const IP = '198.51.100.23';

describeEachDb('feedback/report/contact.submitted', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000', COUNTRY_HEADER: 'CF-IPCountry' } });
    app = await t.createApp({ name: 'Forms' });
    await putAndPublish(t, app.slug, 'feedback', goodFeedback());
    await putAndPublish(t, app.slug, 'report', goodReport());
    await putAndPublish(t, app.slug, 'contact', goodContact());
    // A second version of the feedback form: events name the version the submission came through.
    await putAndPublish(t, app.slug, 'feedback', { ...goodFeedback(), success: { title: 'Thank you!', body: 'Got it.' } });
    await listenToEverything(t, app.id);
  });
  afterAll(() => t.close());

  const post = (type: string, body: Record<string, unknown>, slug = app.slug) =>
    t.app.inject({ method: 'POST', url: `/api/public/${type}`, headers: { 'content-type': 'application/json', 'user-agent': 'MyApp/1.0', 'cf-ipcountry': 'PT' }, payload: JSON.stringify({ appSlug: slug, ...body }), remoteAddress: IP });
  const events = async (type: string) => (await outboxEvents(t.db, t.app.services.events, `${type}.submitted`)).filter((e) => e.appId === app.id);
  const ownerRows = async (type: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/${type}/submissions?limit=200`, headers: t.auth });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().submissions as Record<string, unknown>[];
  };
  const summary = (type: string, data: unknown) => t.app.services.events.catalog.get(`${type}.submitted`)!.summary(data);

  it('each form type: one event per submission, carrying the owner API row, the app and the form version', async () => {
    const bodies = {
      feedback: { message: 'App crashes on launch', rating: 1, email: 'ana@example.com', attributes: { plan: 'Pro' }, source: 'sdk' },
      report: { category: 'bug', message: 'The  export\nbutton does nothing' },
      contact: { name: 'Ana', email: 'ana@example.com', message: 'Do you have an Android app?' },
    };
    for (const [type, body] of Object.entries(bodies)) {
      const r = await post(type, body);
      expect(r.statusCode, r.body).toBe(201);
      const [e, ...more] = await events(type);
      expect(more, type).toEqual([]);
      const { app: slug, flow, ...row } = e.data;
      expect(slug).toBe(app.slug);
      expect(flow).toEqual({ slug: type, version: type === 'feedback' ? 2 : 1 });
      expect(row.id).toBe(r.json().id);
      // The owner list's contact rows also carry their replies (none yet).
      const { replies, ...listed } = (await ownerRows(type))[0];
      expect(replies, type).toEqual(type === 'contact' ? [] : undefined);
      expect(row, type).toEqual(listed);
      expect(e.createdAt).toBe(listed.createdAt);
      expect(t.app.services.events.catalog.get(`${type}.submitted`)!.dashboardPath!(e.data)).toBe(type);
    }
    expect(summary('feedback', (await events('feedback'))[0].data)).toBe('★☆☆☆☆ feedback: "App crashes on launch"');
    expect(summary('report', (await events('report'))[0].data)).toBe('Report (bug): "The export button does nothing"');
    expect(summary('contact', (await events('contact'))[0].data)).toBe('Contact from Ana <ana@example.com>: "Do you have an Android app?"');
  });

  it('nothing for a rejected submission, a filled honeypot or an unknown app', async () => {
    expect((await post('feedback', { message: 'x', rating: 6 })).statusCode).toBe(422);
    expect((await post('report', { category: 'spam', message: 'x' })).statusCode).toBe(422);
    expect((await post('contact', { name: 'No mail', message: 'x' })).statusCode).toBe(422);
    expect((await post('feedback', { message: 'buy pills', website: 'http://spam.example' })).statusCode).toBe(201);
    expect((await post('feedback', { message: 'x' }, 'no-such-app')).statusCode).toBe(404);
    for (const type of ['feedback', 'report', 'contact']) expect(await events(type), type).toHaveLength(1);
  });

  it('a burst: exactly one event per stored submission', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => post('feedback', { message: `burst ${i}`, rating: (i % 5) + 1 })));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const ids = (await events('feedback')).map((e) => e.data.id);
    expect(ids).toHaveLength(26);
    expect(new Set(ids)).toEqual(new Set((await ownerRows('feedback')).map((r) => r.id)));
  });

  it('no raw IP, IP hash or secret in what is stored', async () => {
    expect(await expectNothingPrivate(t, app.id, IP)).toBe(28);
  });

  it('an app nobody listens to writes no outbox row', async () => {
    const quiet = await t.createApp({ name: 'Quiet forms' });
    await putAndPublish(t, quiet.slug, 'feedback', goodFeedback());
    await t.app.services.events.refresh();
    expect((await post('feedback', { message: 'hello', rating: 5 }, quiet.slug)).statusCode).toBe(201);
    expect(await rawOutbox(t, quiet.id)).toEqual([]);
  });
});
