import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { outboxEvents } from '../../events.js';
import { expectNothingPrivate, listenToEverything as listenToApp } from '../listen.fixtures.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodReferral } from './referral.fixtures.js';

/** `referral.attributed` and `referral.reward.claimed` (#33): in the store transactions that attribute and grant. */
describeEachDb('referral events', (dialect) => {
  let t: TestApp;
  let ip = 1;
  let n = 0;
  const json = { 'content-type': 'application/json' };
  const call = (path: string, body: unknown, addr = `198.51.100.${ip++ % 250}`) =>
    t.app.inject({ method: 'POST', url: `/api/public/referral/${path}`, headers: { ...json, 'x-forwarded-for': addr }, payload: JSON.stringify(body) });
  const freshApp = async (listen = true, config: Record<string, unknown> = goodReferral()) => {
    const app = await t.createApp({ name: `Refer Events ${++n}`, deepLinkScheme: 'sleepy' });
    await putAndPublish(t, app.slug, 'referral', config);
    if (listen) await listenToApp(t, app.id);
    return app;
  };
  const events = async (appId: string, type: string) => (await outboxEvents(t.db, t.app.services.events, type)).filter((e) => e.appId === appId);

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000', TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('attribution by code and by invite-link token: one event each, as the owner API lists the referral; repeats and refusals none', async () => {
    const app = await freshApp();
    const { code } = (await call('code', { appSlug: app.slug, userId: 'ana' })).json();
    expect((await call('attribute', { appSlug: app.slug, code, userId: 'bob' })).json()).toMatchObject({ attributed: true, alreadyAttributed: false });
    // Repeat (already attributed), self-referral (409), unknown code (404): no event.
    expect((await call('attribute', { appSlug: app.slug, code, userId: 'bob' })).json()).toMatchObject({ alreadyAttributed: true });
    expect((await call('attribute', { appSlug: app.slug, code, userId: 'ana' })).statusCode).toBe(409);
    expect((await call('attribute', { appSlug: app.slug, code: 'ZZZZZZZZ', userId: 'cid' })).statusCode).toBe(404);
    const intent = (await call('claim-intent', { appSlug: app.slug, code })).json();
    expect((await call('attribute', { appSlug: app.slug, claimToken: intent.claimToken, anonymousId: 'anon-cy' })).json()).toMatchObject({ attributed: true });
    expect((await call('attribute', { appSlug: app.slug, claimToken: intent.claimToken, userId: 'dee' })).statusCode).toBe(404);

    const got = await events(app.id, 'referral.attributed');
    expect(got).toHaveLength(2);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/referrals?status=attributed`, headers: t.auth })).json().referrals;
    for (const e of got) {
      const owner = listed.find((r: { id: string }) => r.id === e.data.id);
      expect(e.data).toEqual({ ...owner, app: app.slug, flow: { slug: 'referral', version: 1 } });
    }
    expect(got.map((e) => [e.data.source, e.data.refereeUserId, e.data.refereeAnonymousId, e.data.referrerUserId, e.data.status])).toEqual([
      ['code', 'bob', null, 'ana', 'attributed'],
      ['link', null, 'anon-cy', 'ana', 'attributed'],
    ]);
    const raw = (await t.db.db.selectFrom('outbox_events').select('data_json').where('app_id', '=', app.id).execute()).map((r) => r.data_json).join('\n');
    expect(raw).not.toContain(intent.claimToken);
    expect(await expectNothingPrivate(t, app.id, '198.51.100.')).toBeGreaterThan(0);
    expect(t.app.services.events.catalog.get('referral.attributed')!.summary(got[0].data)).toBe("Referral: bob joined through ana's code");
  });

  it('concurrent attributions of one referee: one event; a cap refusal: none', async () => {
    const app = await freshApp(true, goodReferral({ maxInvitesPerReferrer: 2 }));
    const { code } = (await call('code', { appSlug: app.slug, userId: 'ana' })).json();
    const same = await Promise.all(Array.from({ length: 6 }, () => call('attribute', { appSlug: app.slug, code, userId: 'bob' })));
    for (const r of same) expect(r.statusCode, r.body).toBe(200);
    expect(same.filter((r) => r.json().alreadyAttributed === false)).toHaveLength(1);
    expect((await call('attribute', { appSlug: app.slug, code, userId: 'carl' })).statusCode).toBe(200);
    expect((await call('attribute', { appSlug: app.slug, code, userId: 'dee' })).statusCode).toBe(409);
    expect((await events(app.id, 'referral.attributed')).map((e) => e.data.refereeUserId)).toEqual(['bob', 'carl']);
  });

  it('reward claims: one event per claim that granted something, with the rewarded referrals; empty and capped-out claims none', async () => {
    const app = await freshApp(true, goodReferral({ maxRewardsPerReferrer: 2 }));
    const { code } = (await call('code', { appSlug: app.slug, userId: 'ana' })).json();
    for (const friend of ['bob', 'cy', 'dee']) expect((await call('attribute', { appSlug: app.slug, code, userId: friend })).statusCode).toBe(200);
    const claims = await Promise.all(Array.from({ length: 4 }, () => call('rewards', { appSlug: app.slug, userId: 'ana' })));
    const granted = claims.map((c) => c.json().newReferrals as number);
    expect(granted.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await call('rewards', { appSlug: app.slug, userId: 'ana' })).json().newReferrals).toBe(0);
    expect((await call('rewards', { appSlug: app.slug, userId: 'nobody' })).json().newReferrals).toBe(0);
    const got = await events(app.id, 'referral.reward.claimed');
    expect(got).toHaveLength(granted.filter((g) => g > 0).length);
    const e = got[0];
    expect(e.data).toMatchObject({ app: app.slug, flow: { slug: 'referral', version: 1 }, referrerUserId: 'ana', newReferrals: 2, totalRewarded: 2, cappedOut: 1, amountOwed: 4, reward: { amount: 2, unit: 'week' } });
    expect(e.data.referrals.map((r: { refereeUserId: string; referrerRewarded: boolean }) => [r.refereeUserId, r.referrerRewarded])).toEqual([
      ['bob', true],
      ['cy', true],
    ]);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/referrals`, headers: t.auth })).json().referrals;
    for (const r of e.data.referrals) expect(r).toEqual(listed.find((x: { id: string }) => x.id === r.id));
    expect(t.app.services.events.catalog.get('referral.reward.claimed')!.summary(e.data)).toBe('Referral reward: ana earned 4 weeks for 2 friends');
  });

  it('an app nobody listens to: attributions and claims write no outbox row', async () => {
    const app = await freshApp(false);
    await t.app.services.events.refresh();
    const { code } = (await call('code', { appSlug: app.slug, userId: 'ana' })).json();
    expect((await call('attribute', { appSlug: app.slug, code, userId: 'bob' })).statusCode).toBe(200);
    expect((await call('rewards', { appSlug: app.slug, userId: 'ana' })).json().newReferrals).toBe(1);
    expect(await t.db.db.selectFrom('outbox_events').selectAll().where('app_id', '=', app.id).execute()).toEqual([]);
  });
});
