import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { FORM, ownerApp, preTokenOf, type OwnerApp } from './admin.fixtures.js';

const HOSTILE = ['\u0000', 'x'.repeat(20_000), '../../etc/passwd', '%00', '<script>alert(1)</script>', '{"type":"waitlist","intro":"\u0000"}', '[]', 'null', '1e999', '{"__proto__":{"a":1}}'];

describeEachDb('dashboard: hostile input never answers 5xx and is escaped', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  let csrf: string;
  beforeAll(async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Recipes', slug: 'recipes' });
    cookie = (await t.signIn()).cookie;
    csrf = (await t.page('/admin/apps', cookie)).csrf;
  });
  afterAll(async () => t?.close());

  it('posts hostile fields to every form', async () => {
    const forms: [string, string[]][] = [
      ['/admin/api-tokens', ['name']],
      ['/admin/apps', ['name', 'slug', 'bundleId', 'deepLinkScheme', 'logoUrl']],
      ['/admin/apps/recipes', ['name', 'slug', 'bundleId', 'deepLinkScheme', 'logoUrl', 'promoAppStoreId', 'promoStoreUrl', 'promoDestinations']],
      ['/admin/apps/recipes/flows/waitlist/save', ['config', 'action']],
      ['/admin/apps/recipes/flows/waitlist/save?flowSlug=%00', ['config']],
      ['/admin/apps/recipes/flows/waitlist/preview', ['config']],
      ['/admin/apps/recipes/flows/waitlist/copy', ['version']],
      ['/admin/apps/recipes/flows/cancel/preview-link', []],
      ['/admin/api-tokens/%00/revoke', []],
    ];
    for (const [url, fields] of forms) {
      for (const v of HOSTILE) {
        const r = await t.post(url, cookie, { _csrf: csrf, ...Object.fromEntries(fields.map((f) => [f, v])) });
        expect(r.status, `${url} ${JSON.stringify(v).slice(0, 40)}`).toBeLessThan(500);
        expect(r.body).not.toContain('<script>alert(1)</script>');
      }
      // Repeated keys arrive as arrays.
      const arr = await t.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: `_csrf=${csrf}&${fields.map((f) => `${f}=a&${f}=b`).join('&')}` });
      expect(arr.statusCode, url).toBeLessThan(500);
    }
  });

  it('gets hostile paths and queries', async () => {
    const urls = [
      '/admin/apps/%00',
      '/admin/apps/recipes/flows/%00',
      '/admin/apps/recipes/flows/waitlist?flowSlug=%3Cscript%3E',
      '/admin/apps/recipes/flows/waitlist/diff?a=%00&b=draft',
      '/admin/apps/recipes/flows/waitlist/diff?a=1&b=draft&flowSlug=../x',
      '/admin/apps/recipes/flows/waitlist/preview?flowSlug=%00',
      '/admin/schemas/%00.json',
      '/admin/assets/..%2f..%2fpackage.json',
      '/admin/api-tokens?revoked=%3Cscript%3E',
    ];
    for (const url of urls) {
      const r = await t.app.inject({ url, headers: { cookie, accept: 'text/html' } });
      expect(r.statusCode, url).toBeLessThan(500);
      expect(r.body, url).not.toContain('<script>');
    }
  });

  it('never redirects a sign-in to another site', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example', '/admin/../../evil', '/\\evil.example', '/admin//evil.example']) {
      const login = await t.app.inject({ url: `/admin/login?next=${encodeURIComponent(next)}` });
      const r = await t.app.inject({
        method: 'POST',
        url: '/admin/login',
        headers: FORM,
        payload: new URLSearchParams({ _token: preTokenOf(login.body), email: 'owner@example.com', password: 'correct horse battery', next }).toString(),
      });
      expect(r.statusCode, next).toBe(303);
      expect(r.headers.location, next).toBe('/admin/apps');
    }
  });
});
