import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../browser.js';
import { beyond422, expectAccessible, overflow, ownerBrowser, type OwnerBrowser } from '../owner-browser.js';
import { everyAction } from '../flows/cancel/cancel.pages.fixtures.js';

/** Where the screenshots go for a person to look at (phone and desktop). */
const SHOTS = process.env.EXPERIMENTS_SHOTS ?? '/tmp/shots-experiments';
const PAGE = '/admin/apps/expdemo/cancel/experiments';

/**
 * The experiment page of the cancel tab in Chromium (#37 §1): start a 50/50 test from the form,
 * see the numbers and the too-early state, stop with a winner (confirm step), and see the flow's
 * current version switch; axe at phone and desktop widths.
 */
describe('experiments page in Chromium', () => {
  let ob: OwnerBrowser;
  let app: OwnerBrowser['app'];
  let base: string;
  let auth: string;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => ob.api(method, url, body);
  const shot = (page: Page, name: string) => ob.shot(page, name);

  /** Cancel sessions through the public API; every third one saves (return to app). */
  async function drive(n: number, from: number) {
    for (let i = from; i < from + n; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/public/sessions', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ appSlug: 'expdemo', platform: 'ios', userId: `u-${i}` }) });
      expect(r.statusCode, r.body).toBe(201);
      const s = r.json();
      const b = i % 3 === 0 ? 'intro:secondary' : 'escape';
      await app.inject({ method: 'POST', url: new URL(s.flowUrl).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ t: s.token, b }).toString() });
    }
  }

  beforeAll(async () => {
    ob = await ownerBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' }, shots: SHOTS });
    ({ app, base, auth } = ob);
    await api('POST', '/api/v1/apps', { name: 'Exp Demo', slug: 'expdemo', deepLinkScheme: 'expdemo' });
    for (const title of ['Stay for 20 % off', 'Stay for a free month']) {
      await api('PUT', '/api/v1/apps/expdemo/flows/cancel', everyAction({ intro: { ...everyAction().intro, title } }));
      await api('POST', '/api/v1/apps/expdemo/flows/cancel/publish');
    }
  }, 60_000);

  afterAll(() => ob?.close());

  it('starts a 50/50 test from the form, shows too early, then numbers, stops with a winner (desktop)', async () => {
    const { page, problems } = await ob.signedIn(DESKTOP);
    await page.goto(`${base}/admin/apps/expdemo/cancel`);
    await page.click('main a:has-text("Experiments")');
    await page.waitForURL(`${base}${PAGE}`);
    await expectAccessible(page, 'start form');
    await shot(page, 'start-desktop');

    // Refused first (no name), then started: A = v1, B = v2, the default weights 50/50.
    await page.selectOption('#f-version0', '1');
    await page.selectOption('#f-version1', '2');
    await page.click('main form button[type=submit]');
    await expect(page.locator('#f-name-error').textContent()).resolves.toContain('name');
    await page.fill('#f-name', 'Offer test');
    await page.click('main form button[type=submit]');
    await page.waitForURL(`${base}${PAGE}?started=1`);
    const { experiments } = await api('GET', '/api/v1/apps/expdemo/flows/cancel/experiments');
    expect(experiments[0].variants).toEqual([
      { key: 'A', versionNumber: 1, weight: 50 },
      { key: 'B', versionNumber: 2, weight: 50 },
    ]);

    // A plain publish now answers 409 (the editor says why).
    const pub = await app.inject({ method: 'POST', url: '/api/v1/apps/expdemo/flows/cancel/publish', headers: { authorization: auth } });
    expect(pub.statusCode).toBe(409);

    await drive(30, 0);
    await page.goto(`${base}${PAGE}`);
    const early = await page.locator('.alert.warn').textContent();
    expect(early).toMatch(/Too early to call — \d+ more exposures needed/);
    expect(await page.locator('.badge', { hasText: /leading|winner/ }).count()).toBe(0);
    const rows = page.locator('#run-h ~ .tablewrap tbody tr');
    expect(await rows.count()).toBe(2);
    const exposures = await page.locator('#run-h ~ .tablewrap td[data-label=Exposures]').allTextContents();
    expect(exposures.map(Number).reduce((a, b) => a + b, 0)).toBe(30);
    expect(await page.locator('svg.ci').count()).toBe(2);
    await expectAccessible(page, 'too early');
    await shot(page, 'early-desktop');

    // Past the minimum sample: probabilities and a leader show.
    await drive(200, 30);
    await page.goto(`${base}${PAGE}`);
    expect(await page.locator('.alert.warn').count()).toBe(0);
    expect(await page.locator('.badge', { hasText: 'leading' }).count()).toBe(1);
    await shot(page, 'running-desktop');

    // Stop: A wins (v1; v2 was current), after the confirm step.
    const before = await api('GET', '/api/v1/apps/expdemo/flows/cancel');
    expect(before.published.versionNumber).toBe(2);
    await page.check('input[name=winner][value=A]');
    await page.click('form.stop button[type=submit]');
    await expect(page.locator('main h1').textContent()).resolves.toContain('Stop');
    await expectAccessible(page, 'confirm');
    await shot(page, 'confirm-desktop');
    await page.click('main form button[type=submit]');
    await page.waitForURL(`${base}${PAGE}?stopped=1`);
    await expect(page.locator('.stopped h3').textContent()).resolves.toContain('winner A');
    await expect(page.locator('#start-h').count()).resolves.toBe(1);
    const flow = await api('GET', '/api/v1/apps/expdemo/flows/cancel');
    expect(flow.published.versionNumber).toBe(1);
    await expectAccessible(page, 'stopped');
    await shot(page, 'stopped-desktop');
    expect(beyond422(problems)).toEqual([]);
  }, 120_000);

  it('reads well on a phone: no sideways scroll, axe clean', async () => {
    const { page, problems } = await ob.signedIn(PHONE);
    // The start form (the first experiment is stopped), then a running one with its results and stop form.
    await page.goto(`${base}${PAGE}`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'phone start form');
    await shot(page, 'start-phone');
    await api('POST', '/api/v1/apps/expdemo/flows/cancel/experiments', { name: 'Again', variants: [{ key: 'A', versionNumber: 1, weight: 1 }, { key: 'B', versionNumber: 2, weight: 1 }] });
    await drive(12, 1000);
    await page.goto(`${base}${PAGE}`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'phone');
    await shot(page, 'running-phone');
    expect(beyond422(problems)).toEqual([]);
  }, 60_000);
});
