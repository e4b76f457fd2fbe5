import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodOnboarding } from '../flows/onboarding/onboarding.fixtures.js';
import { putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { hostedBrowser, screenshot, watchConsole } from '../browser.js';
import type { TestApp } from '../helpers.js';

/** An owner's site on another origin embeds a board and a funnel with the documented snippet (docs/embeds.md). */
describe('embeds size themselves on the host page and can be transparent', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  let host: Server;
  let hostUrl: string;

  beforeAll(async () => {
    ({ t, origin, browser } = await hostedBrowser({ env: { PUBLIC_RATE_LIMIT: '100000' } }));
    await t.createApp({ name: 'Sleepy', slug: 'sleepy' });
    await putAndPublish(t, 'sleepy', 'wishlist', goodWishlist());
    await putAndPublish(t, 'sleepy', 'onboarding', goodOnboarding());
    for (let i = 0; i < 6; i++) await t.app.inject({ method: 'POST', url: '/api/v1/apps/sleepy/wishlist/ideas', headers: t.auth, payload: { title: `Idea ${i}`, body: 'A longer description of the idea. '.repeat(4) } });
    // The owner's site: another origin (localhost instead of 127.0.0.1).
    host = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><html><body style="background:#fde68a;margin:0">
        <iframe id="board" data-appflows src="${origin}/embed/wishlist/sleepy?transparent=1" title="Feature board" style="width:100%;border:0"></iframe>
        <iframe id="funnel" data-appflows src="${origin}/embed/onboarding/sleepy" title="Get started" style="width:100%;border:0"></iframe>
        <iframe id="plain" src="${origin}/embed/wishlist/sleepy" title="Not opted in" style="width:100%;border:0"></iframe>
        <script src="${origin}/assets/embed.js" async></script></body></html>`);
    });
    await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
    hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    host?.close();
    await t?.close();
  });

  it('each data-appflows iframe takes its content height; the transparent one shows the host background', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    await page.goto(hostUrl);
    const heightOf = (id: string) => page.$eval(`#${id}`, (f) => (f as HTMLIFrameElement).getBoundingClientRect().height);
    await page.waitForFunction(() => ['board', 'funnel'].every((id) => document.getElementById(id)!.getBoundingClientRect().height > 200), null, { timeout: 10_000 });
    const board = page.frame({ url: /transparent=1/ })!;
    const content = await board.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    expect(Math.abs((await heightOf('board')) - content)).toBeLessThanOrEqual(2);
    // Not opted in: the browser's default iframe height.
    expect(await heightOf('plain')).toBe(150);
    expect(await board.evaluate(() => [document.documentElement.className, getComputedStyle(document.body).backgroundColor])).toEqual(['embed-transparent', 'rgba(0, 0, 0, 0)']);
    await screenshot(page, 'embeds-host-phone');
    expect(problems).toEqual([]);
    await page.close();
  });
});
