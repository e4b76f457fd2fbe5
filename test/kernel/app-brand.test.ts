import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodCrash } from '../flows/crash/crash.fixtures.js';
import { everyAction, startSession } from '../flows/cancel/cancel.pages.fixtures.js';
import { FORM_FIXTURES, json, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodLegal } from '../flows/legal/legal.fixtures.js';
import { goodLinkPage } from '../flows/link-page/link-page.fixtures.js';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { startFunnel } from '../flows/onboarding/onboarding.pages.fixtures.js';
import { goodReferral } from '../flows/referral/referral.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { PUBLIC_CACHE_MS } from '../../src/kernel/flows/flows.service.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/** The accent stylesheet a page links, or null; and its <body> classes. */
const accentOf = (html: string) => /<link rel="stylesheet" href="\/assets\/accent\.css\?c=([0-9a-f]{6})"\/>/.exec(html)?.[1] ?? null;
const bodyClasses = (html: string) => (/<body class="([^"]*)"/.exec(html)?.[1] ?? '').split(' ');

describeEachDb('app branding on every hosted page (#32 §4)', (dialect) => {
  let t: TestApp;
  /** Every hosted page type of the app "brand", by name -> its URL (sessions started fresh each time). */
  let pages: Record<string, () => Promise<string>>;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Brand', slug: 'brand', deepLinkScheme: 'brandapp' });
    // Configs without a look of their own: the app's applies.
    const noHero = <T extends Record<string, unknown>>(c: T) => {
      const { hero: _h, ...rest } = c as T & { hero?: unknown };
      return rest;
    };
    await putAndPublish(t, 'brand', 'cancel', everyAction());
    await putAndPublish(t, 'brand', 'onboarding', noHero(goodOnboarding()));
    for (const type of ['feedback', 'report', 'contact', 'waitlist'] as const) await putAndPublish(t, 'brand', type, noHero(FORM_FIXTURES[type]()));
    await putAndPublish(t, 'brand', 'crash', noHero(goodCrash()));
    await putAndPublish(t, 'brand', 'wishlist', noHero(goodWishlist()));
    await putAndPublish(t, 'brand', 'referral', goodReferral());
    await putAndPublish(t, 'brand', 'legal', goodLegal());
    await putAndPublish(t, 'brand', 'link-page', noHero(goodLinkPage()));
    const code = (await t.app.inject({ method: 'POST', url: '/api/public/referral/code', headers: json, payload: { appSlug: 'brand', userId: 'alice' } })).json().code;
    const get = (url: string) => async () => {
      const r = await t.app.inject({ url });
      expect(r.statusCode, `${url}: ${r.body.slice(0, 200)}`).toBe(200);
      return r.body;
    };
    pages = {
      cancel: async () => get((await startSession(t, 'brand')).path)(),
      onboarding: async () => get((await startFunnel(t, 'brand')).path)(),
      feedback: get('/feedback/brand'),
      report: get('/report/brand'),
      contact: get('/contact/brand'),
      waitlist: get('/waitlist/brand'),
      crash: get('/crash/brand'),
      wishlist: get('/wishlist/brand'),
      referral: get(`/r/${code}`),
      legal: get('/legal/brand'),
      'link page': get('/p/brand'),
      'not found (an unpublished flow of the app)': async () => (await t.app.inject({ url: '/p/brand/go/1/l99' })).body,
    };
  });
  afterAll(() => t.close());

  /** PATCH the app, then wait out the hosted pages' one-second cache of published flows and their app (flows.service.ts PUBLIC_CACHE_MS). */
  const patch = async (payload: unknown) => {
    const r = await t.app.inject({ method: 'PATCH', url: '/api/v1/apps/brand', headers: t.auth, payload: payload as object });
    if (r.statusCode === 200) await new Promise((ok) => setTimeout(ok, PUBLIC_CACHE_MS + 50));
    return r;
  };

  it('the app’s accentColor, theme and logoUrl reach every hosted page type; null clears them', async () => {
    for (const [name, page] of Object.entries(pages)) {
      const html = await page();
      expect(accentOf(html), name).toBeNull();
      expect(bodyClasses(html), name).not.toContain('theme-dark');
    }
    const r = await patch({ accentColor: '#0F766E', theme: 'dark', logoUrl: 'https://cdn.example.com/brand.png' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().app).toMatchObject({ accentColor: '#0f766e', theme: 'dark', logoUrl: 'https://cdn.example.com/brand.png' });
    for (const [name, page] of Object.entries(pages)) {
      const html = await page();
      expect(accentOf(html), name).toBe('0f766e');
      expect(html, name).toContain('<meta name="theme-color" content="#0f766e"/>');
      expect(bodyClasses(html), name).toContain('theme-dark');
      // Legal pages load nothing from another origin: the app's name, never its logo there.
      if (name !== 'legal') expect(html, name).toContain('https://cdn.example.com/brand.png');
    }
    expect((await patch({ theme: 'auto' })).statusCode).toBe(200);
    for (const [name, page] of Object.entries(pages)) {
      const classes = bodyClasses(await page());
      expect(classes, name).toContain('theme-auto');
      expect(classes, name).not.toContain('theme-dark');
    }
    expect((await patch({ theme: 'light' })).statusCode).toBe(200);
    // Light: the step pages stop following the system; the others are light as by default.
    for (const [name, page] of Object.entries(pages)) {
      const classes = bodyClasses(await page());
      expect(classes, name).not.toContain('theme-auto');
      expect(classes, name).not.toContain('theme-dark');
    }
    expect((await patch({ accentColor: null, theme: null, logoUrl: null })).json().app).toMatchObject({ accentColor: null, theme: null, logoUrl: null });
    for (const [name, page] of Object.entries(pages)) expect(accentOf(await page()), name).toBeNull();
  });

  it('a flow’s own accent and theme win over the app’s', async () => {
    await t.createApp({ name: 'Own', slug: 'own' });
    expect((await patch({ accentColor: '#0f766e', theme: 'dark' })).statusCode).toBe(200);
    const own = { ...FORM_FIXTURES.waitlist(), hero: { theme: 'gradient', accentColor: '#DB2777' } };
    await putAndPublish(t, 'brand', 'waitlist', own, 'own-look');
    const html = (await t.app.inject({ url: '/waitlist/brand/own-look' })).body;
    expect(accentOf(html)).toBe('db2777');
    expect(bodyClasses(html)).toContain('theme-gradient');
    expect(bodyClasses(html)).not.toContain('theme-dark');
    // Onboarding: its own accent wins; a flow theme that is a look (gradient) keeps the app's scheme.
    await putAndPublish(t, 'brand', 'onboarding', { ...goodOnboarding(), hero: { theme: 'gradient', accentColor: '#7c3aed' } });
    const ob = await pages.onboarding();
    expect(accentOf(ob)).toBe('7c3aed');
    expect(bodyClasses(ob)).toEqual(expect.arrayContaining(['theme-gradient', 'theme-dark']));
    // The link page's own light theme wins over the app's dark.
    await putAndPublish(t, 'brand', 'link-page', { ...goodLinkPage(), hero: { theme: 'minimal' } });
    const lp = await pages['link page']();
    expect(accentOf(lp)).toBe('0f766e');
    expect(bodyClasses(lp)).toEqual(['theme-minimal']);
  });

  it('422 with the path for a bad accentColor or theme; nothing changes', async () => {
    for (const [body, path] of [
      [{ accentColor: 'teal' }, '/accentColor'],
      [{ accentColor: '#0f766' }, '/accentColor'],
      [{ theme: 'sepia' }, '/theme'],
    ] as const) {
      const r = await patch(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await t.app.inject({ url: '/api/v1/apps/brand', headers: t.auth })).json().app).toMatchObject({ accentColor: '#0f766e', theme: 'dark' });
  });

  it('the accent stylesheet fixes a button that would not stand out on the dark card, and edges a pale one on the light card', async () => {
    // A near-black accent on the dark theme was 1.1:1 against the card: dark pages get a lighter fill.
    const dark = (await t.app.inject({ url: '/assets/accent.css?c=111827' })).body;
    const fill = /body\.theme-dark\{--accent:(#[0-9a-f]{6})/.exec(dark)![1];
    expect(fill).not.toBe('#111827');
    expect(dark).toContain(`@media (prefers-color-scheme:dark){body.theme-auto{--accent:${fill};`);
    const pale = (await t.app.inject({ url: '/assets/accent.css?c=fde68a' })).body;
    expect(pale).toMatch(/:root\{--accent:#fde68a;[^}]*--accent-edge:#[0-9a-f]{6}\}/);
  });
});
