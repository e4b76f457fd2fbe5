import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hostedBrowser, PHONE, quietContext, screenshot, watchConsole } from '../browser.js';
import type { TestApp } from '../helpers.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, putAndPublish } from './forms/forms.fixtures.js';

/** Fills one hosted form the way a person would. */
const fillers: Record<string, (p: Page, tag: string) => Promise<void>> = {
  feedback: async (p, tag) => {
    await p.click('label[for="f-rating-4"]');
    await p.fill('#f-message', `Great app ${tag}`);
    await p.selectOption('#f-attributes-plan', 'Pro');
    await p.fill('#f-email', `fb-${tag}@example.com`);
  },
  report: async (p, tag) => {
    await p.check('input[name="category"][value="bug"]');
    await p.fill('#f-message', `It crashed ${tag}`);
  },
  contact: async (p, tag) => {
    await p.fill('#f-name', 'Ann');
    await p.fill('#f-email', `ct-${tag}@example.com`);
    await p.fill('#f-message', `Hello ${tag}`);
  },
  waitlist: async (p, tag) => {
    await p.fill('#f-email', `wl-${tag}@example.com`);
  },
};

const listPath: Record<string, string> = {
  feedback: 'feedback/submissions',
  report: 'report/submissions',
  contact: 'contact/submissions',
  waitlist: 'waitlist/signups',
};

const themes = ['minimal', 'gradient', 'dark', 'side_by_side'] as const;

const IMAGES: Record<string, string> = {
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#0f766e"/><circle cx="20" cy="20" r="9" fill="#fff"/></svg>',
  'hero.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 320"><rect width="480" height="320" fill="#ccfbf1"/><circle cx="240" cy="160" r="90" fill="#0f766e"/><circle cx="330" cy="90" r="26" fill="#5eead4"/></svg>',
};

