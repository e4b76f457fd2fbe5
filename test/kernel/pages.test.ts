import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describeEachDb('page kernel', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('serves assets with ETags and 304s', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/base.css' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/css/);
    const again = await t.app.inject({ method: 'GET', url: '/assets/base.css', headers: { 'if-none-match': String(r.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/assets/../package.json' })).statusCode).toBe(404);
  });

  it('accent stylesheet accepts only a hex colour', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/assets/accent.css?c=FF8800' });
    expect(r.body).toBe(':root{--accent:#ff8800}');
    expect((await t.app.inject({ method: 'GET', url: '/assets/accent.css?c=red;}body{x' })).statusCode).toBe(404);
  });

  it('unknown pages get an HTML 404 for browsers, JSON for APIs', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/nowhere', headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(404);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(html.body).toContain('Page not found');
    const json = await t.app.inject({ method: 'GET', url: '/api/public/nowhere', headers: { accept: 'text/html' } });
    expect(json.json().error).toMatch(/Not found/);
  });
});
