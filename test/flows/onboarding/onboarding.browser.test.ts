import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, handOffAfter, hostedBrowser, PHONE, watchConsole } from '../../browser.js';
import type { TestApp } from '../../helpers.js';
import { json, putAndPublish } from '../forms/forms.fixtures.js';
import { goodOnboarding } from './onboarding.fixtures.js';
import { startFunnel } from './onboarding.pages.fixtures.js';

const SHOTS = '/tmp/onboarding-shots';
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#4f46e5"/><path d="M13 22a9 9 0 1 0 10-11 7 7 0 0 1-10 11z" fill="#fff"/></svg>';
const IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 320"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#6366f1"/></linearGradient></defs><rect width="640" height="320" fill="url(#g)"/><circle cx="470" cy="110" r="54" fill="#fde68a"/><circle cx="492" cy="96" r="50" fill="#3f3aa8"/><g fill="#fff" opacity=".8"><circle cx="120" cy="80" r="3"/><circle cx="220" cy="140" r="2"/><circle cx="330" cy="60" r="2.5"/><circle cx="90" cy="220" r="2"/></g></svg>';
const STORE = '<!doctype html><title>App Store</title><h1>Sleepy on the App Store</h1>';
const CLAIM = /amob_[A-Za-z0-9]{32}/;
/** A desktop browser (Playwright's default agent says HeadlessChrome: a bot, which gets no session). */
const DESKTOP_BROWSER = { ...DESKTOP, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' };

/**
 * The hosted funnel in Chromium on a phone (390×844, the in-app browser sheet). In the app the
 * end meta-refreshes to the custom scheme: Chromium cannot open it and reports the request,
 * which is the deep link the SDK would receive (WIRE D); the app then claims the token. On the
 * web the handoff's button copies the token to the clipboard and goes to the store (intercepted:
 * nothing leaves the machine).
 */
describe('onboarding funnel in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  const contexts: BrowserContext[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy', logoUrl: 'https://logo.example/sleepy.svg' });
    await putAndPublish(t, 'sleepy', 'onboarding', goodOnboarding());
    await t.createApp({ name: 'Sleepy Lite', slug: 'lite' });
    const lite = goodOnboarding();
    await putAndPublish(t, 'lite', 'onboarding', { ...lite, handoff: { title: 'You’re all set', body: 'Open Sleepy Lite on this phone to see your plan.', ctaLabel: 'Copy my code' }, hero: { theme: 'minimal' } });
    mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    for (const close of closers) await close();
    await t?.close();
  });

  async function open(device: BrowserContextOptions = PHONE, opts: { colorScheme?: 'light' | 'dark'; javaScriptEnabled?: boolean } = {}) {
    const ctx = await browser.newContext({ ...device, colorScheme: opts.colorScheme ?? 'light', javaScriptEnabled: opts.javaScriptEnabled ?? true });
    contexts.push(ctx);
    await ctx.route('https://logo.example/**', (r) => r.fulfill({ contentType: 'image/svg+xml', body: LOGO }));
    await ctx.route('https://cdn.example.org/**', (r) => r.fulfill({ contentType: 'image/svg+xml', body: IMAGE }));
    await ctx.route('https://apps.apple.com/**', (r) => r.fulfill({ contentType: 'text/html', body: STORE }));
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    return { page, problems, ctx };
  }

  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
  const sessionIdOf = (page: Page) => /\/s\/([A-Za-z0-9]+)/.exec(page.url())![1];
  const submissions = (sessionId: string) => t.db.db.selectFrom('onboarding_submissions').selectAll().where('session_id', '=', sessionId).execute();

  /** Every step kind, as a person taps through them (Back once on the way). */
  async function walk(page: Page, email = 'ann@example.com') {
    await button(page, 'Start').click();
    await page.waitForURL(/step=1&/);
    await expect(page.locator('#ob-progress').textContent()).resolves.toBe('1 of 4');
    await button(page, 'Fall asleep faster').click();
    await page.waitForURL(/step=2&/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Backed by research');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(/step=1&/);
    // Back keeps the pick
    await expect(button(page, 'Fall asleep faster').getAttribute('aria-pressed')).resolves.toBe('true');
    await button(page, 'Fall asleep faster').click();
    await button(page, 'Got it').click();
    await page.waitForURL(/step=3&/);
    await page.getByLabel('Late coffee').check();
    await page.getByLabel('Long naps').check();
    await button(page, 'Continue').click();
    await page.waitForURL(/step=4&/);
    await page.getByLabel('Email address').fill(email);
  }

  it('in the app: the SDK’s flowUrl + scheme ends in the exact deep link with the claim token, which the app then claims', async () => {
    const { page, problems } = await open();
    const f = await startFunnel(t, 'sleepy', { userId: 'u-1', locale: 'en_US', appVersion: '2.1' });
    await page.goto(`${f.flowUrl.replace('http://web.test', origin)}&scheme=sleepy`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Sleep better in 2 weeks');
    await walk(page);
    const link = await handOffAfter(page, 'sleepy', () => button(page, 'Continue').click());
    const token = CLAIM.exec(link)![0];
    expect(link).toBe(`sleepy://retention-flow/action?type=onboarding_complete&session_id=${f.sessionId}&claim_token=${token}`);
    await expect(page.locator('a[data-deep-link]').getAttribute('href')).resolves.toBe(link);
    // The SDK's claimOnboarding on the deep link.
    const claim = await t.app.inject({ method: 'POST', url: '/api/public/onboarding/claim', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', claimToken: token, userId: 'u-1' }) });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json()).toMatchObject({ answers: { goal: 'fall_asleep', habits: ['caffeine', 'naps'] }, email: 'ann@example.com', alreadyClaimed: false });
    expect((await submissions(f.sessionId))[0].source).toBe('app');
    const steps = await t.db.db.selectFrom('flow_steps').select(['step', 'key']).where('session_id', '=', f.sessionId).execute();
    expect(steps.map((s) => `${s.step}:${s.key}`).sort()).toEqual(['completed:', 'opened:', 'reached:email', 'reached:goal', 'reached:habits', 'reached:science']);
    expect(problems.filter((m) => !/ERR_ABORTED|sleepy:|scheme/.test(m))).toEqual([]);
  });

  it('on the web: the button copies the claim token to the clipboard, then goes to the App Store; the app claims it from there', async () => {
    const { page, ctx, problems } = await open();
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.goto(`${origin}/onboarding/sleepy`);
    expect(page.url()).toMatch(/\/onboarding\/sleepy\/s\/[A-Za-z0-9]+\?t=[A-Za-z0-9]+$/);
    const id = sessionIdOf(page);
    await walk(page, 'web@example.com');
    await button(page, 'Continue').click();
    await page.waitForURL(/step=done/);
    // The token is never shown (#32): it travels in the button (copied) and in "Open Sleepy" (the app's deep link).
    const shown = (await page.getByRole('link', { name: 'Get the app' }).getAttribute('data-copy'))!;
    expect(shown).toMatch(CLAIM);
    await expect(page.locator('body').innerText()).resolves.not.toContain('amob_');
    await expect(page.getByRole('link', { name: 'Open Sleepy' }).getAttribute('href')).resolves.toContain(`claim_token=${shown}`);
    // With JavaScript: the button's words, not the no-JS ones.
    await expect(page.locator('[data-nojs]').isVisible()).resolves.toBe(false);
    await expect(page.locator('p[data-js]').isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Get the app' }).click();
    await page.waitForURL('https://apps.apple.com/**');
    expect(page.url()).toBe('https://apps.apple.com/app/id1444383602');
    // The clipboard holds the token (read back on our origin).
    const reader = await ctx.newPage();
    await reader.goto(`${origin}/assets/base.css`);
    await expect(reader.evaluate(() => navigator.clipboard.readText())).resolves.toBe(shown);
    // First launch: the SDK reads the clipboard and claims it.
    const claim = await t.app.inject({ method: 'POST', url: '/api/public/onboarding/claim', headers: json, payload: JSON.stringify({ appSlug: 'sleepy', claimToken: ` ${shown} ` }) });
    expect(claim.json()).toMatchObject({ answers: { goal: 'fall_asleep', habits: ['caffeine', 'naps'] }, email: 'web@example.com' });
    expect((await submissions(id))[0].source).toBe('web');
    expect(problems).toEqual([]);
  });

  it('embedded in another site: the frame walks the funnel, copies the token (allow=clipboard-write) and opens the store in the top window', async () => {
    const { page, ctx, problems } = await open(DESKTOP_BROWSER);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    // Another site: a server of its own on another port, reached as localhost (Chromium keeps pages it
    // did not load from a local address from framing one, so a routed page would not do).
    const blog = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><title>Blog</title><h1>Our blog</h1><iframe src="${origin}/embed/onboarding/sleepy" allow="clipboard-write" width="420" height="760" title="Sleepy onboarding"></iframe>`);
    });
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    const host = `http://localhost:${(blog.address() as AddressInfo).port}`;
    closers.push(() => new Promise((resolve) => blog.close(() => resolve())));
    await page.goto(`${host}/post`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('button', { name: 'Start', exact: true }).click();
    await frame.getByRole('button', { name: 'Wake up rested', exact: true }).click();
    await frame.getByRole('button', { name: 'Got it', exact: true }).click();
    await frame.getByRole('button', { name: 'Skip', exact: true }).click();
    await frame.getByLabel('Email address').fill('framed@example.com');
    await frame.getByRole('button', { name: 'Continue', exact: true }).click();
    const shown = (await frame.getByRole('link', { name: 'Get the app' }).getAttribute('data-copy'))!;
    expect(shown).toMatch(CLAIM);
    await expect(frame.locator('body').innerText()).resolves.not.toContain('amob_');
    await frame.getByRole('link', { name: 'Get the app' }).click();
    await page.waitForURL('https://apps.apple.com/**');
    expect(page.url()).toBe('https://apps.apple.com/app/id1444383602');
    const reader = await ctx.newPage();
    await reader.goto(`${origin}/assets/base.css`);
    await expect(reader.evaluate(() => navigator.clipboard.readText())).resolves.toBe(shown);
    const row = await t.db.db.selectFrom('onboarding_submissions').selectAll().where('email', '=', 'framed@example.com').executeTakeFirstOrThrow();
    expect(row.source).toBe('embed');
    expect(problems).toEqual([]);
  });

  it('on the web without JavaScript: no token on the page; "Open Sleepy" carries it once the app is installed; the store is a plain link', async () => {
    const { page } = await open(PHONE, { javaScriptEnabled: false });
    await page.goto(`${origin}/onboarding/sleepy`);
    await walk(page);
    await button(page, 'Skip').click();
    await page.waitForURL(/step=done/);
    await expect(page.locator('[data-nojs]').textContent()).resolves.toContain('Once Sleepy is installed, tap “Open Sleepy” on this page');
    await expect(page.locator('body').innerText()).resolves.not.toContain('amob_');
    await expect(page.getByRole('link', { name: 'Open Sleepy' }).getAttribute('href')).resolves.toMatch(/^sleepy:\/\/retention-flow\/action\?type=onboarding_complete&session_id=[A-Za-z0-9]+&claim_token=amob_[A-Za-z0-9]{32}$/);
    await expect(page.locator('p[data-js]').isVisible()).resolves.toBe(false);
    await page.getByRole('link', { name: 'Get the app' }).click();
    await page.waitForURL('https://apps.apple.com/**');
  });

  it('no store URL: the button copies the code and stays; a required answer missing comes back with a message; the keyboard works', async () => {
    const { page, ctx } = await open();
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await page.goto(`${origin}/onboarding/lite`);
    await button(page, 'Start').click();
    await page.waitForURL(/step=1&/);
    // keyboard: Tab past Back to the first option, Enter picks it
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain('Back');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain('Fall asleep faster');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('Enter');
    await page.waitForURL(/step=2&/);
    await button(page, 'Got it').click();
    await button(page, 'Skip').click();
    await page.getByLabel('Email address').fill('not-an-email@');
    // the browser's own check first; without it (novalidate), the server's message
    await page.locator('form').evaluate((f) => f.setAttribute('novalidate', ''));
    await button(page, 'Continue').click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Please enter a valid email address');
    await expect(page.getByLabel('Email address').inputValue()).resolves.toBe('not-an-email@');
    await button(page, 'Skip').click();
    await page.waitForURL(/step=done/);
    await expect(page.locator('h1').textContent()).resolves.toBe('You’re all set');
    await expect(page.locator('a[href^="https://apps.apple.com"]').count()).resolves.toBe(0);
    await button(page, 'Copy my code').click();
    await expect.poll(() => page.locator('[data-copy-status]').textContent()).toBe('Code copied.');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toMatch(CLAIM);
    await expect(page.locator('body').innerText()).resolves.not.toContain('amob_');
    expect(page.url()).toContain('step=done');
  });

  it('looks right on a phone and a desktop, light and dark (screenshots in /tmp/onboarding-shots)', async () => {
    const token = (await t.app.inject({ method: 'POST', url: '/api/v1/apps/sleepy/flows/onboarding/preview-token', headers: t.auth })).json().token;
    const combos = [
      ['phone', PHONE, 'light'],
      ['phone', PHONE, 'dark'],
      ['desktop', DESKTOP_BROWSER, 'light'],
      ['desktop', DESKTOP_BROWSER, 'dark'],
    ] as const;
    await Promise.all(
      combos.map(async ([device, options, scheme]) => {
        const { page: first, problems } = await open(options, { colorScheme: scheme });
        let page = first;
        const shot = async (name: string) => {
          await page.waitForLoadState('load');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${name} ${device}`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: `${SHOTS}/${name}-${device}-${scheme}.png`, fullPage: true });
        };
        await page.goto(`${origin}/onboarding/sleepy`);
        await shot('1-intro');
        await button(page, 'Start').click();
        await page.waitForURL(/step=1&/);
        await shot('2-single-auto');
        await button(page, 'Wake up rested').click();
        await page.waitForURL(/step=2&/);
        await shot('3-info');
        await button(page, 'Got it').click();
        await page.waitForURL(/step=3&/);
        await page.getByLabel('Screens in bed').check();
        await page.getByLabel('Screens in bed').focus();
        await shot('4-multi');
        await button(page, 'Continue').click();
        await page.waitForURL(/step=4&/);
        await shot('5-email');
        await page.getByLabel('Email address').fill('oops@');
        await page.locator('form').evaluate((f) => f.setAttribute('novalidate', ''));
        await button(page, 'Continue').click();
        await page.getByRole('alert').waitFor();
        await shot('6-email-error');
        await page.getByLabel('Email address').fill('ann@example.com');
        await button(page, 'Continue').click();
        await page.waitForURL(/step=done/);
        await shot('7-handoff');
        await page.goto(`${origin}/onboarding/lite`);
        await button(page, 'Start').click();
        await button(page, 'Wake up rested').click();
        await page.waitForURL(/step=2&/);
        await page.goto(page.url().replace('step=2', 'step=4'));
        await button(page, 'Skip').click();
        await page.waitForURL(/step=done/);
        await shot('8-handoff-no-store');
        const f = await startFunnel(t, 'sleepy');
        await page.goto(`${f.flowUrl.replace('http://web.test', origin)}&scheme=sleepy`);
        await button(page, 'Start').click();
        await button(page, 'Wake up rested').click();
        await button(page, 'Got it').click();
        await button(page, 'Skip').click();
        await page.waitForURL(/step=4&/);
        await handOffAfter(page, 'sleepy', () => button(page, 'Skip').click());
        await shot('9-in-app-end');
        // After an external-protocol navigation Chromium leaves the page's own form posts hanging: a fresh page.
        page = await first.context().newPage();
        await page.goto(`${origin}/onboarding/sleepy?p=${encodeURIComponent(token)}`);
        await button(page, 'Start').click();
        await button(page, 'Fall asleep faster').click();
        await button(page, 'Got it').click();
        await page.waitForURL(/step=3&/);
        await shot('10-preview');
        await button(page, 'Skip').click();
        await page.waitForURL(/step=4&/);
        await page.getByLabel('Email address').fill('owner@example.com');
        await button(page, 'Continue').click();
        await page.waitForURL(/step=done/);
        await shot('11-preview-end');
        await page.goto(`${origin}/onboarding/sleepy/s/nope?t=x`);
        await shot('12-expired');
        expect(problems.filter((m) => !/ERR_ABORTED|sleepy:|scheme|status of (404|422)/.test(m))).toEqual([]);
      }),
    );
  }, 300_000); // 12 screens x 4 looks, plus walks: about 60 s alone, over 120 s beside other browser suites on 2 cores
});
