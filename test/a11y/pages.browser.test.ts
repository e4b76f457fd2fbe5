import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, hostedBrowser, PHONE, screenshot } from '../browser.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodCrash } from '../flows/crash/crash.fixtures.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { goodLinkPage } from '../flows/link-page/link-page.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import type { TestApp } from '../helpers.js';

/** A server on a real port and a Chromium beside it, for one describe block (`setup` seeds it). */
function servedWithBrowser(setup: (t: TestApp) => Promise<void>) {
  const s = {} as { t: TestApp; browser: Browser; origin: string };
  beforeAll(async () => {
    ({ t: s.t, origin: s.origin, browser: s.browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    await setup(s.t);
  });
  afterAll(() => s.t?.close());
  return s;
}

/** Every hosted page a visitor can reach, checked with axe-core at phone and desktop size. */
describe('accessibility of every hosted page (axe-core, no serious or critical finding)', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  const pages: [name: string, path: () => string][] = [];
  let ideaId = '';
  let code = '';

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    for (const [type, config] of [
      ['waitlist', { ...goodWaitlist(), hero: { eyebrow: 'Soon', bullets: [{ icon: '⚡', title: 'Fast' }], showCount: true } }],
      ['feedback', { ...goodFeedback(), rating: { enabled: true, required: true }, emailField: { enabled: true } }],
      ['report', goodReport()],
      ['contact', goodContact()],
      ['crash', goodCrash()],
      ['wishlist', goodWishlist()],
      ['cancel', goodCancel()],
      ['onboarding', goodOnboarding()],
      ['referral', goodReferral()],
      ['legal', goodLegal()],
      ['link-page', goodLinkPage()],
    ] as const) {
      await putAndPublish(t, 'sleepy', type, config);
    }
    // An owner's pale accent on a dark and a gradient theme: the text colours must adapt (kernel/pages/contrast.ts).
    await t.createApp({ name: 'Sunny', slug: 'sunny' });
    await putAndPublish(t, 'sunny', 'waitlist', { ...goodWaitlist(), hero: { theme: 'gradient', eyebrow: 'Soon', accentColor: '#fde68a' } });
    await putAndPublish(t, 'sunny', 'feedback', { ...goodFeedback(), hero: { theme: 'dark', eyebrow: 'Tell us', accentColor: '#fde68a' } });
    await putAndPublish(t, 'sunny', 'wishlist', goodWishlist({ hero: { theme: 'dark', eyebrow: 'Roadmap', accentColor: '#22d3ee' } }));
    ideaId = (await t.app.inject({ method: 'POST', url: '/api/v1/apps/sleepy/wishlist/ideas', headers: t.auth, payload: { title: 'Dark mode', body: 'Please' } })).json().idea.id;
    code = (await t.app.inject({ method: 'POST', url: '/api/public/referral/code', headers: { 'content-type': 'application/json' }, payload: { appSlug: 'sleepy', userId: 'alice' } })).json().code;
    pages.push(
      ['home', () => '/'],
      ['waitlist', () => '/waitlist/sleepy'],
      ['feedback', () => '/feedback/sleepy'],
      ['report', () => '/report/sleepy'],
      ['contact', () => '/contact/sleepy'],
      ['crash', () => '/crash/sleepy'],
      ['wishlist board', () => '/wishlist/sleepy'],
      ['wishlist idea', () => `/wishlist/sleepy/ideas/${ideaId}`],
      ['wishlist embed', () => '/embed/wishlist/sleepy'],
      ['cancel', () => '/cancel/sleepy'],
      ['onboarding', () => '/onboarding/sleepy'],
      ['referral invite', () => `/r/${code}`],
      ['privacy policy', () => '/legal/sleepy'],
      ['terms', () => '/legal/sleepy/terms'],
      ['link page', () => '/p/sleepy'],
      ['not found', () => '/feedback/no-such-app'],
      ['pale accent waitlist', () => '/waitlist/sunny'],
      ['pale accent dark feedback', () => '/feedback/sunny'],
      ['cyan dark wishlist', () => '/wishlist/sunny'],
    );
  });
  afterAll(() => t?.close());

  it('has no serious or critical violation on any page, phone and desktop', async () => {
    const found: string[] = [];
    for (const [size, device] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const ctx = await browser.newContext(device);
      const page = await ctx.newPage();
      for (const [name, path] of pages) {
        await page.goto(`${origin}${path()}`);
        for (const v of await axeViolations(page)) found.push(`${name} (${size}): ${v}`);
        if (size === 'phone') await screenshot(page, `a11y-${name.replace(/ /g, '-')}`);
      }
      await ctx.close();
    }
    expect(found, found.join("\n")).toEqual([]);
  });
});

