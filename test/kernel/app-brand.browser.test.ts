import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast } from '../../src/kernel/pages/contrast.js';
import { axeViolations, hostedBrowser, PHONE, quietContext, screenshot, watchConsole } from '../browser.js';
import { everyAction, startSession } from '../flows/cancel/cancel.pages.fixtures.js';
import { goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import type { TestApp } from '../helpers.js';

/** Reasons with Lucide, Remix and SF Symbol names, an emoji, and a name no icon set has. */
const cancelWithIcons = () => {
  const c = everyAction();
  const icons: Record<string, { iconName?: string; emoji?: string }> = {
    too_expensive: { iconName: 'circle-dollar-sign' },
    missing_feature: { iconName: 'ri-lightbulb-line' },
    bugs: { iconName: 'ant' },
    switching: { iconName: 'arrow-left-right' },
    thanks_only: { emoji: '🏖️' },
    no_response: { iconName: 'no-such-icon-anywhere' },
  };
  return {
    ...c,
    intro: { ...c.intro, title: 'Before you go' },
    reasonScreen: { ...c.reasonScreen, reasons: c.reasonScreen.reasons.map((r) => ({ id: r.id, label: r.id === 'missing_feature' ? 'Missing a feature' : r.label, ...icons[r.id] })) },
    responses: { ...c.responses, too_expensive: { ...c.responses.too_expensive, badge: '50% off for 3 months' } },
  };
};

/** Bullets named as AppMate's clients send them: "map" and "cloud" overflowed their chips as words. */
const waitlistWithIcons = () => {
  const w = goodWaitlist();
  return {
    ...w,
    hero: {
      eyebrow: 'Coming soon',
      showCount: false,
      bullets: [
        { icon: 'map', title: 'Offline maps', body: 'Every trail, no signal needed.' },
        { icon: 'cloud', title: 'Sync across devices' },
        { icon: 'ri-shield-check-line', title: 'Private by design' },
        { icon: '⚡', title: 'Fast' },
        { icon: 'definitely-not-an-icon', title: 'An unknown name shows no icon' },
      ],
    },
  };
};

const rgb = (css: string): [number, number, number] => css.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number) as [number, number, number];

