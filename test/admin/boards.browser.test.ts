import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE } from '../browser.js';
import { goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { ownerBrowser, type OwnerBrowser } from '../owner-browser.js';

/** Screenshots a person looks at (issue #22): phone and desktop. */
const SHOTS = '/tmp/shots-wl';

describe('waitlist and wishlist dashboard in Chromium', () => {
  let ob: OwnerBrowser;
  let base: string;
  const ideas: Record<string, string> = {};

  /** A call to the public API, as the app's SDK makes it (no token). */
  const publicPost = async (url: string, payload: object) => {
    const r = await ob.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
    if (r.statusCode >= 300) throw new Error(`POST ${url}: ${r.statusCode} ${r.body}`);
    return r.json();
  };

  beforeAll(async () => {
    ob = await ownerBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' }, shots: SHOTS });
    base = ob.base;
    await ob.api('POST', '/api/v1/apps', { name: 'Road Map', slug: 'road-map' });
    for (const [type, config] of [
      ['wishlist', goodWishlist()],
      ['waitlist', goodWaitlist()],
    ] as const) {
      await ob.api('PUT', `/api/v1/apps/road-map/flows/${type}`, config);
      await ob.api('POST', `/api/v1/apps/road-map/flows/${type}/publish`);
    }
    for (const title of ['Dark mode for the widget', 'Offline sync', 'Spam spam spam', 'Export to CSV']) {
      ideas[title] = (await publicPost('/api/public/wishlist/submit', { appSlug: 'road-map', title, body: `Please add ${title.toLowerCase()}.`, anonId: `a-${title}` })).idea.id;
    }
    await ob.api('PATCH', `/api/v1/apps/road-map/wishlist/ideas/${ideas['Export to CSV']}`, { status: 'open' });
    for (let i = 0; i < 6; i++) {
      await publicPost('/api/public/waitlist', { appSlug: 'road-map', email: `person${i}@example.com`, ...(i % 2 ? { source: 'twitter' } : {}) });
    }
  });

  afterAll(() => ob?.close());

  async function signedIn(opts: BrowserContextOptions) {
    const { page, problems } = await ob.signedIn({ ...opts, acceptDownloads: true });
    return { ctx: page.context(), page, problems };
  }

  /** Waits for the page (the machine may be busy: a redraw is a POST and a page fetch). */
  const poll = <T,>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

  const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('moderates with one key each, announces it, and the public board shows the result (desktop)', async () => {
    const { ctx, page, problems } = await signedIn(DESKTOP);
    await page.goto(`${base}/admin/apps/road-map/wishlist`);
    await poll(() => page.isVisible('[data-kbd-help]')).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await ob.shot(page, 'wishlist-desktop');
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
    const id = (await publicPost('/api/public/wishlist/submit', { appSlug: 'road-map', title: 'No script idea', anonId: 'ns' })).idea.id;
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
    const { ctx, page, problems } = await signedIn(DESKTOP);
    await page.goto(`${base}/admin/apps/road-map/waitlist`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.textContent('main')).toContain('twitter');
    await ob.shot(page, 'waitlist-desktop');
    // The breakdowns: every number's right edge is its heading's, a source reads as written, and the two cards do not touch.
    const layout = await page.evaluate(() => {
      // Where the text ends (a cell's box spans its column whatever the text's alignment).
      const right = (el: Element) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        return Math.round(r.getBoundingClientRect().right);
      };
      const tables = [...document.querySelectorAll('.breakdown table')];
      return {
        aligned: tables.every((t) => [...t.querySelectorAll('tbody tr')].every((tr) => [...tr.querySelectorAll('td')].every((td, i) => right(td) === right(t.querySelectorAll('thead th.num')[i])))),
        rowName: getComputedStyle(tables[0].querySelector('tbody th')!).textTransform,
        cards: [...document.querySelectorAll('.breakdown')].map((c) => c.getBoundingClientRect().toJSON()),
      };
    });
    expect(layout.aligned).toBe(true);
    // The Experiments link sits beside the heading, not adrift between it and the CSV buttons.
    const [h1, link] = await Promise.all([page.locator('.titlebar h1').boundingBox(), page.locator('.titlebar a', { hasText: 'Experiments' }).boundingBox()]);
    expect(link!.x - (h1!.x + h1!.width)).toBeLessThan(40);
    expect(layout.rowName).toBe('none');
    const [a, b] = layout.cards;
    // Side by side at desktop width, with a gap between them.
    expect(b.left - a.right).toBeGreaterThanOrEqual(12);
    expect(Math.round(a.top)).toBe(Math.round(b.top));
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
      if (name === 'waitlist-phone') {
        // Stacked on a phone, not touching.
        const [a, b] = await phone.page.$$eval('.breakdown', (cs) => cs.map((c) => c.getBoundingClientRect().toJSON()));
        expect(b.top - a.bottom).toBeGreaterThanOrEqual(12);
      }
      await ob.shot(phone.page, name);
    }
    await phone.ctx.close();
  });
});
