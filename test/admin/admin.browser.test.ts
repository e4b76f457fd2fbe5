import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server.js';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchConsole } from '../browser.js';
import { goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { testConfig, testDb } from '../helpers.js';

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/** axe-core inside the page: no serious or critical violation. */
async function axe(page: Page, label: string) {
  await page.evaluate(axeSource);
  const r = await page.evaluate(async () => {
    const res = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
    return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(r, label).toEqual([]);
}

const setDoc = (page: Page, text: string) =>
  page.evaluate((t) => {
    const v = (window as unknown as { appflowsEditor: { state: { doc: { length: number } }; dispatch(tr: unknown): void } }).appflowsEditor;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: t } });
  }, text);

describe('owner dashboard in Chromium', () => {
  let app: Awaited<ReturnType<typeof buildServer>>;
  let db: Awaited<ReturnType<typeof testDb>>;
  let base: string;
  let browser: Browser;
  let evil: Server;
  let evilUrl: string;

  beforeAll(async () => {
    db = await testDb('sqlite');
    app = await buildServer({ config: testConfig({ BASE_URL: 'http://localhost' }), db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    browser = await launchBrowser();
    // Another site (another origin and site: localhost vs 127.0.0.1) whose page posts a form to the dashboard.
    evil = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><form id="f" method="post" action="${base}/admin/api-tokens"><input name="name" value="planted"><input name="_csrf" value="guess"></form><script>document.getElementById('f').submit()</script>`);
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    evilUrl = `http://localhost:${(evil.address() as { port: number }).port}/`;
  });

  afterAll(async () => {
    await browser?.close();
    evil?.close();
    await app?.close();
    await db?.cleanup();
  });

  it('walks from the setup link to a published flow and an API token, then signs out (desktop)', async () => {
    const link = await (app.services as any).owners.issueSetupLink();
    const ctx = await browser.newContext({ ...DESKTOP });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await ctx.newPage();
    const problems = watchConsole(page);

    await page.goto(`${base}/admin/setup?t=${link}`);
    await axe(page, 'setup');
    await page.fill('#f-email', 'owner@example.com');
    await page.fill('#f-password', 'correct horse battery');
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/admin/apps`);
    await expect(page.locator('h1')).toBeTruthy();
    const cookies = await ctx.cookies();
    expect(cookies.find((c) => c.name === 'appflows_owner')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    // A token: shown once with a copy button, then only its prefix.
    await page.click('nav >> text=API tokens');
    await page.fill('#f-name', 'CI');
    await page.click('text=Create token');
    const token = await page.inputValue('#new-token');
    expect(token).toMatch(/^afk_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
    await page.click('button[data-copy]');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await axe(page, 'token created');
    await screenshot(page, 'admin-token-created-desktop');
    // Post/redirect/get: the token is not in the URL, and a reload shows the list only and creates nothing.
    expect(page.url()).toBe(`${base}/admin/api-tokens`);
    const tokensBefore = (await (app.services as any).tokens.list()).length;
    await page.reload();
    expect((await (app.services as any).tokens.list()).length).toBe(tokensBefore);
    expect(await page.content()).not.toContain(token);
    expect(await page.textContent('table')).toContain(`afk_${token.slice(4, 12)}_…`);
    expect((await fetch(`${base}/api/v1/apps`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await page.click(`button[aria-label^="Revoke token CI"]`);
    await page.waitForURL(/revoked=/);
    expect(asked).toContain('Revoke token “CI”');
    expect((await fetch(`${base}/api/v1/apps`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    await axe(page, 'tokens');

    // An app.
    await page.click('nav >> text=Apps');
    await page.fill('#f-name', 'Recipes');
    await page.fill('#f-slug', 'Bad Slug');
    await page.click('text=Create app');
    expect(await page.textContent('#f-slug-error')).toContain('lowercase');
    await page.fill('#f-slug', 'recipes');
    await page.click('text=Create app');
    await page.waitForURL(`${base}/admin/apps/recipes?created=1`);
    await axe(page, 'app');

    // The waitlist editor: inline errors and warnings, live preview, publish, versions.
    await page.click('a.strong >> text=Waitlist');
    // A new flow opens on the template gallery; this walk starts from blank.
    await page.waitForSelector('.gallery');
    await axe(page, 'template gallery');
    await screenshot(page, 'admin-gallery-desktop');
    await page.click('text=Start from blank');
    // The form is the default view; this walk edits the JSON tab (the browser remembers the choice).
    await page.click('#tab-json');
    await page.waitForSelector('.cm-editor');
    await setDoc(page, '{"type": "waitlist",');
    await page.waitForSelector('.cm-lintRange-error, .cm-lintPoint-error', { state: 'attached' });
    await expect.poll(() => page.textContent('#problems'), { timeout: 15_000 }).toContain('not valid JSON');
    await setDoc(page, JSON.stringify({ ...goodWaitlist(), hero: { ...goodWaitlist().hero, accentColor: 'red' } }, null, 2));
    await expect.poll(() => page.textContent('#problems'), { timeout: 15_000 }).toContain('/hero/accentColor');
    const marked = await page.locator('.cm-lintRange-error').first().textContent();
    expect(marked).toBe('"red"');
    const noLegal = { ...goodWaitlist(), intro: { ...goodWaitlist().intro, legal: undefined, title: 'Cook with us' } };
    await setDoc(page, JSON.stringify(noLegal, null, 2));
    await expect.poll(() => page.textContent('#problems'), { timeout: 15_000 }).toContain('missing_legal');
    await page.waitForSelector('.cm-lintRange-warning', { state: 'attached' });
    const phone = { textContent: (sel: string) => page.frame({ name: 'pv-phone' })!.textContent(sel) };
    await expect.poll(async () => (await phone.textContent('h1').catch(() => '')) ?? '', { timeout: 15_000 }).toBe('Cook with us');
    await expect.poll(async () => (await page.frame({ name: 'pv-desktop' })!.textContent('h1').catch(() => '')) ?? '', { timeout: 15_000 }).toBe('Cook with us');
    // Keyboard typing reaches the editor and the preview.
    await page.click('.cm-content');
    await page.keyboard.press('Control+End');
    await screenshot(page, 'admin-editor-desktop');
    await page.click('#publish');
    await page.waitForURL(/published=1/);
    expect(await page.textContent('.alert.ok')).toContain('Published as version 1.');
    await page.waitForSelector('.cm-editor');
    await setDoc(page, JSON.stringify({ ...goodWaitlist(), intro: { ...goodWaitlist().intro, title: 'Cook with friends' } }, null, 2));
    await expect.poll(async () => (await phone.textContent('h1').catch(() => '')) ?? '', { timeout: 15_000 }).toBe('Cook with friends');
    expect(await page.textContent('#publish')).toContain('v2');
    await page.click('#publish');
    await page.waitForURL(/published=2/);
    await axe(page, 'editor');
    await page.selectOption('#diff-a', '1');
    await page.selectOption('#diff-b', '2');
    await page.click('text=Show diff');
    await page.waitForURL(/diff\?a=1&b=2/);
    expect(await page.textContent('pre.diff .del')).toContain('Cook with us');
    expect(await page.textContent('pre.diff .add')).toContain('Cook with friends');
    await axe(page, 'diff');
    await screenshot(page, 'admin-diff-desktop');
    await page.click('text=Back to the editor');
    await page.click('button[aria-label="Copy into draft: version 1"]');
    await page.waitForURL(/copied=1/);
    await page.waitForSelector('.cm-editor');
    expect(await page.textContent('.cm-content')).toContain('Cook with us');

    // The published page is what visitors get.
    const hosted = await (await fetch(`${base}/waitlist/recipes`)).text();
    expect(hosted).toContain('Cook with friends');

    // A cross-site form post carries no session (SameSite=Lax) and no token: refused, nothing created.
    const evilPage = await ctx.newPage();
    await evilPage.goto(evilUrl);
    await evilPage.waitForLoadState('load');
    await expect.poll(() => evilPage.url(), { timeout: 15_000 }).toContain('/admin/api-tokens');
    expect(await evilPage.textContent('h1')).not.toContain('API tokens');
    const list = (await fetch(`${base}/api/v1/tokens`, { headers: { authorization: `Bearer ${(await app.services.tokens.create('check')).token}` } }).then((r) => r.json())) as { tokens: { name: string }[] };
    expect(list.tokens.map((t) => t.name)).not.toContain('planted');

    await page.click('nav button:has-text("Sign out")');
    await page.waitForURL(/\/admin\/login\?out=1/);
    expect(await page.textContent('.alert.ok')).toContain('signed out');
    await axe(page, 'login');
    await page.goto(`${base}/admin/apps`);
    expect(page.url()).toContain('/admin/login');
    // The one refused form above (the bad slug) answered 422, as it should; nothing else failed.
    expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
    await ctx.close();
  });

  it('works without JavaScript: sign in, edit the textarea, preview, publish', async () => {
    const ctx = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${base}/admin/apps/recipes/flows/waitlist`);
    await page.fill('#f-email', 'owner@example.com');
    await page.fill('#f-password', 'correct horse battery');
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/admin/apps/recipes/flows/waitlist`);
    expect(await page.isVisible('textarea#config')).toBe(true);
    const config = { ...goodWaitlist(), intro: { ...goodWaitlist().intro, title: 'Plain HTML works' } };
    await page.fill('textarea#config', JSON.stringify(config, null, 2));
    await page.click('#refresh-preview');
    await expect.poll(async () => (await page.frame({ name: 'pv-phone' })!.textContent('h1').catch(() => '')) ?? '', { timeout: 15_000 }).toBe('Plain HTML works');
    // Nothing was saved by the preview.
    expect(await (await fetch(`${base}/waitlist/recipes`)).text()).not.toContain('Plain HTML works');
    await page.fill('textarea#config', '{"type": "waitlist"');
    await page.click('#publish');
    expect(await page.textContent('#problems')).toContain('not valid JSON');
    await page.fill('textarea#config', JSON.stringify(config, null, 2));
    await page.click('#publish');
    await page.waitForURL(/published=\d+/);
    expect(await (await fetch(`${base}/waitlist/recipes`)).text()).toContain('Plain HTML works');
    await screenshot(page, 'admin-editor-nojs-desktop');
    await ctx.close();
  });

  it('is usable at phone size, in dark mode', async () => {
    const ctx: BrowserContext = await browser.newContext({ ...PHONE, colorScheme: 'dark' });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/admin/login`);
    await screenshot(page, 'admin-login-phone');
    await page.fill('#f-email', 'owner@example.com');
    await page.fill('#f-password', 'correct horse battery');
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/admin/apps`);
    await screenshot(page, 'admin-apps-phone');
    await axe(page, 'apps phone');
    await page.goto(`${base}/admin/apps/recipes/flows/waitlist`);
    await page.waitForSelector('.fgroups');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-editor-phone');
    await axe(page, 'editor phone');
    await page.goto(`${base}/admin/api-tokens`);
    await screenshot(page, 'admin-tokens-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`${base}/admin/apps/recipes`);
    await screenshot(page, 'admin-app-phone');
    await axe(page, 'app phone');
    await page.goto(`${base}/admin/account`);
    await axe(page, 'account phone');
    await screenshot(page, 'admin-account-phone');
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
