import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Operation } from '../../src/kernel/operation.js';
import { metricsRegistry } from '../../src/kernel/metrics.js';
import { buildCapabilities } from '../../src/server.js';
import { baseUrl, describeEachDb, testApp, type TestApp } from '../helpers.js';
import { fastOpFixtures, type FastOpFixture } from './fast-ops.fixtures.js';

/**
 * Every operation answered in front of Fastify (`fast: true`, kernel/fast-ops.ts), taken from the
 * registry itself, answers as its Fastify route does: the same status, body, and headers
 * (security headers, CORS, rate-limit headers, request id, content type) for a good request and
 * for everything the fast path hands over or declines. A query string sends the same request to
 * the route (the fast path matches the bare path only). Each request comes from a client address
 * of its own (X-Forwarded-For, trusted from loopback), so both paths start from a fresh rate budget
 * and their x-ratelimit-remaining must agree too.
 */
describeEachDb('fast operations answer as their Fastify routes do', (dialect) => {
  let t: TestApp;
  let url: string;
  let ops: Operation[];
  let fixtures: Record<string, FastOpFixture>;
  let nextClient = 0;
  let nextBody = 0;
  const client = () => {
    const n = ++nextClient;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  const fastCount = async () => (await metricsRegistry.getSingleMetric('appflows_fast_path_requests_total')!.get()).values[0]?.value ?? 0;

  interface Req {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  const send = async (path: string, req: Req, ip = client()) => {
    // An empty header value means none (a string body would otherwise be sent as text/plain).
    const headers = Object.fromEntries(Object.entries({ 'content-type': 'application/json', 'x-forwarded-for': ip, 'x-request-id': 'conformance-request', ...req.headers }).filter(([, v]) => v !== ''));
    const body = req.body === undefined || headers['content-type'] ? req.body : Buffer.from(req.body);
    const r = await fetch(`${url}${path}`, { method: req.method ?? 'POST', headers, body });
    return { status: r.status, headers: Object.fromEntries(r.headers), body: await r.text() };
  };
  type Answer = Awaited<ReturnType<typeof send>>;
  /** What may differ between two answers to the same request: the clock, and for a success the values it made (ids, tokens, counts) and so its length. */
  const comparable = (a: Answer) => {
    const shapeOnly = a.status < 300 && a.body !== '';
    const headers = { ...a.headers };
    delete headers.date;
    if (shapeOnly) delete headers['content-length'];
    return { status: a.status, headers, body: shapeOnly ? shape(JSON.parse(a.body)) : a.body };
  };

  /** The same request through the fast path and through the route; the fast path took the first only if `taken`. */
  async function both(op: Operation, fast: Req, routed: Req = fast, opts: { taken?: boolean; ips?: [string, string] } = {}) {
    const before = await fastCount();
    const a = await send(op.path, fast, opts.ips?.[0]);
    const took = (await fastCount()) - before;
    const b = await send(`${op.path}?via=route`, routed, opts.ips?.[1]);
    expect((await fastCount()) - before, 'the route request went to Fastify').toBe(took);
    if (opts.taken !== undefined) expect(took, opts.taken ? 'the fast path took it' : 'the fast path declined it').toBe(opts.taken ? 1 : 0);
    expect(comparable(a), `${op.id}: fast path vs route`).toEqual(comparable(b));
    return a;
  }
  const json = (body: unknown): Req => ({ body: JSON.stringify(body) });
  const fixture = (op: Operation) => {
    const f = fixtures[op.id];
    if (!f) throw new Error(`fast operation ${op.id} has no good request in test/kernel/fast-ops.fixtures.ts`);
    return f;
  };
  const good = async (op: Operation) => fixture(op).good(++nextBody);
  const rate = (op: Operation) => (op.route!.config as { rateLimit: { max: number } }).rateLimit.max;
  const bodyLimit = (op: Operation) => op.route?.bodyLimit ?? t.config.bodyLimit;

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '2', TRUST_PROXY: 'loopback' } });
    // The registry, as buildServer reads it: every module's operations.
    ops = buildCapabilities(t.config, t.db).operations.filter((o) => o.fast);
    fixtures = await fastOpFixtures(t);
    url = await baseUrl(t);
  });
  afterAll(() => t.close());

  it('finds the fast operations in the registry, each with a good request', () => {
    expect(ops.length).toBeGreaterThanOrEqual(6);
    for (const op of ops) fixture(op);
  });

  it('a good request: the same status, headers and body shape, answered on the fast path', async () => {
    for (const op of ops) {
      const a = await both(op, json(await good(op)), json(await good(op)), { taken: true });
      expect(a.status, `${op.id}: ${a.body}`).toBeLessThan(300);
      expect(a.headers).toMatchObject({ 'access-control-allow-origin': '*', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-request-id': 'conformance-request', 'x-ratelimit-limit': String(rate(op)) });
    }
  });

  it('malformed JSON, an empty body: the route’s 400 / 422, with the rate-limit headers', async () => {
    for (const op of ops) {
      const a = await both(op, { body: '{"appSlug": "conf",' }, undefined, { taken: true });
      expect([a.status, JSON.parse(a.body)]).toEqual([400, { error: 'Malformed JSON body' }]);
      expect(a.headers['x-ratelimit-remaining']).toBe(String(rate(op) - 1));
      expect((await both(op, { body: '' }, undefined, { taken: false })).status).toBe(422);
    }
  });

  it('a wrong or missing content type: 415 on both', async () => {
    for (const op of ops) {
      const body = JSON.stringify(await good(op));
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
        expect((await both(op, { body, headers: { 'content-type': type } }, undefined, { taken: false })).status, type).toBe(415);
      }
      expect((await both(op, { body, headers: { 'content-type': '' } }, undefined, { taken: false })).status).toBe(415);
    }
  });

  it('JSON content types written differently, an identity encoding: the same answer whichever path takes them', async () => {
    for (const op of ops) {
      for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8', 'application/json ; charset=utf-8', 'application/problem+json', 'application/json; charset=latin1']) {
        const headers = { 'content-type': type };
        const a = await both(op, { body: JSON.stringify(await good(op)), headers }, { body: JSON.stringify(await good(op)), headers });
        expect(a.status, `${type}: ${a.body}`).toBeLessThan(500);
      }
      await both(op, { body: JSON.stringify({}), headers: { 'content-encoding': 'identity' } }, undefined, { taken: true });
    }
  });

  it('a body over the route’s limit: 413 naming the limit; at the limit it is still read', async () => {
    for (const op of ops) {
      const limit = bodyLimit(op);
      const padded = (size: number) => {
        const head = '{"appSlug":"conf","pad":"';
        return head + 'x'.repeat(size - head.length - 2) + '"}';
      };
      const over = await both(op, { body: padded(limit + 1) }, undefined, { taken: false });
      expect([over.status, JSON.parse(over.body)]).toEqual([413, { error: `Request body too large (limit ${limit} bytes)` }]);
      expect((await both(op, { body: padded(limit) }, undefined, { taken: true })).status).not.toBe(413);
    }
  });

  it('a validation failure: 422 with the same issues', async () => {
    for (const op of ops) {
      const body = await good(op);
      const first = Object.keys(body)[0];
      const a = await both(op, json({ ...body, [first]: { not: 'valid' } }), undefined, { taken: true });
      expect(a.status).toBe(422);
      expect(JSON.parse(a.body).issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: `/${first}` })]));
      // NUL in a string (kernel/nul.ts), a JSON value that is not an object, nesting too deep (kernel/json-depth.ts).
      expect((await both(op, { body: JSON.stringify({ ...body, [first]: 'a\u0000b' }) }, undefined, { taken: true })).status).toBe(422);
      expect((await both(op, { body: 'null' }, undefined, { taken: true })).status).toBe(422);
      expect((await both(op, { body: '['.repeat(200) + ']'.repeat(200) }, undefined, { taken: true })).status).toBe(400);
    }
  });

  it('an unknown app (or a forged token): the route’s error, handed over after the handler ran', async () => {
    for (const op of ops) {
      const f = fixture(op);
      const body = f.unknown ? f.unknown() : { ...(await good(op)), appSlug: 'no-such-app' };
      const a = await both(op, json(body), undefined, { taken: true });
      expect([400, 404], `${op.id}: ${a.body}`).toContain(a.status);
      expect(JSON.parse(a.body)).toEqual({ error: expect.any(String) });
    }
  });

  it('over the rate limit: 429 with the same headers and body, the budget shared by both paths', async () => {
    for (const op of ops) {
      const ips: [string, string] = [client(), client()];
      // Spend each client's budget through the other path (inject: Fastify only), with requests that store nothing.
      for (const ip of ips) {
        for (let i = 0; i < rate(op) - 1; i++) {
          const r = await t.app.inject({ method: 'POST', url: op.path, headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, payload: '{}' });
          expect(r.statusCode).toBe(422);
        }
      }
      // The last request the budget allows, then the first it refuses.
      const last = await both(op, json({}), undefined, { ips, taken: true });
      expect([last.status, last.headers['x-ratelimit-remaining']]).toEqual([422, '0']);
      const a = await both(op, json(await good(op)), undefined, { ips, taken: true });
      expect(a.status).toBe(429);
      expect(a.headers).toMatchObject({ 'x-ratelimit-remaining': '0', 'retry-after': expect.any(String), 'access-control-allow-origin': '*' });
    }
  });

  it('a CORS preflight: the same 204 and allowed methods', async () => {
    for (const op of ops) {
      const a = await both(op, { method: 'OPTIONS', headers: { origin: 'https://owner.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } }, undefined, { taken: false });
      expect(a.status).toBe(204);
      expect(a.headers['access-control-allow-methods']).toContain('POST');
    }
  });
});

/** A JSON value's shape: the keys and the type at every place, not the values (ids, tokens, counts). */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
  return v === null ? 'null' : typeof v;
}
