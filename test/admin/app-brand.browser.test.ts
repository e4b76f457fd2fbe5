import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server.js';
import { axeViolations, DESKTOP, launchBrowser, screenshot, watchConsole } from '../browser.js';
import { testConfig, testDb } from '../helpers.js';
import { EMAIL, PASSWORD } from './admin.fixtures.js';

describe('app branding in the dashboard, in Chromium (#32 §4)', () => {
  let app: Awaited<ReturnType<typeof buildServer>>;
  let db: Awaited<ReturnType<typeof testDb>>;
  let base: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    db = await testDb('sqlite');
    app = await buildServer({ config: testConfig({ BASE_URL: 'http://localhost', WEB_URL: 'https://sleepy.example' }), db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await (app.services as any).owners.create(EMAIL, PASSWORD);
    const auth = `Bearer ${(await app.services.tokens.create('test')).token}`;
    await app.inject({ method: 'POST', url: '/api/v1/apps', headers: { authorization: auth, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Sleepy', slug: 'sleepy' }) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await app?.close();
    await db?.close?.();
  });

  it('the colour picker and the text field stay in step, the contrast note follows the colour, and saving keeps both', async () => {
    const ctx = await browser.newContext({ ...DESKTOP });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/admin/login`);
    await page.fill('#f-email', EMAIL);
    await page.fill('#f-password', PASSWORD);
    await page.click('main button[type=submit]');
    await page.waitForURL(`${base}/admin/apps`);
    await page.goto(`${base}/admin/apps/sleepy`);
    const picker = page.locator('input[type=color][data-color-for="f-accentColor"]');
    // The island shows the picker (hidden without JavaScript, where the text field is the way).
    await expect(picker.isVisible()).resolves.toBe(true);
    const notes = page.locator('#f-accentColor-notes');
    await expect(notes.textContent()).resolves.toBe('');
    // Typing a near-black accent: the note says what dark pages do about it, at once.
    await page.fill('#f-accentColor', '#111827');
    await expect.poll(() => notes.textContent()).toMatch(/^On dark pages #111827 is 1\.\d\d:1 against the card: buttons use #[0-9a-f]{6} there instead\.$/);
    await expect(picker.inputValue()).resolves.toBe('#111827');
    // Picking a colour fills the text field.
    await picker.evaluate((el: HTMLInputElement) => {
      el.value = '#0f766e';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await expect(page.inputValue('#f-accentColor')).resolves.toBe('#0f766e');
    await expect(notes.textContent()).resolves.toBe('');
    await page.fill('#f-accentColor', '#111827');
    await page.selectOption('#f-theme', 'dark');
    await screenshot(page, 'app-brand-dashboard-settings');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/saved=1/);
    await expect(page.locator('#f-accentColor').inputValue()).resolves.toBe('#111827');
    await expect(page.locator('#f-theme').inputValue()).resolves.toBe('dark');
    expect(problems).toEqual([]);
  });
});
