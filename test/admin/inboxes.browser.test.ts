import { mkdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server.js';
import { axeViolations, DESKTOP, launchBrowser, PHONE, watchConsole } from '../browser.js';
import { goodCrash, sdkAutoBody } from '../flows/crash/crash.fixtures.js';
import { goodContact, goodFeedback, goodReport } from '../flows/forms/forms.fixtures.js';
import { testConfig, testDb } from '../helpers.js';
import { EMAIL, PASSWORD } from './admin.fixtures.js';

/** Where the screenshots go for a person to look at (phone and desktop of every inbox). */
const SHOTS = process.env.INBOX_SHOTS ?? '/tmp/shots-inbox';

describe('owner inboxes in Chromium', () => {
  let app: Awaited<ReturnType<typeof buildServer>>;
  let db: Awaited<ReturnType<typeof testDb>>;
  let base: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const api = async (method: 'PUT' | 'POST', url: string, body?: unknown, auth?: string) => {
    const r = await app.inject({ method, url, headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, payload: body === undefined ? undefined : JSON.stringify(body) });
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return r.json();
  };

  /** A signed-in page of this size. */
  async function signedIn(size: typeof DESKTOP | typeof PHONE): Promise<{ page: Page; problems: string[] }> {
    const ctx = await browser.newContext({ ...size, acceptDownloads: true });
    contexts.push(ctx);
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/admin/login`);
    await page.fill('#f-email', EMAIL);
    await page.fill('#f-password', PASSWORD);
    await page.click('main button[type=submit]');
    await page.waitForURL(`${base}/admin/apps`);
    return { page, problems };
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    db = await testDb('sqlite');
    app = await buildServer({ config: testConfig({ BASE_URL: 'http://localhost', PUBLIC_RATE_LIMIT: '100000' }), db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await (app.services as any).owners.create(EMAIL, PASSWORD);
    const auth = `Bearer ${(await app.services.tokens.create('test')).token}`;
    await api('POST', '/api/v1/apps', { name: 'Inbox Demo', slug: 'inbox' }, auth);
    for (const [type, config] of [
      ['feedback', goodFeedback()],
      ['report', goodReport()],
      ['contact', goodContact()],
      ['crash', goodCrash()],
    ] as const) {
      await api('PUT', `/api/v1/apps/inbox/flows/${type}`, config, auth);
      await api('POST', `/api/v1/apps/inbox/flows/${type}/publish`, undefined, auth);
    }
    const fb = [
      { message: 'Love the new widgets, but the dark mode could use more contrast on the settings screen.', rating: 4, email: 'ann@example.com', attributes: { plan: 'Pro' } },
      { message: 'Crashes when I open a PDF.', rating: 1 },
      { message: 'Perfect.', rating: 5, email: 'someone.with.a.rather.long.address@subdomain.example.com' },
    ];
    for (const b of fb) await api('POST', '/api/public/feedback', { appSlug: 'inbox', ...b });
    await api('POST', '/api/public/report', { appSlug: 'inbox', category: 'bug', message: 'The login button does nothing on iPad.', email: 'reporter@example.com' });
    await api('POST', '/api/public/report', { appSlug: 'inbox', category: 'abuse', message: 'A user posts spam in every comment thread.' });
    await api('POST', '/api/public/report', { appSlug: 'inbox', category: 'bug', message: 'Sync stops after an hour.' });
    await api('POST', '/api/public/contact', { appSlug: 'inbox', name: 'Carol Jones', email: 'carol@example.com', message: 'Hello! Can I get an invoice for my yearly subscription, with our VAT number on it?' });
    await api('POST', '/api/public/crash', sdkAutoBody('inbox'));
    await api('POST', '/api/public/crash', { appSlug: 'inbox', message: 'The app froze on checkout.', email: 'dana@example.com', source: 'web' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await app?.close();
    await db?.cleanup();
  });

  it('filters reports by category and downloads the CSV (desktop)', async () => {
    const { page, problems } = await signedIn(DESKTOP);
    await page.goto(`${base}/admin/apps/inbox/report`);
    expect(await page.locator('ul.inbox > li').count()).toBe(3);
    await page.selectOption('#f-category', 'bug');
    await page.click('form[role=search] button[type=submit]');
    await page.waitForURL(/\/admin\/apps\/inbox\/report\?(.*&)?category=bug/);
    const items = page.locator('ul.inbox > li');
    expect(await items.count()).toBe(2);
    expect(await items.allInnerTexts()).toEqual([expect.stringContaining('Sync stops after an hour.'), expect.stringContaining('The login button does nothing on iPad.')]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/report-desktop.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Download CSV')]);
    expect(download.suggestedFilename()).toBe('inbox-report.csv');
    const rows = parse(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.category, r.message])).toEqual([
      ['bug', 'Sync stops after an hour.'],
      ['bug', 'The login button does nothing on iPad.'],
    ]);
    expect(problems).toEqual([]);
  });

  it('replies to a contact message (phone)', async () => {
    const { page, problems } = await signedIn(PHONE);
    await page.goto(`${base}/admin/apps/inbox/contact`);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/contact-phone.png`, fullPage: true });
    await page.click('summary:has-text("Reply by email")');
    const form = page.locator('form[action$="/reply"]');
    await form.locator('input[name=subject]').fill('Your invoice');
    await form.locator('textarea[name=body]').fill('Hi Carol, the invoice is attached. Thanks!');
    await page.screenshot({ path: `${SHOTS}/contact-reply-phone.png`, fullPage: true });
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/done=logged/);
    await expect(page.locator('.alert.ok').innerText()).resolves.toContain('Reply written to the server log');
    await expect(page.locator('ul.reply-list').innerText()).resolves.toContain('Your invoice');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('marks a crash report reviewed (phone and desktop)', async () => {
    const { page, problems } = await signedIn(PHONE);
    await page.goto(`${base}/admin/apps/inbox/crash`);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/crash-phone.png`, fullPage: true });
    const first = page.locator('ul.inbox > li').last();
    await expect(first.innerText()).resolves.toContain('NSRangeException');
    await first.locator('button:has-text("Mark reviewed")').click();
    await page.waitForURL(/done=reviewed/);
    await expect(page.locator('ul.inbox > li').last().locator('.badge.status-reviewed').innerText()).resolves.toBe('Reviewed');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);

    const desk = await signedIn(DESKTOP);
    await desk.page.goto(`${base}/admin/apps/inbox/crash`);
    await desk.page.click('summary:has-text("Stack trace")');
    await desk.page.screenshot({ path: `${SHOTS}/crash-desktop.png`, fullPage: true });
    expect(desk.problems).toEqual([]);
  });

  it('feedback reads well on a phone and a desktop, and passes axe', async () => {
    for (const [name, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, problems } = await signedIn(size);
      await page.goto(`${base}/admin/apps/inbox/feedback`);
      expect(await axeViolations(page), name).toEqual([]);
      // Nothing wider than the screen on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/feedback-${name}.png`, fullPage: true });
      expect(problems).toEqual([]);
    }
  });
});
