import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describeEachDb('first hour: / and compression', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('/ answers a browser with a page pointing to the docs and health, and an API client with JSON', async () => {
    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Appflows is running');
    expect(page.body).toContain(`href="${t.config.baseUrl}/docs"`);
    expect(page.body).toContain(`href="${t.config.baseUrl}/healthz"`);

    const json = await t.app.inject({ url: '/', headers: { accept: 'application/json' } });
    expect(json.json()).toMatchObject({ name: 'Appflows', docs: `${t.config.baseUrl}/docs`, openapi: `${t.config.baseUrl}/api/v1/openapi.json`, health: `${t.config.baseUrl}/healthz` });
  });

  it('compresses pages, JSON, CSV and /docs for clients that ask, and leaves small answers alone', async () => {
    const openapi = await t.app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(openapi.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(openapi.rawPayload).toString()).openapi).toBe('3.1.0');

    const docs = await t.app.inject({ url: '/docs/static/index.html', headers: { 'accept-encoding': 'gzip' } });
    if (docs.statusCode === 200) expect(docs.headers['content-encoding']).toBe('gzip');

    const css = await t.app.inject({ url: '/assets/base.css', headers: { 'accept-encoding': 'gzip' } });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(css.rawPayload).toString()).toContain('.card');

    const created = await t.createApp({ name: 'Squeezed' });
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${created.slug}/flows/waitlist`, headers: t.auth, payload: { type: 'waitlist', intro: { title: 'Join', subtitle: 's', emailPlaceholder: 'you@example.com', submitLabel: 'Join' }, success: { title: 'Done', body: 'b' } } });
    await t.app.inject({ method: 'POST', url: `/api/v1/apps/${created.slug}/flows/waitlist/publish`, headers: t.auth });
    for (let i = 0; i < 40; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/public/waitlist', remoteAddress: `10.0.0.${i + 1}`, payload: { appSlug: created.slug, email: `person${i}@example.com` } });
      expect(r.statusCode).toBeLessThan(300);
    }
    const csv = await t.app.inject({ url: `/api/v1/apps/${created.slug}/waitlist/signups.csv`, headers: { ...t.auth, 'accept-encoding': 'gzip' } });
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(csv.rawPayload).toString().trim().split('\n')).toHaveLength(41);
    // Without Accept-Encoding (the MCP client, curl): plain text.
    const plain = await t.app.inject({ url: `/api/v1/apps/${created.slug}/waitlist/signups.csv`, headers: t.auth });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.trim().split('\n')).toHaveLength(41);

    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
