import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { outboxEvents } from '../../events.js';
import { expectNothingPrivate, listenToEverything as listenToApp } from '../listen.fixtures.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodOnboarding } from './onboarding.fixtures.js';

/** `onboarding.completed` and `onboarding.claimed` (#33): each in the transaction of the row it reports. */
describeEachDb('onboarding events', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  const json = { 'content-type': 'application/json' };
  const post = (url: string, body: unknown) => t.app.inject({ method: 'POST', url, remoteAddress: '203.0.113.21', headers: json, payload: JSON.stringify(body) });
  const answers = { goal: 'fall_asleep', habits: ['screens'] };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    app = await t.createApp({ name: 'Events Funnel', deepLinkScheme: 'evfunnel' });
    await putAndPublish(t, app.slug, 'onboarding', goodOnboarding());
    await listenToApp(t, app.id);
  });
  afterAll(() => t.close());

  const events = (type: string) => outboxEvents(t.db, t.app.services.events, type);
  const rawEvents = async () => (await t.db.db.selectFrom('outbox_events').select('data_json').execute()).map((r) => r.data_json).join('\n');

  it('each completion: one onboarding.completed with the submission as the owner API lists it; rejected ones none', async () => {
    const before = (await events('onboarding.completed')).length;
    const done = await post('/api/public/onboarding/complete', { appSlug: app.slug, answers, email: 'sam@example.com' });
    expect(done.statusCode, done.body).toBe(201);
    const { submissionId, claimToken } = done.json();
    expect((await post('/api/public/onboarding/complete', { appSlug: app.slug, answers: { goal: 'nope' } })).statusCode).toBe(422);
    // The honeypot: answered like a success, nothing stored, no event.
    expect((await post('/api/public/onboarding/complete', { appSlug: app.slug, answers, website: 'http://spam.example' })).statusCode).toBe(201);
    const got = (await events('onboarding.completed')).slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].appId).toBe(app.id);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/onboarding/submissions`, headers: t.auth })).json().submissions;
    const owner = listed.find((s: { id: string }) => s.id === submissionId);
    expect(got[0].data).toEqual({ ...owner, app: app.slug, flow: { slug: 'onboarding', version: 1 }, sessionId: null });
    expect(got[0].data).toMatchObject({ email: 'sam@example.com', answers, claimed: false });
    const raw = await rawEvents();
    expect(raw).not.toContain(claimToken);
    expect(await expectNothingPrivate(t, app.id, '203.0.113.21')).toBeGreaterThan(0);
    expect(t.app.services.events.catalog.get('onboarding.completed')!.summary(got[0].data)).toBe('Onboarding completed by sam@example.com (2 answers, version 1)');
  });

  it('a completion inside a funnel session names it', async () => {
    const started = await post('/api/public/onboarding/sessions', { appSlug: app.slug, platform: 'web' });
    expect(started.statusCode, started.body).toBe(201);
    const { sessionId, token } = started.json();
    const done = await post('/api/public/onboarding/complete', { appSlug: app.slug, answers, sessionId, token });
    expect(done.statusCode, done.body).toBe(201);
    const e = (await events('onboarding.completed')).find((x) => x.data.id === done.json().submissionId)!;
    expect(e.data).toMatchObject({ sessionId, flow: { slug: 'onboarding', version: 1 } });
    expect(JSON.stringify(e.data)).not.toContain(token);
  });

  it('the first claim only: one onboarding.claimed (also under concurrent claims); unknown tokens none', async () => {
    const done = await post('/api/public/onboarding/complete', { appSlug: app.slug, answers, email: 'kim@example.com' });
    const { submissionId, claimToken } = done.json();
    const before = (await events('onboarding.claimed')).length;
    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => post('/api/public/onboarding/claim', { appSlug: app.slug, claimToken, userId: `user-${i}` })));
    for (const c of claims) expect(c.statusCode, c.body).toBe(200);
    const first = claims.filter((c) => c.json().alreadyClaimed === false);
    expect(first).toHaveLength(1);
    expect((await post('/api/public/onboarding/claim', { appSlug: app.slug, claimToken: `amob_${'x'.repeat(32)}` })).statusCode).toBe(404);
    const got = (await events('onboarding.claimed')).slice(before);
    expect(got).toHaveLength(1);
    const row = await t.db.db.selectFrom('onboarding_submissions').selectAll().where('id', '=', submissionId).executeTakeFirstOrThrow();
    expect(got[0].data).toMatchObject({
      id: submissionId,
      app: app.slug,
      flow: { slug: 'onboarding', version: 1 },
      email: 'kim@example.com',
      claimed: true,
      claimedAt: row.claimed_at,
      claimedUserId: row.claimed_user_id,
      claimedAnonymousId: null,
    });
    const raw = await rawEvents();
    expect(raw).not.toContain(claimToken);
    expect(raw).not.toContain(row.claim_hash);
  });

  it('an app nobody listens to: completions and claims write no outbox row', async () => {
    const quiet = await t.createApp({ name: 'Quiet Funnel' });
    await putAndPublish(t, quiet.slug, 'onboarding', goodOnboarding());
    await t.app.services.events.refresh();
    const done = await post('/api/public/onboarding/complete', { appSlug: quiet.slug, answers });
    expect(done.statusCode).toBe(201);
    expect((await post('/api/public/onboarding/claim', { appSlug: quiet.slug, claimToken: done.json().claimToken })).statusCode).toBe(200);
    expect(await t.db.db.selectFrom('outbox_events').selectAll().where('app_id', '=', quiet.id).execute()).toEqual([]);
  });
});
