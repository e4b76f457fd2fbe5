import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { outboxEvents } from '../../events.js';
import { expectNothingPrivate, listenToEverything as listenToApp } from '../listen.fixtures.js';
import { cancelApp, startSession, type Session } from './cancel.pages.fixtures.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const TYPE = 'cancel.session.completed';

/** `cancel.session.completed` (#33): written with the session's exit step, once per session. */
describeEachDb('cancel events', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    app = await cancelApp(t, 'Cancel Events');
    await listenToApp(t, app.id);
  });
  afterAll(() => t.close());

  const press = (s: Session, b: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: s.action, remoteAddress: '203.0.113.9', headers: form, payload: new URLSearchParams({ t: s.token, b, ...extra }).toString() });
  const eventsOf = async (sessionId: string) => (await outboxEvents(t.db, t.app.services.events, TYPE)).filter((e) => e.data.id === sessionId);

  it('saved by the offer: one event with the reasons, the exit, the outcome and labels; the same session as the owner API lists it', async () => {
    const s = await startSession(t, app.slug, { userId: 'u-1', attributes: { plan: 'pro' } });
    expect((await press(s, 'intro:primary')).statusCode).toBe(303);
    expect((await press(s, 'reasons:continue', { reason: 'too_expensive' })).statusCode).toBe(303);
    expect(await eventsOf(s.sessionId)).toEqual([]);
    const leave = await press(s, 'response:too_expensive:primary');
    expect(leave.statusCode).toBe(200);
    const [e, ...more] = await eventsOf(s.sessionId);
    expect(more).toEqual([]);
    expect(e.appId).toBe(app.id);
    expect(e.data).toMatchObject({
      app: app.slug,
      flow: { slug: 'cancel', version: 1 },
      id: s.sessionId,
      userId: 'u-1',
      attributes: { plan: 'pro' },
      reasons: ['too_expensive'],
      reasonLabels: ['Too expensive'],
      exit: 'open_offer',
      exitLabel: 'Claim 50% off',
      outcome: 'saved',
    });
    expect(e.data.steps.map((x: { step: string; key: string }) => `${x.step}:${x.key}`).sort()).toEqual(
      ['click:intro:primary', 'click:response:too_expensive:primary', 'exit:', 'reason:too_expensive'],
    );
    // What the owner API answers for the session, plus where it happened.
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/cancel/sessions`, headers: t.auth });
    const { app: _a, flow: _f, reasonLabels: _r, exitLabel: _x, ...view } = e.data;
    const owner = listed.json().sessions.find((x: { id: string }) => x.id === s.sessionId);
    expect({ ...view, steps: [...view.steps].sort((a, b) => a.step.localeCompare(b.step) || a.key.localeCompare(b.key)) }).toEqual({
      ...owner,
      steps: [...owner.steps].sort((a: { step: string; key: string }, b: { step: string; key: string }) => a.step.localeCompare(b.step) || a.key.localeCompare(b.key)),
    });
    const raw = (await t.db.db.selectFrom('outbox_events').select('data_json').where('type', '=', TYPE).execute()).map((r) => r.data_json).join('\n');
    expect(await expectNothingPrivate(t, app.id, '203.0.113.9')).toBeGreaterThan(0);
    expect(raw).not.toContain(s.token);
    expect(t.app.services.events.catalog.get(TYPE)!.summary(e.data)).toBe('Cancel flow: saved with "Claim 50% off" (reason: Too expensive)');
  });

  it('a resubmitted exit and another exit of the same session add no event (the exit is recorded once)', async () => {
    const s = await startSession(t, app.slug);
    expect((await press(s, 'escape')).statusCode).toBe(200);
    expect((await press(s, 'escape')).statusCode).toBe(200);
    expect((await press(s, 'intro:secondary')).statusCode).toBe(200);
    const got = await eventsOf(s.sessionId);
    expect(got).toHaveLength(1);
    expect(got[0].data).toMatchObject({ reasons: [], exit: 'manage_subscription', outcome: 'cancelled', flow: { slug: 'cancel', version: 1 } });
  });

  it('concurrent exits of one session: one event', async () => {
    const s = await startSession(t, app.slug);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => press(s, i % 2 ? 'escape' : 'intro:secondary')));
    for (const r of answers) expect(r.statusCode).toBe(200);
    expect(await eventsOf(s.sessionId)).toHaveLength(1);
  });

  it('an exit that keeps the user elsewhere (other) and a screen without an exit: one event, none', async () => {
    const s = await startSession(t, app.slug);
    await press(s, 'reasons:continue', { reason: 'missing_feature' });
    expect((await press(s, 'response:missing_feature:primary')).statusCode).toBe(200);
    const [e] = await eventsOf(s.sessionId);
    expect(e.data).toMatchObject({ reasons: ['missing_feature'], exit: 'open_support', outcome: 'other', exitLabel: 'Message support' });
    // Rejected presses (unknown button, nothing picked) and screens record no exit: no event.
    const other = await startSession(t, app.slug);
    expect((await press(other, 'response:nope:primary')).statusCode).toBe(400);
    expect((await press(other, 'reasons:continue')).statusCode).toBe(422);
    expect((await press(other, 'intro:primary')).statusCode).toBe(303);
    expect(await eventsOf(other.sessionId)).toEqual([]);
  });

  it('an app nobody listens to: exits write no outbox row', async () => {
    const quiet = await cancelApp(t, 'Quiet Cancel');
    await t.app.services.events.refresh();
    const s = await startSession(t, quiet.slug);
    expect((await press(s, 'escape')).statusCode).toBe(200);
    expect(await t.db.db.selectFrom('flow_steps').select('step').where('session_id', '=', s.sessionId).where('step', '=', 'exit').execute()).toHaveLength(1);
    expect(await t.db.db.selectFrom('outbox_events').selectAll().where('app_id', '=', quiet.id).execute()).toEqual([]);
  });
});
