import { afterAll, beforeAll, expect, it } from 'vitest';
import { formToken } from '../../src/kernel/pages/form-token.js';
import { ipHasher } from '../../src/kernel/identity.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { pageToken, tokenIn } from '../form-token.js';
import { goodContact, goodFeedback, goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodWishlist, ownerApi, putAndPublish as publishBoard } from '../flows/wishlist/wishlist.fixtures.js';

/**
 * Hardening defect 6: a page on another site must not be able to make its visitors' browsers
 * vote, submit or sign up here. The public API takes JSON only (a cross-origin JSON call is
 * preflighted and carries no cookie of ours); hosted pages' form posts carry a token bound to
 * the page and the visitor's address.
 */
describeEachDb('cross-site requests', (dialect) => {
  let t: TestApp;
  let slug: string;
  let ideaId: string;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const enc = (o: Record<string, string>) => new URLSearchParams(o).toString();
  const rows = async (table: 'waitlist_signups' | 'form_submissions' | 'wishlist_votes' | 'wishlist_ideas' | 'wishlist_comments') =>
    Number((await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await t.createApp({ name: 'Cross' })).slug;
    await putAndPublish(t, slug, 'waitlist', goodWaitlist());
    await putAndPublish(t, slug, 'feedback', goodFeedback());
    await putAndPublish(t, slug, 'contact', goodContact());
    await publishBoard(t, slug, goodWishlist());
    ideaId = (await ownerApi(t, slug).create({ title: 'An idea' })).json().idea.id;
  });
  afterAll(() => t.close());

  it('the public API refuses form-encoded and text bodies (415) and stores nothing', async () => {
    const before = [await rows('waitlist_signups'), await rows('form_submissions'), await rows('wishlist_votes')];
    const posts: [string, string, string][] = [
      ['POST', '/api/public/waitlist', enc({ appSlug: slug, email: 'csrf@example.com' })],
      ['POST', '/api/public/feedback', enc({ appSlug: slug, message: 'csrf' })],
      ['POST', '/api/public/wishlist/vote', enc({ appSlug: slug, ideaId, userId: 'victim' })],
      ['DELETE', '/api/public/wishlist/vote', enc({ appSlug: slug, ideaId, userId: 'victim' })],
    ];
    for (const [method, url, payload] of posts) {
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
        const r = await t.app.inject({ method: method as 'POST', url, headers: { 'content-type': type }, payload });
        expect(r.statusCode, `${method} ${url} ${type}`).toBe(415);
        expect(r.json().error).toMatch(/JSON/);
      }
    }
    expect([await rows('waitlist_signups'), await rows('form_submissions'), await rows('wishlist_votes')]).toEqual(before);
    // JSON (also with a charset) works.
    const ok = await t.app.inject({ method: 'POST', url: '/api/public/waitlist', headers: { 'content-type': 'application/json; charset=utf-8' }, payload: JSON.stringify({ appSlug: slug, email: 'json@example.com' }) });
    expect(ok.statusCode).toBe(201);
  });

  it('any origin may call the public API without credentials; preflights say what is allowed', async () => {
    const origin = { origin: 'https://owner-site.example' };
    const get = await t.app.inject({ method: 'GET', url: `/api/public/waitlist?appSlug=${slug}`, headers: origin });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBe('*');
    expect(get.headers['access-control-allow-credentials']).toBeUndefined();
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/public/wishlist/vote',
      headers: { ...origin, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'content-type' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-methods']).toContain('DELETE');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    // The owner API is not for browsers on other origins.
    const owner = await t.app.inject({ method: 'GET', url: '/api/v1/apps', headers: { ...origin, ...t.auth } });
    expect(owner.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a hosted form post needs the token its page rendered for this visitor', async () => {
    const page = `/feedback/${slug}`;
    const before = await rows('form_submissions');
    const client = { remoteAddress: '198.51.100.7' };
    const post = (payload: Record<string, string>, remoteAddress = client.remoteAddress, url = page) =>
      t.app.inject({ method: 'POST', url, headers: form, remoteAddress, payload: enc(payload) });

    // No token (a form on another site): the form comes back, typed values kept, a fresh token in it.
    const none = await post({ message: 'forged <b>text</b>' });
    expect(none.statusCode).toBe(403);
    expect(none.headers['content-type']).toMatch(/text\/html/);
    expect(none.body).toContain('has expired or was sent from another page');
    expect(none.body).toContain('forged &lt;b>text&lt;/b>');
    const fresh = tokenIn(none.body);
    // A token lifted by another address (the other site's server fetching the page) fails.
    const lifted = await pageToken(t, page, { remoteAddress: '203.0.113.50' });
    expect((await post({ _token: lifted, message: 'lifted' })).statusCode).toBe(403);
    // A token of another page fails.
    const contactToken = await pageToken(t, `/contact/${slug}`, client);
    expect((await post({ _token: contactToken, message: 'other page' })).statusCode).toBe(403);
    // An expired one (over a day old) fails; so does garbage.
    const hash = ipHasher(t.config.secret)('198.51.100.7');
    const old = formToken(t.config.secret, `/feedback/:appSlug\n${slug}\n`, hash, Date.now() - 25 * 3600_000);
    expect((await post({ _token: old, message: 'old' })).statusCode).toBe(403);
    expect((await post({ _token: 'x'.repeat(5000), message: 'junk' })).statusCode).toBe(403);
    expect(await rows('form_submissions')).toBe(before);
    // The fresh token of the re-rendered form works, as does one from a plain page load.
    expect((await post({ _token: fresh, message: 'resent' })).statusCode).toBe(303);
    expect((await post({ _token: await pageToken(t, page, client), message: 'normal' })).statusCode).toBe(303);
    expect(await rows('form_submissions')).toBe(before + 2);
  });

  it('waitlist pages on WEB_URL and on the signup host check the token too', async () => {
    const before = await rows('waitlist_signups');
    const noToken = await t.app.inject({ method: 'POST', url: `/waitlist/${slug}`, headers: form, payload: enc({ email: 'forged@example.com' }) });
    expect(noToken.statusCode).toBe(403);
    const signupHost = { ...form, host: 'signup.test' };
    expect((await t.app.inject({ method: 'POST', url: `/${slug}`, headers: signupHost, payload: enc({ email: 'forged2@example.com' }) })).statusCode).toBe(403);
    // A token of the WEB_URL page is not one of the signup host's page.
    const webToken = await pageToken(t, `/waitlist/${slug}`);
    expect((await t.app.inject({ method: 'POST', url: `/${slug}`, headers: signupHost, payload: enc({ _token: webToken, email: 'x@example.com' }) })).statusCode).toBe(403);
    expect(await rows('waitlist_signups')).toBe(before);
    const own = await pageToken(t, `/${slug}`, { headers: { host: 'signup.test' } });
    expect((await t.app.inject({ method: 'POST', url: `/${slug}`, headers: signupHost, payload: enc({ _token: own, email: 'real@example.com' }) })).statusCode).toBe(303);
    expect(await rows('waitlist_signups')).toBe(before + 1);
  });

  it('wishlist board forms (vote, submit, comment) need the board token', async () => {
    const before = [await rows('wishlist_votes'), await rows('wishlist_ideas'), await rows('wishlist_comments')];
    const post = (url: string, payload: Record<string, string>) => t.app.inject({ method: 'POST', url, headers: form, payload: enc(payload) });
    const vote = await post(`/wishlist/${slug}/vote`, { ideaId, on: '1' });
    expect(vote.statusCode).toBe(403);
    expect(vote.body).toContain('has expired or was sent from another page');
    expect((await post(`/wishlist/${slug}/submit`, { title: 'Forged idea' })).statusCode).toBe(403);
    expect((await post(`/wishlist/${slug}/ideas/${ideaId}/comments`, { body: 'forged comment' })).statusCode).toBe(403);
    // The embed's token is not the board's.
    const embedToken = await pageToken(t, `/embed/wishlist/${slug}`);
    expect((await post(`/wishlist/${slug}/vote`, { _token: embedToken, ideaId, on: '1' })).statusCode).toBe(403);
    expect([await rows('wishlist_votes'), await rows('wishlist_ideas'), await rows('wishlist_comments')]).toEqual(before);
    const token = await pageToken(t, `/wishlist/${slug}`);
    expect((await post(`/wishlist/${slug}/vote`, { _token: token, ideaId, on: '1' })).statusCode).toBe(303);
    expect(await rows('wishlist_votes')).toBe(before[0] + 1);
  });
});
