import { afterAll, beforeAll, expect, it } from 'vitest';
import { metricsRegistry } from '../../src/kernel/metrics.js';
import { baseUrl, describeEachDb, testApp, type TestApp } from '../helpers.js';
import { ownerWithApps, putAndPublish } from '../flows/promotion/promotion.fixtures.js';

/**
 * The fast path of public JSON operations (kernel/fast-ops.ts), over real HTTP: promotion resolve
 * and event answered in front of Fastify must be indistinguishable from Fastify's route (a query
 * string sends the same request to the route), share its rate budget, and hand everything else
 * over with the body intact and the handler run once.
 */
describeEachDb('fast operations (in front of Fastify)', (dialect) => {
  let t: TestApp;
  let url: string;
  let apps: Awaited<ReturnType<typeof ownerWithApps>>;
  const fastCount = async () => (await metricsRegistry.getSingleMetric('appflows_fast_path_requests_total')!.get()).values[0]?.value ?? 0;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await fetch(`${url}/api/public/promotions/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: r.status, headers: Object.fromEntries(r.headers), body: await r.text() };
  };
  const decisions = async () => {
    const s = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/fast-sleepy/promotions/stats', headers: t.auth })).json();
    return s.placements.reduce((n: number, p: { totals: { decisions: number }; noFill: number }) => n + p.totals.decisions + p.noFill, 0);
  };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '2' } }); // resolve and event: 60 a minute per client
    apps = await ownerWithApps(t, 'fast-');
    await putAndPublish(t, 'fast-sleepy', {
      type: 'app_promotion',
      placement: 'home',
      destinations: [{ destinationAppId: apps.dest.focus.id, content: { title: 'Focus' } }],
      frequency: { maxImpressionsPerWindow: 0 },
    });
    // Long store URLs make a decision of more than 4 KB.
    const long = (p: string) => `https://${p}.example/${'i'.repeat(1900 - p.length - 17)}`;
    const huge = await t.createApp({ name: 'Huge', slug: 'fast-huge', promotion: { appStoreId: '999', storeUrl: long('store'), iconUrl: long('icon'), universalLinkBase: long('links') } });
    expect(long('icon')).toHaveLength(1900);
    await putAndPublish(t, 'fast-sleepy', { type: 'app_promotion', placement: 'huge', destinations: [{ destinationAppId: huge.id }], frequency: { maxImpressionsPerWindow: 0 } }, 'huge');
    await putAndPublish(t, 'fast-sleepy', { type: 'app_promotion', placement: 'big', destinations: [{ destinationAppId: apps.dest.focus.id, content: { title: 'Focus', body: 'x'.repeat(500) } }], frequency: { maxImpressionsPerWindow: 0 } }, 'big');
    url = await baseUrl(t);
  });
  afterAll(() => t.close());

  it('answers resolve and event exactly as the route does, headers included', async () => {
    const before = await fastCount();
    const body = { appSlug: 'fast-sleepy', placement: 'home', userId: 'u1' };
    const fast = await post('resolve', body, { 'x-forwarded-for': '10.0.0.1' });
    expect(await fastCount()).toBe(before + 1);
    const routed = await post('resolve?via=route', body);
    expect(await fastCount()).toBe(before + 1);
    expect(fast.status).toBe(200);
    expect(fast.headers['content-encoding']).toBeUndefined();
    expect(routed.status).toBe(200);
    // Same fields (the token and its expiry differ per decision).
    const strip = (b: string) => ({ ...JSON.parse(b), trackingToken: 'T', expiresAt: 'E' });
    expect(strip(fast.body)).toEqual(strip(routed.body));
    const varying = ['date', 'x-request-id', 'x-ratelimit-remaining', 'content-length', 'keep-alive', 'connection'];
    const same = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([k]) => !varying.includes(k)));
    expect(same(fast.headers)).toEqual(same(routed.headers));
    expect(fast.headers['access-control-allow-origin']).toBe('*');
    expect(fast.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(fast.headers['x-ratelimit-limit']).toBe('60');

    const token = JSON.parse(fast.body).trackingToken;
    const first = await post('event', { trackingToken: token, event: 'impression' });
    const again = await post('event?via=route', { trackingToken: token, event: 'impression' });
    expect(JSON.parse(first.body)).toMatchObject({ duplicate: false });
    expect(JSON.parse(again.body)).toMatchObject({ duplicate: true });
    expect(same(first.headers)).toEqual(same(again.headers));
  });

  it('echoes a given request id, and makes one for an empty header, as Fastify does', async () => {
    const r = await post('resolve', { appSlug: 'fast-sleepy', placement: 'home' }, { 'x-request-id': 'abc-123' });
    expect(r.headers['x-request-id']).toBe('abc-123');
    const empty = await post('resolve', { appSlug: 'fast-sleepy', placement: 'home' }, { 'x-request-id': '' });
    expect(empty.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves to the route what its parsers decide: other JSON types with parameters, compressed bodies', async () => {
    const before = await decisions();
    const body = { appSlug: 'fast-sleepy', placement: 'home', userId: 'types' };
    const cases: Record<string, string>[] = [{ 'content-type': 'application/vnd.a+json; charset=utf-8' }, { 'content-encoding': 'gzip' }, { 'content-encoding': 'x-unknown' }];
    for (const headers of cases) {
      const fast = await post('resolve', body, headers);
      const routed = await post('resolve?via=route', body, headers);
      expect(fast.status, JSON.stringify(headers)).toBe(routed.status);
      expect(fast.status).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(fast.body)).toEqual(JSON.parse(routed.body));
    }
    expect(await decisions()).toBe(before);
  });

  it('hands over malformed JSON, invalid input and handler errors with the body intact, running the handler once', async () => {
    const before = await decisions();
    const malformed = await post('resolve', '{"appSlug":');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual({ error: 'Malformed JSON body' });
    const invalid = await post('resolve', { appSlug: 'fast-sleepy', placement: 7, extra: 'x' });
    expect(invalid.status).toBe(422);
    expect(JSON.parse(invalid.body).issues.map((i: { path: string }) => i.path)).toContain('/placement');
    const nul = await post('resolve', { appSlug: 'fast-sleepy', placement: 'ho\u0000me' });
    expect(nul.status).toBe(422);
    const unknown = await post('resolve', { appSlug: 'fast-no-such-app', placement: 'home' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error).toMatch(/not found/i);
    // Handed-over answers still carry the rate-limit headers of the budget the fast path spent.
    expect(unknown.headers['x-ratelimit-limit']).toBe('60');
    const forged = await post('event', { trackingToken: 'abc.def', event: 'impression' });
    expect(forged.status).toBe(400);
    expect((await post('event', { trackingToken: 'abc.def', event: 'exploded' })).status).toBe(422);
    expect(await decisions()).toBe(before); // none of these served a decision
    expect((await post('resolve', 'appSlug=x', { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('sends launch-size answers uncompressed on both paths, and compresses from 4 KB through Fastify, counting the decision once', async () => {
    const gz = { 'accept-encoding': 'gzip, br' };
    const mid = { appSlug: 'fast-sleepy', placement: 'big', userId: 'u'.repeat(200) };
    const before = await fastCount();
    const fast = await post('resolve', mid, gz);
    const routed = await post('resolve?via=route', mid, gz);
    expect(Number(fast.headers['content-length'])).toBeGreaterThan(1024);
    expect(await fastCount()).toBe(before + 1);
    for (const r of [fast, routed]) {
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
    }

    const d = await decisions();
    const r = await fetch(`${url}/api/public/promotions/resolve`, { method: 'POST', headers: { 'content-type': 'application/json', ...gz }, body: JSON.stringify({ appSlug: 'fast-sleepy', placement: 'huge', userId: 'u'.repeat(200) }) });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toMatch(/^(br|gzip)$/); // fetch decodes it
    expect((await r.json()).destination.iconUrl).toHaveLength(1900);
    expect(await decisions()).toBe(d + 1);
  });

  it('spends the same rate budget as the route, and Fastify answers 429 once it is spent', async () => {
    const other = { 'x-forwarded-for': '10.9.9.9' };
    const t2 = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1', TRUST_PROXY: 'true' } }); // 30 a minute
    try {
      const u = await baseUrl(t2);
      const send = (path: string) => fetch(`${u}/api/public/promotions/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...other }, body: JSON.stringify({ appSlug: 'nope', placement: 'home' }) });
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) statuses.push((await send('resolve')).status, (await send('resolve?via=route')).status);
      expect(statuses.every((s) => s === 404)).toBe(true);
      const limited = await send('resolve');
      expect(limited.status).toBe(429);
      expect((await limited.json()).error).toMatch(/Too many requests/);
      expect(limited.headers.get('retry-after')).toBeTruthy();
      // Another client has its own budget.
      const r = await fetch(`${u}/api/public/promotions/resolve`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.1.1' }, body: JSON.stringify({ appSlug: 'nope', placement: 'home' }) });
      expect(r.status).toBe(404);
      expect(r.headers.get('x-ratelimit-remaining')).toBe('29');
    } finally {
      await t2.close();
    }
  });
});
