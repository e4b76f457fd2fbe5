import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, hostedBrowser, PHONE, quietContext, screenshot, watchConsole } from '../../browser.js';
import type { TestApp } from '../../helpers.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodCrash } from './crash.fixtures.js';

const axeProblems = axeViolations;

describe('hosted crash page in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let slug: string;

  beforeAll(async () => {
    ({ t, origin: base, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '1000' } }));
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: t.auth, payload: { name: 'Orbit Notes' } });
    slug = created.json().app.slug;
  });
  afterAll(() => t?.close());

  const context = (opts: BrowserContextOptions) => quietContext(browser, opts);
  const rows = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/crash/submissions?limit=200`, headers: t.auth })).json().submissions as any[];

  it('says “not available yet” until the crash form is published', async () => {
    const ctx = await context(PHONE as BrowserContextOptions);
    const page = await ctx.newPage();
    const res = await page.goto(`${base}/crash/${slug}`);
    expect(res!.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toMatch(/Not available yet/);
    await ctx.close();
    await putAndPublish(t, slug, 'crash', goodCrash());
  });

  for (const js of [true, false]) {
    it(`a phone sends a crash report ${js ? 'with' : 'without'} JavaScript; the owner reads it with its log`, async () => {
      const ctx = await context({ ...(PHONE as BrowserContextOptions), javaScriptEnabled: js });
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      const tag = `${js ? 'js' : 'nojs'}${Date.now()}`;
      await page.goto(`${base}/crash/${slug}`);
      expect(await page.locator('h1').textContent()).toBe('Report a crash');
      // Every input has a visible label.
      for (const id of ['f-message', 'f-log', 'f-email']) expect(await page.locator(`label[for="${id}"]`).count()).toBe(1);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      if (js) {
        expect(await axeProblems(page)).toEqual([]);
        await screenshot(page, 'crash-form-phone');
      }
      await page.fill('#f-message', `The app closed when I opened the cart ${tag}`);
      await page.fill('#f-log', `10:01 open cart\n10:02 crash <script>alert(1)</script> ${tag}`);
      await page.fill('#f-email', `crash-${tag}@example.com`);
      await page.click('button[type="submit"]');
      await page.locator('.success:not([hidden])').waitFor({ state: 'visible', timeout: 10_000 });
      expect(await page.locator('.success h2').textContent()).toBe('Thanks!');
      if (!js) expect(page.url()).toMatch(new RegExp(`^${base}/crash/${slug}\\?done=joined\\.`));
      await screenshot(page, `crash-success-${js ? 'js' : 'nojs'}-phone`);
      expect(problems).toEqual([]);
      const mine = (await rows()).filter((r) => r.message.includes(tag));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        source: 'web',
        email: `crash-${tag}@example.com`,
        attachments: [{ name: 'log.txt', content: `10:01 open cart\n10:02 crash <script>alert(1)</script> ${tag}` }],
        fingerprint: null,
        status: 'new',
      });
      await ctx.close();
    });
  }

  it('keeps typed text and marks the field when the server refuses (no JavaScript)', async () => {
    const ctx = await context({ ...(PHONE as BrowserContextOptions), javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${base}/crash/${slug}`);
    await page.fill('#f-message', 'Crash <b>bold</b>');
    await page.evaluate(() => document.querySelector('#f-email')!.setAttribute('type', 'text'));
    await page.fill('#f-email', 'not-an-email');
    await page.click('button[type="submit"]');
    await page.waitForLoadState();
    expect(await page.locator('#f-email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.inputValue('#f-message')).toBe('Crash <b>bold</b>');
    expect(await page.locator('b').count()).toBe(0); // escaped, not rendered
    await screenshot(page, 'crash-error-nojs-phone');
    await ctx.close();
  });

  it('looks right on a desktop', async () => {
    const ctx = await context(DESKTOP);
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/crash/${slug}`);
    await screenshot(page, 'crash-form-desktop');
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
