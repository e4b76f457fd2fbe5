import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
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
    // Orange hardly stands out on the light card (2.2:1): buttons keep it with an edge in its ink; on dark pages it stands out as it is.
    const dark = '{--accent:#ff8800;--accent-ink:#ff8800;--on-accent:#111111;--accent-edge:transparent}';
    expect(r.body).toBe(`:root{--accent:#ff8800;--accent-ink:#8c4b00;--on-accent:#111111;--accent-edge:#8c4b00}body.theme-dark${dark}@media (prefers-color-scheme:dark){body.theme-auto${dark}}`);
    expect((await t.app.inject({ method: 'GET', url: '/assets/accent.css?c=red;}body{x' })).statusCode).toBe(404);
  });

  it('unknown pages get an HTML 404 for browsers, JSON for APIs', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/nowhere', headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(404);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(html.body).toContain('Page not found');
    const json = await t.app.inject({ method: 'GET', url: '/api/public/nowhere', headers: { accept: 'text/html' } });
    expect(json.json().error).toMatch(/^GET \/api\/public\/nowhere is not available on this server/);
  });

  it('pages keep Referrer-Policy: no-referrer: no meta tag or attribute in the markup loosens it', async () => {
    const slug = (await t.createApp({ name: 'Referrer' })).slug;
    await putAndPublish(t, slug, 'waitlist', { ...goodWaitlist(), success: { title: 'In', body: 'Yes', ctaLabel: 'Blog', ctaUrl: 'https://blog.example.org' } });
    for (const url of ['/nowhere', `/waitlist/${slug}`, `/waitlist/${slug}?done=1`, `/feedback/${slug}`]) {
      const r = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.headers['referrer-policy'], url).toBe('no-referrer');
      // A <meta name="referrer"> overrides the header for the document (HTML's rule), so none at all.
      expect(r.body, url).not.toMatch(/<meta[^>]*(name="referrer"|http-equiv="referrer-policy")/i);
      expect(r.body, url).not.toMatch(/referrerpolicy="(?!no-referrer")/i);
    }
  });
});
