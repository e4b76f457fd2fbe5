import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server.js';
import { axeViolations, DESKTOP, launchBrowser, PHONE, watchConsole } from '../browser.js';
import { goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { testConfig, testDb } from '../helpers.js';

/** Screenshots a person looks at (issue #22): phone and desktop. */
const SHOTS = '/tmp/shots-wl';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('waitlist and wishlist dashboard in Chromium', () => {
  let app: Awaited<ReturnType<typeof buildServer>>;
  let db: Awaited<ReturnType<typeof testDb>>;
  let base: string;
  let browser: Browser;
  let auth: { authorization: string };
  const ideas: Record<string, string> = {};

  const api = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = auth) => {
    const r = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return r.json();
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    db = await testDb('sqlite');
    app = await buildServer({ config: testConfig({ BASE_URL: base, WEB_URL: base, SIGNUP_URL: base, PUBLIC_RATE_LIMIT: '100000' }), db, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    await (app.services as any).owners.create('owner@example.com', 'correct horse battery');
    auth = { authorization: `Bearer ${(await app.services.tokens.create('test')).token}` };
    await api('POST', '/api/v1/apps', { name: 'Road Map', slug: 'road-map' });
    for (const [type, config] of [
      ['wishlist', goodWishlist()],
      ['waitlist', goodWaitlist()],
    ] as const) {
      await api('PUT', `/api/v1/apps/road-map/flows/${type}`, config);
      await api('POST', `/api/v1/apps/road-map/flows/${type}/publish`, undefined, auth);
    }
    const json = { 'content-type': 'application/json' };
    for (const title of ['Dark mode for the widget', 'Offline sync', 'Spam spam spam', 'Export to CSV']) {
      ideas[title] = (await api('POST', '/api/public/wishlist/submit', { appSlug: 'road-map', title, body: `Please add ${title.toLowerCase()}.`, anonId: `a-${title}` }, json)).idea.id;
    }
    await api('PATCH', `/api/v1/apps/road-map/wishlist/ideas/${ideas['Export to CSV']}`, { status: 'open' });
    for (let i = 0; i < 6; i++) {
      await api('POST', '/api/public/waitlist', { appSlug: 'road-map', email: `person${i}@example.com`, ...(i % 2 ? { source: 'twitter' } : {}) }, json);
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await db?.cleanup();
  });

  async function signedIn(opts: object) {
    const ctx = await browser.newContext({ ...opts, acceptDownloads: true });
    const page = await ctx.newPage();
    await page.goto(`${base}/admin/login`);
    await page.fill('#f-email', 'owner@example.com');
    await page.fill('#f-password', 'correct horse battery');
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/admin/apps`);
    return { ctx, page };
  }

  /** Waits for the page (the machine may be busy: a redraw is a POST and a page fetch). */
  const poll = <T,>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

  const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('moderates with one key each, announces it, and the public board shows the result (desktop)', async () => {
    const { ctx, page } = await signedIn(DESKTOP);
    const problems = watchConsole(page);
    await page.goto(`${base}/admin/apps/road-map/wishlist`);
    await poll(() => page.isVisible('[data-kbd-help]')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/wishlist-desktop.png`, fullPage: true });
    const live = page.locator('#mod-live');
    const row = (title: string) => page.locator(`li[data-idea="${ideas[title]}"]`);

    // Newest first: Spam, Offline sync, Dark mode.
    await page.keyboard.press('j');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-idea'))).toBe(ideas['Spam spam spam']);
    await page.keyboard.press('j');
    await page.keyboard.press('a'); // approve "Offline sync"
    await poll(() => live.textContent()).toBe('Idea approved: it is on the board.');
    expect(await row('Offline sync').count()).toBe(0);
    // Focus moved on to the next idea; `k` goes back to the previous one.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-idea'))).toBe(ideas['Dark mode for the widget']);
    await page.keyboard.press('k');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-idea'))).toBe(ideas['Spam spam spam']);
    page.once('dialog', (d) => void d.accept());
    await page.keyboard.press('x'); // delete, after the confirm
    await poll(() => live.textContent()).toBe('Idea deleted with its votes and comments.');
    await page.keyboard.press('d'); // decline "Dark mode", now focused
    await poll(() => live.textContent()).toBe('Idea declined.');
    expect(await page.locator('li[data-idea]').count()).toBe(0);

    // Pin in the "All" view: the row stays and is redrawn.
    await page.goto(`${base}/admin/apps/road-map/wishlist?status=all`);
    await row('Export to CSV').focus();
    await page.keyboard.press('p');
    await poll(() => live.textContent()).toBe('Idea pinned: it shows first on the board.');
    await poll(() => row('Export to CSV').locator('.badge.on').textContent()).toBe('Pinned');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-idea'))).toBe(ideas['Export to CSV']);

    // An official reply from the idea page.
    await page.goto(`${base}/admin/apps/road-map/wishlist/ideas/${ideas['Offline sync']}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.fill('#reply-body', 'Coming in version 2.');
    await page.click('text=Post reply');
    await page.waitForURL(/done=replied/);
    expect(await page.textContent('.comments-mod')).toContain('Coming in version 2.');

    // The public board.
    await page.goto(`${base}/wishlist/road-map`);
    const board = await page.textContent('main');
    expect(board).toContain('Offline sync');
    expect(board).not.toContain('Spam spam spam');
    await page.goto(`${base}/wishlist/road-map/ideas/${ideas['Offline sync']}`);
    expect(await page.textContent('main')).toContain('Coming in version 2.');
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('moderates without JavaScript: plain forms, post/redirect/get', async () => {
    const id = (await api('POST', '/api/public/wishlist/submit', { appSlug: 'road-map', title: 'No script idea', anonId: 'ns' }, { 'content-type': 'application/json' })).idea.id;
    const { ctx, page } = await signedIn({ ...DESKTOP, javaScriptEnabled: false });
    await page.goto(`${base}/admin/apps/road-map/wishlist`);
    expect(await page.isVisible('[data-kbd-help]')).toBe(false);
    await page.click(`li[data-idea="${id}"] button[data-key="a"]`);
    await page.waitForURL(/done=approved/);
    expect(await page.textContent('.alert')).toContain('Idea approved');
    await page.goto(`${base}/wishlist/road-map`);
    expect(await page.textContent('main')).toContain('No script idea');
    await ctx.close();
  });

  it('shows the waitlist and downloads its CSV (desktop and a 390 px phone)', async () => {
    const { ctx, page } = await signedIn(DESKTOP);
    const problems = watchConsole(page);
    await page.goto(`${base}/admin/apps/road-map/waitlist`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.textContent('main')).toContain('twitter');
    await page.screenshot({ path: `${SHOTS}/waitlist-desktop.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Download CSV')]);
    expect(download.suggestedFilename()).toBe('road-map-waitlist.csv');
    const rows = parse(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.source === 'twitter')).toHaveLength(3);
    expect(new Set(rows.map((r) => r.email)).size).toBe(6);
    expect(problems).toEqual([]);
    await ctx.close();

    const phone = await signedIn(PHONE);
    for (const [path, name] of [
      ['waitlist', 'waitlist-phone'],
      ['wishlist?status=all', 'wishlist-phone'],
      [`wishlist/ideas/${ideas['Offline sync']}`, 'idea-phone'],
    ]) {
      await phone.page.goto(`${base}/admin/apps/road-map/${path}`);
      expect(await axeViolations(phone.page), name).toEqual([]);
      expect(await noOverflow(phone.page), `${name} fits 390 px`).toBe(true);
      await phone.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    }
    await phone.ctx.close();
  });
});
