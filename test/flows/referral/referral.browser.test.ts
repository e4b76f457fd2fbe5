import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hostedBrowser, PHONE, watchConsole } from '../../browser.js';
import type { TestApp } from '../../helpers.js';
import { putAndPublish } from '../forms/forms.fixtures.js';
import { goodReferral } from './referral.fixtures.js';

const SHOTS = '/tmp/referral-shots';

/**
 * The whole loop with two simulated devices, through the SDK's own calls: the referrer's app
 * gets a code and share link; the friend opens the invite in a phone browser and taps the
 * button (clipboard token, the deep-link attempt, then the store); the friend's freshly
 * installed app attributes with the clipboard text; the referrer's app claims its reward.
 */
describe('referral loop in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  const json = { 'content-type': 'application/json' };
  const sdk = (path: string, body: unknown) => t.app.inject({ method: 'POST', url: `/api/public/referral/${path}`, headers: { ...json, accept: 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    await putAndPublish(t, 'sleepy', 'referral', goodReferral());
    await t.createApp({ name: 'Webby', slug: 'webby' });
    await putAndPublish(t, 'webby', 'referral', goodReferral({ landing: { ...goodReferral().landing, fallback: 'website', websiteUrl: 'https://webby.example/' } }));
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => t?.close());

  it('referrer code → friend taps the invite (clipboard token, deep link, store) → attribute → exact rewards', async () => {
    // Device 1, the referrer's app.
    const share = (await sdk('code', { appSlug: 'sleepy', userId: 'alice' })).json();
    expect(share.shareUrl).toBe(`http://web.test/r/${share.code}`);

    // Device 2, the friend's phone browser (WEB_URL is this server in the test).
    const ctx = await browser.newContext({ ...PHONE });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    let store = '';
    await ctx.route('https://apps.apple.com/**', (r) => {
      store = r.request().url();
      return r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>App Store</title><h1>Sleepy</h1>' });
    });
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    const deepLinks: string[] = [];
    page.on('request', (r) => void (r.url().startsWith('sleepy:') && deepLinks.push(r.url())));
    await page.goto(`${origin}/r/${share.code.toLowerCase()}`);
    await page.screenshot({ path: `${SHOTS}/landing-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Get the app' }).click();
    // The custom-scheme navigation aborts (no app here); the page then falls back to the store.
    await expect.poll(() => store, { timeout: 10_000 }).not.toBe('');
    expect(deepLinks).toEqual([`sleepy://retention-flow/action?type=referral&code=${share.code}`]);
    expect(store).toBe('https://apps.apple.com/app/id1444383602');
    // Read the clipboard from a page of our origin (another tab: the first may still be loading the store).
    const reader = await ctx.newPage();
    await reader.goto(`${origin}/r/${share.code}`);
    const clipboard = await reader.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toMatch(/^amrf_[A-Za-z0-9]{32}$/);
    expect(problems).toEqual([]);
    await ctx.close();

    // Device 2, the friend's app on first launch: the clipboard text, prefix included.
    const attributed = await sdk('attribute', { appSlug: 'sleepy', claimToken: clipboard, anonymousId: '0F8FAD5B-D9CB-469F-A165-70867728950E' });
    expect(attributed.json()).toEqual({ attributed: true, alreadyAttributed: false, refereeReward: { amount: 1, unit: 'week', unitPlural: 'weeks', weeks: 1, label: '1 free week' } });

    // Device 1 on its next launch: two weeks, once.
    const rewards = (await sdk('rewards', { appSlug: 'sleepy', userId: 'alice' })).json();
    expect(rewards).toMatchObject({ weeks: 2, amountOwed: 2, weeksOwed: 2, newReferrals: 1, totalRewarded: 1 });
    expect((await sdk('rewards', { appSlug: 'sleepy', userId: 'alice' })).json()).toMatchObject({ newReferrals: 0, amountOwed: 0 });

    // The owner sees the graph.
    const graph = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/referrals', headers: t.auth })).json().referrals;
    expect(graph).toEqual([expect.objectContaining({ code: share.code, referrerUserId: 'alice', status: 'attributed', source: 'link', referrerRewarded: true, refereeRewarded: true })]);
  });

  it('an app without a scheme goes straight to its website; desktop and dark look right', async () => {
    const { code } = (await sdk('code', { appSlug: 'webby', userId: 'bob' })).json();
    const ctx = await browser.newContext({ ...DESKTOP, colorScheme: 'dark' });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await ctx.route('https://webby.example/**', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Webby</title>' }));
    const page = await ctx.newPage();
    const custom: string[] = [];
    page.on('request', (r) => void (!/^(https?|data):/.test(r.url()) && custom.push(r.url())));
    await page.goto(`${origin}/r/${code}`);
    await page.screenshot({ path: `${SHOTS}/landing-desktop-dark.png`, fullPage: true });
    await page.getByRole('button', { name: 'Get the app' }).click();
    await page.waitForURL('https://webby.example/**', { timeout: 10_000 });
    expect(custom).toEqual([]);
    await ctx.close();
  });
});