describe('hosted forms in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let slug: string;


  beforeAll(async () => {
    // A real listening server, plus two test images served from the same origin (no network here).
    const images = (app: TestApp['app']) => app.get('/test-images/:name', async (req, reply) => reply.type('image/svg+xml').send(IMAGES[(req.params as { name: string }).name]));
    ({ t, origin: base, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '1000' }, beforeReady: images }));
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: t.auth, payload: { name: 'Orbit Notes', logoUrl: `${base}/test-images/logo.svg` } });
    slug = created.json().app.slug;
    await putAndPublish(t, slug, 'feedback', goodFeedback());
    await putAndPublish(t, slug, 'report', goodReport());
    await putAndPublish(t, slug, 'contact', goodContact());
    await putAndPublish(t, slug, 'waitlist', goodWaitlist());
    for (const theme of themes) {
      await putAndPublish(
        t,
        slug,
        'waitlist',
        {
          ...goodWaitlist(),
          intro: { ...goodWaitlist().intro, title: 'Notes that organise themselves', subtitle: 'Orbit sorts, links and reminds. Join the waitlist for early access.' },
          success: { title: 'You’re on the list', body: 'We’ll email you when your invite is ready.', ctaLabel: 'Follow the launch', ctaUrl: 'https://example.org/blog' },
          hero: {
            theme,
            eyebrow: 'Launching this spring',
            accentColor: theme === 'dark' ? '#7c3aed' : '#0f766e',
            showCount: true,
            ...(theme === 'side_by_side' ? { heroImage: `${base}/test-images/hero.svg` } : {}),
            bullets: [
              { icon: '⚡', title: 'Instant capture', body: 'Jot it down, Orbit files it.' },
              { icon: '🔗', title: 'Linked automatically', body: 'Related notes find each other.' },
              { icon: '⏰', title: 'Smart reminders' },
            ],
          },
        },
        `t-${theme.replace(/_/g, '-')}`,
      );
    }
    // Enough signups to show the pill on the theme pages.
    for (const theme of themes) {
      for (const e of ['a', 'b', 'c', 'd']) {
        await t.app.inject({ method: 'POST', url: '/api/public/waitlist', headers: { 'content-type': 'application/json' }, payload: { appSlug: slug, flowSlug: `t-${theme.replace(/_/g, '-')}`, email: `${e}@example.com` } });
      }
    }
  });
  afterAll(() => t?.close());

  const context = (opts: BrowserContextOptions) => quietContext(browser, opts);

  async function owned(type: string, tag: string) {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/${listPath[type]}?limit=200`, headers: t.auth });
    const items = r.json()[type === 'waitlist' ? 'signups' : 'submissions'] as Record<string, unknown>[];
    return items.filter((x) => JSON.stringify(x).includes(tag));
  }

  for (const js of [true, false]) {
    for (const type of ['feedback', 'report', 'contact', 'waitlist']) {
      it(`${type}: submit ${js ? 'with' : 'without'} JavaScript on a phone, see success, read it back`, async () => {
        const ctx = await context({ ...(PHONE as BrowserContextOptions), javaScriptEnabled: js });
        const page = await ctx.newPage();
        const problems = watchConsole(page);
        const tag = `${js ? 'js' : 'nojs'}${Date.now()}`;
        await page.goto(`${base}/${type}/${slug}`);
        await fillers[type](page, tag);
        await page.click('button[type="submit"]');
        await page.locator('.success:not([hidden])').waitFor({ state: 'visible', timeout: 10_000 });
        expect(await page.locator('form').isVisible()).toBe(false);
        if (js) expect(page.url()).toBe(`${base}/${type}/${slug}`); // no reload
        else expect(page.url()).toMatch(new RegExp(`^${base}/${type}/${slug}\\?done=joined\\.`));
        await screenshot(page, `forms-${type}-success-${js ? 'js' : 'nojs'}-phone`);
        expect(problems).toEqual([]);
        const rows = await owned(type, tag);
        expect(rows).toHaveLength(1);
        expect(rows[0].source).toBe('web');
        if (type === 'feedback') expect(rows[0]).toMatchObject({ rating: 4, attributes: { plan: 'Pro' } });
        if (type === 'report') expect(rows[0]).toMatchObject({ category: 'bug' });
        await ctx.close();
      });
    }
  }

  it('with JavaScript, invalid input comes back as the server renders it: every error on its field, in plain words, focus on the first, typed text kept', async () => {
    const ctx = await context(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(`${base}/contact/${slug}`);
    await page.fill('#f-name', 'Ann');
    await page.fill('#f-email', 'ann@example.com');
    await page.fill('#f-message', 'x'.repeat(10));
    // Bypass the browser's own checks to reach the server's.
    await page.evaluate(() => document.querySelector('#f-email')!.setAttribute('type', 'text'));
    await page.fill('#f-email', 'not-an-email');
    await page.click('button[type="submit"]');
    const err = page.locator('#f-email-error');
    await err.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await err.textContent()).toBe('Please enter an email address like name@example.com.');
    expect(await page.getAttribute('#f-email', 'aria-invalid')).toBe('true');
    // Focus moves just after the errors appear (the page's script): wait for it rather than race it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5_000 }).toBe('f-email');
    expect(await page.locator('[data-error]').textContent()).toBe('Please check the highlighted field.');
    expect(await page.inputValue('#f-message')).toBe('x'.repeat(10));
    expect(await page.inputValue('#f-name')).toBe('Ann');
    await ctx.close();
  });

  it('renders every form page on a phone without console or CSP errors', async () => {
    const ctx = await context(PHONE as BrowserContextOptions);
    const page = await ctx.newPage();
    const problems = watchConsole(page);
    for (const type of ['feedback', 'report', 'contact']) {
      await page.goto(`${base}/${type}/${slug}`);
      await screenshot(page, `forms-${type}-phone`);
    }
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('a long unbreakable word or pasted URL in the intro wraps on a 320px phone instead of widening the page', async () => {
    const url = 'https://example.org/a/really/long/path/that/an/owner/pasted/without/any/spaces/at/all';
    await putAndPublish(t, slug, 'waitlist', { ...goodWaitlist(), intro: { ...goodWaitlist().intro, subtitle: `Read more at ${url}` } }, 'long-words');
    const ctx = await context({ ...PHONE, viewport: { width: 320, height: 640 } } as BrowserContextOptions);
    const page = await ctx.newPage();
    await page.goto(`${base}/waitlist/${slug}/long-words`);
    await expect(page.locator('.intro').textContent()).resolves.toContain(url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const card = (await page.locator('.form-card').boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(320);
    await screenshot(page, 'waitlist-long-words-320');
    await ctx.close();
  });

  for (const theme of themes) {
    for (const [device, opts] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      it(`waitlist theme ${theme} on ${device}`, async () => {
        const ctx = await context(opts as BrowserContextOptions);
        const page = await ctx.newPage();
        const problems = watchConsole(page);
        await page.goto(`${base}/waitlist/${slug}/t-${theme.replace(/_/g, '-')}`);
        expect(await page.locator('body').getAttribute('class')).toBe(`theme-${theme}`);
        expect(await page.locator('.pill').textContent()).toMatch(/\d+ on the waitlist/);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(opts.viewport.width); // no sideways scrolling
        if (theme === 'side_by_side') {
          const [intro, card] = [await page.locator('.intro').boundingBox(), await page.locator('.form-card').boundingBox()];
          if (device === 'desktop') expect(card!.x).toBeGreaterThan(intro!.x + intro!.width - 1); // two columns
          else expect(card!.y).toBeGreaterThan(intro!.y); // collapsed to one column
        }
        await screenshot(page, `waitlist-${theme}-${device}`);
        await page.fill('#f-email', `shot-${theme}-${device}@example.com`);
        await page.click('button[type="submit"]');
        await page.locator('.success:not([hidden])').waitFor({ state: 'visible', timeout: 10_000 });
        expect(await page.locator('form').isVisible()).toBe(false);
        await screenshot(page, `waitlist-${theme}-${device}-success`);
        expect(problems).toEqual([]);
        await ctx.close();
      });
    }
  }
});
