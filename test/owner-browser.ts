import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Config } from '../src/config.js';
import type { Clock } from '../src/kernel/clock.js';
import { EMAIL, PASSWORD, ownerApp, type OwnerApp } from './admin/admin.fixtures.js';
import { axeViolations, launchBrowser, watchConsole } from './browser.js';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A dashboard in Chromium: a real server listening on a fresh SQLite database with one owner
 * (EMAIL / PASSWORD) and an API token, and one Chromium for the whole file. `signedIn` opens a
 * page of a size as that owner.
 */
export interface OwnerBrowser {
  /** The server as `ownerApp` gives it, for the fixtures that seed through a `TestApp`. */
  t: OwnerApp;
  app: OwnerApp['app'];
  db: OwnerApp['db'];
  config: Config;
  browser: Browser;
  /** The server's origin, `http://127.0.0.1:<port>`. */
  base: string;
  /** `Bearer <token>` of the owner's account. */
  auth: string;
  /** An API call through inject as the owner's token; throws on any status from 300 up. */
  api(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<any>;
  /**
   * A new context of this size with a page signed in as the owner, and the console errors and
   * page errors it collects. The first one signs in through the login form; later ones start
   * with that session's cookie (bcrypt cost 12 makes every form sign-in cost a quarter second
   * of CPU or more, and the form itself is tested in admin.browser.test.ts).
   */
  signedIn(size: BrowserContextOptions, opts?: { permissions?: string[] }): Promise<{ page: Page; problems: string[] }>;
  /** A full-page screenshot into the file's folder for a person to look at. */
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the server (seed it with `api` or `t`, then sign in), and Chromium. `clock` as in `testApp`. */
export async function ownerBrowser(opts: { env?: Record<string, string>; clock?: Clock; shots?: string } = {}): Promise<OwnerBrowser> {
  if (opts.shots) mkdirSync(opts.shots, { recursive: true });
  const t = await ownerApp('sqlite', { env: { BASE_URL: 'http://localhost', ...opts.env }, clock: opts.clock });
  const { app, db, config } = t;
  const contexts: BrowserContext[] = [];
  let browser: Browser | undefined;
  const close = async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await t.close();
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const auth = t.auth.authorization;
    browser = await launchBrowser();
    let session: StorageState | undefined;
    const ob: OwnerBrowser = {
      t,
      app,
      db,
      config,
      browser,
      base,
      auth,
      async api(method, url, body) {
        const headers = { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
        const r = await app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
        if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
        return r.json();
      },
      async signedIn(size, { permissions } = {}) {
        const ctx = await browser!.newContext({ ...size, ...(session ? { storageState: session } : {}) });
        contexts.push(ctx);
        if (permissions) await ctx.grantPermissions(permissions, { origin: base });
        const page = await ctx.newPage();
        const problems = watchConsole(page);
        if (session) {
          await page.goto(`${base}/admin/apps`);
        } else {
          await page.goto(`${base}/admin/login`);
          await page.fill('#f-email', EMAIL);
          await page.fill('#f-password', PASSWORD);
          await page.click('main button[type=submit]');
          await page.waitForURL(`${base}/admin/apps`);
          session = await ctx.storageState();
        }
        // Signed in: the app list, not the login form it redirects to otherwise.
        expect(new URL(page.url()).pathname).toBe('/admin/apps');
        return { page, problems };
      },
      async shot(page, name) {
        if (!opts.shots) throw new Error('ownerBrowser: no shots folder');
        await page.screenshot({ path: `${opts.shots}/${name}.png`, fullPage: true });
      },
      close,
    };
    return ob;
  } catch (e) {
    await close().catch(() => {});
    throw e;
  }
}

/** A refused form is answered 422 (the browser logs the status); anything else is a problem. */
export const beyond422 = (problems: string[]) => problems.filter((m) => !/status of 422/.test(m));

/** No serious or critical axe-core finding on the page. */
export const expectAccessible = async (page: Page, label: string) => expect(await axeViolations(page), label).toEqual([]);

/** How far the page is wider than its viewport (a phone must not scroll sideways). */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
