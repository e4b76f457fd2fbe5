import { mkdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE } from '../browser.js';
import { goodCrash, sdkAutoBody } from '../flows/crash/crash.fixtures.js';
import { goodContact, goodFeedback, goodReport } from '../flows/forms/forms.fixtures.js';
import { ownerBrowser, type OwnerBrowser } from '../owner-browser.js';

/** Where the screenshots go for a person to look at (phone and desktop of every inbox). */
const SHOTS = process.env.INBOX_SHOTS ?? '/tmp/shots-inbox';

describe('owner inboxes in Chromium', () => {
  let ob: OwnerBrowser;
  let base: string;
  const api = (method: 'PUT' | 'POST', url: string, body?: unknown) => ob.api(method, url, body);
  /** A signed-in page of this size. */
  const signedIn = (size: typeof DESKTOP | typeof PHONE) => ob.signedIn({ ...size, acceptDownloads: true });

  beforeAll(async () => {
    ob = await ownerBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } });
    mkdirSync(SHOTS, { recursive: true });
    base = ob.base;
    await api('POST', '/api/v1/apps', { name: 'Inbox Demo', slug: 'inbox' });
    for (const [type, config] of [
      ['feedback', goodFeedback()],
      ['report', goodReport()],
      ['contact', goodContact()],
      ['crash', goodCrash()],
    ] as const) {
      await api('PUT', `/api/v1/apps/inbox/flows/${type}`, config);
      await api('POST', `/api/v1/apps/inbox/flows/${type}/publish`);
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
  });

  afterAll(() => ob?.close());

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
