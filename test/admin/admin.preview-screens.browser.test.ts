import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, SCREENSHOT_DIR } from '../browser.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { ownerBrowser, type OwnerBrowser } from '../owner-browser.js';

type Editor = { state: { doc: { length: number; toString(): string } }; dispatch(tr: unknown): void };

/** Replaces the JSON editor's text, as typing would. */
const typeJson = (page: Page, text: string) =>
  page.evaluate((t) => {
    const v = (window as unknown as { appflowsEditor: Editor }).appflowsEditor;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: t } });
  }, text);

/** Milliseconds until the frame's <h1> reads `text` (polling every 25 ms; 5 s at most). */
async function until(page: Page, frame: string, text: string): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < 5000) {
    const h1 = await page
      .frame({ name: frame })
      ?.textContent('h1', { timeout: 100 })
      .catch(() => null);
    if (h1?.trim() === text) return Date.now() - start;
    await page.waitForTimeout(25);
  }
  throw new Error(`${frame} never showed "${text}"`);
}

describe('dashboard preview screens in Chromium', () => {
  let ob: OwnerBrowser;

  beforeAll(async () => {
    ob = await ownerBrowser();
    const { t } = ob;
    await t.createApp({ name: 'Recipes', slug: 'recipes', deepLinkScheme: 'recipes' });
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/apps/recipes/flows/onboarding', headers: t.auth, payload: goodOnboarding() })).statusCode).toBe(200);
  });
  afterAll(() => ob?.close());

  async function open(opts: BrowserContextOptions) {
    const { page, problems } = await ob.signedIn(opts);
    const ctx = page.context();
    await page.goto(`${ob.base}/admin/apps/recipes/flows/onboarding`);
    await page.waitForSelector('.cm-editor', { state: 'attached' });
    await until(page, 'pv-phone', 'Sleep better in 2 weeks');
    return { ctx, page, problems };
  }

  it('switches both frames to the picked screen, follows the typed draft within ~1.5 s, and is legible at desktop width', async () => {
    const { ctx, page, problems } = await open(DESKTOP);
    const select = page.locator('#pv-screen');
    // With JavaScript the select alone drives the frames: no "Show" button.
    expect(await page.locator('#pv-show').isHidden()).toBe(true);
    expect(await select.locator('option').allTextContents()).toEqual(['Intro', 'Step 1: What is your main goal?', 'Step 2: Backed by research', 'Step 3: Which habits do you have?', 'Step 4: Where should we send your plan?', 'Handoff (the end, on the web)']);

    await select.selectOption('step:3');
    const switched = await until(page, 'pv-phone', 'Which habits do you have?');
    await until(page, 'pv-desktop', 'Which habits do you have?');
    expect(switched).toBeLessThan(1500);

    // Typing changes the screen being looked at, and the screen stays picked.
    const config = goodOnboarding();
    config.steps[2] = { ...config.steps[2], prompt: 'Which evening habits do you have?' } as (typeof config.steps)[number];
    await typeJson(page, JSON.stringify(config, null, 2));
    const typed = await until(page, 'pv-phone', 'Which evening habits do you have?');
    expect(typed).toBeLessThan(1500);
    expect(await select.inputValue()).toBe('step:3');

    // A step added is a new screen in the select (from the frame's own list of screens).
    const five = { ...config, steps: [...config.steps, { kind: 'info', id: 'bedtime', title: 'A bedtime routine', body: 'Wind down with us.', continueLabel: 'Next' }] };
    await typeJson(page, JSON.stringify(five, null, 2));
    await expect.poll(() => select.locator('option').allTextContents(), { timeout: 3000 }).toContain('Step 5: A bedtime routine');
    await select.selectOption('step:5');
    await until(page, 'pv-phone', 'A bedtime routine');
    // Removed again: the frames fall back to the intro, and so does the select.
    await typeJson(page, JSON.stringify(config, null, 2));
    await until(page, 'pv-phone', 'Sleep better in 2 weeks');
    await expect.poll(() => select.inputValue(), { timeout: 3000 }).toBe('intro');
    expect(await select.locator('option').count()).toBe(6);

    // Legible: the phone frame is 1:1 and phone-tall; the desktop frame fills the pane's width (not a fixed 480 px).
    const phone = await page.locator('iframe[name="pv-phone"]').boundingBox();
    expect(phone!.width).toBeGreaterThanOrEqual(380);
    expect(phone!.height).toBeGreaterThanOrEqual(560);
    const desktop = await page.locator('iframe[name="pv-desktop"]').boundingBox();
    const pane = await page.locator('figure.frame.desktop').boundingBox();
    expect(desktop!.width).toBeGreaterThan(pane!.width - 4);
    expect(desktop!.width).toBeLessThanOrEqual(pane!.width + 1);
    expect(desktop!.width / 1280).toBeGreaterThanOrEqual(0.44);
    // Nothing of the pane spills out of the page.
    expect(await page.evaluate(() => Math.max(...[...document.querySelectorAll('.preview-pane, .preview-pane *')].map((e) => e.getBoundingClientRect().right)))).toBeLessThanOrEqual(1280);
    await select.selectOption('step:1');
    await until(page, 'pv-desktop', 'What is your main goal?');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.locator('.preview-pane').screenshot({ path: join(SCREENSHOT_DIR, 'admin-preview-screens-desktop.png') });
    // axe-core on the page, findings about the preview pane's own controls and frames (the draft pane is tested on its own).
    const found = await axeViolations(page);
    expect(found.filter((v) => /pv-|preview|iframe|figure|\.frame/.test(v))).toEqual([]);
    expect(problems).toEqual([]);
    await ctx.close();
  });

  it('fits a phone-width dashboard: the select and the phone frame, stacked', async () => {
    const { ctx, page, problems } = await open(PHONE);
    await page.locator('#pv-screen').selectOption('handoff');
    await until(page, 'pv-phone', 'Your plan is ready');
    // Nothing of the preview pane reaches past the screen's edge (the draft pane is another matter).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('.preview-pane, .preview-pane *')]
        .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > 390)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(wide).toEqual([]);
    const phone = await page.locator('iframe[name="pv-phone"]').boundingBox();
    expect(phone!.width).toBeGreaterThanOrEqual(340);
    await page.locator('.preview-pane').scrollIntoViewIfNeeded();
    await page.locator('.preview-pane').screenshot({ path: join(SCREENSHOT_DIR, 'admin-preview-screens-phone.png') });
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
