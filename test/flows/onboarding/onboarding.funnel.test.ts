import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson } from '../../mcp/mcp.client.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodOnboarding } from './onboarding.fixtures.js';

/**
 * Sessions as the SDK starts them (WIRE B.2 StartRequest, exact bytes), and the owner's funnel
 * stats: where people drop off, per published version.
 */
describeEachDb('onboarding sessions and funnel stats', (dialect) => {
  let t: TestApp;
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  const start = (raw: string) => t.app.inject({ method: 'POST', url: '/api/public/onboarding/sessions', headers: json, payload: raw });

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    await putAndPublish(t, 'sleepy', 'onboarding', goodOnboarding());
  });
  afterAll(() => t.close());

  it('takes the SDK’s StartRequest as Swift encodes it and answers strings under WEB_URL', async () => {
    // Swift's JSONEncoder: unordered keys, `\/` escaped, nil optionals left out, nulls only inside attributes.
    const raw = '{"platform":"ios","attributes":{"campaign":"spring\\/ads","age":31,"score":0.5,"pro":false,"tags":["a",{"b":null}],"none":null},"appSlug":"sleepy","locale":"en_US","appVersion":"2.3"}';
    const r = await start(raw);
    expect(r.statusCode, r.body).toBe(201);
    const b = r.json();
    expect(Object.keys(b).sort()).toEqual(['flowUrl', 'sessionId', 'token']);
    for (const v of Object.values(b)) expect(typeof v).toBe('string');
    expect(b.flowUrl).toBe(`http://web.test/onboarding/sleepy/s/${b.sessionId}?t=${b.token}`);
    const row = await t.db.db.selectFrom('flow_sessions').selectAll().where('id', '=', b.sessionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ flow_type: 'onboarding', platform: 'ios', locale: 'en_US', app_version: '2.3', source: 'sdk', version_number: 1 });
    expect(JSON.parse(row.attributes_json!)).toEqual({ campaign: 'spring/ads', age: 31, score: 0.5, pro: false, tags: ['a', { b: null }], none: null });
    expect((await start('{"appSlug":"nobody","platform":"ios"}')).statusCode).toBe(404);
    expect((await start('{"appSlug":"sleepy"}')).statusCode).toBe(422);
    // A cancel flow's session is not an onboarding one.
    const page = await t.app.inject({ method: 'GET', url: `/cancel/sleepy/s/${b.sessionId}?t=${b.token}` });
    expect(page.statusCode).toBe(404);
  });

  it('funnel stats: sessions, opened, each step reached, completed, claimed — per version', async () => {
    const { sessions } = t.app.services.onboarding;
    const walk = async (reached: number, complete: boolean) => {
      const b = (await start('{"appSlug":"sleepy","platform":"ios"}')).json();
      const row = await t.db.db.selectFrom('flow_sessions').selectAll().where('id', '=', b.sessionId).executeTakeFirstOrThrow();
      await sessions.record(row, 'opened');
      for (const id of ['goal', 'science', 'habits', 'email'].slice(0, reached)) {
        await sessions.record(row, 'reached', id);
        await sessions.record(row, 'reached', id); // a reload counts once
      }
      if (!complete) return undefined;
      const done = await t.app.inject({ method: 'POST', url: '/api/public/onboarding/complete', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', sessionId: b.sessionId, token: b.token, answers: { goal: 'wake_rested' } }) });
      expect(done.statusCode, done.body).toBe(201);
      return done.json().claimToken as string;
    };
    await walk(1, false);
    await walk(2, false);
    await walk(4, true);
    const claimed = await walk(4, true);
    await t.app.inject({ method: 'POST', url: '/api/public/onboarding/claim', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', claimToken: claimed }) });
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/onboarding/stats', headers: t.auth });
    expect(r.statusCode, r.body).toBe(200);
    const [v1] = r.json().versions;
    // The first test started one session that opened nothing.
    expect(v1).toEqual({
      versionNumber: 1,
      sessions: 5,
      opened: 4,
      steps: [
        { id: 'goal', kind: 'question', reached: 4, reachedRate: 1 },
        { id: 'science', kind: 'info', reached: 3, reachedRate: 0.75 },
        { id: 'habits', kind: 'question', reached: 2, reachedRate: 0.5 },
        { id: 'email', kind: 'email_capture', reached: 2, reachedRate: 0.5 },
      ],
      completed: 2,
      completionRate: 0.5,
      claimed: 1,
      claimRate: 0.5,
    });
    const completedSteps = await t.db.db.selectFrom('flow_steps').select((eb) => eb.fn.countAll<number>().as('n')).where('step', '=', 'completed').executeTakeFirstOrThrow();
    expect(Number(completedSteps.n)).toBe(2);
    const client = await connectMcp(t);
    try {
      expect(toolJson(await client.callTool({ name: 'get_onboarding_stats', arguments: { appIdOrSlug: 'sleepy' } })).versions[0].completed).toBe(2);
    } finally {
      await client.close();
    }
  });
});
