import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from 'node:net';
import { SUBMIT_BODY_LIMIT } from '../../src/flows/forms/forms.routes.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describeEachDb('HTTP behaviour', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('unknown routes are a JSON 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/nope', headers: { accept: 'application/json' } });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.json().error).toMatch(/Not found/);
  });

  it('an API route this server does not offer says the capability is not available here (a WIRE call of a fuller server)', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/public/telemetry/batch', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(r.statusCode).toBe(404);
    expect(r.json().error).toBe('POST /api/public/telemetry/batch is not available on this server: no such endpoint in this version of Appflows (the API it offers is listed at /docs and /api/v1/openapi.json)');
    const owner = await t.app.inject({ method: 'GET', url: '/api/v1/apps/x/analytics/retention', headers: t.auth });
    expect(owner.json().error).toMatch(/^GET \/api\/v1\/apps\/x\/analytics\/retention is not available on this server/);
  });

  it('malformed JSON is a 400 with a JSON error and no stack trace', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: { ...t.auth, 'content-type': 'application/json' }, payload: '{"name": "x",' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ error: 'Malformed JSON body' });
  });

  it('bodies over 1 MiB are a 413', async () => {
    const big = JSON.stringify({ name: 'x', pad: 'y'.repeat(1024 * 1024) });
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: { ...t.auth, 'content-type': 'application/json' }, payload: big });
    expect(r.statusCode).toBe(413);
    expect(r.json().error).toMatch(/too large/);
  });

  it('an unsupported content type is a 415', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: { ...t.auth, 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(r.statusCode).toBe(415);
    expect(r.json().error).toMatch(/Content-Type/);
  });

  it('an empty JSON body where one is required is a 422, not a crash', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: { ...t.auth, 'content-type': 'application/json' }, payload: '' });
    expect(r.statusCode).toBe(422);
  });

  it('__proto__ keys in JSON are dropped, not merged', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '{"name":"Proto","__proto__":{"admin":true}}',
    });
    expect(r.statusCode).toBe(201);
  });

  it('bad query parameters are a 400 with paths', async () => {
    const app = await t.createApp({ name: 'Q' });
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/flows/cancel?flowSlug=NOT%20OK`, headers: t.auth });
    expect(r.statusCode).toBe(400);
    expect(r.json().issues[0].path).toBe('/flowSlug');
  });

  it('every response carries a request id; an incoming one is echoed', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const r2 = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(r2.headers['x-request-id']).toBe('abc-123');
  });

  it('sends the base security headers on API answers, and the document set only on pages', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['strict-transport-security']).toContain('max-age=');
    expect(r.headers['x-frame-options']).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('a 413 names the limit of the route that refused the body, not BODY_LIMIT', async () => {
    const app = await t.createApp({ name: 'Limits 413' });
    const big = JSON.stringify({ appSlug: app.slug, email: 'a@example.com', referrer: 'x'.repeat(100 * 1024) });
    const r = await t.app.inject({ method: 'POST', url: '/api/public/waitlist', headers: { 'content-type': 'application/json' }, payload: big });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ error: `Request body too large (limit ${SUBMIT_BODY_LIMIT} bytes)` });
    const owner = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: { ...t.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x', pad: 'y'.repeat(1024 * 1024) }) });
    expect(owner.json()).toEqual({ error: `Request body too large (limit ${t.config.bodyLimit} bytes)` });
  });

  it('bad percent-encoding is a 400 and an over-long path segment a 414, as { error } without the path', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/apps/%E0%A4%A', headers: t.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/json/);
    expect(bad.json()).toEqual({ error: expect.stringMatching(/percent-encoding/) });
    expect(bad.body).not.toContain('%E0');
    expect(bad.headers['x-content-type-options']).toBe('nosniff');
    const long = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${'a'.repeat(600)}`, headers: t.auth });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: expect.stringMatching(/URI too long/) });
    expect(long.body).not.toContain('aaaa');
  });

  it('requests Node refuses before routing get { error } too: 414 for a huge URL, 431 for huge headers, 400 for garbage', async () => {
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const send = (data: string) =>
      new Promise<string>((resolve, reject) => {
        let out = '';
        const socket = connect(Number(address.port), address.hostname, () => socket.write(data));
        socket.on('data', (d) => (out += d));
        socket.on('close', () => resolve(out));
        socket.on('error', (e) => (out ? resolve(out) : reject(e)));
      });
    const parse = (raw: string) => {
      const [head, body] = raw.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: JSON.parse(body) };
    };
    const url = parse(await send(`GET /api/v1/apps/${'x'.repeat(100 * 1024)} HTTP/1.1\r\nHost: a\r\n\r\n`));
    expect(url.status).toBe(414);
    expect(url.body).toEqual({ error: 'URI too long' });
    expect(url.head).toContain('content-type: application/json');
    const headers = parse(await send(`GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: ${'y'.repeat(20 * 1024)}\r\n\r\n`));
    expect(headers.status).toBe(431);
    expect(headers.body).toEqual({ error: expect.stringMatching(/headers too large/) });
    const garbage = parse(await send('GET /healthz HTTP/1.1\r\nHo st: a\r\n\r\n'));
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({ error: 'Malformed HTTP request' });
  });
});
