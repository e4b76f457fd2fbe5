import type { BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE } from '../browser.js';
import { post } from '../flows/promotion/promotion.fixtures.js';
import { ownerBrowser, type OwnerBrowser } from '../owner-browser.js';
import { movableClock } from './admin.fixtures.js';
import { publicClient, seedAnalytics } from './analytics.fixtures.js';

const SHOTS = '/tmp/shots-analytics';
const DAY = 86_400_000;
const SECTIONS = ['cancel', 'onboarding', 'referral', 'promotion'] as const;

/**
 * The flow analytics pages in Chromium with a week of traffic (the clock moved a day at a
 * time): uPlot draws each day chart, axe-core finds no serious or critical violation, nothing
 * overflows a 390 px phone, and no CSP violation or script error shows in the console.
 */
describe('flow analytics pages in Chromium', () => {
  let ob: OwnerBrowser;
  let slug: string;
  let clock: ReturnType<typeof movableClock>;

  beforeAll(async () => {
    clock = movableClock(Date.now() - 6 * DAY);
    ob = await ownerBrowser({ clock, env: { PUBLIC_RATE_LIMIT: '1000000', TRUST_PROXY: 'true' }, shots: SHOTS });
    const { t } = ob;
    slug = (await seedAnalytics(t)).slug;
    const c = publicClient(t);
    // Six more days of traffic, a different amount each day.
    for (let d = 1; d <= 6; d++) {
      clock.advance(DAY);
      for (let i = 0; i < d % 4 + 1; i++) await c.cancelWalk(slug, 'too_expensive', i % 2 ? 'response:too_expensive:secondary' : 'response:too_expensive:primary');
      await c.cancelWalk(slug, null, 'intro:secondary');
      for (let i = 0; i < (d * 3) % 5 + 1; i++) await c.onboardingWalk(slug, i % 2 ? ['start'] : ['start', 'pick:wake_rested']);
      const code = (await c.referral('code', { appSlug: slug, userId: `ref-${d % 3}` })).json().code;
      for (let i = 0; i < d % 3 + 1; i++) await c.referral('attribute', { appSlug: slug, code, userId: `day${d}-friend-${i}` });
      for (let i = 0; i < 4 + d; i++) {
        const tk = (await post((o) => t.app.inject(o), 'resolve', { appSlug: slug, placement: 'after_onboarding', userId: `d${d}-${i}` })).json().trackingToken;
        await c.promotionEvent(tk, 'impression');
        if (i % 3 === 0) await c.promotionEvent(tk, 'tapped');
      }
    }
  });

  afterAll(() => ob?.close());

  async function visit(section: string, device: BrowserContextOptions, label: string, colorScheme: 'light' | 'dark' = 'light') {
    const { page, problems } = await ob.signedIn({ ...device, colorScheme });
    const r = await page.goto(`${ob.base}/admin/apps/${slug}/${section}`);
    expect(r?.status(), section).toBe(200);
    // The island replaced the SVG with uPlot's canvas.
    await page.waitForSelector('[data-chart] .uplot canvas');
    expect(await axeViolations(page), `${section} ${label}`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${section} ${label}: horizontal overflow`).toBeLessThanOrEqual(0);
    await ob.shot(page, `${section}-${label}`);
    expect(problems, `${section} ${label}`).toEqual([]);
    return { page, ctx: page.context() };
  }

  for (const section of SECTIONS) {
    it(`${section}: phone and desktop, chart drawn, accessible, no overflow`, async () => {
      const phone = await visit(section, PHONE, 'phone');
      // The numbers of the chart are there as a table too.
      await phone.page.getByText('Show the numbers').first().click();
      expect(await phone.page.locator('details.numbers table tbody tr').first().isVisible()).toBe(true);
      await phone.ctx.close();
      const desk = await visit(section, DESKTOP, 'desktop');
      // Before any hover the legend tells the latest day's numbers, not "--"; after a hover it comes back to them.
      const legend = () => desk.page.locator('[data-chart] .u-legend').first().innerText();
      const today = new Date(clock.now()).toISOString().slice(0, 10);
      expect(await legend()).toContain(today);
      expect(await legend()).not.toContain('--');
      const over = desk.page.locator('[data-chart] .u-over').first();
      const box = (await over.boundingBox())!;
      await desk.page.mouse.move(box.x + 5, box.y + box.height / 2);
      expect(await legend()).not.toContain(today);
      await desk.page.mouse.move(box.x + box.width / 2, box.y - 60);
      await expect.poll(legend).toContain(today);
      await desk.ctx.close();
    });
  }

  it('dark mode reads too (referrals, phone)', async () => {
    const { ctx } = await visit('referral', PHONE, 'phone-dark', 'dark');
    await ctx.close();
  });
});
