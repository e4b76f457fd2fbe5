import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dashboardAnalyticsMigrations } from '../../src/db/migrations/dashboard-analytics.js';
import { readTotals } from '../../src/db/rollups.js';
import { post } from '../flows/promotion/promotion.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { publicClient, seedAnalytics } from './analytics.fixtures.js';

const METRICS = ['cancel.saves', 'referral.referrals', 'promotion.impressions', 'promotion.taps'] as const;

/**
 * The roll-ups the flow analytics add (cancel saves, attributed referrals, promotion impressions
 * and taps): each counter equals the rows stored, a replayed or idempotent write adds nothing,
 * and migration 0124 rebuilds the same numbers from the rows.
 */
describeEachDb('flow analytics roll-ups', (dialect) => {
  let t: TestApp;
  let slug: string;
  let appId: string;
  let c: ReturnType<typeof publicClient>;

  const counters = () => readTotals(t.db.db, appId, METRICS);
  /** What is stored, counted from the rows themselves. */
  async function rows(): Promise<Record<(typeof METRICS)[number], number>> {
    const n = async (q: ReturnType<typeof sql<{ n: number | string }>>) => Number((await q.execute(t.db.db)).rows[0].n);
    return {
      'cancel.saves': await n(sql`SELECT COUNT(*) AS n FROM flow_steps st JOIN flow_sessions s ON s.id = st.session_id
        WHERE s.app_id = ${appId} AND s.flow_type = 'cancel' AND st.step = 'exit' AND st.detail IN ('return_to_app', 'open_offer', 'open_premium')`),
      'referral.referrals': await n(sql`SELECT COUNT(*) AS n FROM referrals WHERE app_id = ${appId} AND status = 'attributed'`),
      'promotion.impressions': await n(sql`SELECT COUNT(*) AS n FROM promotion_events WHERE app_id = ${appId} AND event = 'impression'`),
      'promotion.taps': await n(sql`SELECT COUNT(*) AS n FROM promotion_events WHERE app_id = ${appId} AND event = 'tapped'`),
    };
  }
  const resolve = async (userId: string) => {
    const r = await post((o) => t.app.inject(o), 'resolve', { appSlug: slug, placement: 'after_onboarding', userId });
    expect(r.json().decision, r.body).toBe('show');
    return r.json().trackingToken as string;
  };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000000', TRUST_PROXY: 'true' } });
    slug = (await seedAnalytics(t)).slug;
    appId = (await t.db.db.selectFrom('apps').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    c = publicClient(t);
  });
  afterAll(() => t.close());

  it('each counter equals the rows stored through the public API', async () => {
    expect(await counters()).toEqual({ 'cancel.saves': 3, 'referral.referrals': 5, 'promotion.impressions': 6, 'promotion.taps': 2 });
    expect(await counters()).toEqual(await rows());
  });

  it('replays and writes that store nothing add nothing; what is not a save, an attribution, an impression or a tap adds nothing', async () => {
    const before = await counters();
    // Cancel: a resent exit (stored once per session), an exit that cancels, one that asks support.
    const s = await c.cancelWalk(slug, 'too_expensive', 'response:too_expensive:secondary');
    await c.pressCancel(s, 'response:too_expensive:secondary');
    await c.cancelWalk(slug, 'missing_feature', 'response:missing_feature:primary');
    // Referral: a repeated attribution, a pending landing visit, a spent claim token.
    const code = (await c.referral('code', { appSlug: slug, userId: 'alice' })).json().code;
    expect((await c.referral('attribute', { appSlug: slug, code, userId: 'friend-2' })).json()).toMatchObject({ alreadyAttributed: true });
    const intent = (await c.referral('claim-intent', { appSlug: slug, code })).json();
    expect((await c.referral('attribute', { appSlug: slug, claimToken: intent.claimToken, userId: 'friend-2' })).json()).toMatchObject({ alreadyAttributed: true });
    // Promotion: replays of stored events, a dismissal, an install.
    const token = await resolve('replay');
    expect((await c.promotionEvent(token, 'impression')).json()).toMatchObject({ duplicate: false });
    expect((await c.promotionEvent(token, 'tapped')).json()).toMatchObject({ duplicate: false });
    const grown = await counters();
    expect(grown).toEqual({ ...before, 'promotion.impressions': before['promotion.impressions'] + 1, 'promotion.taps': before['promotion.taps'] + 1 });
    expect((await c.promotionEvent(token, 'impression')).json()).toMatchObject({ duplicate: true });
    expect((await c.promotionEvent(token, 'tapped')).json()).toMatchObject({ duplicate: true });
    await c.promotionEvent(token, 'dismissed');
    await c.promotionEvent(token, 'installed');
    expect(await counters()).toEqual(grown);
    expect(await counters()).toEqual(await rows());
  });

  it('concurrent duplicates count once: the same events and attributions sent twice at once', async () => {
    const before = await counters();
    const tokens = await Promise.all(Array.from({ length: 12 }, (_, i) => resolve(`burst-${i}`)));
    const sent = await Promise.all(tokens.flatMap((tk) => [c.promotionEvent(tk, 'impression'), c.promotionEvent(tk, 'impression'), c.promotionEvent(tk, 'tapped'), c.promotionEvent(tk, 'tapped')]));
    expect(sent.filter((r) => r.json().duplicate === false)).toHaveLength(24);
    const code = (await c.referral('code', { appSlug: slug, userId: 'carol' })).json().code;
    const twice = await Promise.all([0, 1].map(() => c.referral('attribute', { appSlug: slug, code, userId: 'friend-9' })));
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    const saved = await c.cancelWalk(slug, 'bugs', 'response:bugs:primary');
    await Promise.all([0, 1, 2].map(() => c.pressCancel(saved, 'response:bugs:primary')));
    expect(await counters()).toEqual({
      'cancel.saves': before['cancel.saves'] + 1,
      'referral.referrals': before['referral.referrals'] + 1,
      'promotion.impressions': before['promotion.impressions'] + 12,
      'promotion.taps': before['promotion.taps'] + 12,
    });
    expect(await counters()).toEqual(await rows());
  });

  it('migration 0124 rebuilds the same counters, per day, from the rows', async () => {
    const perDay = () =>
      t.db.db
        .selectFrom('daily_counts')
        .select(['metric', 'day', (eb) => eb.fn.sum<number | string>('n').as('n')])
        .where('app_id', '=', appId)
        .where('metric', 'in', [...METRICS])
        .groupBy(['metric', 'day'])
        .orderBy('metric')
        .orderBy('day')
        .execute()
        .then((r) => r.map((x) => ({ ...x, n: Number(x.n) })));
    const kept = await perDay();
    expect(kept).toHaveLength(4);
    await t.db.db.deleteFrom('daily_counts').where('metric', 'in', [...METRICS]).execute();
    expect(await perDay()).toEqual([]);
    await dashboardAnalyticsMigrations['0124_flow_analytics_rollups'].up(t.db.db);
    expect(await perDay()).toEqual(kept);
  });
});
