import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonTooDeep, MAX_JSON_DEPTH, parseJsonBounded } from '../../src/kernel/json-depth.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodCrash } from '../flows/crash/crash.fixtures.js';
import { putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { ownerWithApps, putAndPublish as publishPromotion } from '../flows/promotion/promotion.fixtures.js';
import { baseUrl, describeEachDb, testApp, type TestApp } from '../helpers.js';

/** `k` nested arrays. */
const arrays = (k: number) => '['.repeat(k) + ']'.repeat(k);
/** `k` nested objects, 6 bytes a level: 150k levels are a 900 KB body (#34's repro). */
const objects = (k: number) => '{"a":'.repeat(k) + '1' + '}'.repeat(k);

describe('jsonTooDeep', () => {
  it('counts objects and arrays outside strings only, and stops at the first level too many', () => {
    expect(jsonTooDeep(arrays(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(arrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(`{"a":${arrays(MAX_JSON_DEPTH - 1)}}`)).toBe(false);
    expect(jsonTooDeep(`{"a":${arrays(MAX_JSON_DEPTH)}}`)).toBe(true);
    // Brackets in strings are text, escaped quotes do not end a string, an escaped backslash does not escape the quote.
    expect(jsonTooDeep(JSON.stringify({ s: '['.repeat(1000), t: '"[[[[' + '{'.repeat(100), u: '\\', v: ['\\"' + '['.repeat(50)] }))).toBe(false);
    expect(jsonTooDeep(`["\\\\"${','.repeat(1)}${arrays(MAX_JSON_DEPTH)}]`)).toBe(true);
    // Closing brackets lower the depth: wide is not deep.
    expect(jsonTooDeep(JSON.stringify(Array.from({ length: 1000 }, () => [[[{ a: [1] }]]])))).toBe(false);
    // Malformed text is JSON.parse's to judge.
    expect(jsonTooDeep('{"a":"unterminated')).toBe(false);
  });

  it('parseJsonBounded throws a SyntaxError saying why, as JSON.parse does for malformed text', () => {
    expect(parseJsonBounded('{"a":[1]}')).toEqual({ a: [1] });
    expect(() => parseJsonBounded(arrays(5000))).toThrow(SyntaxError);
    expect(() => parseJsonBounded(arrays(5000))).toThrow(/nested too deeply: at most 32 levels/);
    expect(() => parseJsonBounded('{')).toThrow(SyntaxError);
  });
});

/**
 * #34 item 1: JSON nested thousands deep reached the schemas (zod and JSON.stringify recursing) and
 * answered 500; a 150k-deep body held the event loop. Every JSON body is refused at parse time
 * above 32 levels, 400 `{ error }`, on the Fastify routes, the fast path and /mcp, and nothing is stored.
 */
describeEachDb('JSON nesting depth', (dialect) => {
  let t: TestApp;
  let url: string;
  const count = async (table: 'crash_reports' | 'flow_sessions' | 'apps') =>
    Number((await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const r = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body });
    const text = await r.text();
    return { status: r.status, text, ms: performance.now() - started, json: () => JSON.parse(text) };
  };
  const expectTooDeep = (r: Awaited<ReturnType<typeof post>>) => {
    expect(r.status, r.text).toBe(400);
    expect(r.json()).toEqual({ error: 'JSON nested too deeply: at most 32 levels of objects and arrays in the request body' });
  };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Deep', slug: 'deep', deepLinkScheme: 'deepapp' });
    await putAndPublish(t, 'deep', 'cancel', goodCancel());
    await putAndPublish(t, 'deep', 'onboarding', goodOnboarding());
    await putAndPublish(t, 'deep', 'crash', goodCrash());
    url = await baseUrl(t);
  });
  afterAll(() => t.close());

  const ENDPOINTS = [
    { path: '/api/public/crash', table: 'crash_reports', body: (k: number) => `{"appSlug":"deep","message":"Deep metadata","metadata":{"a":${arrays(k)}}}` },
    { path: '/api/public/sessions', table: 'flow_sessions', body: (k: number) => `{"appSlug":"deep","platform":"ios","attributes":{"a":${arrays(k)}}}` },
    { path: '/api/public/onboarding/sessions', table: 'flow_sessions', body: (k: number) => `{"appSlug":"deep","platform":"ios","attributes":{"a":${arrays(k)}}}` },
  ] as const;

  for (const e of ENDPOINTS) {
    it(`POST ${e.path}: 32 levels are taken, 33 and 5,000 are a 400 before any schema runs, and nothing is stored`, async () => {
      // The body's object and the field's object are two levels: 30 arrays make 32.
      const ok = await post(e.path, e.body(MAX_JSON_DEPTH - 2));
      expect(ok.status, ok.text).toBe(201);
      const before = await count(e.table);
      expectTooDeep(await post(e.path, e.body(MAX_JSON_DEPTH - 1)));
      expectTooDeep(await post(e.path, e.body(5000)));
      expect(await count(e.table)).toBe(before);
    });
  }

  it('a 150k-deep 900 KB body is refused after reading a few dozen characters of it, not after walking it', async () => {
    const body = `{"appSlug":"deep","message":"x","metadata":${objects(150_000)}}`;
    expect(body.length).toBeGreaterThan(900_000);
    // The scan stops at the 33rd level (about 200 characters in): a thousand scans in well under the 0.5 s one parse took.
    const started = performance.now();
    let refused = 0;
    for (let i = 0; i < 1000; i++) if (jsonTooDeep(body)) refused++;
    expect(performance.now() - started).toBeLessThan(250);
    expect(refused).toBe(1000);
    const before = await count('crash_reports');
    const r = await post('/api/public/crash', body);
    expectTooDeep(r);
    // Over real HTTP on a shared machine: generous, the status is what proves the fix.
    expect(r.ms).toBeLessThan(3000);
    expect(await count('crash_reports')).toBe(before);
  });

  it('the owner API refuses it too (POST /api/v1/apps), creating nothing', async () => {
    const before = await count('apps');
    expectTooDeep(await post('/api/v1/apps', `{"name":"Deeper","extra":${arrays(5000)}}`, t.auth));
    expectTooDeep(await post('/api/v1/apps', arrays(150_000), { ...t.auth, 'content-type': 'application/vnd.api+json' }));
    expect(await count('apps')).toBe(before);
  });

  it('the fast path (promotion resolve and event, answered in front of Fastify) hands it to the route, which answers 400', async () => {
    const apps = await ownerWithApps(t, 'deepfast-');
    await publishPromotion(t, 'deepfast-sleepy', { type: 'app_promotion', placement: 'home', destinations: [{ destinationAppId: apps.dest.focus.id, content: { title: 'Focus' } }], frequency: { maxImpressionsPerWindow: 0 } });
    const ok = await post('/api/public/promotions/resolve', '{"appSlug":"deepfast-sleepy","placement":"home","userId":"u1"}');
    expect(ok.status, ok.text).toBe(200);
    expectTooDeep(await post('/api/public/promotions/resolve', `{"appSlug":"deepfast-sleepy","placement":"home","userId":${arrays(5000)}}`));
    expectTooDeep(await post('/api/public/promotions/event', `{"trackingToken":"x","event":"impression","extra":${objects(150_000)}}`));
  });

  it('/mcp refuses a deep JSON-RPC body, and a tool argument given as a deep JSON string is a validation error, not a 500', async () => {
    const mcp = { ...t.auth, accept: 'application/json, text/event-stream' };
    expectTooDeep(await post('/mcp', `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":${arrays(5000)}}`, mcp));
    // A string argument is parsed by the tool layer (agents send objects as JSON text).
    const call = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'update_feedback_draft', arguments: { appIdOrSlug: 'deep', config: `{"a":${arrays(5000)}}` } } });
    const r = await post('/mcp', call, mcp);
    expect(r.status, r.text).toBe(200);
    expect(r.text).not.toMatch(/Maximum call stack|Internal server error/);
    expect(r.json().result?.isError ?? r.json().error).toBeTruthy();
  });
});
