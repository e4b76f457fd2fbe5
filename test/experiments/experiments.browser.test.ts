import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server.js';
import { axeViolations, DESKTOP, launchBrowser, PHONE, watchConsole } from '../browser.js';
import { testConfig, testDb } from '../helpers.js';
import { EMAIL, PASSWORD } from '../admin/admin.fixtures.js';
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
  let app: Awaited<ReturnType<typeof buildServer>>;
  let db: Awaited<ReturnType<typeof testDb>>;
  let base: string;
  let browser: Browser;
  let auth: string;
  const contexts: BrowserContext[] = [];

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const r = await app.inject({ method, url, headers: body === undefined ? { authorization: auth } : { 'content-type': 'application/json', authorization: auth }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return r.json();
  };

  async function signedIn(size: typeof DESKTOP | typeof PHONE): Promise<{ page: Page; problems: { filter(): string[] } }> {
    const ctx = await browser.newContext({ ...size });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const watched = watchConsole(page);
    const problems = { filter: () => watched.filter((m) => !/status of 422/.test(m)) };
    await page.goto(`${base}/admin/login`);
    await page.fill('#f-email', EMAIL);
    await page.fill('#f-password', PASSWORD);
    await page.click('main button[type=submit]');
    await page.waitForURL(`${base}/admin/apps`);
    return { page, problems };
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const expectAccessible = async (page: Page, label: string) => expect(await axeViolations(page), label).toEqual([]);
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

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
    mkdirSync(SHOTS, { recursive: true });
    db = await testDb('sqlite');
    app = await buildServer({ config: testConfig({ BASE_URL: 'http://localhost', PUBLIC_RATE_LIMIT: '100000' }), db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await (app.services as any).owners.create(EMAIL, PASSWORD);
    auth = `Bearer ${(await app.services.tokens.create('test')).token}`;
    await api('POST', '/api/v1/apps', { name: 'Exp Demo', slug: 'expdemo', deepLinkScheme: 'expdemo' });
    for (const title of ['Stay for 20 % off', 'Stay for a free month']) {
      await api('PUT', '/api/v1/apps/expdemo/flows/cancel', everyAction({ intro: { ...everyAction().intro, title } }));
      await api('POST', '/api/v1/apps/expdemo/flows/cancel/publish');
    }
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await app?.close();
    await db?.cleanup();
  });

  it('starts a 50/50 test from the form, shows too early, then numbers, stops with a winner (desktop)', async () => {
    const { page, problems } = await signedIn(DESKTOP);
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
    expect(problems.filter()).toEqual([]);
  }, 120_000);

  it('reads well on a phone: no sideways scroll, axe clean', async () => {
    const { page, problems } = await signedIn(PHONE);
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
    expect(problems.filter()).toEqual([]);
  }, 60_000);
});
