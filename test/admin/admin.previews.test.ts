import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../src/config.js';
import { PHONE, SCREENSHOT_DIR, screenshot } from '../browser.js';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodCrash } from '../flows/crash/crash.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { goodLinkPage } from '../flows/link-page/link-page.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { meta } from '../flows/promotion/promotion.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerBrowser, type OwnerBrowser } from '../owner-browser.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

/**
 * Rows of every table: a preview must leave them all as they were. The tables are listed from this
 * database's own schema only: Kysely's introspector reads every schema's catalog and fails when a
 * parallel test file drops its schema meanwhile ("schema … does not exist").
 */
async function rowCounts(t: OwnerApp, dialect: Dialect): Promise<Record<string, number>> {
  const db = t.db.db as any;
  const listed =
    dialect === 'postgres'
      ? sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
      : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`;
  const tables = (await listed.execute(db)).rows.map((x) => x.name).filter((n) => !/^kysely_/.test(n));
  const out: Record<string, number> = {};
  for (const name of tables.sort()) {
    const r = await db.selectFrom(name).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    out[name] = Number(r.n);
  }
  return out;
}

/** Each type with a hosted page: an unsaved draft whose own text the preview must show. */
const DRAFTS: { segment: string; config: Record<string, unknown>; text: string }[] = [
  { segment: 'cancel', config: { ...goodCancel(), intro: { ...goodCancel().intro, title: 'Wait, Zorblax here' } }, text: 'Wait, Zorblax here' },
  { segment: 'onboarding', config: { ...goodOnboarding(), intro: { ...goodOnboarding().intro, title: 'Zorblax sleep plan' } }, text: 'Zorblax sleep plan' },
  { segment: 'wishlist', config: goodWishlist({ intro: { title: 'Zorblax roadmap', subtitle: 'Vote.', submitLabel: 'Suggest' } }), text: 'Zorblax roadmap' },
  { segment: 'crash', config: { ...goodCrash(), intro: { ...goodCrash().intro, title: 'Zorblax crashed?' } }, text: 'Zorblax crashed?' },
  { segment: 'referral', config: goodReferral({ landing: { ...goodReferral().landing, title: 'Zorblax invited you' } }), text: 'Zorblax invited you' },
  { segment: 'legal', config: goodLegal({ entity: { name: 'Zorblax Labs GmbH', contactEmail: 'privacy@zorblax.example', jurisdiction: 'Germany' } }), text: 'Zorblax Labs GmbH' },
  { segment: 'link-page', config: goodLinkPage({ header: { title: 'Zorblax links', description: 'All of them.' } }), text: 'Zorblax links' },
];

describeEachDb('dashboard: live preview of every flow type', (dialect: Dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('renders each unsaved draft with its own page, runs no script and records nothing', async () => {
    t = await ownerApp(dialect);
    const app = await t.createApp({ name: 'Recipes', slug: 'recipes', deepLinkScheme: 'recipes' });
    const { cookie } = await t.signIn();
    // Something published, so legal has flows to derive from and pages exist that a preview could wrongly touch.
    for (const [segment, config] of [['link-page', goodLinkPage()], ['referral', goodReferral()]] as const) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/v1/apps/recipes/flows/${segment}`, headers: t.auth, payload: config })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/recipes/flows/${segment}/publish`, headers: { authorization: t.auth.authorization } })).statusCode).toBe(200);
    }
    const { csrf } = await t.page('/admin/apps/recipes', cookie);
    const before = await rowCounts(t, dialect);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before.owner_sessions).toBe(1);
    const envelopes = () => Promise.all(DRAFTS.map(async (d) => (await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/${d.segment}`, headers: t.auth })).body));
    const drafts = await envelopes();

    for (const d of DRAFTS) {
      const base = `/admin/apps/recipes/flows/${d.segment}`;
      // A flow not saved yet opens on the template gallery; `blank` opens its editor.
      const editor = await t.page(`${base}?blank=1`, cookie);
      expect(editor.body, d.segment).toContain('name="pv-phone"');
      expect(editor.body, d.segment).toContain('name="pv-desktop"');
      const r = await t.app.inject({ method: 'POST', url: `${base}/preview`, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: new URLSearchParams({ _csrf: csrf, config: JSON.stringify(d.config) }).toString() });
      expect(r.statusCode, d.segment).toBe(200);
      expect(r.body, d.segment).toContain(d.text);
      expect(r.body, d.segment).not.toMatch(/<script/i);
      expect(r.body, d.segment).not.toMatch(/\son[a-z]+=/i);
      const csp = String(r.headers['content-security-policy']);
      expect(csp, d.segment).toContain("default-src 'none'");
      expect(csp, d.segment).not.toContain('script-src');
      expect(csp, d.segment).toContain("form-action 'none'");
      expect(csp, d.segment).toContain('sandbox');
    }
    // The link page's preview points at the destinations, not at the counted redirect.
    const lp = await t.post('/admin/apps/recipes/flows/link-page/preview', cookie, { _csrf: csrf, config: JSON.stringify(DRAFTS.find((d) => d.segment === 'link-page')!.config) });
    expect(lp.body).toContain('href="https://sleepy.example/guide"');
    expect(lp.body).not.toContain('/go/');
    // Legal shows the draft, not a published version.
    const legal = await t.post('/admin/apps/recipes/flows/legal/preview', cookie, { _csrf: csrf, config: JSON.stringify(DRAFTS.find((d) => d.segment === 'legal')!.config) });
    expect(legal.body).toContain('Draft (not published)');

    // Nothing recorded, nothing saved: no session, click, submission, invite or draft.
    expect(await rowCounts(t, dialect)).toEqual(before);
    expect(await envelopes()).toEqual(drafts);
  });

  it('previews the saved draft on GET, and pauses on an invalid one', async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const { cookie } = await t.signIn();
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/apps/recipes/flows/cancel', headers: t.auth, payload: DRAFTS[0].config })).statusCode).toBe(200);
    const saved = await t.page('/admin/apps/recipes/flows/cancel/preview', cookie);
    expect(saved.body).toContain('Wait, Zorblax here');
    const { csrf } = await t.page('/admin/apps/recipes/flows/cancel', cookie);
    const bad = await t.post('/admin/apps/recipes/flows/cancel/preview', cookie, { _csrf: csrf, config: JSON.stringify({ type: 'cancel', intro: { title: 1 } }) });
    expect(bad.body).toContain('Preview paused');
  });
});

