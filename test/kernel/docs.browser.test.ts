import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hostedBrowser, PHONE, screenshot, watchConsole } from '../browser.js';
import type { TestApp } from '../helpers.js';

describe('first hour in a browser: / and /docs', () => {
  let t: TestApp;
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    ({ t, origin: url, browser } = await hostedBrowser());
  });
  afterAll(() => t?.close());

  it('/docs is branded as Appflows and runs under its CSP without a console error', async () => {
    const page = await browser.newPage(DESKTOP);
    const problems = watchConsole(page);
    await page.goto(`${url}/docs`);
    await page.waitForSelector('.opblock');
    expect(await page.title()).toBe('Appflows API');
    expect(await page.locator('.topbar img, .topbar svg, .topbar a').count()).toBeGreaterThan(0);
    expect(await page.content()).not.toContain('fastify-logo');
    expect(problems).toEqual([]);
    await screenshot(page, 'docs-desktop');
    await page.close();
  });

  it('/ on a phone points to the docs', async () => {
    const page = await browser.newPage(PHONE);
    const problems = watchConsole(page);
    await page.goto(`${url}/`);
    await expect(page.getByRole('heading', { name: 'Appflows is running' }).isVisible()).resolves.toBe(true);
    // Absolute links on BASE_URL (the API host may not be the one serving this page).
    expect(await page.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe(`${t.config.baseUrl}/docs`);
    await screenshot(page, 'home-phone');
    expect(problems).toEqual([]);
    await page.close();
  });
});