describe('app branding in Chromium at phone width (#32 §4)', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    // A near-black accent on the dark theme (1.0:1 against the card before #32), and a pale one on light.
    await t.createApp({ name: 'Nightly', slug: 'nightly', deepLinkScheme: 'nightly', accentColor: '#111827', theme: 'dark' });
    await t.createApp({ name: 'Daylight', slug: 'daylight', deepLinkScheme: 'daylight', accentColor: '#fde68a', theme: 'light' });
    for (const slug of ['nightly', 'daylight']) {
      await putAndPublish(t, slug, 'cancel', cancelWithIcons());
      await putAndPublish(t, slug, 'waitlist', waitlistWithIcons());
    }
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await t?.close();
  });

  async function phone(): Promise<{ page: Page; problems: string[] }> {
    const ctx = await quietContext(browser, { ...PHONE });
    contexts.push(ctx);
    const page = await ctx.newPage();
    return { page, problems: watchConsole(page) };
  }

  /** The contrast of a filled button against what is around it (the card on wide screens, the page on a phone). */
  const buttonStandsOut = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const b = document.querySelector(sel)!;
      let el: Element | null = b.parentElement;
      let behind = 'rgba(0, 0, 0, 0)';
      while (el && /rgba\(0, 0, 0, 0\)|transparent/.test(behind)) {
        behind = getComputedStyle(el).backgroundColor;
        el = el.parentElement;
      }
      return { fill: getComputedStyle(b).backgroundColor, behind: /rgba\(0, 0, 0, 0\)/.test(behind) ? getComputedStyle(document.body).backgroundColor : behind };
    }, selector);

  for (const slug of ['nightly', 'daylight'] as const) {
    it(`${slug}: cancel reasons draw their icons as SVG, the offer is a card with its badge, and the button stands out`, async () => {
      const { page, problems } = await phone();
      const s = await startSession(t, slug);
      await page.goto(`${origin}${s.path}`);
      await expect(page.locator('body').getAttribute('class')).resolves.toContain(slug === 'nightly' ? 'theme-dark' : 'theme-light');
      await expect(page.locator('link[href^="/assets/accent.css"]').getAttribute('href')).resolves.toBe(`/assets/accent.css?c=${slug === 'nightly' ? '111827' : 'fde68a'}`);
      const intro = await buttonStandsOut(page, '.cx-btn:not(.secondary)');
      if (slug === 'nightly') {
        // The fix: a lighter fill on the dark page, not the 1.0:1 near-black.
        expect(rgb(intro.fill)).not.toEqual([17, 24, 39]);
        expect(contrast(rgb(intro.fill), rgb(intro.behind))).toBeGreaterThanOrEqual(3);
      } else {
        // Light keeps the owner's pale yellow, with an edge that stands out at 3:1.
        expect(rgb(intro.fill)).toEqual([253, 230, 138]);
        const edge = await page.locator('.cx-btn:not(.secondary)').first().evaluate((b) => getComputedStyle(b).borderTopColor);
        expect(contrast(rgb(edge), rgb(intro.behind))).toBeGreaterThanOrEqual(3);
      }
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/reasons/);
      // Five reasons show an icon: four names drawn as SVG, the emoji as written; the unknown name nothing.
      await expect(page.locator('.cx-icon svg').count()).resolves.toBe(4);
      await expect(page.locator('.cx-icon').count()).resolves.toBe(5);
      await expect(page.locator('.cx-choice', { hasText: 'Just taking a break' }).locator('.cx-icon').textContent()).resolves.toBe('🏖️');
      await expect(page.locator('.cx-choice', { hasText: 'Something else' }).locator('.cx-icon').count()).resolves.toBe(0);
      await expect(page.locator('body').innerText()).resolves.not.toMatch(/circle-dollar-sign|no-such-icon/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `app-brand-cancel-reasons-${slug}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Too expensive').check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/response/);
      const offer = page.locator('.cx-offer');
      await expect(offer.locator('.cx-badge').textContent()).resolves.toBe('50% off for 3 months');
      await expect(offer.locator('h1').textContent()).resolves.toBe('How about 50% off?');
      await screenshot(page, `app-brand-cancel-offer-${slug}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });

    it(`${slug}: waitlist bullets named by icon draw SVGs in their chips, without overflow`, async () => {
      const { page, problems } = await phone();
      await page.goto(`${origin}/waitlist/${slug}`);
      await expect(page.locator('body').getAttribute('class')).resolves.toBe(slug === 'nightly' ? 'theme-dark' : 'theme-minimal');
      const chips = page.locator('.bullets .icon');
      await expect(chips.count()).resolves.toBe(4);
      await expect(page.locator('.bullets .icon svg').count()).resolves.toBe(3);
      // Every chip holds its content: the words "map" and "cloud" are gone, no chip overflows.
      for (const chip of await chips.all()) {
        const box = await chip.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight, text: el.textContent }));
        expect(box.sw).toBeLessThanOrEqual(box.cw);
        expect(box.sh).toBeLessThanOrEqual(box.ch);
        expect(box.text).not.toMatch(/map|cloud|shield/);
      }
      // The bullet whose name is unknown keeps its text on the whole row.
      const lone = page.locator('.bullets li', { hasText: 'An unknown name shows no icon' });
      await expect(lone.locator('.icon').count()).resolves.toBe(0);
      const width = await lone.locator('strong').evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeGreaterThan(150);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const submit = await buttonStandsOut(page, 'form button[type=submit]');
      if (slug === 'nightly') expect(contrast(rgb(submit.fill), rgb(submit.behind))).toBeGreaterThanOrEqual(3);
      await screenshot(page, `app-brand-waitlist-${slug}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
