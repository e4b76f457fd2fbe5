import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, handOffAfter, hostedBrowser, PHONE, watchConsole } from '../../browser.js';
import type { TestApp } from '../../helpers.js';
import { json } from '../forms/forms.fixtures.js';
import { cancelApp, everyAction, startSession } from './cancel.pages.fixtures.js';

const SHOTS = '/tmp/cancel-shots';
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#4f46e5"/><path d="M12 21l6 6 11-13" stroke="#fff" stroke-width="4" fill="none"/></svg>';

/** The flow as an owner would write it (everyAction's ids and actions, friendlier words). */
const planner = () => {
  const c = everyAction();
  return {
    ...c,
    intro: { title: 'We’re sorry to see you go', subtitle: 'Before you cancel, could you tell us why? It takes ten seconds and helps us a lot.', primaryButton: 'Continue', secondaryButton: 'Keep my plan' },
    reasonScreen: {
      ...c.reasonScreen,
      title: 'Why are you cancelling?',
      subtitle: 'Pick the one that fits best.',
      reasons: c.reasonScreen.reasons.map((r) => (r.id === 'missing_feature' ? { ...r, label: 'It’s missing a feature I need', emoji: '🧩' } : r)),
    },
  };
};

/**
 * The hosted cancel page in Chromium on a phone (390×844, the in-app browser sheet), with
 * JavaScript off: every button is a plain form post. An exit's page meta-refreshes to the
 * app's custom scheme; Chromium cannot open it and reports the request, which is the deep link
 * the SDK would receive (WIRE D.6-7).
 */
