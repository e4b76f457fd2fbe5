import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hostedBrowser, PHONE, screenshot, watchConsole } from '../../browser.js';
import type { TestApp } from '../../helpers.js';
import { BOARD_IDEAS, goodWishlist, ownerApi, publicApi, publishedBoard } from './wishlist.fixtures.js';

describe('wishlist board in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  let slug: string;
  let hostPage: Server;
  let hostOrigin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    slug = (await publishedBoard(t, goodWishlist(), 'Pocket Planner')).slug;
    const o = ownerApi(t, slug);
    const p = publicApi(t, slug);
    for (const s of BOARD_IDEAS) {
      const idea = (await o.create({ title: s.title, body: s.body, category: s.category, status: s.status === 'declined' ? 'open' : s.status })).json().idea;
      if (s.status === 'declined') await o.patch(idea.id, { status: 'declined' });
      for (let v = 0; v < s.votes; v++) await p.vote({ ideaId: idea.id, userId: `seed-${v}` });
      ids[s.key] = idea.id;
    }
    await o.patch(ids.sync, { pinned: true });
    await p.comment({ ideaId: ids.widgets, body: 'Would love a small and a medium size.', displayName: 'Maya' });
    await o.reply(ids.widgets, { body: 'Both sizes are planned for the next release.', official: true });

    // A page on another origin (localhost vs 127.0.0.1) that frames the embed and the plain board.
    hostPage = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>Host</title><body style="font-family:sans-serif;background:#eef">
        <h1>Someone else's site</h1>
        <iframe id="embed" src="${origin}/embed/wishlist/${slug}?compact=1" width="420" height="700"></iframe>
        <iframe id="board" src="${origin}/wishlist/${slug}" width="420" height="300"></iframe></body>`);
    });
    await new Promise<void>((r) => hostPage.listen(0, '127.0.0.1', r));
    hostOrigin = `http://localhost:${(hostPage.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => hostPage?.close(r));
    await t?.close();
  });

  const voteRow = async (ideaId: string) => {
    const idea = await t.db.db.selectFrom('wishlist_ideas').select('vote_count').where('id', '=', ideaId).executeTakeFirstOrThrow();
    const n = await t.db.db.selectFrom('wishlist_votes').select((eb) => eb.fn.countAll<number>().as('n')).where('idea_id', '=', ideaId).executeTakeFirstOrThrow();
    expect(idea.vote_count).toBe(Number(n.n));
    return idea.vote_count;
  };

  it('renders the board on a phone and on a desktop, with no CSP or script errors', async () => {
    for (const [name, device] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const ctx = await browser.newContext(device);
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      const missing: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) missing.push(r.url());
      });
      const res = await page.goto(`${origin}/wishlist/${slug}`);
      expect(res!.status()).toBe(200);
      expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await expect(page.locator('.wl-idea').count()).resolves.toBe(5);
      // pinned first, then by votes
      expect(await page.locator('.wl-title').allTextContents()).toEqual(['Sync with Apple Calendar', 'Dark mode', 'Home screen widgets', 'Crash when rotating the iPad', 'Export to fax']);
      await expect(page.locator('.wl-badge.s-in_progress').first().textContent()).resolves.toBe('Building now');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `wishlist-board-${name}`);
      // Chromium asks for /favicon.ico on its own; nothing else may be missing or blocked.
      expect(missing.filter((u) => !u.endsWith('/favicon.ico'))).toEqual([]);
      expect(problems.filter((m) => !/status of 404/.test(m))).toEqual([]);
      await ctx.close();
    }
  });

  it('votes in place with JavaScript (no navigation) and unvotes', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(`${origin}/wishlist/${slug}`);
    let navigations = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations++;
    });
    const card = page.locator(`#idea-${ids.crash}`);
    await card.locator('.wl-vote-btn').click();
    await expect.poll(() => card.locator('.wl-count').textContent()).toBe('4');
    await expect(card.locator('.wl-vote-btn').getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await voteRow(ids.crash)).toBe(4);
    await screenshot(page, 'wishlist-board-voted');
    await card.locator('.wl-vote-btn').click();
    await expect.poll(() => card.locator('.wl-count').textContent()).toBe('3');
    expect(await voteRow(ids.crash)).toBe(3);
    expect(navigations).toBe(0);
    // The cookie identity makes the vote stick across reloads.
    await card.locator('.wl-vote-btn').click();
    await expect.poll(() => card.locator('.wl-count').textContent()).toBe('4');
    await page.reload();
    await expect(page.locator(`#idea-${ids.crash} .wl-vote-btn`).getAttribute('aria-pressed')).resolves.toBe('true');
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('votes, submits and comments without JavaScript', async () => {
    const ctx = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${origin}/wishlist/${slug}?sort=new`);
    const before = await voteRow(ids.fax);
    await page.locator(`#idea-${ids.fax} .wl-vote-btn`).click();
    await page.waitForLoadState();
    expect(page.url()).toContain('sort=new');
    await expect(page.locator(`#idea-${ids.fax} .wl-count`).textContent()).resolves.toBe(String(before + 1));
    await expect(page.locator(`#idea-${ids.fax} .wl-vote-btn`).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.locator(`#idea-${ids.fax} .wl-vote-btn`).click();
    await page.waitForLoadState();
    await expect(page.locator(`#idea-${ids.fax} .wl-count`).textContent()).resolves.toBe(String(before));

    await page.fill('#wl-title', 'Recurring tasks');
    await page.fill('#wl-body', 'Every second Tuesday, for example.');
    await page.selectOption('#wl-category', 'feature');
    await page.fill('#wl-name', 'Sam');
    await page.click('.wl-submit button[type=submit]');
    await page.waitForLoadState();
    await expect(page.locator('h1').textContent()).resolves.toBe('Thanks!');
    await expect(page.locator('.wl-success').textContent()).resolves.toContain('once it has been reviewed');
    await screenshot(page, 'wishlist-submitted-phone');
    const pending = (await ownerApi(t, slug).list({ status: 'pending' })).json().ideas;
    expect(pending.map((i: { title: string; source: string; author: string }) => [i.title, i.source, i.author])).toEqual([['Recurring tasks', 'web', 'Sam']]);

    await page.goto(`${origin}/wishlist/${slug}/ideas/${ids.widgets}`);
    await page.fill('#wl-comment', 'And a lock-screen widget, please!');
    await page.fill('#wl-cname', 'Lee');
    await page.click('#comment-form button[type=submit]');
    await page.waitForLoadState();
    const comments = await page.locator('.wl-comment p').allTextContents();
    expect(comments).toEqual(['Would love a small and a medium size.', 'Both sizes are planned for the next release.', 'And a lock-screen widget, please!']);
    await expect(page.locator('.wl-comment.official .wl-team').textContent()).resolves.toBe('Team');
    await screenshot(page, 'wishlist-idea-phone');
    await ctx.close();
  });

  it('the embed loads inside another site’s iframe; the plain board refuses to be framed', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(hostOrigin);
    const embed = page.frameLocator('#embed');
    await expect(embed.locator('.wl-idea').first().waitFor({ timeout: 10_000 })).resolves.toBeUndefined();
    await expect(embed.locator('.wl-hero').count()).resolves.toBe(0); // compact=1
    const card = embed.locator(`#idea-${ids.dark}`);
    const before = Number(await card.locator('.wl-count').textContent());
    await card.locator('.wl-vote-btn').click();
    await expect.poll(() => card.locator('.wl-count').textContent()).toBe(String(before + 1));
    const boardFrame = await (await page.$('#board'))!.contentFrame();
    expect(boardFrame).not.toBeNull();
    expect(await boardFrame!.locator('.wl-idea').count()).toBe(0);
    const embedFrame = await (await page.$('#embed'))!.contentFrame();
    expect(await embedFrame!.locator('.wl-idea').count()).toBe(5);
    await screenshot(page, 'wishlist-embed-host');
    await ctx.close();
  });

  it('a preview token shows the draft board in the embed; a bad token is a 404', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/wishlist`, headers: t.auth, payload: goodWishlist({ intro: { title: 'Draft: new board title', subtitle: 'Not live yet', submitLabel: 'Suggest' }, hero: { theme: 'dark', accentColor: '#f59e0b' } }) });
    const { token } = (await ownerApi(t, slug).previewToken()).json();
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    const res = await page.goto(`${origin}/embed/wishlist/${slug}?p=${encodeURIComponent(token)}`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['content-security-policy']).toContain('frame-ancestors *');
    await expect(page.locator('h1').textContent()).resolves.toBe('Draft: new board title');
    await expect(page.locator('.wl-notice').count()).resolves.toBe(1);
    await expect(page.locator('.wl-vote-btn').first().isDisabled()).resolves.toBe(true);
    await screenshot(page, 'wishlist-embed-preview-phone');
    expect((await page.goto(`${origin}/embed/wishlist/${slug}?p=${encodeURIComponent(token)}x`))!.status()).toBe(404);
    // The published board is unchanged.
    await page.goto(`${origin}/wishlist/${slug}`);
    await expect(page.locator('h1').textContent()).resolves.toBe('What should we build next?');
    await ctx.close();
  });
});
