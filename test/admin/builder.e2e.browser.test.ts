import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, screenshot, watchConsole } from '../browser.js';
import { meta } from '../flows/promotion/promotion.fixtures.js';
import { ownerBrowser, type OwnerBrowser } from '../owner-browser.js';
import type { OwnerApp } from './admin.fixtures.js';

/**
 * Issue #32's walk, as a person who never read the API docs would do it, for every flow type:
 * open the type's editor (a new flow lands on the template gallery), pick the first template,
 * change one field in the FORM (no JSON typed), see the phone preview change before anything is
 * saved, save, publish, then open the live page and see the change there.
 */
type Case = {
  segment: string;
  /** JSON pointer of a text field shown on the first screen. */
  field: string;
  /** Path of the live page on this server (null: the type has no page; the API is checked instead). */
  live: ((app: string, t: OwnerApp) => Promise<string>) | null;
  /** The new value, when the field is not free text (a placement is snake_case). */
  value?: (id: string) => string;
};

const page = (prefix: string) => async (app: string) => `/${prefix}/${app}`;
const CASES: Case[] = [
  { segment: 'cancel', field: '/intro/title', live: page('cancel') },
  { segment: 'onboarding', field: '/intro/title', live: page('onboarding') },
  { segment: 'waitlist', field: '/intro/title', live: page('waitlist') },
  { segment: 'feedback', field: '/intro/title', live: page('feedback') },
  { segment: 'report', field: '/intro/title', live: page('report') },
  { segment: 'contact', field: '/intro/title', live: page('contact') },
  { segment: 'crash', field: '/intro/title', live: page('crash') },
  { segment: 'wishlist', field: '/intro/title', live: page('wishlist') },
  {
    segment: 'referral',
    field: '/landing/title',
    // Invite pages are per code: the SDK asks for one, the invitee opens /r/<code>.
    live: async (app, t) => {
      const r = await t.app.inject({ method: 'POST', url: '/api/public/referral/code', headers: { 'content-type': 'application/json' }, payload: { appSlug: app, userId: 'e2e-user' } });
      return `/r/${r.json().code}`;
    },
  },
  { segment: 'legal', field: '/entity/name', live: page('legal') },
  { segment: 'link-page', field: '/header/title', live: page('p') },
  { segment: 'app-promotion', field: '/placement', live: null, value: (id) => `e2e_${id}` },
];

describe('building every flow type from the dashboard, form only', () => {
  let ob: OwnerBrowser;
  let t: OwnerApp;
  let ctx: BrowserContext;
  let base: string;

  beforeAll(async () => {
    ob = await ownerBrowser();
    ({ t, base } = ob);
    await t.createApp({ name: 'Recipes', slug: 'recipes', deepLinkScheme: 'recipes' });
    // App promotion templates promote another app of the account.
    await t.createApp({ name: 'Focus Timer', slug: 'focus', deepLinkScheme: 'focus', promotion: meta('focus') });
    // Every case opens its pages in this one signed-in context.
    ctx = (await ob.signedIn(DESKTOP)).page.context();
  });
  afterAll(() => ob?.close());

  for (const c of CASES) {
    it(`${c.segment}: template → form edit → live preview → save → publish → live page`, async () => {
      const p: Page = await ctx.newPage();
      const problems = watchConsole(p);
      const editor = `${base}/admin/apps/recipes/flows/${c.segment}`;
      await p.goto(editor);
      await p.waitForSelector('.gallery');
      await p.locator('.gallery button[type=submit]').first().click();
      await p.waitForURL(/started=/);

      // The form is the default view; the JSON editor is a second tab.
      const input = p.locator(`[data-path="${c.field}"] input, [data-path="${c.field}"] textarea`).first();
      await input.waitFor({ state: 'visible', timeout: 15_000 });
      const id = Date.now().toString(36);
      const title = c.value ? c.value(id) : `E2E ${c.segment} ${id}`;
      await input.fill(title);
      // The unsaved draft reaches the phone preview.
      await expect
        .poll(async () => (await p.frame({ name: 'pv-phone' })?.textContent('body').catch(() => '')) ?? '', { timeout: 15_000 })
        .toContain(title);
      expect(await axeViolations(p), c.segment).toEqual([]);
      await screenshot(p, `builder-${c.segment}-desktop`);

      await p.locator('button[name=action][value=save]').click();
      await p.waitForURL(/saved=1/);
      await p.locator('#publish').click();
      await p.waitForURL(/published=1/);
      expect(await p.textContent('.alert.ok')).toContain('Published as version 1.');

      const env = (await t.app.inject({ url: `/api/v1/apps/recipes/flows/${c.segment}`, headers: t.auth })).json();
      expect(JSON.stringify(env.published.config)).toContain(title);
      if (c.live) {
        await p.goto(`${base}${await c.live('recipes', t)}`);
        expect(await p.textContent('body')).toContain(title);
      }
      // Owner-set images (the other app's icon) live on hosts this offline machine cannot resolve.
      expect(problems.filter((x) => !x.includes('status of 4') && !x.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([]);
      await p.close();
    });
  }
});
