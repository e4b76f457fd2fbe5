import { afterAll, beforeAll, expect, it } from 'vitest';
import { anonCookieHeader } from '../../../src/flows/wishlist/wishlist.identity.js';
import { testApp, type TestApp } from '../../helpers.js';
import { goodWishlist, ownerApi, publishedBoard } from './wishlist.fixtures.js';
import { pageToken } from '../../form-token.js';

let t: TestApp;
let slug: string;
let ideaId: string;
beforeAll(async () => {
  t = await testApp('sqlite', { env: { PUBLIC_RATE_LIMIT: '100000' } });
  slug = (await publishedBoard(t, goodWishlist({ statusLabels: { open: '<b>Open</b>' } }), 'Pages')).slug;
  ideaId = (await ownerApi(t, slug).create({ title: '<script>alert(1)</script>' })).json().idea.id;
});
afterAll(() => t.close());

/** Posts a board form as a browser would: with the token the board page rendered. */
const form = async (url: string, fields: Record<string, string>, cookie?: string) => {
  const board = /^\/(?:embed\/)?wishlist\/[^/?]+/.exec(url)![0];
  const _token = await pageToken(t, board);
  return t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) }, payload: new URLSearchParams({ _token, ...fields }).toString() });
};

it('only the embed may be framed; pages escape what users and owners write', async () => {
  const board = await t.app.inject({ method: 'GET', url: `/wishlist/${slug}` });
  expect(board.statusCode).toBe(200);
  expect(board.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(board.headers['x-frame-options']).toBe('DENY');
  expect(board.body).not.toContain('<script>alert(1)</script>');
  expect(board.body).toContain('&lt;script>alert(1)&lt;/script>');
  expect(board.body).not.toContain('<b>Open</b>');
  const cookie = String(board.headers['set-cookie']);
  expect(cookie).toMatch(/^af_wl=[A-Za-z0-9_-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);

  const embed = await t.app.inject({ method: 'GET', url: `/embed/wishlist/${slug}?compact=1` });
  expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
  expect(embed.headers['x-frame-options']).toBeUndefined();
  expect(embed.body).not.toContain('wl-hero');
  // https embeds get a cookie that third-party iframes still send
  expect(anonCookieHeader('x'.repeat(22), { secure: true, thirdParty: true })).toMatch(/SameSite=None; Secure$/);
  expect(anonCookieHeader('x'.repeat(22), { secure: false, thirdParty: true })).toMatch(/SameSite=Lax$/);

  for (const url of [`/wishlist/${slug}/ideas/${ideaId}`, `/wishlist/${slug}/wishlist`]) {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  }
  expect((await t.app.inject({ method: 'GET', url: '/wishlist/nope' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: `/embed/wishlist/nope` })).headers['content-security-policy']).toContain('frame-ancestors *');
  expect((await t.app.inject({ method: 'GET', url: `/wishlist/${slug}/ideas/nope` })).statusCode).toBe(404);
  const unpublished = await t.createApp({ name: 'Unpublished' });
  expect((await t.app.inject({ method: 'GET', url: `/wishlist/${unpublished.slug}` })).statusCode).toBe(404);
});

it('no-JS vote redirects back into the board only, and the cookie keeps the identity', async () => {
  const cookie = 'af_wl=abcdefghijklmnopqrstuv';
  const r = await form(`/wishlist/${slug}/vote`, { ideaId, on: '1', back: 'https://evil.example/' }, cookie);
  expect(r.statusCode).toBe(303);
  // Back to the board, where `voted` gives that idea's vote button the focus (autofocus).
  expect(r.headers.location).toBe(`/wishlist/${slug}?voted=${ideaId}`);
  const kept = await form(`/wishlist/${slug}/vote`, { ideaId, on: '1', back: `/wishlist/${slug}?sort=new&voted=old#x` }, cookie);
  expect(kept.headers.location).toBe(`/wishlist/${slug}?sort=new&voted=${ideaId}`);
  const landed = await t.app.inject({ method: 'GET', url: kept.headers.location as string, headers: { cookie } });
  expect(landed.body.match(/autofocus/g)).toHaveLength(1);
  expect(landed.body).toMatch(new RegExp(`id="idea-${ideaId}"[\\s\\S]*?autofocus`));
  expect(landed.body).toContain(`name="back" value="/wishlist/${slug}?sort=new"`);
  const page = await t.app.inject({ method: 'GET', url: `/wishlist/${slug}`, headers: { cookie } });
  expect(page.body).toContain('aria-pressed="true"');
  expect((await ownerApi(t, slug).list()).json().ideas[0].voteCount).toBe(1);
  const off = await form(`/wishlist/${slug}/vote`, { ideaId, on: '0', back: `/wishlist/${slug}` }, cookie);
  expect(off.headers.location).toBe(`/wishlist/${slug}?voted=${ideaId}`);
  expect((await ownerApi(t, slug).list()).json().ideas[0].voteCount).toBe(0);
});

it('submit: validation errors re-render the form, the honeypot stores nothing', async () => {
  const bad = await form(`/wishlist/${slug}/submit`, { title: '', body: 'kept text' });
  expect(bad.statusCode).toBe(422);
  expect(bad.body).toContain('Please give your idea a title');
  expect(bad.body).toContain('kept text');
  expect(bad.body).toContain(`name="back" value="/wishlist/${slug}"`);
  const before = (await ownerApi(t, slug).list()).json().ideas.length;
  const bot = await form(`/wishlist/${slug}/submit`, { title: 'Buy pills', website: 'http://spam.example' });
  expect(bot.statusCode).toBe(200);
  expect((await ownerApi(t, slug).list()).json().ideas.length).toBe(before);
  const ok = await form(`/embed/wishlist/${slug}/submit?compact=1`, { title: 'From the embed', email: '' });
  expect(ok.statusCode).toBe(200);
  expect(ok.headers['content-security-policy']).toContain('frame-ancestors *');
  expect((await ownerApi(t, slug).list({ status: 'pending' })).json().ideas[0]).toMatchObject({ title: 'From the embed', source: 'embed', email: null });
});

it('email mode: the page asks for the email instead of failing silently', async () => {
  const s = (await publishedBoard(t, goodWishlist({ identity: { mode: 'email', requireEmailToVote: true, requireEmailToComment: true } }), 'Pages Email')).slug;
  const id = (await ownerApi(t, s).create({ title: 'Needs email' })).json().idea.id;
  const noEmail = await form(`/wishlist/${s}/vote`, { ideaId: id, on: '1' });
  expect(noEmail.statusCode).toBe(422);
  expect(noEmail.body).toContain('Please enter your email');
  expect((await form(`/wishlist/${s}/vote`, { ideaId: id, on: '1', email: 'a@b.co' })).statusCode).toBe(303);
  const comment = await form(`/wishlist/${s}/ideas/${id}/comments`, { body: 'hi' });
  expect(comment.statusCode).toBe(422);
  expect(comment.body).toContain('Please enter your email to comment.');
  // a vote from this re-rendered page must come back to the idea, not to the comment post URL
  expect(comment.body).toContain(`name="back" value="/wishlist/${s}/ideas/${id}"`);
  const detail = await t.app.inject({ method: 'GET', url: `/wishlist/${s}/ideas/${id}` });
  expect(detail.body).toContain('name="email"');
});
