import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, hostedBrowser, PHONE, screenshot, watchConsole } from '../../browser.js';
import type { TestApp } from '../../helpers.js';
import { goodFeedback, goodWaitlist, json, putAndPublish } from '../forms/forms.fixtures.js';
import { goodLegal } from './legal.fixtures.js';


/**
 * The public legal pages in Chromium, on a phone and on a desktop: readable (no sideways
 * scrolling, no serious accessibility problem), printable, and private: every request the page
 * makes goes to our own origin, and nothing sets a cookie.
 */
describe('legal pages in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  let now = new Date('2026-03-01T10:00:00Z');

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ clock: { now: () => now } }));
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', logoUrl: 'https://cdn.example/sleepy.png' });
    await putAndPublish(t, 'sleepy', 'waitlist', goodWaitlist());
    await putAndPublish(t, 'sleepy', 'legal', goodLegal({ hero: { accentColor: '#0f766e' } }));
    now = new Date('2026-05-20T10:00:00Z');
    await putAndPublish(t, 'sleepy', 'feedback', goodFeedback());
    await putAndPublish(
      t,
      'sleepy',
      'legal',
      goodLegal({
        hero: { accentColor: '#0f766e' },
        processors: [{ id: 'revenuecat' }, { id: 'superwall' }, { id: 'sentry' }, { id: 'posthog' }, { id: 'appflows' }, { id: 'mailer', name: 'Postmark', receives: ['email'], purpose: 'developer_communications', privacyUrl: 'https://postmarkapp.com/privacy-policy' }],
        declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false },
        medicalDisclaimer: true,
      }),
    );
    // A German company's app in German: the generated text and the GDPR sections in the app's language.
    await t.createApp({ name: 'Schlafgut', slug: 'schlafgut' });
    await putAndPublish(
      t,
      'schlafgut',
      'legal',
      goodLegal({
        locale: 'de',
        entity: { name: 'Schlafgut GmbH', contactEmail: 'datenschutz@schlafgut.example', jurisdiction: 'Deutschland', country: 'DE', region: 'BY' },
        processors: [{ id: 'revenuecat' }, { id: 'firebase' }, { id: 'sentry' }],
        platformData: [{ capability: 'health', access: ['read'], use: 'um Ihre Schlafanalyse zu lesen' }],
        declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false },
        gdpr: { consent: ['analytics'] },
      }),
    );
  });
  afterAll(() => t?.close());

  /** A context that refuses and records every request to another origin, and every Set-Cookie. */
  async function privateContext(options: object) {
    const ctx: BrowserContext = await browser.newContext(options);
    const external: string[] = [];
    const cookies: string[] = [];
    const failed: string[] = [];
    await ctx.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`)) return route.continue();
      external.push(url);
      return route.abort();
    });
    // Reading Set-Cookie is a round trip to the browser; each read is kept so that the
    // test awaits them all before it asserts or closes the context (a read still in
    // flight when the context closed rejected outside any test, failing the run).
    const reads: Promise<void>[] = [];
    const readErrors: string[] = [];
    ctx.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/legal/nobody')) failed.push(`${r.status()} ${r.url()}`);
      reads.push(
        r.headerValue('set-cookie').then(
          (c) => {
            if (c) cookies.push(`${r.url()}: ${c}`);
          },
          (e: Error) => {
            readErrors.push(e.message);
          },
        ),
      );
    });
    /** Waits for every Set-Cookie read so far, so cookies is complete, and checks none failed. */
    const settle = async () => {
      while (reads.length) await Promise.all(reads.splice(0));
      expect(readErrors).toEqual([]);
    };
    const close = async () => {
      await settle();
      await ctx.close();
    };
    return { ctx, external, cookies, failed, settle, close };
  }

  const PAGES: [string, string][] = [
    ['privacy', '/legal/sleepy'],
    ['terms', '/legal/sleepy/terms'],
    ['archived', '/legal/sleepy/v/1'],
    ['app-store', '/legal/sleepy/app-store-privacy'],
    ['play', '/legal/sleepy/play-data-safety'],
    ['missing', '/legal/nobody'],
    ['privacy-de', '/legal/schlafgut'],
    ['terms-de', '/legal/schlafgut/terms'],
  ];

  for (const [device, options] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${device}: every page renders readably, accessibly, with no external request and no cookie`, async () => {
      const { ctx, external, cookies, failed, settle, close } = await privateContext(options);
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      for (const [name, path] of PAGES) {
        const res = await page.goto(`${origin}${path}`);
        expect(res?.status(), path).toBe(name === 'missing' ? 404 : 200);
        expect(res?.request().redirectedFrom(), path).toBeNull();
        await screenshot(page, `legal-${name}-${device}`);
        // No sideways scrolling on a phone: long words, URLs and tables wrap or scroll inside.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
        // The links between the documents are full tap targets (44px tall), on a phone too.
        const navHeights = await page.$$eval('.doc-nav a, .doc-nav span', (els) => els.map((e) => e.getBoundingClientRect().height));
        if (name === 'privacy') expect(navHeights.length).toBeGreaterThan(1);
        for (const h of navHeights) expect(h, path).toBeGreaterThanOrEqual(44);
        expect(await axeViolations(page), path).toEqual([]);
        if (name === 'privacy-de') {
          expect(await page.getAttribute('article.doc-body', 'lang')).toBe('de');
          const body = await page.textContent('article.doc-body');
          for (const words of ['Rechtsgrundlagen', 'Übermittlungen in Länder außerhalb des EWR', 'Standardvertragsklauseln', 'Bayerisches Landesamt für Datenschutzaufsicht']) expect(body, words).toContain(words);
          expect(await page.textContent('main')).not.toContain('Der folgende Text ist auf Englisch');
        }
      }
      await settle();
      expect(external).toEqual([]);
      expect(cookies).toEqual([]);
      expect(await ctx.cookies()).toEqual([]);
      // The 404 page's own status shows in the console; every other resource loaded.
      expect(failed).toEqual([]);
      expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
      await close();
    });
  }

  it('the archived version links to the current one; the history links to every version', async () => {
    const { ctx, external, close } = await privateContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(`${origin}/legal/sleepy/v/1`);
    const notice = page.getByRole('note');
    await expect.poll(() => notice.textContent()).toContain('in effect from March 1, 2026 until May 20, 2026');
    await notice.getByRole('link', { name: 'Read the current version (version 2)' }).click();
    await page.waitForURL(`${origin}/legal/sleepy`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy policy');
    expect(await page.locator('.doc-meta').textContent()).toBe('Effective May 20, 2026 · Version 2');
    await page.getByRole('link', { name: 'Version 1' }).click();
    await page.waitForURL(`${origin}/legal/sleepy/v/1`);
    await page.getByRole('link', { name: 'Terms of use' }).click();
    await page.waitForURL(`${origin}/legal/sleepy/v/1/terms`);
    expect(await page.getByRole('note').count()).toBe(1);
    expect(external).toEqual([]);
    await close();
  });

  it('prints: navigation hidden, link targets written out, one clean column', async () => {
    const { ctx, close } = await privateContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(`${origin}/legal/sleepy`);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.doc-nav').isVisible()).toBe(false);
    const after = await page.evaluate(() => getComputedStyle(document.querySelector('.processor a[href^="https"]')!, '::after').content);
    expect(after).toContain('https://www.revenuecat.com/privacy/');
    await screenshot(page, 'legal-privacy-print');
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await close();
  });

  it('browsers get the declaration as a page; programs get JSON at the same address', async () => {
    const { ctx, close } = await privateContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(`${origin}/legal/sleepy/app-store-privacy`);
    expect(await page.getByRole('heading', { name: 'Data Linked to You' }).isVisible()).toBe(true);
    const fromScript = await page.evaluate(async () => (await fetch(location.href)).json());
    expect(fromScript.basis).toMatchObject({ version: 2, effectiveDate: '2026-05-20' });
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/apps/sleepy/legal/app-store-privacy', headers: { ...t.auth, ...json } });
    expect(fromScript).toEqual(api.json());
    await close();
  });
});
