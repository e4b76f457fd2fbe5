import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/kernel/ids.js';
import { goodFeedback, goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { linksApi, visitApp } from '../links/links.fixtures.js';

// testConfig: WEB_URL http://web.test, SIGNUP_URL http://signup.test (a host of its own).
const SIGNUP = { host: 'signup.test' };
const WEB = { host: 'web.test' };

describeEachDb('a separate SIGNUP_URL host serves waitlists only', (dialect) => {
  let t: TestApp;
  let feedbackAppId: string;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Shop', slug: 'shop' });
    await putAndPublish(t, 'shop', 'waitlist', goodWaitlist());
    await putAndPublish(t, 'shop', 'waitlist', { ...goodWaitlist(), intro: { ...goodWaitlist().intro, title: 'Shop beta' } }, 'beta');
    await putAndPublish(t, 'shop', 'feedback', goodFeedback());
    await putAndPublish(t, 'shop', 'feedback', goodFeedback(), 'second');

    // An app that took the slug `feedback` before route words were reserved (written around the
    // API): its waitlist `second` is what SIGNUP_URL/feedback/second means.
    const owner = await t.db.db.selectFrom('apps').select('account_id').where('slug', '=', 'shop').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    feedbackAppId = newId();
    await t.db.db
      .insertInto('apps')
      .values({ id: feedbackAppId, account_id: owner.account_id, name: 'Legacy Feedback', slug: 'feedback', bundle_id: null, deep_link_scheme: null, logo_url: null, promotion_json: null, created_at: now, updated_at: now })
      .execute();
    await putAndPublish(t, feedbackAppId, 'waitlist', { ...goodWaitlist(), intro: { ...goodWaitlist().intro, title: 'Legacy second list' } }, 'second');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('answers /<app> and /<app>/<flow> with the waitlist, and the assets and signup POST its page uses', async () => {
    const main = await get('/shop', SIGNUP);
    expect(main.statusCode).toBe(200);
    expect(main.body).toContain('Join the waitlist');
    expect((await get('/shop/beta', SIGNUP)).body).toContain('Shop beta');
    for (const asset of ['/assets/forms.js', '/assets/base.css', '/assets/accent.css?c=4f46e5']) expect((await get(asset, SIGNUP)).statusCode, asset).toBe(200);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/public/waitlist',
      headers: { ...SIGNUP, 'content-type': 'application/json' },
      payload: { appSlug: 'shop', email: 'host@example.com' },
    });
    expect(signup.statusCode).toBe(201);
  });

  it('a route word there is an app slug: /feedback/second is app feedback’s waitlist, never app second’s feedback form', async () => {
    const r = await get('/feedback/second', SIGNUP);
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('Legacy second list');
    expect(r.body).not.toContain('Send feedback');
    // /feedback/shop there: app feedback has no waitlist `shop`; shop's feedback form is not served.
    const other = await get('/feedback/shop', SIGNUP);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Send feedback');
    // On WEB_URL the feedback form is where it always was.
    expect((await get('/feedback/shop', WEB)).body).toContain('Send feedback');
    expect((await get('/feedback/shop/second', WEB)).statusCode).toBe(200);
  });

  it('answers everything else 404: API, docs, health, MCP, other pages', async () => {
    for (const url of ['/api/v1/apps', '/api/v1/openapi.json', '/api/public/feedback?appSlug=shop', '/api/public/wishlist/list?appSlug=shop']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { ...SIGNUP, ...t.auth } });
      expect(r.statusCode, url).toBe(404);
      expect(r.json(), url).toEqual({ error: expect.any(String) });
    }
    for (const url of ['/healthz', '/docs', '/docs/json', '/wishlist/shop', '/embed/wishlist/shop', '/waitlist/shop', '/contact/shop', '/l/abcdefg', '/nope/at/all']) {
      const r = await get(url, SIGNUP);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
    }
    const mcp = await t.app.inject({ method: 'POST', url: '/mcp', headers: { ...SIGNUP, ...t.auth, 'content-type': 'application/json' }, payload: {} });
    expect(mcp.statusCode).toBe(404);
    const submit = await t.app.inject({ method: 'POST', url: '/api/public/feedback', headers: { ...SIGNUP, 'content-type': 'application/json' }, payload: { appSlug: 'shop', message: 'hi' } });
    expect(submit.statusCode).toBe(404);
    // The same requests on the WEB_URL host are answered as ever.
    expect((await get('/healthz', WEB)).statusCode).toBe(200);
    expect((await get('/waitlist/shop', WEB)).statusCode).toBe(200);
    expect((await get('/shop', WEB)).statusCode).toBe(404);
  });

  it('short links do not redirect there, not even from the cache in front of the router', async () => {
    const created = await linksApi(t, 'shop').create({ url: 'https://example.com/dest' });
    expect(created.statusCode).toBe(201);
    const code = created.json().link.code as string;
    // The first visit caches the link; the fast path would answer the next one before Fastify.
    expect((await visitApp(t, `/l/${code}`, WEB)).status).toBe(302);
    expect((await visitApp(t, `/l/${code}`, WEB)).status).toBe(302);
    const there = await visitApp(t, `/l/${code}`, SIGNUP);
    expect(there.status).toBe(404);
    expect(there.location).toBeUndefined();
  });

  it('the Host comparison ignores case', async () => {
    expect((await get('/shop', { host: 'SIGNUP.test' })).statusCode).toBe(200);
    expect((await get('/healthz', { host: 'Signup.Test' })).statusCode).toBe(404);
  });
});
