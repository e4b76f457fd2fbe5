import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { axeViolations, DESKTOP, hostedBrowser, PHONE, SCREENSHOT_DIR, screenshot, watchConsole } from '../../browser.js';
import type { TestApp } from '../../helpers.js';
import { BOARD_IDEAS, goodWishlist, ownerApi, publicApi, publishedBoard } from './wishlist.fixtures.js';

/** WCAG relative luminance contrast of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string) {
  const lum = (c: string) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((x) => Number(x) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

describe('wishlist board on a phone (Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  let slug: string;
  let darkSlug: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    slug = (await publishedBoard(t, goodWishlist(), 'Pocket Planner')).slug;
    darkSlug = (await publishedBoard(t, goodWishlist({ hero: { theme: 'dark', accentColor: '#f59e0b' } }), 'Night Owl')).slug;
    for (const s of [slug, darkSlug]) {
      const o = ownerApi(t, s);
      const p = publicApi(t, s);
      const seed = [
        ...BOARD_IDEAS,
        { key: 'tags', title: 'Tags and filters', body: 'Colour tags for tasks.', category: 'feature', status: 'planned', votes: 5 },
        { key: 'watch', title: 'Apple Watch app', status: 'open', votes: 2 },
      ];
      for (const x of seed) {
        const idea = (await o.create({ title: x.title, body: x.body, category: x.category, status: x.status })).json().idea;
        for (let v = 0; v < x.votes; v++) await p.vote({ ideaId: idea.id, userId: `seed-${v}` });
        if (s === slug) ids[x.key] = idea.id;
      }
    }
  });

  afterAll(() => t?.close());

  // Chromium applies `autofocus` when it next renders, which can come after the load event: poll for it.
  const focusedIdeaId = (page: Page) => page.evaluate(() => document.activeElement?.closest('.wl-idea')?.id ?? `not in an idea: ${document.activeElement?.tagName}`);

  it('one compact filter control: ideas above the fold at 390×844, no overflow, axe clean', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(`${origin}/wishlist/${slug}`);
    await expect(page.locator('form.wl-filter').count()).resolves.toBe(1);
    await expect(page.locator('.wl-chip').count()).resolves.toBe(0);
    // Every control of the filter has a visible label.
    for (const id of ['wl-q', 'wl-sort', 'wl-status', 'wl-cat']) await expect(page.locator(`label[for=${id}]`).isVisible()).resolves.toBe(true);
    const first = await page.locator('.wl-idea').first().boundingBox();
    expect(first!.y + 60).toBeLessThan(844); // at least the first idea's vote button and title
    const filter = await page.locator('form.wl-filter').boundingBox();
    expect(filter!.height).toBeLessThan(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'wishlist-filter-phone');
    // What a phone shows before any scrolling.
    await page.screenshot({ path: resolve(SCREENSHOT_DIR, 'wishlist-filter-phone-fold.png') });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.filter((m) => !/status of 404/.test(m))).toEqual([]);
    await ctx.close();
  });

  it('at 320px (iPhone SE) nothing scrolls sideways and the filter controls are 44px tap targets', async () => {
    const ctx = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 } });
    const page = await ctx.newPage();
    await page.goto(`${origin}/wishlist/${slug}`);
    // The three selects wrap inside the filter rather than widening the board past the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const filter = (await page.locator('form.wl-filter').boundingBox())!;
    expect(filter.x + filter.width).toBeLessThanOrEqual(320);
    for (const sel of ['#wl-q', '.wl-filter-go', '#wl-sort', '#wl-status', '#wl-cat', '.wl-jump']) {
      const box = (await page.locator(sel).boundingBox())!;
      expect(box.height, sel).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width, sel).toBeLessThanOrEqual(320);
    }
    await screenshot(page, 'wishlist-filter-320');
    // A long unbreakable word in the hero wraps too.
    const url = 'https://example.org/a/really/long/path/that/an/owner/pasted/without/any/spaces';
    const wordy = await publishedBoard(t, goodWishlist({ intro: { ...goodWishlist().intro, subtitle: `Read more at ${url}` } }), 'Wordy Board');
    await page.goto(`${origin}/wishlist/${wordy.slug}`);
    await expect(page.locator('.wl-hero').textContent()).resolves.toContain(url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await ctx.close();
  });

  it('a refused idea (no JavaScript) lands on the form with its error in view, typed text kept', async () => {
    const ctx = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 }, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${origin}/wishlist/${slug}`);
    await page.fill('#wl-title', ' ');
    await page.fill('#wl-body', 'Kept after the error');
    await page.click('.wl-submit button[type=submit]');
    await page.waitForLoadState();
    const error = page.locator('.wl-submit .errors');
    await expect(error.textContent()).resolves.toMatch(/title/i);
    // The board is long: without the fragment the error sat several screens below the top.
    const box = (await error.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    await expect(page.locator('#wl-body').inputValue()).resolves.toBe('Kept after the error');
    await ctx.close();
  });

  it('a skip link before the filters jumps to the ideas', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(`${origin}/wishlist/${slug}`);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('Skip to ideas');
    await expect(page.locator('.wl-skip').isVisible()).resolves.toBe(true);
    // It comes before the filter form in the page.
    expect(await page.evaluate(() => !!(document.querySelector('.wl-skip')!.compareDocumentPosition(document.querySelector('.wl-filter')!) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('ideas');
    // The next Tab lands on the first idea's vote button, past the filters.
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedIdeaId(page), { timeout: 3000 }).toBe(`idea-${ids.dark}`);
    await ctx.close();
  });

  it('the filter submits itself when a select changes (JS) and with its button (no JS)', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(`${origin}/wishlist/${slug}`);
    await Promise.all([page.waitForURL(/status=planned/), page.selectOption('#wl-status', 'planned')]);
    expect((await page.locator('.wl-title').allTextContents()).sort()).toEqual(['Home screen widgets', 'Tags and filters']);
    // The focus is back on the select that changed, and empty filters stayed out of the URL.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('wl-status');
    expect(new URL(page.url()).search).toBe('?sort=votes&status=planned');
    await expect(page.locator('#wl-status').inputValue()).resolves.toBe('planned');
    await page.fill('#wl-q', 'colour');
    await Promise.all([page.waitForURL(/q=colour/), page.press('#wl-q', 'Enter')]);
    expect(await page.locator('.wl-title').allTextContents()).toEqual(['Tags and filters']);
    await ctx.close();

    const noJs = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const p2 = await noJs.newPage();
    await p2.goto(`${origin}/wishlist/${slug}`);
    await p2.selectOption('#wl-sort', 'new');
    await p2.selectOption('#wl-cat', 'bug');
    expect(p2.url()).not.toContain('category'); // nothing happens without the button
    await Promise.all([p2.waitForURL(/category=bug/), p2.click('.wl-filter-go')]);
    expect(p2.url()).toContain('sort=new');
    expect(await p2.locator('.wl-title').allTextContents()).toEqual(['Crash when rotating the iPad']);
    await noJs.close();
  });

  it('the roadmap: planned / in progress / done, stacked on a phone, side by side on a desktop', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(`${origin}/wishlist/${slug}`);
    await Promise.all([page.waitForURL(/view=roadmap/), page.click('.wl-filter-view a')]);
    const cols = page.locator('.wl-column');
    await expect(cols.count()).resolves.toBe(3);
    expect(await page.locator('.wl-column h3 .wl-badge').allTextContents()).toEqual(['Planned', 'Building now', 'Done']);
    expect(await page.locator('.c-planned .wl-title').allTextContents()).toEqual(['Home screen widgets', 'Tags and filters']);
    expect(await page.locator('.c-in_progress .wl-title').allTextContents()).toEqual(['Sync with Apple Calendar']);
    expect(await page.locator('.c-done .wl-title').allTextContents()).toEqual(['Dark mode']);
    const boxes = await Promise.all([0, 1, 2].map((i) => cols.nth(i).boundingBox()));
    expect(boxes[0]!.x).toBe(boxes[1]!.x);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'wishlist-roadmap-phone');
    expect(await axeViolations(page)).toEqual([]);
    await ctx.close();

    const desk = await browser.newContext(DESKTOP);
    const d = await desk.newPage();
    await d.goto(`${origin}/wishlist/${slug}?view=roadmap`);
    const dBoxes = await Promise.all([0, 1, 2].map((i) => d.locator('.wl-column').nth(i).boundingBox()));
    expect(dBoxes[0]!.y).toBe(dBoxes[1]!.y);
    expect(dBoxes[2]!.x).toBeGreaterThan(dBoxes[1]!.x);
    await screenshot(d, 'wishlist-roadmap-desktop');
    expect(await axeViolations(d)).toEqual([]);
    await desk.close();
  });

  it('after a vote the focus stays on that idea’s vote button (JavaScript)', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(`${origin}/wishlist/${slug}`);
    const btn = page.locator(`#idea-${ids.watch} .wl-vote-btn`);
    await btn.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => btn.locator('.wl-count').textContent()).toBe('3');
    await expect.poll(() => focusedIdeaId(page), { timeout: 3000 }).toBe(`idea-${ids.watch}`);
    await expect(btn.getAttribute('aria-label')).resolves.toBe('3 votes: remove your vote for Apple Watch app');
    await page.keyboard.press('Enter');
    await expect.poll(() => btn.locator('.wl-count').textContent()).toBe('2');
    await expect.poll(() => focusedIdeaId(page), { timeout: 3000 }).toBe(`idea-${ids.watch}`);
    await ctx.close();
  });

  it('after a vote the focus stays on that idea’s vote button (no JavaScript), on the board and the roadmap', async () => {
    const ctx = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${origin}/wishlist/${slug}?sort=new`);
    await page.locator(`#idea-${ids.crash} .wl-vote-btn`).focus();
    await Promise.all([page.waitForURL(new RegExp(`voted=${ids.crash}`)), page.keyboard.press("Enter")]);
    expect(page.url()).toContain('sort=new');
    await expect(page.locator(`#idea-${ids.crash} .wl-count`).textContent()).resolves.toBe('4');
    await expect.poll(() => focusedIdeaId(page), { timeout: 3000 }).toBe(`idea-${ids.crash}`);
    // Only that button asks for the focus; the next vote's return address has no stale `voted`.
    await expect(page.locator('[autofocus]').count()).resolves.toBe(1);
    await expect(page.locator(`#idea-${ids.crash} input[name=back]`).inputValue()).resolves.toBe(`/wishlist/${slug}?sort=new`);

    await page.goto(`${origin}/wishlist/${slug}?view=roadmap`);
    await page.locator(`#idea-${ids.tags} .wl-vote-btn`).focus();
    await Promise.all([page.waitForURL(new RegExp(`voted=${ids.tags}`)), page.keyboard.press("Enter")]);
    expect(page.url()).toContain('view=roadmap');
    await expect.poll(() => focusedIdeaId(page), { timeout: 3000 }).toBe(`idea-${ids.tags}`);
    await expect(page.locator(`#idea-${ids.tags} .wl-count`).textContent()).resolves.toBe('6');
    await ctx.close();
  });

  it('dark theme: every status has its own colour, ≥ 3:1 against the surface, readable text, axe clean', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(`${origin}/wishlist/${darkSlug}`);
    const badges = await page.evaluate(() => {
      const surface = getComputedStyle(document.querySelector('.wl-idea')!).backgroundColor;
      return ['open', 'planned', 'in_progress', 'done', 'declined'].map((s) => {
        const el = document.querySelector(`.wl-badge.s-${s}`)!;
        const cs = getComputedStyle(el);
        return { s, color: cs.color, bg: cs.backgroundColor, ring: cs.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? '', surface };
      });
    });
    expect(new Set(badges.map((b) => b.color)).size).toBe(5);
    expect(new Set(badges.map((b) => b.bg)).size).toBe(5);
    for (const b of badges) {
      expect(contrast(b.color, b.bg), `${b.s} text on its badge`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(b.color, b.surface), `${b.s} text on the surface`).toBeGreaterThanOrEqual(3);
      expect(contrast(b.ring, b.surface), `${b.s} outline on the surface`).toBeGreaterThanOrEqual(3);
    }
    await screenshot(page, 'wishlist-dark-phone');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${origin}/wishlist/${darkSlug}?view=roadmap`);
    await screenshot(page, 'wishlist-dark-roadmap-phone');
    expect(await axeViolations(page)).toEqual([]);
    await ctx.close();
  });
});
