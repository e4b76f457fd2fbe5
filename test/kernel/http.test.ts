import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describeEachDb('HTTP behaviour', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('unknown routes are a JSON 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.json().error).toMatch(/Not found/);
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
});
