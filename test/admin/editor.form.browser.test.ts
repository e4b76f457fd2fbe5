import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, screenshot } from '../browser.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodCrash } from '../flows/crash/crash.fixtures.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodLinkPage } from '../flows/link-page/link-page.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { meta } from '../flows/promotion/promotion.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { ownerBrowser, type OwnerBrowser } from '../owner-browser.js';
import type { OwnerApp } from './admin.fixtures.js';

/**
 * The generated form editor, in Chromium, signed in as an owner: every change below is made in
 * the FORM (no JSON typed); the JSON tab, the saved draft and the API see it.
 */
describe('flow editor form in Chromium', () => {
  let ob: OwnerBrowser;
  let t: OwnerApp;
  let base: string;
  const apps: Record<string, { id: string; slug: string }> = {};

  beforeAll(async () => {
    ob = await ownerBrowser();
    ({ t, base } = ob);
    apps.recipes = await t.createApp({ name: 'Recipes', slug: 'recipes', deepLinkScheme: 'recipes' });
    apps.focus = await t.createApp({ name: 'Focus Timer', slug: 'focus', deepLinkScheme: 'focus', promotion: meta('focus') });
    apps.calm = await t.createApp({ name: 'Calm Sounds', slug: 'calm', deepLinkScheme: 'calm', promotion: { ...meta('calm'), destinations: { sleep_sounds: '/sleep' } } });
    const drafts: [string, unknown][] = [
      ['cancel', goodCancel()],
      ['waitlist', goodWaitlist()],
      ['feedback', goodFeedback()],
      ['onboarding', goodOnboarding()],
      ['wishlist', goodWishlist()],
      ['link-page', goodLinkPage()],
      ['app-promotion', { type: 'app_promotion', placement: 'after_save', destinations: [{ destinationAppId: apps.calm.id }] }],
      ['report', goodReport()],
      ['contact', goodContact()],
      ['crash', goodCrash()],
      ['referral', goodReferral()],
      ['legal', goodLegal()],
    ];
    for (const [segment, config] of drafts) {
      const r = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/recipes/flows/${segment}`, headers: t.auth, payload: config as object });
      expect(r.statusCode, `${segment}: ${r.body}`).toBe(200);
    }
  });
  afterAll(() => ob?.close());

  async function open(segment: string, opts: { phone?: boolean } = {}): Promise<{ ctx: BrowserContext; page: Page; problems: string[] }> {
    // Phone runs in dark mode: both colour schemes pass axe.
    const { page, problems } = await ob.signedIn(opts.phone ? { ...PHONE, colorScheme: 'dark' } : { ...DESKTOP });
    const ctx = page.context();
    await page.goto(`${base}/admin/apps/recipes/flows/${segment}`);
    await page.waitForSelector('.fgroups');
    return { ctx, page, problems };
  }
  const jsonOf = (page: Page) => page.evaluate(() => JSON.parse((window as unknown as { appflowsEditor: { state: { doc: { toString(): string } } } }).appflowsEditor.state.doc.toString()));
  const saved = async (segment: string) => (await t.app.inject({ url: `/api/v1/apps/recipes/flows/${segment}`, headers: t.auth })).json().draft.config;
  const field = (path: string) => `[data-path="${path}"]`;
  const input = (path: string) => `${field(path)} :is(input:not([type=color]), textarea, select)`;
  async function save(page: Page) {
    await page.click('button[value=save]');
    await page.waitForURL(/saved=1/);
    await page.waitForSelector('.fgroups');
  }
  async function noAxe(page: Page, label: string) {
    expect(await axeViolations(page), label).toEqual([]);
  }

  it('cancel: edits, reorders, adds and removes in the form; the JSON tab, the save and a reload agree', async () => {
    const { ctx, page, problems } = await open('cancel');
    await noAxe(page, 'cancel editor');
    // A field in the form becomes the JSON text.
    await page.fill(input('/intro/title'), 'Wait — before you go');
    expect((await jsonOf(page)).intro.title).toBe('Wait — before you go');
    await page.click('#tab-json');
    expect(await page.textContent('.cm-content')).toContain('Wait — before you go');
    // An edit in the JSON tab (unsaved) is what the form shows on switching back; a syntax error
    // keeps the JSON tab open, with the owner's text, until it parses.
    const editJson = (from: string, to: string) =>
      page.evaluate(
        ([a, b]) => {
          const v = (window as unknown as { appflowsEditor: { state: { doc: { toString(): string } }; dispatch(tr: unknown): void } }).appflowsEditor;
          const at = v.state.doc.toString().indexOf(a);
          v.dispatch({ changes: { from: at, to: at + a.length, insert: b } });
        },
        [from, to],
      );
    await editJson('Wait — before you go', 'Wait — one thing first');
    await page.click('#tab-form');
    expect(await page.isVisible('#panel-form')).toBe(true);
    expect(await page.inputValue(input('/intro/title'))).toBe('Wait — one thing first');
    await page.click('#tab-json');
    await editJson('"intro"', '"intro" oops');
    await page.click('#tab-form');
    expect(await page.isVisible('#panel-json')).toBe(true);
    expect(await page.textContent('#panel-form .alert.warn')).toContain('syntax error');
    expect(await page.textContent('.cm-content')).toContain('"intro" oops');
    await editJson('"intro" oops', '"intro"');
    await editJson('Wait — one thing first', 'Wait — before you go');
    await page.click('#tab-form');
    expect(await page.isVisible('#panel-form')).toBe(true);
    expect(await page.inputValue(input('/intro/title'))).toBe('Wait — before you go');
    // Reorder: the second reason moves up.
    await page.click('button[aria-label^="Move reason 2"][aria-label$="up"]');
    expect((await jsonOf(page)).reasonScreen.reasons.map((r: { id: string }) => r.id)).toEqual(['missing_feature', 'too_expensive']);
    // Add a reason and fill it.
    await page.click(`#${'f-reasonScreen-reasons'}-add`);
    await page.fill(input('/reasonScreen/reasons/2/id'), 'too_complicated');
    await page.fill(input('/reasonScreen/reasons/2/label'), 'Too complicated');
    // Its response is picked from the reasons, by label.
    await page.click('#f-responses-add');
    const keySel = '#f-responses-too_complicated-key';
    await page.waitForSelector(keySel);
    expect(await page.$eval(keySel, (s) => (s as HTMLSelectElement).selectedOptions[0].textContent)).toBe('Too complicated');
    await page.fill(input('/responses/too_complicated/title'), 'We can walk you through it');
    await page.fill(input('/responses/too_complicated/body'), 'A 5-minute call with us.');
    await page.fill(input('/responses/too_complicated/primaryButton/label'), 'Book a call');
    await page.selectOption('#f-responses-too_complicated-primaryButton-kind', 'external_url');
    await page.fill(input('/responses/too_complicated/primaryButton/url'), 'https://recipes.example/call');
    // Remove the reason added, then add it back (remove is undone by adding).
    const j = await jsonOf(page);
    expect(j.responses.too_complicated.primaryButton).toEqual({ label: 'Book a call', action: 'external_url', url: 'https://recipes.example/call' });
    await screenshot(page, 'editor-form-cancel-desktop');
    await save(page);
    const s = await saved('cancel');
    expect(s.intro.title).toBe('Wait — before you go');
    expect(s.reasonScreen.reasons.map((r: { id: string }) => r.id)).toEqual(['missing_feature', 'too_expensive', 'too_complicated']);
    await page.reload();
    await page.waitForSelector('.fgroups');
    expect(await page.inputValue(input('/intro/title'))).toBe('Wait — before you go');
    // Remove the reason again: its response stays (an orphan, warned at the response).
    await page.click('button[aria-label^="Remove reason 3"]');
    expect((await jsonOf(page)).reasonScreen.reasons).toHaveLength(2);
    await expect.poll(() => page.textContent(`${field('/responses/too_complicated')} .fmsgs`).catch(() => ''), { timeout: 15_000 }).toContain('matches no reason');
    // An invalid value: its error at the field.
    await page.fill(input('/reasonScreen/reasons/0/id'), 'Bad Id');
    await expect.poll(() => page.getAttribute(input('/reasonScreen/reasons/0/id'), 'aria-invalid'), { timeout: 15_000 }).toBe('true');
    const msgId = (await page.getAttribute(input('/reasonScreen/reasons/0/id'), 'aria-describedby'))!.split(' ').find((x) => x.endsWith('-msg'))!;
    expect(await page.textContent(`#${msgId}`)).toMatch(/Error/);
    await noAxe(page, 'cancel editor with errors');
    await screenshot(page, 'editor-form-cancel-error-desktop');
    // The unsaved-changes guard: leaving asks; staying keeps the edit.
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.type();
      void d.dismiss();
    });
    await page.click('.crumbs a >> text=Recipes').catch(() => {});
    await page.waitForTimeout(500);
    expect(asked).toBe('beforeunload');
    expect(page.url()).toContain('/flows/cancel');
    expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
    await ctx.close();
  });

  it('waitlist: colour picker with the contrast warning at the field, URLs checked as typed, image thumbnail; Publish only when something changed, with the diff', async () => {
    const pub = await t.app.inject({ method: 'POST', url: '/api/v1/apps/recipes/flows/waitlist/publish', headers: { authorization: t.auth.authorization } });
    expect(pub.statusCode).toBe(200);
    const { ctx, page, problems } = await open('waitlist');
    // Nothing changed since v1: Publish is disabled, and says why.
    expect(await page.isDisabled('#publish')).toBe(true);
    expect(await page.isVisible('#publish-hint')).toBe(true);
    expect(await page.isVisible('#pending-diff')).toBe(false);
    // A pale accent: white text on it is unreadable, warned at the colour field.
    await page.fill(input('/hero/accentColor'), '#ffee58');
    expect((await jsonOf(page)).hero.accentColor).toBe('#ffee58');
    expect(await page.inputValue(`${field('/hero/accentColor')} input[type=color]`)).toBe('#ffee58');
    await expect.poll(() => page.textContent(`${field('/hero/accentColor')} .fmsgs`).catch(() => ''), { timeout: 15_000 }).toContain('hard to read');
    // Editing enabled Publish, and the diff against the live version shows the change.
    expect(await page.isDisabled('#publish')).toBe(false);
    await expect.poll(() => page.isVisible('#pending-diff'), { timeout: 5000 }).toBe(true);
    await page.click('#pending-diff summary');
    expect(await page.textContent('#pending-diff pre.diff .add')).toContain('#ffee58');
    // Back to the live value: nothing to publish again.
    await page.fill(input('/hero/accentColor'), '#4f46e5');
    expect(await page.isDisabled('#publish')).toBe(true);
    // A URL is checked as typed, at the field.
    await page.fill(input('/success/ctaLabel'), 'Follow us');
    await page.fill(input('/success/ctaUrl'), 'not a link');
    expect(await page.getAttribute(input('/success/ctaUrl'), 'aria-invalid')).toBe('true');
    expect(await page.textContent(`${field('/success/ctaUrl')} .fmsgs`)).toContain('https://');
    await page.fill(input('/success/ctaUrl'), 'https://recipes.example/follow');
    // (The server's check of the bad address may still be on its way: it clears with the next check.)
    await expect.poll(() => page.getAttribute(input('/success/ctaUrl'), 'aria-invalid'), { timeout: 15_000 }).toBeNull();
    // An image URL shows its thumbnail.
    await page.fill(input('/hero/heroImage'), 'https://images.example/hero.png');
    expect(await page.getAttribute(`${field('/hero/heroImage')} img`, 'src')).toBe('https://images.example/hero.png');
    // A segmented control for the theme.
    await page.click(`${field('/hero/theme')} label:has-text("Dark")`);
    expect((await jsonOf(page)).hero.theme).toBe('dark');
    await noAxe(page, 'waitlist editor');
    await screenshot(page, 'editor-form-waitlist-desktop');
    await page.click('#publish');
    await page.waitForURL(/published=2/);
    const live = (await t.app.inject({ url: '/api/v1/apps/recipes/flows/waitlist', headers: t.auth })).json().published.config;
    expect(live.success.ctaUrl).toBe('https://recipes.example/follow');
    expect(live.hero.theme).toBe('dark');
    expect(problems.filter((p) => !p.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([]);
    await ctx.close();
  });

  it('feedback: optional groups removed and added, an extra field with its options, kept after a reload', async () => {
    const { ctx, page } = await open('feedback');
    await page.click('button[aria-label="Remove Star rating"]');
    expect((await jsonOf(page)).rating).toBeUndefined();
    await page.click('#f-rating');
    await page.check(input('/rating/enabled'));
    await page.fill(input('/rating/prompt'), 'How are the recipes?');
    // The second extra field: a select with two options.
    await page.click('#f-fields-add');
    await page.fill(input('/fields/1/id'), 'diet');
    await page.fill(input('/fields/1/label'), 'Your diet');
    await page.click(`${field('/fields/1/type')} label:has-text("Select")`);
    await page.click('#f-fields-1-options-add');
    await page.fill('#f-fields-1-options-0', 'Vegan');
    await page.click('#f-fields-1-options-add');
    await page.fill('#f-fields-1-options-1', 'Everything');
    await page.click('button[aria-label="Move option 2 (Everything) up"]');
    expect((await jsonOf(page)).fields[1]).toEqual({ id: 'diet', label: 'Your diet', type: 'select', options: ['Everything', 'Vegan'] });
    await noAxe(page, 'feedback editor');
    await screenshot(page, 'editor-form-feedback-desktop');
    await save(page);
    await page.reload();
    await page.waitForSelector('.fgroups');
    expect(await page.inputValue(input('/rating/prompt'))).toBe('How are the recipes?');
    expect((await saved('feedback')).fields[1].options).toEqual(['Everything', 'Vegan']);
    await ctx.close();
  });

  it('onboarding: a step added, switched to another kind, moved up; at phone size', async () => {
    const { ctx, page } = await open('onboarding', { phone: true });
    const before = (await jsonOf(page)).steps.length;
    await page.click('#f-steps-add');
    const i = before;
    await page.selectOption(`#f-steps-${i}-kind`, 'info');
    await page.fill(input(`/steps/${i}/id`), 'pro_tip');
    await page.fill(input(`/steps/${i}/title`), 'A tip from our coach');
    await page.fill(input(`/steps/${i}/body`), 'Dim the lights an hour before bed.');
    await page.click(`#f-steps-${i}-up`);
    const steps = (await jsonOf(page)).steps;
    expect(steps[i - 1]).toEqual({ kind: 'info', id: 'pro_tip', title: 'A tip from our coach', body: 'Dim the lights an hour before bed.' });
    // Focus stays on the moved step's button.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`f-steps-${i - 1}-up`);
    await noAxe(page, 'onboarding editor (phone)');
    await screenshot(page, 'editor-form-onboarding-phone');
    await save(page);
    expect((await saved('onboarding')).steps[i - 1].id).toBe('pro_tip');
    await ctx.close();
  });

  it('wishlist: categories added and removed, a segmented choice, a group opened', async () => {
    const { ctx, page } = await open('wishlist');
    await page.click('#f-categories-add');
    await page.fill(input('/categories/2/id'), 'design');
    await page.fill(input('/categories/2/label'), 'Design');
    await page.click('button[aria-label="Remove category 1 (Feature)"]');
    expect((await jsonOf(page)).categories.map((c: { id: string }) => c.id)).toEqual(['bug', 'design']);
    await page.click('summary:has-text("Who can vote")');
    await page.click('#f-identity');
    await page.click(`${field('/identity/mode')} label:has-text("Email")`);
    expect((await jsonOf(page)).identity.mode).toBe('email');
    await noAxe(page, 'wishlist editor');
    await screenshot(page, 'editor-form-wishlist-desktop');
    await save(page);
    expect((await saved('wishlist')).identity.mode).toBe('email');
    await ctx.close();
  });

  it('link page: a keyboard-only walk reaches every control, and reorders links with the buttons', async () => {
    const { ctx, page } = await open('link-page');
    // Tab from the form tab through the whole form: every visible control of the form is reached.
    await page.focus('#tab-form');
    const controls = await page.$$eval('#panel-form :is(input, select, textarea, button, summary)', (els) =>
      els.filter((e) => (e as HTMLElement).checkVisibility() && !(e as HTMLButtonElement).disabled && !(e instanceof HTMLInputElement && e.type === 'radio' && !e.checked)).map((e) => e.id || e.outerHTML.slice(0, 60)),
    );
    const reached = new Set<string>();
    for (let n = 0; n < controls.length + 40; n++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        return a && a.closest('#panel-form') ? a.id || a.outerHTML.slice(0, 60) : null;
      });
      if (id === null && reached.size) break;
      if (id) reached.add(id);
    }
    expect(controls.filter((c) => !reached.has(c))).toEqual([]);
    // Keyboard reorder: focus "move down" of the first link, press Enter twice.
    await page.focus('#f-links-0-down');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-links-1-down');
    await page.keyboard.press('Enter');
    expect((await jsonOf(page)).links.map((l: { label: string }) => l.label)).toEqual(['Read the sleep guide', 'Join the community', 'Get Sleepy on the App Store', 'Write to support']);
    // Remove with the keyboard too.
    await page.focus('#f-links-3-rm');
    await page.keyboard.press('Enter');
    expect((await jsonOf(page)).links).toHaveLength(3);
    await noAxe(page, 'link page editor');
    await screenshot(page, 'editor-form-link-page-desktop');
    await save(page);
    expect((await saved('link-page')).links[2].label).toBe('Get Sleepy on the App Store');
    await ctx.close();
  });

  it('app promotion: the destination is picked by app name (with its icon), its named destination from that app', async () => {
    const { ctx, page, problems } = await open('app-promotion', { phone: true });
    expect(await page.isChecked(`${field('/destinations/0/destinationAppId')} input[value="${apps.calm.id}"]`)).toBe(true);
    await page.click('#f-destinations-add');
    await page.click(`${field('/destinations/1/destinationAppId')} label:has-text("Focus Timer")`);
    expect((await jsonOf(page)).destinations[1].destinationAppId).toBe(apps.focus.id);
    expect(await page.getAttribute(`${field('/destinations/1/destinationAppId')} label:has-text("Focus Timer") img`, 'src')).toBe('https://focus.example/icon.png');
    // The item's title is the app's name, not its id.
    expect(await page.textContent(`${field('/destinations/1')} .ititle`)).toContain('Focus Timer');
    // When installed: a named destination of Focus Timer, picked from its list.
    await page.click('#f-destinations-1-installedAction');
    await page.selectOption('#f-destinations-1-installedAction-kind', 'named_destination');
    const names = await page.$$eval('#f-destinations-1-installedAction-name option', (os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(names.sort()).toEqual(['settings', 'today']);
    await page.selectOption('#f-destinations-1-installedAction-name', 'today');
    expect((await jsonOf(page)).destinations[1].installedAction).toEqual({ type: 'named_destination', name: 'today' });
    await noAxe(page, 'promotion editor (phone)');
    await screenshot(page, 'editor-form-promotion-phone');
    await save(page);
    expect((await saved('app-promotion')).destinations[1]).toMatchObject({ destinationAppId: apps.focus.id, installedAction: { type: 'named_destination', name: 'today' } });
    // The icons live on hosts this test machine cannot resolve; nothing else may fail.
    expect(problems.filter((p) => !p.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([]);
    await ctx.close();
  });

  it('every other type opens on its form: every saved value shown, no error, axe-clean', async () => {
    for (const segment of ['report', 'contact', 'crash', 'referral', 'legal']) {
      const { ctx, page, problems } = await open(segment);
      // Every string of the saved draft is in some control of the form (nothing hidden or lost).
      const config = await saved(segment);
      const strings: string[] = [];
      const walk = (v: unknown, key = ''): void => {
        if (typeof v === 'string' && key !== 'type') strings.push(v);
        else if (Array.isArray(v)) v.forEach((x) => walk(x));
        else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => walk(x, k));
      };
      walk(config);
      const shown = await page.$$eval('#panel-form :is(input, textarea, select)', (els) => els.map((e) => (e instanceof HTMLSelectElement ? [...e.options].map((o) => o.value) : [(e as HTMLInputElement).value])).flat());
      const text = shown.join('\n');
      expect(strings.filter((x) => !shown.includes(x) && !text.includes(x)), segment).toEqual([]);
      await noAxe(page, `${segment} editor`);
      await screenshot(page, `editor-form-${segment}-desktop`);
      expect(problems.filter((p) => !p.includes('ERR_NAME_NOT_RESOLVED')), segment).toEqual([]);
      await ctx.close();
    }
  });

  it('speaks an app maker’s words: no key names, enum values or warning codes in the help, and plain messages at a new empty field', async () => {
    // What the API's schema descriptions say for clients, which the form must not show as they are.
    const jargon = /ctaUrl|ctaLabel|partial_cta|side_by_side|iconName|->|Default true|“minimal”|“multi”|attributes|Omit for|CSP/;
    for (const segment of ['waitlist', 'cancel']) {
      const { ctx, page } = await open(segment);
      // Folded groups hold help too: open them all.
      await page.evaluate(() => document.querySelectorAll('#panel-form details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
      const hints = await page.$$eval('#panel-form .hint', (ps) => ps.map((p) => p.textContent ?? ''));
      expect(hints.length, segment).toBeGreaterThan(3);
      expect(hints.filter((h) => jargon.test(h)), segment).toEqual([]);
      if (segment === 'waitlist') {
        // A new extra field starts empty: its label is "Required.", not zod's words.
        await page.click('#f-fields-add, button#f-fields');
        await page.waitForSelector(field('/fields/0/label'));
        await expect.poll(() => page.textContent(`${field('/fields/0/label')} .fmsgs`).catch(() => ''), { timeout: 15_000 }).toContain('Required.');
        expect(await page.textContent('#panel-form')).not.toContain('Too small');
        // A text field has no choices to list: Options appear once its type is Select; a yes/no box has no placeholder.
        expect(await page.locator(field('/fields/0/options')).count()).toBe(0);
        expect(await page.locator(field('/fields/0/placeholder')).count()).toBe(1);
        await page.click(`${field('/fields/0/type')} label:has-text("Select")`);
        await page.waitForSelector(field('/fields/0/options'));
        await page.click(`${field('/fields/0/type')} label:has-text("Boolean")`);
        await expect.poll(() => page.locator(field('/fields/0/placeholder')).count()).toBe(0);
        await page.click(`${field('/fields/0/type')} label:has-text("Text")`);
        // The live list by the Save button says the same, under a headline that is not a pointer in zod's words.
        await expect.poll(() => page.textContent('#problems'), { timeout: 15_000 }).toContain('Not saved. Fix these first:');
        expect(await page.textContent('#problems')).toContain('/fields/0/label Required.');
        expect(await page.textContent('#problems')).not.toMatch(/Too small|Invalid waitlist config/);
      }
      await ctx.close();
    }
  });
});
