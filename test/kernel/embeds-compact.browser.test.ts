import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodFeedback, goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { axeViolations, hostedBrowser, PHONE, watchConsole } from '../browser.js';
import type { TestApp } from '../helpers.js';

/** Screenshots to look at (the German and Japanese boards, the compact embeds), 390 px wide. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-i18n-b';

/** An owner's site on another origin embeds each form twice, normal and `?compact=1` (docs/embeds.md). */
describe('compact embeds are much shorter and keep the form', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  let host: Server;
  let hostUrl: string;
  const frames = ['feedback', 'waitlist', 'wishlist'] as const;

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    await t.createApp({ name: 'Sleepy', slug: 'sleepy' });
    await putAndPublish(t, 'sleepy', 'feedback', goodFeedback());
    await putAndPublish(t, 'sleepy', 'waitlist', { ...goodWaitlist(), hero: { ...goodWaitlist().hero, bullets: [{ icon: '⚡', title: 'Fast', body: 'Opens in a blink.' }, { icon: '🔒', title: 'Private', body: 'Nothing leaves your phone.' }] } });
    await putAndPublish(t, 'sleepy', 'wishlist', goodWishlist());
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'POST', url: '/api/v1/apps/sleepy/wishlist/ideas', headers: t.auth, payload: { title: `Idea ${i}`, body: 'A longer description of the idea. '.repeat(3) } });
    // German and Japanese boards for the screenshots.
    await t.createApp({ name: 'Schlafgut', slug: 'brett' });
    await t.createApp({ name: 'ネムリ', slug: 'nemuri' });
    await putAndPublish(t, 'brett', 'wishlist', goodWishlist({ locale: 'de', intro: { title: 'Was sollen wir als Nächstes bauen?', subtitle: 'Stimm für die Ideen, die du am meisten willst.', submitLabel: '' }, statusLabels: undefined, categories: [{ id: 'feature', label: 'Funktion', emoji: '✨' }], hero: { eyebrow: 'Roadmap', accentColor: '#0f766e' } }));
    await putAndPublish(t, 'nemuri', 'wishlist', goodWishlist({ locale: 'ja', intro: { title: '次に何を作りましょう?', subtitle: '欲しい機能に投票してください。', submitLabel: '' }, statusLabels: undefined, categories: [{ id: 'feature', label: '新機能', emoji: '✨' }], hero: { eyebrow: 'ロードマップ', accentColor: '#0f766e' } }));
    for (const [slug, title] of [
      ['brett', 'Dunkelmodus für die Nacht'],
      ['brett', 'Export als CSV'],
      ['nemuri', 'ダークモード'],
      ['nemuri', 'CSVで書き出し'],
    ]) {
      const r = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/wishlist/ideas`, headers: t.auth, payload: { title, body: slug === 'brett' ? 'Damit es abends nicht blendet.' : '夜でも目が疲れないように。' } });
      await t.app.inject({ method: 'PATCH', url: `/api/v1/apps/${slug}/wishlist/ideas/${r.json().idea.id}`, headers: t.auth, payload: { status: 'planned' } });
    }
    host = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      const pair = (type: string) =>
        `<iframe id="${type}" data-appflows src="${origin}/embed/${type}/sleepy" title="${type}" style="width:100%;border:0"></iframe>` +
        `<iframe id="${type}-compact" data-appflows src="${origin}/embed/${type}/sleepy?compact=1" title="${type} (compact)" style="width:100%;border:0"></iframe>`;
      res.end(`<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0">${frames.map(pair).join('')}<script src="${origin}/assets/embed.js" async></script></body></html>`);
    });
    await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
    hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    host?.close();
    await t?.close();
  });

  it('on a 390 px phone each compact embed is at most 60% of the normal one, with the same fields and button', async () => {
    const page = await browser.newPage(PHONE);
    const problems = watchConsole(page);
    await page.goto(hostUrl);
    const ids = frames.flatMap((f) => [f, `${f}-compact`]);
    await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id)!.getBoundingClientRect().height > 150), ids, { timeout: 15_000 });
    // Let the last resize messages land.
    await page.waitForTimeout(300);
    const heights: Record<string, number> = {};
    for (const id of ids) heights[id] = await page.$eval(`#${id}`, (f) => f.getBoundingClientRect().height);
    console.log('embed heights at 390 px', heights);
    for (const f of ['feedback', 'waitlist'] as const) expect(heights[`${f}-compact`] / heights[f], f).toBeLessThanOrEqual(0.6);
    expect(heights['wishlist-compact']).toBeLessThan(heights.wishlist);

    for (const f of ['feedback', 'waitlist'] as const) {
      const normal = page.frame({ url: new RegExp(`/embed/${f}/sleepy$`) })!;
      const compact = page.frame({ url: new RegExp(`/embed/${f}/sleepy\\?compact=1$`) })!;
      const shape = (fr: typeof normal) =>
        fr.evaluate(() => ({
          fields: [...document.querySelectorAll('form input:not([type=hidden]), form textarea, form select')].map((e) => (e as HTMLInputElement).name),
          button: !!document.querySelector('form button[type=submit]'),
          h1: document.querySelectorAll('h1').length,
          hero: !!document.querySelector('.intro, .extras, .pill, .eyebrow, .hero-image, .bullets'),
        }));
      const [n, c] = [await shape(normal), await shape(compact)];
      expect(c.fields, f).toEqual(n.fields);
      expect(c, f).toMatchObject({ button: true, h1: 1, hero: false });
      expect(n.hero, f).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}/embeds-compact-phone.png`, fullPage: true });
    for (const id of ['feedback-compact', 'waitlist-compact']) await page.locator(`#${id}`).screenshot({ path: `${SHOTS}/embed-${id}-phone.png` });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a compact embed works and stays compact: sent with JavaScript in the frame, and without (the redirect keeps the flags)', async () => {
    const page = await browser.newPage(PHONE);
    const problems = watchConsole(page);
    await page.goto(hostUrl);
    const frame = page.frame({ url: /\/embed\/waitlist\/sleepy\?compact=1$/ })!;
    await frame.waitForSelector('form');
    await frame.fill('input[type=email]', 'compact@example.com');
    await frame.click('button[type=submit]');
    await frame.waitForSelector('[data-success]:not([hidden])');
    expect(await frame.evaluate(() => document.body.classList.contains('compact'))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();

    const get = await t.app.inject({ url: '/embed/feedback/sleepy?compact=1&transparent=1' });
    expect(get.headers['content-security-policy']).toContain('frame-ancestors *');
    const token = /name="_token" value="([^"]+)"/.exec(get.body)![1];
    const post = await t.app.inject({
      method: 'POST',
      url: '/embed/feedback/sleepy?compact=1&transparent=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _token: token, rating: '4', message: 'Compact and fine', plan: 'Pro' }).toString(),
    });
    expect(post.statusCode, post.body).toBe(303);
    expect(post.headers.location).toMatch(/^\/embed\/feedback\/sleepy\?done=joined\.[^&]+&compact=1&transparent=1$/);
    const done = await t.app.inject({ url: post.headers.location as string });
    expect(done.body).toContain('class="theme-minimal compact"');
    expect(done.body).toContain('data-success');
    // The hosted page itself still refuses framing.
    expect((await t.app.inject({ url: '/feedback/sleepy' })).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('the compact embeds pass axe on their own', async () => {
    const page = await browser.newPage(PHONE);
    for (const f of frames) {
      await page.goto(`${origin}/embed/${f}/sleepy?compact=1`);
      expect(await axeViolations(page), f).toEqual([]);
    }
    await page.close();
  });

  it('screenshots: the German and Japanese boards at 390 px; a vote relabels its button in German', async () => {
    const page = await browser.newPage(PHONE);
    const problems = watchConsole(page);
    for (const [slug, name] of [
      ['brett', 'board-de'],
      ['nemuri', 'board-ja'],
    ]) {
      await page.goto(`${origin}/wishlist/${slug}`);
      await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
      expect(await axeViolations(page), name).toEqual([]);
      await page.goto(`${origin}/wishlist/${slug}?view=roadmap`);
      await page.screenshot({ path: `${SHOTS}/${name}-roadmap-phone.png`, fullPage: true });
    }
    // wishlist.js relabels a vote in place in the page's words (and plural rules).
    await page.goto(`${origin}/wishlist/brett`);
    const vote = page.locator('button.wl-vote-btn').first();
    const title = await vote.getAttribute('data-title');
    await vote.click();
    await page.waitForFunction(() => document.querySelector('button.wl-vote-btn')!.getAttribute('aria-pressed') === 'true');
    expect(await vote.getAttribute('aria-label')).toBe(`1 Stimme: Stimme für „${title}“ zurücknehmen`);
    await page.goto(`${origin}/embed/wishlist/brett?compact=1`);
    await page.screenshot({ path: `${SHOTS}/board-de-compact-phone.png`, fullPage: true });
    await page.goto(`${origin}/embed/feedback/sleepy?compact=1`);
    await page.screenshot({ path: `${SHOTS}/feedback-compact-phone.png`, fullPage: true });
    await page.goto(`${origin}/embed/feedback/sleepy`);
    await page.screenshot({ path: `${SHOTS}/feedback-normal-phone.png`, fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
