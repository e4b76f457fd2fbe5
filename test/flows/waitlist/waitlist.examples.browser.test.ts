import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_TEMPLATES } from '../../../src/flows/waitlist/waitlist.templates.js';
import { axeViolations, DESKTOP, hostedBrowser, PHONE, screenshot, watchConsole } from '../../browser.js';
import type { TestApp } from '../../helpers.js';

/**
 * `/examples?kind=waitlist` (WIRE C, "templates"): the starter waitlist templates as a page, the same
 * list the owner API answers, readable on a phone and a desktop under the strict CSP.
 */
describe('waitlist templates page', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser());
  });
  afterAll(() => t?.close());

  it('lists every template the owner API serves, with its config; another kind is a 404', async () => {
    const api = (await t.app.inject({ method: 'GET', url: '/api/v1/waitlist/templates', headers: t.auth })).json().templates;
    expect(api.map((x: { id: string }) => x.id)).toEqual(WAITLIST_TEMPLATES.map((x) => x.id));
    for (const url of ['/examples?kind=waitlist', '/examples']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
      for (const tpl of api) {
        expect(r.body).toContain(`id="${tpl.id}"`);
        // The config as JSON, escaped into the page.
        expect(r.body).toContain(`&quot;templateId&quot;: &quot;${tpl.id}&quot;`);
      }
    }
    const other = await t.app.inject({ method: 'GET', url: '/examples?kind=feedback' });
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/^text\/html/);
    // A route word: no app may take it as a slug (it would be shadowed on a shared host).
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: t.auth, payload: { name: 'Ex', slug: 'examples' } })).statusCode).toBe(422);
  });

  for (const [device, options] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${device}: readable, accessible, no sideways scrolling, no console error; a config opens`, async () => {
      const ctx = await browser.newContext(options);
      const page = await ctx.newPage();
      const problems = watchConsole(page);
      await page.goto(`${origin}/examples?kind=waitlist`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Waitlist templates');
      expect(await page.getByRole('heading', { level: 2 }).count()).toBe(WAITLIST_TEMPLATES.length);
      await page.locator('#beta_qualify summary').click();
      expect(await page.locator('#beta_qualify pre').isVisible()).toBe(true);
      await screenshot(page, `waitlist-examples-${device}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await ctx.close();
    });
  }
});
