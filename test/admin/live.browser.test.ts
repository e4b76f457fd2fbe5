import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, SCREENSHOT_DIR, screenshot } from '../browser.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodFeedback, goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { ownerBrowser, type OwnerBrowser } from '../owner-browser.js';

/** Tabs whose text does not fit their box, and whether the row itself is cut (it may only scroll on a phone). */
const clippedTabs = (page: Page) =>
  page.$$eval('nav.tabs a', (as) => {
    const row = as[0].parentElement!.getBoundingClientRect();
    return as.filter((a) => a.scrollWidth > a.clientWidth || a.getBoundingClientRect().right > row.right + 0.5 || a.getBoundingClientRect().left < row.left - 0.5).map((a) => a.textContent);
  });

describe('where is my page, in Chromium', () => {
  let ob: OwnerBrowser;
  let base: string;
  const publish = async (type: string, config: unknown) => {
    await ob.api('PUT', `/api/v1/apps/sleepy/flows/${type}`, config);
    await ob.api('POST', `/api/v1/apps/sleepy/flows/${type}/publish`);
  };
  const signedIn = (size: typeof DESKTOP | typeof PHONE) => ob.signedIn(size, { permissions: ['clipboard-read', 'clipboard-write'] });

  beforeAll(async () => {
    ob = await ownerBrowser({ env: { WEB_URL: 'https://sleepy.example' } });
    base = ob.base;
    await ob.api('POST', '/api/v1/apps', { name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    await publish('waitlist', goodWaitlist());
    await publish('feedback', goodFeedback());
    await publish('wishlist', goodWishlist());
    await publish('legal', goodLegal());
    await publish('cancel', goodCancel());
  });

  afterAll(() => ob?.close());

  it('copies the live URL and the embed snippet, shows the QR code, and passes axe (desktop)', async () => {
    const { page, problems } = await signedIn(DESKTOP);
    await page.goto(`${base}/admin/apps/sleepy/flows/wishlist`);
    const url = 'https://sleepy.example/wishlist/sleepy';
    expect(await page.inputValue('#live-url')).toBe(url);

    const copy = page.locator('button[data-copy="#live-url"]');
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // Then the label comes back whole, its screen-reader part included.
    await expect.poll(() => copy.textContent(), { timeout: 5000 }).toBe('Copy live URL');
    // The code is folded: the card stays short above the editor, one click opens the snippet.
    expect(await page.isVisible('#live-embed')).toBe(false);
    await page.click('#live-embed-code > summary');
    await page.click('button[data-copy="#live-embed"]');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('<iframe data-appflows src="https://sleepy.example/embed/wishlist/sleepy"');

    // The QR image is drawn (its request answered an image).
    const qr = page.locator('.live-qr img');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.click('#live-swift-code > summary');
    expect(await page.isVisible('#live-swift')).toBe(true);
    expect(await page.inputValue('#live-swift')).toContain('RetentionFlow.presentWishlist(userId: currentUser.id)');

    expect(await axeViolations(page), 'editor with its live card').toEqual([]);
    await screenshot(page, 'live-editor-desktop');
    await page.locator('section.card.live').screenshot({ path: `${SCREENSHOT_DIR}/live-card-desktop.png` });
    expect(problems).toEqual([]);
  });

  it('the tab row at 1280 px cuts no label; the legal and link page tabs and the app list pass axe (desktop)', async () => {
    const { page, problems } = await signedIn(DESKTOP);
    for (const path of ['overview', 'legal', 'link-page']) {
      await page.goto(`${base}/admin/apps/sleepy/${path}`);
      expect(await page.$$eval('nav.tabs a', (as) => as.map((a) => a.textContent))).toEqual(expect.arrayContaining(['Crash reports', 'Legal', 'Link page', 'App promotion']));
      expect(await clippedTabs(page), path).toEqual([]);
      expect(await page.$eval('nav.tabs', (n) => n.scrollWidth <= n.clientWidth), path).toBe(true);
      expect(await axeViolations(page), path).toEqual([]);
    }
    // A flow's own tab: one line saying where it lives, the whole card when opened.
    await page.goto(`${base}/admin/apps/sleepy/feedback`);
    expect(await page.isVisible('#live-url')).toBe(false);
    await page.click('details.live-strip > summary');
    expect(await page.inputValue('#live-url')).toBe('https://sleepy.example/feedback/sleepy');
    expect(await axeViolations(page), 'feedback tab, live card open').toEqual([]);
    await screenshot(page, 'live-feedback-tab-desktop');
    await page.goto(`${base}/admin/apps/sleepy/legal`);
    expect(await page.inputValue('#live-url')).toBe('https://sleepy.example/legal/sleepy');
    await screenshot(page, 'live-legal-tab-desktop');
    await page.locator('nav.tabs').screenshot({ path: `${SCREENSHOT_DIR}/live-tabs-desktop.png` });
    await page.goto(`${base}/admin/apps`);
    expect(await page.locator('.live-links a[href="https://sleepy.example/legal/sleepy"]').count()).toBe(1);
    expect(await axeViolations(page), 'app list').toEqual([]);
    await screenshot(page, 'live-apps-desktop');
    await page.goto(`${base}/admin/apps/sleepy`);
    expect(await axeViolations(page), 'settings and flows').toEqual([]);
    await screenshot(page, 'live-settings-desktop');
    expect(problems).toEqual([]);
  });

  it('on a phone: the tabs scroll with every label whole, the live card stacks, axe passes', async () => {
    const { page, problems } = await signedIn(PHONE);
    await page.goto(`${base}/admin/apps/sleepy/flows/waitlist`);
    expect(await page.inputValue('#live-url')).toBe('http://signup.test/sleepy');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page), 'editor on a phone').toEqual([]);
    await screenshot(page, 'live-editor-phone');
    await page.goto(`${base}/admin/apps/sleepy/legal`);
    expect(await page.$$eval('nav.tabs a', (as) => as.filter((a) => a.scrollWidth > a.clientWidth).map((a) => a.textContent))).toEqual([]);
    // The row scrolls (the shadow at its edge says so) and starts at the current tab, far down the list.
    expect(await page.$eval('nav.tabs', (n) => n.scrollWidth > n.clientWidth)).toBe(true);
    await expect
      .poll(() =>
        page.$eval('nav.tabs [aria-current="page"]', (a) => {
          const r = a.getBoundingClientRect();
          const n = a.parentElement!.getBoundingClientRect();
          return r.left >= n.left - 0.5 && r.right <= n.right + 0.5;
        }),
      )
      .toBe(true);
    expect(await axeViolations(page), 'legal tab on a phone').toEqual([]);
    await screenshot(page, 'live-legal-tab-phone');
    await page.goto(`${base}/admin/apps`);
    await screenshot(page, 'live-apps-phone');
    expect(problems).toEqual([]);
  });
});
