import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hostedBrowser, PHONE, watchConsole } from '../browser.js';
import { putAndPublish } from '../flows/forms/forms.fixtures.js';
import type { TestApp } from '../helpers.js';

const SHOTS = '/tmp/shots-i18n-a';

/** A cancel flow and a funnel whose built-in words show (empty titles and labels, no subtitles). */
const cancel = (locale: string, reasons: string[]) => ({
  type: 'cancel',
  locale,
  intro: { title: '', subtitle: '', primaryButton: '', secondaryButton: '' },
  reasonScreen: { title: '', subtitle: '', selectMode: 'multi', reasons: reasons.map((label, i) => ({ id: `r${i}`, label })) },
  responses: {},
});
const onboarding = (locale: string, w: { intro: string; start: string; prompt: string; options: string[]; info: string; email: string; done: string; body: string }) => ({
  type: 'onboarding',
  locale,
  intro: { title: w.intro, subtitle: '', startLabel: w.start },
  steps: [
    { kind: 'question', id: 'goal', prompt: w.prompt, required: true, options: w.options.map((label, i) => ({ id: `o${i}`, label })) },
    { kind: 'info', id: 'note', title: w.info, body: '' },
    { kind: 'question', id: 'more', prompt: w.prompt, selectMode: 'multi', options: w.options.map((label, i) => ({ id: `m${i}`, label })) },
    { kind: 'email_capture', id: 'mail', title: w.email, required: true },
  ],
  handoff: { title: w.done, body: w.body, ctaLabel: w.start },
});

/**
 * The German and Japanese cancel and onboarding pages on a phone (390 px): nothing overflows,
 * axe finds nothing serious, the script's words follow the page's language. Screenshots in
 * /tmp/shots-i18n-a for a look.
 */
describe('step pages in German and Japanese in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    await t.createApp({ name: 'Schlummer', slug: 'schlummer' });
    await t.createApp({ name: 'ねむり', slug: 'nemuri' });
    await putAndPublish(t, 'schlummer', 'cancel', cancel('de', ['Zu teuer', 'Mir fehlt eine Funktion', 'Ich mache nur eine Pause']));
    await putAndPublish(t, 'nemuri', 'cancel', cancel('ja', ['料金が高い', '欲しい機能がない', 'しばらく休みたい']));
    await putAndPublish(t, 'schlummer', 'onboarding', onboarding('de', { intro: 'Besser schlafen in zwei Wochen', start: 'Los geht’s', prompt: 'Was ist dein Ziel?', options: ['Schneller einschlafen', 'Erholt aufwachen'], info: 'Wissenschaftlich fundiert', email: 'Wohin schicken wir deinen Plan?', done: 'Dein Plan ist fertig', body: 'Öffne die App, um loszulegen.' }));
    await putAndPublish(t, 'nemuri', 'onboarding', onboarding('ja', { intro: '2週間でぐっすり', start: 'はじめる', prompt: 'あなたの目標は?', options: ['早く眠りたい', 'すっきり起きたい'], info: '研究に基づくプラン', email: 'プランの送り先', done: 'プランの準備ができました', body: 'アプリを開いて始めましょう。' }));
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => t?.close());

  async function check(page: Page, name: string, lang: string) {
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, name).toBeLessThanOrEqual(0);
    expect(await axeViolations(page), name).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  for (const [lang, slug, browserLocale] of [['de', 'schlummer', 'de-DE'], ['ja', 'nemuri', 'ja-JP']] as const) {
    it(`${lang}: the cancel and onboarding screens at 390 px`, async () => {
      const ctx = await browser.newContext({ ...PHONE, locale: browserLocale });
      await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const page = await ctx.newPage();
      const problems = watchConsole(page);

      // Cancel: a web session, every screen.
      await page.goto(`${origin}/cancel/${slug}`);
      await check(page, `${lang}-cancel-1-intro`, lang);
      await page.locator('button[value="intro:primary"]').click();
      await page.locator('button[value="reasons:continue"]').waitFor();
      await page.locator('button[value="reasons:continue"]').click();
      await page.locator('.errors').waitFor();
      await check(page, `${lang}-cancel-2-reasons-error`, lang);
      await page.locator('input[name="reason"]').first().check();
      await page.locator('button[value="reasons:continue"]').click();
      await page.locator('.cx-thanks').waitFor();
      await check(page, `${lang}-cancel-3-thanks`, lang);
      await page.locator('.cx-thanks button[value="escape"]').click();
      await page.locator('.cx-stores').waitFor();
      await check(page, `${lang}-cancel-4-manage`, lang);
      await page.goto(`${origin}/cancel/${slug}/s/nope?t=nope`);
      await check(page, `${lang}-cancel-5-expired`, lang);

      // Onboarding: a web session, every step, an error, the handoff.
      await page.goto(`${origin}/onboarding/${slug}`);
      await check(page, `${lang}-onboarding-1-intro`, lang);
      await page.locator('button[value="start"]').click();
      await page.locator('#ob-progress').waitFor();
      // The required radio would stop the post in the browser: without it, the server's message shows.
      await page.evaluate(() => document.querySelectorAll('input[required]').forEach((i) => i.removeAttribute('required')));
      await page.locator('button[value="next"]').click();
      await page.locator('#ob-error').waitFor();
      await check(page, `${lang}-onboarding-2-question-error`, lang);
      await page.locator('input[name="o"]').first().check();
      await page.locator('button[value="next"]').click();
      await page.locator('.ob-info').waitFor();
      await page.locator('button[value="next"]').click();
      await page.locator('button[value="skip"]').click();
      await page.locator('#ob-email').waitFor();
      await check(page, `${lang}-onboarding-3-email`, lang);
      await page.locator('#ob-email').fill('schlaf@example.com');
      await page.locator('button[value="next"]').click();
      await page.locator('.ob-handoff').waitFor();
      await page.locator('button[data-copy]').click();
      await expect.poll(() => page.locator('[data-copy-status]').textContent()).toBe(lang === 'de' ? 'Code kopiert.' : 'コードをコピーしました。');
      await check(page, `${lang}-onboarding-4-handoff`, lang);
      expect(problems.filter((m) => !/status of 4\d\d/.test(m))).toEqual([]);
      await ctx.close();
    });
  }
});