describeEachDb('dashboard: app promotion decision preview', (dialect: Dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('shows what resolve would decide for a sample user, per destination, and records no decision', async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Sleepy', slug: 'sleepy', deepLinkScheme: 'sleepy' });
    const focus = await t.createApp({ name: 'Focus', slug: 'focus', deepLinkScheme: 'focus', promotion: meta('focus') });
    const habit = await t.createApp({ name: 'Habit', slug: 'habit', deepLinkScheme: 'habit', promotion: meta('habit') });
    const calm = await t.createApp({ name: 'Calm', slug: 'calm', deepLinkScheme: 'calm', promotion: meta('calm') });
    const bare = await t.createApp({ name: 'Bare', slug: 'bare' });
    const { cookie } = await t.signIn();
    const base = '/admin/apps/sleepy/flows/app-promotion';
    const { csrf, body } = await t.page(`${base}?blank=1`, cookie);
    expect(body).toContain('name="pv-phone"');
    const config = {
      type: 'app_promotion',
      placement: 'after_onboarding',
      targeting: { platforms: ['android'], languages: ['de'] },
      destinations: [
        { destinationAppId: focus.id, enabled: false, priority: 9 },
        { destinationAppId: habit.id, priority: 5, countries: ['FR'] },
        { destinationAppId: bare.id, priority: 5 },
        { destinationAppId: calm.id, priority: 1, content: { title: 'Calm down', ctaLabel: 'Get it' }, localizations: { de: { title: 'Ruhig bleiben' } } },
      ],
    };
    const before = await rowCounts(t, dialect);
    const r = await t.post(`${base}/preview`, cookie, { _csrf: csrf, config: JSON.stringify(config) });
    expect(r.status).toBe(200);
    expect(r.body).not.toMatch(/<script/i);
    expect(r.body).toContain('data-decision="show"');
    expect(r.body).toContain(`data-destination="${calm.id}"`);
    // The sample user matches the targeting (android, de), so the German content is shown.
    expect(r.body).toMatch(/<dd>android<\/dd>/);
    expect(r.body).toMatch(/class="promo-title">Ruhig bleiben</);
    expect(r.body).toContain('Focus</strong> · priority 9 · <span>not eligible: disabled');
    expect(r.body).toContain('Habit</strong> · priority 5 · <span>not eligible: the sample user’s country');
    expect(r.body).toContain('Bare</strong> · priority 5 · <span>not eligible: the destination app has no appStoreId or storeUrl');
    expect(r.body).toMatch(/Calm<\/strong> · priority 1 · <span>eligible/);
    expect(r.body).toContain('apple_native');

    // Nothing eligible: none, with the reason resolve gives.
    const none = await t.post(`${base}/preview`, cookie, { _csrf: csrf, config: JSON.stringify({ ...config, destinations: [config.destinations[2]] }) });
    expect(none.body).toContain('data-decision="none"');
    expect(none.body).toContain('no_eligible_destination');
    // Excluded by targeting (a version range the sample user's version cannot be in).
    const targeted = await t.post(`${base}/preview`, cookie, { _csrf: csrf, config: JSON.stringify({ ...config, targeting: { minAppVersion: '3.0', maxAppVersion: '2.0' } }) });
    expect(targeted.body).toContain('(targeting)');

    await (t.app.services as any).promotion.promotions.flush();
    expect(await rowCounts(t, dialect)).toEqual(before);
  });
});

