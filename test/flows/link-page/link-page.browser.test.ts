import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, hostedBrowser, PHONE, SCREENSHOT_DIR, screenshot, watchConsole } from '../../browser.js';
import type { TestApp } from '../../helpers.js';
import { decodePng } from '../../qr/qr.helpers.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodLinkPage } from './link-page.fixtures.js';

const DESKTOP_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/**
 * The link page in Chromium, phone and desktop: looks (screenshots), no CSP violation or page
 * error, no request to another site while it loads, accessible, works without JavaScript, and a
 * tap is counted as a person's while a link-preview bot's is counted apart.
 */
describe('link page in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    await t.createApp({ name: 'Sleepy', slug: 'sleepy' });
    await putAndPublish(t, 'sleepy', 'link-page', goodLinkPage());
    await t.createApp({ name: 'Night Owl', slug: 'night-owl' });
    await putAndPublish(t, 'night-owl', 'link-page', goodLinkPage({ hero: { theme: 'dark', accentColor: '#f59e0b' }, links: goodLinkPage().links.slice(0, 2) }));
  });
  afterAll(() => t?.close());

  const stats = async (slug: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/link-page/stats`, headers: t.auth })).json();

  it('phone: renders, loads nothing from other sites, passes axe; a tap is counted and lands on the destination', async () => {
    const ctx = await browser.newContext({ ...PHONE });
    const landed: string[] = [];
    await ctx.route('https://sleepy.example/**', (r) => {
      landed.push(r.request().url());
      return r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Guide</title><h1>Guide</h1>' });
    });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    const foreign: string[] = [];
    page.on('request', (r) => void (!r.url().startsWith(origin) && foreign.push(r.url())));
    await page.goto(`${origin}/p/sleepy`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sleep better tonight');
    expect(await page.getByRole('navigation', { name: 'Profiles' }).getByRole('link').count()).toBe(3);
    expect(await page.getByRole('navigation', { name: 'Links' }).getByRole('link').count()).toBe(4);
    await expect(page.getByRole('link', { name: 'YouTube' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'link-page-phone');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    expect(foreign).toEqual([]);
    await page.getByRole('link', { name: /Read the sleep guide/ }).click();
    await page.waitForURL('https://sleepy.example/guide');
    expect(landed).toEqual(['https://sleepy.example/guide']);
    expect(problems).toEqual([]);
    await ctx.close();
    const s = await stats('sleepy');
    expect(s.links.find((l: { url: string }) => l.url === 'https://sleepy.example/guide')).toMatchObject({ humans: 1, bots: 0 });
  });

  it('desktop, dark theme: passes axe; without JavaScript the links work; a preview bot following one counts as a bot', async () => {
    const ctx = await browser.newContext({ ...DESKTOP });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(`${origin}/p/night-owl`);
    await screenshot(page, 'link-page-desktop-dark');

    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await ctx.close();

    // A desktop browser's user agent (headless Chromium's own says HeadlessChrome: a bot, rightly).
    const noJs = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false, userAgent: DESKTOP_UA });
    await noJs.route('https://apps.apple.com/**', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>App Store</title>' }));
    const plain = await noJs.newPage();
    await plain.goto(`${origin}/p/night-owl`);
    await plain.getByRole('link', { name: /Get Sleepy on the App Store/ }).click();
    await plain.waitForURL('https://apps.apple.com/**');
    await noJs.close();

    const bot = await browser.newContext({ ...DESKTOP, userAgent: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' });
    await bot.route('https://apps.apple.com/**', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>App Store</title>' }));
    const botPage = await bot.newPage();
    await botPage.goto(`${origin}/p/night-owl`);
    await botPage.getByRole('link', { name: /Get Sleepy on the App Store/ }).click();
    await botPage.waitForURL('https://apps.apple.com/**');
    await bot.close();
    const s = await stats('night-owl');
    expect(s.links.find((l: { url: string }) => l.url === 'https://apps.apple.com/app/id1444383602')).toMatchObject({ humans: 1, bots: 1 });
  });

  it('the page’s QR code, as Chromium draws the SVG, reads back to the page URL', async () => {
    const ctx = await browser.newContext({ viewport: { width: 700, height: 700 } });
    const page = await ctx.newPage();
    for (const theme of ['light', 'dark']) {
      await page.goto(`${origin}/api/public/qr/sleepy/link?format=svg&size=660&theme=${theme}`);
      const shot = await page.screenshot({ clip: { x: 0, y: 0, width: 660, height: 660 }, path: `${SCREENSHOT_DIR}/link-page-qr-${theme}.png` });
      expect(decodePng(shot).text).toBe('http://web.test/p/sleepy');
    }
    await ctx.close();
  });
});
