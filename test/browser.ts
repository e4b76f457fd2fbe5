import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { testApp, type TestApp } from './helpers.js';

/** Debian's Chromium, driven by playwright-core (no browser download). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../test-results/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/**
 * Hosted pages in Chromium: a listening `testApp` (seed it through `t`; no owner, for that see
 * owner-browser.ts) at `origin`, `http://127.0.0.1:<port>`, and one Chromium for the whole file.
 * `t.close()` closes that Chromium too.
 */
export async function hostedBrowser(opts: Parameters<typeof testApp>[1] = {}): Promise<{ t: TestApp; origin: string; browser: Browser }> {
  const t = await testApp('sqlite', opts);
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const browser = await launchBrowser();
    const closeServer = t.close;
    t.close = async () => {
      await browser.close();
      await closeServer();
    };
    return { t, origin, browser };
  } catch (e) {
    await t.close().catch(() => {});
    throw e;
  }
}

/** A browser context whose automatic favicon request doesn't count as a console error. */
export async function quietContext(browser: Browser, opts: BrowserContextOptions): Promise<BrowserContext> {
  const ctx = await browser.newContext(opts);
  await ctx.route('**/favicon.ico', (r) => r.fulfill({ status: 204 }));
  return ctx;
}

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' };
export const DESKTOP = { viewport: { width: 1280, height: 860 } };

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Collects CSP violations and page errors so tests can assert there are none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe-core (WCAG 2.2 AA and best-practice rules) findings on the page, as
 * `rule: help (selector)`. axe is evaluated over the DevTools protocol, outside the page's CSP
 * (which rightly refuses inline scripts).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: { id: string; help: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  });
}

/**
 * The custom-scheme URL a page hands off to after `act` (the deep link of a cancel or onboarding
 * exit): the request Chromium makes for it, or, when Chromium holds the external-protocol launch
 * back (Chromium 156 throttles launches without a fresh user gesture across the browser, so a
 * test making many of them sees later ones withheld), the target of the page's own hand-off, its
 * `<meta http-equiv="refresh">`, which is what asks the browser to open it.
 */
export async function handOffAfter(page: Page, scheme: string, act: () => Promise<unknown>): Promise<string> {
  const opened = page.waitForRequest((r) => r.url().startsWith(`${scheme}:`), { timeout: 5000 }).then(
    (r) => r.url(),
    () => undefined,
  );
  await act();
  const launched = await opened;
  if (launched) return launched;
  const refresh = await page.locator('meta[http-equiv="refresh"]').getAttribute('content', { timeout: 5000 });
  const url = /^\s*0\s*;\s*url=(.*)$/i.exec(refresh ?? '')?.[1];
  if (!url?.startsWith(`${scheme}:`)) throw new Error(`the page handed off to no ${scheme}: URL (refresh: ${refresh})`);
  return url;
}
