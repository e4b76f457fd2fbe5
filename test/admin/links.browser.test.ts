import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../browser.js';
import { UA, visit } from '../links/links.fixtures.js';
import { beyond422, expectAccessible, overflow, ownerBrowser, type OwnerBrowser } from '../owner-browser.js';

/** Where the screenshots go for a person to look at (phone and desktop of every page). */
const SHOTS = process.env.LINKS_SHOTS ?? '/tmp/shots-links';
const LIST = '/admin/apps/linkdemo/links';

describe('short links dashboard in Chromium', () => {
  let ob: OwnerBrowser;
  let db: OwnerBrowser['db'];
  let base: string;
  let appId: string;
  const api = (method: 'POST' | 'PATCH', url: string, body: unknown) => ob.api(method, url, body);
  const shot = (page: Page, name: string) => ob.shot(page, name);
  /** The day chart's numbers as the page shows them (its table), per series. */
  const chartTotals = async (page: Page) => {
    const rows = await page.$$eval('figure.chart details.numbers tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
    expect(rows).toHaveLength(30);
    return rows.reduce((sum, r) => [sum[0] + r[0], sum[1] + r[1]], [0, 0]);
  };

  beforeAll(async () => {
    ob = await ownerBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' }, shots: SHOTS });
    ({ db, base } = ob);
    appId = (await api('POST', '/api/v1/apps', { name: 'Link Demo', slug: 'linkdemo' })).app.id;
    // A list with every state.
    const links = '/api/v1/apps/linkdemo/links';
    await api('POST', links, { name: 'Summer sale with a rather long name for the phone', url: 'https://example.com/summer-sale-2026/landing-page?utm_source=newsletter&utm_medium=email', code: 'summer' });
    const off = (await api('POST', links, { name: 'Paused campaign', url: 'https://example.com/paused' })).link;
    await api('PATCH', `${links}/${off.id}`, { status: 'disabled' });
    await api('POST', links, { name: 'Launch week', url: 'https://example.com/launch', expiresAt: '2024-01-01' });
    const limited = (await api('POST', links, { name: 'First 2 only', url: 'https://example.com/first', maxClicks: 2 })).link;
    for (let i = 0; i < 2; i++) await visit(`${base}/l/${limited.code}`, { ua: UA.desktop });
  });

  afterAll(() => ob?.close());

  it('creates a link (the API’s message next to the field first), charts its clicks and resets them (desktop)', async () => {
    const { page, problems } = await ob.signedIn(DESKTOP);
    await page.goto(`${base}${LIST}`);
    await expect(page.locator('.badge', { hasText: 'Limit reached' }).count()).resolves.toBe(1);
    await expect(page.locator('.badge', { hasText: 'Disabled' }).count()).resolves.toBe(1);
    await expect(page.locator('.badge', { hasText: 'Expired' }).count()).resolves.toBe(1);
    await expectAccessible(page, 'list');
    await shot(page, 'list-desktop');

    await page.click('text=New link');
    await page.fill('#f-name', 'App download');
    await page.fill('#f-url', 'javascript:alert(document.cookie)');
    await page.fill('#f-iosUrl', 'https://apps.apple.com/app/id123456789');
    await page.click('text=Create link');
    const error = page.locator('#f-url-error');
    await expect(error.textContent()).resolves.toMatch(/javascript: URLs are not allowed/);
    await expect(page.getAttribute('#f-url', 'aria-invalid')).resolves.toBe('true');
    await expect(page.inputValue('#f-iosUrl')).resolves.toBe('https://apps.apple.com/app/id123456789');
    await expectAccessible(page, 'form with errors');
    await shot(page, 'form-errors-desktop');

    await page.fill('#f-url', 'https://example.com/download');
    await page.fill('#f-code', 'get-app');
    await page.click('text=Create link');
    await page.waitForURL(/\/links\/[^/]+\?created=1$/);
    const linkId = /\/links\/([^/?]+)/.exec(page.url())![1];
    await expect(page.locator('.alert.ok').textContent()).resolves.toBe('Link created.');
    expect(await chartTotals(page)).toEqual([0, 0]);

    // Clicks over the real redirect, people and a link preview; earlier days as the roll-ups kept them.
    for (const ua of [UA.iphone, UA.iphone, UA.android, UA.desktop, 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)']) expect((await visit(`${base}/l/get-app`, { ua })).status).toBe(302);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    for (const [ago, humans, bots] of [[6, 3, 1], [4, 8, 2], [3, 5, 0], [1, 11, 3]])
      await db.db.insertInto('daily_counts').values([
        { app_id: appId, metric: `link.clicks:${linkId}`, day: day(ago), shard: 0, n: humans },
        { app_id: appId, metric: `link.bot_clicks:${linkId}`, day: day(ago), shard: 0, n: bots },
      ]).execute();
    await page.reload();
    expect(await chartTotals(page)).toEqual([4 + 27, 1 + 6]);
    await page.waitForSelector('[data-chart="link-clicks"] .uplot');
    await expect(page.locator('img[alt^="QR code"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    await expectAccessible(page, 'stats');
    await shot(page, 'stats-desktop');

    // Reset asks first; declined, nothing changes.
    page.once('dialog', (d) => void d.dismiss());
    await page.click('button:has-text("Reset clicks")');
    expect(await chartTotals(page)).toEqual([31, 7]);
    page.once('dialog', (d) => {
      expect(d.message()).toMatch(/Reset the clicks of “App download”/);
      void d.accept();
    });
    await page.click('button:has-text("Reset clicks")');
    await page.waitForURL(/\?reset=1$/);
    await expect(page.locator('.alert.ok').textContent()).resolves.toBe('Clicks reset.');
    expect(await chartTotals(page)).toEqual([0, 0]);
    await shot(page, 'stats-after-reset-desktop');

    // Delete, confirmed: back to the list without it.
    page.once('dialog', (d) => void d.accept());
    await page.click('button:has-text("Delete")');
    await page.waitForURL(`${base}${LIST}?deleted=get-app`);
    await expect(page.locator('.alert.ok').textContent()).resolves.toMatch(/Link get-app deleted/);
    await expect(page.locator('text=App download').count()).resolves.toBe(0);
    expect(beyond422(problems)).toEqual([]);
  });

  it('fits a 390 px phone, with no serious accessibility finding', async () => {
    const { page, problems } = await ob.signedIn(PHONE);
    await page.goto(`${base}${LIST}`);
    await expectAccessible(page, 'list phone');
    await shot(page, 'list-phone');
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.click('text=Summer sale');
    await page.waitForSelector('[data-chart="link-clicks"] .uplot');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'stats phone');
    await shot(page, 'stats-phone');
    // What the phone shows first, at full size.
    await page.screenshot({ path: `${SHOTS}/stats-phone-top.png` });
    await page.locator('section[aria-labelledby="clicks-h"]').screenshot({ path: `${SHOTS}/stats-phone-chart.png` });
    await page.locator('section[aria-labelledby="manage-h"]').screenshot({ path: `${SHOTS}/stats-phone-manage.png` });

    await page.click('a:has-text("Edit")');
    await page.fill('#f-maxClicks', 'lots');
    await page.fill('#f-url', 'ftp://example.com/file');
    await page.click('text=Save link');
    await expect(page.locator('#f-maxClicks-error').textContent()).resolves.toBe('must be a whole number of clicks');
    await page.fill('#f-maxClicks', '');
    await page.click('text=Save link');
    await expect(page.locator('#f-url-error').textContent()).resolves.toMatch(/ftp/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'edit phone');
    await shot(page, 'form-errors-phone');
    expect(beyond422(problems)).toEqual([]);
  });
});