describe('keyboard: the feedback star rating is a radio group in 1→5 order', () => {
  const s = servedWithBrowser(async (t) => {
    await t.createApp({ name: 'Stars', slug: 'stars' });
    await putAndPublish(t, 'stars', 'feedback', { ...goodFeedback(), rating: { enabled: true, prompt: 'How do you like it?', required: true } });
  });

  it('Tab lands on the first star, ArrowRight raises the rating, "n of 5" is announced and shown, required is marked', async () => {
    const page = await s.browser.newPage(PHONE);
    await page.goto(`${s.origin}/feedback/stars`);
    const group = page.getByRole('group', { name: /How do you like it\? \(required\)/ });
    await expect(group.isVisible()).resolves.toBe(true);
    await page.getByRole('radio', { name: '1 of 5' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '3 of 5' }).isChecked()).toBe(true);
    expect(await page.locator('.stars-value').innerText()).toBe('3 of 5');
    // Stars 1-3 filled, 4-5 outlined: the fill is what a sighted user sees.
    const fills = await page.$$eval('.stars label', (ls) => ls.map((l) => getComputedStyle(l).color));
    expect(new Set(fills.slice(0, 3)).size).toBe(1);
    expect(fills[3]).not.toBe(fills[0]);
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: '2 of 5' }).isChecked()).toBe(true);
    // Every star is a 44px tap target.
    const boxes = await page.$$eval('.stars label', (ls) => ls.map((l) => l.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height })));
    expect(boxes).toHaveLength(5);
    for (const b of boxes) expect(Math.min(b.w, b.h)).toBeGreaterThanOrEqual(44);
    // The focus ring is the accent itself, not a 45 % tint of it (2.2:1 on white, under the 3:1 WCAG 1.4.11 asks).
    const ring = await page.$eval('.stars input:focus-visible + label', (l) => getComputedStyle(l).outlineColor);
    const accent = await page.$eval('.stars', (e) => getComputedStyle(e).getPropertyValue('--accent').trim());
    expect(ring).toMatch(/^rgb\(/); // opaque: rgba() would carry an alpha
    expect(accent).not.toBe('');
    await page.getByLabel(/Email/i).first().focus();
    const input = await page.$eval('input:focus-visible', (i) => getComputedStyle(i).outlineColor);
    expect(input).toBe(ring);
    await screenshot(page, 'a11y-stars-phone');
    await page.close();
  });
});

describe('waitlist honesty in the browser', () => {
  const s = servedWithBrowser(async (t) => {
    await t.createApp({ name: 'Honest', slug: 'honest' });
    await putAndPublish(t, 'honest', 'waitlist', { ...goodWaitlist(), hero: { showCount: true } });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await t.app.inject({ method: 'POST', url: '/api/public/waitlist', headers: { 'content-type': 'application/json' }, payload: { appSlug: 'honest', email } });
    }
  });

  it('a repeat signup (JavaScript on) says the address was already on the list', async () => {
    const page = await s.browser.newPage(PHONE);
    for (const expectAlready of [false, true]) {
      await page.goto(`${s.origin}/waitlist/honest`);
      await page.getByLabel('Email address').fill('twice@example.com');
      await page.getByRole('button', { name: 'Join' }).click();
      await page.locator('.success:not([hidden])').waitFor();
      expect(await page.locator('[data-already]').isVisible()).toBe(expectAlready);
      // The count pill includes the new signup, once.
      expect(await page.locator('.pill [data-count]').innerText()).toBe('4');
    }
    await screenshot(page, 'waitlist-already-phone');
    await page.close();
  });
});

describe('keyboard only: every hosted form can be filled and sent without a mouse', () => {
  const s = servedWithBrowser(async (t) => {
    await t.createApp({ name: 'Keys', slug: 'keys' });
    await putAndPublish(t, 'keys', 'feedback', { ...goodFeedback(), rating: { enabled: true, required: true }, emailField: { enabled: true } });
    await putAndPublish(t, 'keys', 'report', goodReport());
    await putAndPublish(t, 'keys', 'contact', goodContact());
    await putAndPublish(t, 'keys', 'crash', goodCrash());
    await putAndPublish(t, 'keys', 'waitlist', goodWaitlist());
  });

  /** Tab from the top; type into text fields, Space on the first radio of a group, ArrowDown on selects, Enter on the submit button. */
  async function keyboardWalk(page: import('playwright-core').Page) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const el = await page.evaluate(() => {
        const a = document.activeElement as HTMLInputElement;
        return { tag: a.tagName, type: a.type, name: a.name };
      });
      if (el.tag === 'BUTTON' && el.type === 'submit') return page.keyboard.press('Enter');
      if (el.tag === 'TEXTAREA' || (el.tag === 'INPUT' && (el.type === 'text' || el.type === 'email'))) await page.keyboard.type(el.type === 'email' ? 'keys@example.com' : 'Typed with the keyboard');
      if (el.tag === 'INPUT' && el.type === 'radio') await page.keyboard.press('Space');
      if (el.tag === 'SELECT') await page.keyboard.press('ArrowDown');
    }
    throw new Error('Tab never reached the submit button');
  }

  it.each(['feedback', 'report', 'contact', 'crash', 'waitlist'])('%s', async (type) => {
    for (const javaScript of [true, false]) {
      const ctx = await s.browser.newContext({ ...PHONE, javaScriptEnabled: javaScript });
      const page = await ctx.newPage();
      await page.goto(`${s.origin}/${type}/keys`);
      await keyboardWalk(page);
      await page.locator('.success:not([hidden])').waitFor({ timeout: 10_000 });
      await ctx.close();
    }
  });
});