describe('cancel page in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  let slug: string;
  let multiSlug: string;
  let plainSlug: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    const app = await t.createApp({ name: 'Pocket Planner', deepLinkScheme: 'pocketplanner', logoUrl: 'https://logo.example/pp.svg' });
    slug = app.slug;
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/cancel`, headers: { ...t.auth, ...json }, payload: JSON.stringify(planner()) });
    expect(put.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/flows/cancel/publish`, headers: t.auth });
    const base = planner();
    multiSlug = (await cancelApp(t, 'Multi Planner', { ...base, reasonScreen: { ...base.reasonScreen, selectMode: 'multi', subtitle: 'Pick all that apply.' } }, 'multiplanner')).slug;
    plainSlug = (await cancelApp(t, 'Plain Planner', planner(), null)).slug;
    mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await t?.close();
  });

  async function open(device: BrowserContextOptions = PHONE, colorScheme: 'light' | 'dark' = 'light') {
    const ctx = await browser.newContext({ ...device, colorScheme, javaScriptEnabled: false });
    contexts.push(ctx);
    await ctx.route('https://logo.example/**', (r) => r.fulfill({ contentType: 'image/svg+xml', body: LOGO }));
    await ctx.route('https://example.com/**', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Compare</title><h1>Compare</h1>' }));
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    return { page, problems };
  }

  const sessionUrl = async (appSlug = slug) => origin + (await startSession(t, appSlug)).path;
  const steps = async (sessionId: string) =>
    (await t.db.db.selectFrom('flow_steps').select(['step', 'key', 'detail']).where('session_id', '=', sessionId).execute()).map((r) => `${r.step}:${r.key}:${r.detail ?? ''}`).sort();
  const sessionIdOf = (page: Page) => /\/s\/([A-Za-z0-9]+)/.exec(page.url())![1];
  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

  /** Runs `act` and answers the custom-scheme URL the page then tried to open; the visible fallback link must be the same. */
  async function deepLinkAfter(page: Page, scheme: string, act: () => Promise<unknown>): Promise<string> {
    const url = await handOffAfter(page, scheme, act);
    await expect(page.locator('a[data-deep-link]').getAttribute('href')).resolves.toBe(url);
    return url;
  }

  it('walks to every exit and opens the exact deep link (JavaScript off)', async () => {
    const problems: string[] = [];
    const cases: [string, (p: Page) => Promise<unknown>, string][] = [
      ['keep my plan', (p) => button(p, 'Keep my plan').click(), 'type=return_to_app'],
      ['escape hatch on the intro', (p) => button(p, 'Cancel subscription').click(), 'type=manage_subscription'],
      ['offer', async (p) => pick(p, 'Too expensive').then(() => button(p, 'Claim 50% off').click()), 'type=open_offer&offer_id=winback%2050%2F3m'],
      ['continue cancelling', async (p) => pick(p, 'Too expensive').then(() => button(p, 'Continue cancelling').click()), 'type=manage_subscription'],
      [
        'support',
        async (p) => pick(p, 'It’s missing a feature I need').then(() => button(p, 'Message support').click()),
        'type=open_support&topic=feature%20request&message=A%26B%20%3D%20C%20%231%20%C3%BCn%C3%AFcode',
      ],
      ['feature', async (p) => pick(p, 'It’s missing a feature I need').then(() => button(p, 'See the roadmap').click()), 'type=open_feature&feature_id=roadmap%2F2026'],
      ['premium', async (p) => pick(p, 'Too many bugs').then(() => button(p, 'Try Premium').click()), 'type=open_premium&paywall_id=winback%20v2'],
      ['external url (SDK session)', async (p) => pick(p, 'Switching to another app').then(() => button(p, 'Compare').click()), 'type=external_url&url=https%3A%2F%2Fexample.com%2Fcompare%3Fx%3D1%26y%3Da%2520b%23top'],
      ['return to app', async (p) => pick(p, 'Switching to another app').then(() => button(p, 'Stay').click()), 'type=return_to_app'],
    ];
    // A browser context per case, three at a time: Chromium opens one external-protocol link per
    // page and then wants a user gesture, and newer Chromium (156) also holds back launches from
    // other pages of the same context for a while.
    const walk = async ([name, act, query]: (typeof cases)[number]) => {
      const { page, problems: mine } = await open();
      await page.goto(await sessionUrl());
      const id = sessionIdOf(page);
      const link = await deepLinkAfter(page, 'pocketplanner', () => act(page));
      const [type, ...params] = query.split('&');
      expect(link, name).toBe(`pocketplanner://retention-flow/action?${[type, `session_id=${id}`, ...params].join('&')}`);
      expect((await steps(id)).filter((s) => s.startsWith('exit:')), name).toEqual([`exit::${/type=([a-z_]+)/.exec(type)![1]}`]);
      problems.push(...mine);
      await page.context().close();
    };
    for (let i = 0; i < cases.length; i += 3) await Promise.all(cases.slice(i, i + 3).map(walk));
    expect(problems.filter((m) => !/ERR_ABORTED|pocketplanner|status of 404/.test(m))).toEqual([]);
  });

  async function pick(page: Page, reason: string) {
    await button(page, 'Continue').click();
    await page.getByLabel(reason).check();
    await button(page, 'Continue').click();
    await page.waitForURL(/step=response/);
  }

  it('a none button stays, the thanks screen leads back to the app, and Back goes back', async () => {
    const { page } = await open();
    await page.goto(await sessionUrl());
    const id = sessionIdOf(page);
    await pick(page, 'Too many bugs');
    const here = page.url();
    await button(page, 'Noted').click();
    await page.waitForLoadState();
    expect(page.url()).toBe(here);
    await expect(page.locator('h1').textContent()).resolves.toBe('Sorry about that');

    // Back: response → reasons (the pick is not remembered) → intro
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(/step=reasons$/);
    await expect(page.locator('legend h1').textContent()).resolves.toBe('Why are you cancelling?');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((u) => !u.search.includes('step='));
    await expect(page.locator('h1').textContent()).resolves.toBe('We’re sorry to see you go');

    // the opt-in thanks screen: nothing fires, the click counts
    await pick(page, 'Just taking a break');
    let fired = false;
    page.on('request', (r) => void (r.url().startsWith('pocketplanner:') && (fired = true)));
    await button(page, 'Pause instead').click();
    await page.waitForURL(/step=thanks$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Thank you');
    expect(fired).toBe(false);
    const link = await deepLinkAfter(page, 'pocketplanner', () => button(page, 'Back to the app').click());
    expect(link).toBe(`pocketplanner://retention-flow/action?type=return_to_app&session_id=${id}`);
    expect(await steps(id)).toEqual([
      'click:intro:primary:continue',
      'click:response:bugs:secondary:none',
      'click:response:thanks_only:primary:open_premium',
      'click:thanks:return:return_to_app',
      'exit::return_to_app',
      'opened::',
      'reason:bugs:',
      'reason:thanks_only:',
      'response:bugs:',
      'response:thanks_only:',
      'thanks::',
    ]);
  });

  it('works from the keyboard: Tab to a reason, Space picks it, Enter continues; focus is visible', async () => {
    const { page } = await open();
    await page.goto(`${await sessionUrl()}&step=reasons`);
    const id = sessionIdOf(page);
    // Back link, then the radio group
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain('Back');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).value)).resolves.toBe('too_expensive');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!.closest('label')!).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.waitForURL(/step=response&reason=missing_feature/);
    expect(await steps(id)).toEqual(['reason:missing_feature:', 'response:missing_feature:']);
  });

  it('multi mode: several reasons, straight to the thanks screen, and on to the subscription', async () => {
    const { page } = await open();
    await page.goto(await sessionUrl(multiSlug));
    const id = sessionIdOf(page);
    await button(page, 'Continue').click();
    await expect(page.locator('input[type="checkbox"]').count()).resolves.toBe(6);
    await page.getByLabel('Too expensive').check();
    await page.getByLabel('Too many bugs').check();
    await button(page, 'Continue').click();
    await page.waitForURL(/step=thanks$/);
    const link = await deepLinkAfter(page, 'multiplanner', () => button(page, 'Cancel subscription').click());
    expect(link).toBe(`multiplanner://retention-flow/action?type=manage_subscription&session_id=${id}`);
    expect(await steps(id)).toEqual(['click:escape:manage_subscription', 'click:intro:primary:continue', 'exit::manage_subscription', 'opened::', 'reason:bugs:', 'reason:too_expensive:', 'thanks::']);
  });

  it('an app without a scheme explains instead of linking; a web session opens external URLs itself', async () => {
    const { page } = await open();
    const custom: string[] = [];
    page.on('request', (r) => void (!/^(https?|data):/.test(r.url()) && custom.push(r.url())));
    await page.goto(await sessionUrl(plainSlug));
    await button(page, 'Keep my plan').click();
    await expect(page.locator('h1').textContent()).resolves.toBe('All set');
    await page.goBack();
    await button(page, 'Cancel subscription').click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Manage your subscription');
    await expect(page.getByRole('link', { name: 'Manage in App Store' }).getAttribute('href')).resolves.toBe('https://apps.apple.com/account/subscriptions');
    await expect(page.getByRole('link', { name: 'Manage in Google Play' }).getAttribute('href')).resolves.toBe('https://play.google.com/store/account/subscriptions');
    expect(custom).toEqual([]);

    // /cancel/<app> without a session: a web session; external_url goes to the page itself
    await page.goto(`${origin}/cancel/${slug}`);
    expect(page.url()).toMatch(new RegExp(`/cancel/${slug}/s/[A-Za-z0-9]+\\?t=`));
    await pick(page, 'Switching to another app');
    await button(page, 'Compare').click();
    await page.waitForURL('https://example.com/**');
    expect(page.url()).toBe('https://example.com/compare?x=1&y=a%20b#top');
  });

  it('looks right on a phone and a desktop, light and dark (screenshots in /tmp/cancel-shots)', async () => {
    const token = (await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/flows/cancel/preview-token`, headers: t.auth })).json().token;
    const combos = [
      ['phone', PHONE, 'light'],
      ['phone', PHONE, 'dark'],
      ['desktop', DESKTOP, 'light'],
      ['desktop', DESKTOP, 'dark'],
    ] as const;
    await Promise.all(
      combos.map(async ([device, options, scheme]) => {
        const { page: first, problems } = await open(options, scheme);
        let page = first;
        const shot = async (name: string) => {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${name} ${device}`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: `${SHOTS}/${name}-${device}-${scheme}.png`, fullPage: true });
        };
        const url = await sessionUrl();
        await page.goto(url);
        await shot('1-intro');
        await page.goto(`${url}&step=reasons`);
        await page.getByLabel('Too expensive').check();
        await page.getByLabel('Too expensive').focus();
        await shot('2-reasons');
        await page.goto(`${url}&step=response&reason=too_expensive`);
        await shot('3-response');
        await page.goto(`${url}&step=thanks`);
        await shot('4-thanks');
        await page.goto(`${await sessionUrl(multiSlug)}&step=reasons`);
        await page.getByLabel('Too many bugs').check();
        await shot('5-multi');
        await page.goto(await sessionUrl());
        await deepLinkAfter(page, 'pocketplanner', () => button(page, 'Cancel subscription').click());
        await shot('6-leaving');
        // After an external-protocol navigation Chromium leaves the page's own form posts hanging: a fresh page.
        page = await first.context().newPage();
        await page.goto(await sessionUrl(plainSlug));
        await button(page, 'Cancel subscription').click();
        await page.getByRole('heading', { name: 'Manage your subscription' }).waitFor();
        await shot('7-no-scheme');
        await page.goto(`${origin}/cancel/${slug}?p=${encodeURIComponent(token)}&step=response&reason=too_expensive`);
        await shot('8-preview');
        await button(page, 'Claim 50% off').click();
        await expect(page.locator('[data-would-open]').textContent()).resolves.toBe('pocketplanner://retention-flow/action?type=open_offer&session_id=SESSION_ID&offer_id=winback%2050%2F3m');
        await shot('9-preview-leave');
        await page.goto(`${origin}/cancel/${slug}/s/nope?t=x`);
        await shot('10-expired');
        expect(problems.filter((m) => !/ERR_ABORTED|pocketplanner|status of 404/.test(m))).toEqual([]);
      }),
    );
  }, 300_000); // every screen in four looks: about 90 s beside other browser suites on 2 cores
});