describe('dashboard previews in Chromium', () => {
  let ob: OwnerBrowser;
  beforeAll(async () => {
    ob = await ownerBrowser();
  });
  afterAll(() => ob?.close());

  it('updates the cancel preview from the unsaved draft at phone size, with no script running in the frame', async () => {
    const { t, base } = ob;
    await t.createApp({ name: 'Recipes', slug: 'recipes', deepLinkScheme: 'recipes' });
    const { page, problems } = await ob.signedIn({ ...PHONE });
    await page.goto(`${base}/admin/apps/recipes/flows/cancel?blank=1`);
    // The JSON editor may sit behind its tab (the form is the default view): it is there all the same.
    await page.waitForSelector('.cm-editor', { state: 'attached' });
    const before = await rowCounts(t, 'sqlite');
    const config = { ...goodCancel(), intro: { ...goodCancel().intro, title: 'Before you leave Recipes' } };
    await page.evaluate((text) => {
      const v = (window as unknown as { appflowsEditor: { state: { doc: { length: number } }; dispatch(tr: unknown): void } }).appflowsEditor;
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
    }, JSON.stringify(config, null, 2));
    const frame = () => page.frame({ name: 'pv-phone' })!;
    await expect.poll(async () => (await frame().textContent('h1').catch(() => '')) ?? '', { timeout: 15_000 }).toBe('Before you leave Recipes');
    // No script in the frame (the hosted page's own script is not sent; CSP would refuse it anyway).
    expect(await frame().evaluate(() => document.scripts.length)).toBe(0);
    // The phone frame lays the page out at 390 px.
    expect(await frame().evaluate(() => document.documentElement.clientWidth)).toBeLessThanOrEqual(390);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.locator('iframe[name="pv-phone"]').scrollIntoViewIfNeeded();
    await page.locator('figure.phone').screenshot({ path: join(SCREENSHOT_DIR, 'admin-preview-cancel-phone.png') });
    // A click on the frame's button tries to post: the frame's CSP (form-action 'none') stops it.
    await frame()
      .click('button[type=submit]', { timeout: 3000 })
      .catch(() => {});
    await page.waitForTimeout(300);
    expect(await rowCounts(t, 'sqlite')).toEqual(before);
    expect(problems.filter((p) => !/Content Security Policy|form-action|Blocked/i.test(p))).toEqual([]);

    // App promotion: its decision preview, opened alone at phone size.
    const focus = await t.createApp({ name: 'Focus', slug: 'focus', deepLinkScheme: 'focus', promotion: meta('focus') });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/apps/recipes/flows/app-promotion',
      headers: t.auth,
      payload: { type: 'app_promotion', placement: 'after_save', presentation: 'custom_card_then_apple_native', destinations: [{ destinationAppId: focus.id, content: { title: 'Focus on cooking', subtitle: 'Timers for every step', ctaLabel: 'Get it' } }] },
    });
    expect(put.statusCode).toBe(200);
    await page.goto(`${base}/admin/apps/recipes/flows/app-promotion/preview`);
    expect(await page.textContent('.promo-title')).toBe('Focus on cooking');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-preview-promotion-phone');

    // Every other type's preview frame page, alone at phone size: its own page, laid out for 390 px, no script.
    for (const d of DRAFTS) {
      const r = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/recipes/flows/${d.segment}`, headers: t.auth, payload: d.config });
      expect(r.statusCode, d.segment).toBe(200);
      await page.goto(`${base}/admin/apps/recipes/flows/${d.segment}/preview`);
      expect(await page.textContent('body'), d.segment).toContain(d.text);
      expect(await page.evaluate(() => document.scripts.length), d.segment).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), d.segment).toBeLessThanOrEqual(390);
      await screenshot(page, `admin-preview-${d.segment}-phone`);
    }
    await page.context().close();
  });
});
