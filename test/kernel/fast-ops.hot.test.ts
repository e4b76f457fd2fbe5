import { afterAll, beforeAll, expect, it } from 'vitest';
import { metricsRegistry } from '../../src/kernel/metrics.js';
import { baseUrl, describeEachDb, testApp, type TestApp } from '../helpers.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { ownerApi, putAndPublish as publishBoard, goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';

/**
 * The hot public writes of #38 on the fast path (kernel/fast-ops.ts): waitlist signup, a vote and
 * a cancel session start, answered in front of Fastify over real HTTP, must answer as the route
 * does (a query string sends the same request to the route), store what they acknowledge, and
 * still see what the route sees (the hosted board's anonymous cookie).
 */
describeEachDb('hot writes on the fast path (signup, vote, session start)', (dialect) => {
  let t: TestApp;
  let url: string;
  let ideaId: string;
  const fastCount = async () => (await metricsRegistry.getSingleMetric('appflows_fast_path_requests_total')!.get()).values[0]?.value ?? 0;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: r.status, headers: Object.fromEntries(r.headers), body: await r.text() };
  };
  const varying = ['date', 'x-request-id', 'x-ratelimit-remaining', 'content-length', 'keep-alive', 'connection'];
  const same = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([k]) => !varying.includes(k)));
  /** The same request on the fast path and on Fastify's route: the path is taken once, statuses and headers match. */
  async function both(path: string, fastBody: unknown, routeBody: unknown, headers: Record<string, string> = {}) {
    const before = await fastCount();
    const fast = await post(path, fastBody, headers);
    expect(await fastCount()).toBe(before + 1);
    const routed = await post(`${path}?via=route`, routeBody, headers);
    expect(await fastCount()).toBe(before + 1);
    expect(same(fast.headers)).toEqual(same(routed.headers));
    return { fast, routed };
  }

  beforeAll(async () => {
    t = await testApp(dialect);
    await t.createApp({ name: 'Hot', slug: 'hot' });
    await putAndPublish(t, 'hot', 'waitlist', goodWaitlist());
    const cancel = await t.app.inject({ method: 'PUT', url: '/api/v1/apps/hot/flows/cancel', headers: t.auth, payload: goodCancel() });
    expect(cancel.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/apps/hot/flows/cancel/publish', headers: { authorization: t.auth.authorization } })).statusCode).toBe(200);
    await publishBoard(t, 'hot', goodWishlist());
    ideaId = (await ownerApi(t, 'hot').create({ title: 'Hot idea' })).json().idea.id;
    url = await baseUrl(t);
  });
  afterAll(() => t.close());

  it('signs up as the route does: 201 stored, 200 for the same address again, on either path', async () => {
    const { fast, routed } = await both('/api/public/waitlist', { appSlug: 'hot', email: 'fast@example.com' }, { appSlug: 'hot', email: 'routed@example.com' });
    expect(fast.status).toBe(201);
    expect(routed.status).toBe(201);
    expect(JSON.parse(fast.body)).toMatchObject({ ok: true, alreadySignedUp: false });
    expect(fast.headers['access-control-allow-origin']).toBe('*');
    expect(fast.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // A repeat through the other path is the same person: 200, no second row.
    const again = await both('/api/public/waitlist', { appSlug: 'hot', email: 'ROUTED@example.com' }, { appSlug: 'hot', email: 'Fast@Example.com' });
    expect([again.fast.status, again.routed.status]).toEqual([200, 200]);
    expect(JSON.parse(again.fast.body)).toEqual({ ok: true, alreadySignedUp: true });
    const rows = await t.db.db.selectFrom('waitlist_signups').select('email').execute();
    expect(rows.map((r) => r.email).sort()).toEqual(['fast@example.com', 'routed@example.com']);
    // Invalid input is still the route's answer (handed over).
    expect((await post('/api/public/waitlist', { appSlug: 'hot', email: 'nope' })).status).toBe(422);
  });

  it('votes with the hosted board’s cookie as the voter on the fast path, as the route does', async () => {
    const cookie = { cookie: `af_vid=${'v'.repeat(20)}; af_wl=${'w'.repeat(24)}` };
    const { fast, routed } = await both('/api/public/wishlist/vote', { appSlug: 'hot', ideaId }, { appSlug: 'hot', ideaId }, cookie);
    expect(fast.status).toBe(200);
    expect(JSON.parse(fast.body)).toEqual({ ok: true, voted: true, voteCount: 1 });
    // The route saw the same voter (the cookie), so its vote was the same one.
    expect(JSON.parse(routed.body)).toEqual({ ok: true, voted: true, voteCount: 1 });
    const other = await post('/api/public/wishlist/vote', { appSlug: 'hot', ideaId }, { cookie: `af_wl=${'x'.repeat(24)}` });
    expect(JSON.parse(other.body).voteCount).toBe(2);
    const votes = await t.db.db.selectFrom('wishlist_votes').select('idea_id').where('idea_id', '=', ideaId).execute();
    expect(votes).toHaveLength(2);
  });

  it('starts cancel sessions as the route does, each stored before its answer', async () => {
    const start = { appSlug: 'hot', userId: 'u1', platform: 'ios', appVersion: '3.1.0' };
    const { fast, routed } = await both('/api/public/sessions', start, { ...start, userId: 'u2' });
    expect([fast.status, routed.status]).toEqual([201, 201]);
    const ids = [JSON.parse(fast.body).sessionId, JSON.parse(routed.body).sessionId];
    const stored = await t.db.db.selectFrom('flow_sessions').select('id').where('id', 'in', ids).execute();
    expect(stored).toHaveLength(2);
    expect((await post('/api/public/sessions', { appSlug: 'no-such-app', platform: 'ios' })).status).toBe(404);
  });
});
