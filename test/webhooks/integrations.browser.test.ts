import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvents } from '../../src/kernel/events/events.js';
import type { CapabilityModule } from '../../src/kernel/module.js';
import { MODULES } from '../../src/modules.js';
import { createWebhookWorker, type WebhookWorker } from '../../src/webhooks/webhooks.worker.js';
import { DESKTOP, PHONE } from '../browser.js';
import { beyond422, expectAccessible, overflow, ownerBrowser, type OwnerBrowser } from '../owner-browser.js';

/** Where the screenshots go for a person to look at (phone and desktop of every page). */
const SHOTS = process.env.INTEGRATIONS_SHOTS ?? '/tmp/shots-integrations';
const TAB = '/admin/apps/hookdemo/integrations';

/**
 * The Integrations tab in Chromium (#33 §5): add an endpoint pointing at a local receiver, see its
 * secret once, send a test, watch it fail and succeed on retry with one webhook-id, set the
 * e-mail notifications; axe on every page at phone and desktop widths.
 */
describe('integrations tab in Chromium', () => {
  let ob: OwnerBrowser;
  let base: string;
  let receiver: Server;
  let hook: string;
  let worker: WebhookWorker;
  /** What the receiver got, and whether it answers 200 (else 500). */
  const got: { id: string; body: string }[] = [];
  let healthy = false;
  const api = (method: 'POST' | 'PATCH', url: string, body: unknown) => ob.api(method, url, body);
  const shot = (page: Page, name: string) => ob.shot(page, name);
  /** The delivery worker's rounds until the receiver has `n` requests (the module's own worker may be quicker). */
  const deliveredUpTo = async (n: number) => {
    for (let i = 0; i < 50 && got.length < n; i++) {
      await worker.runOnce();
      if (got.length < n) await new Promise((r) => setTimeout(r, 100));
    }
    expect(got.length).toBeGreaterThanOrEqual(n);
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ id: String(req.headers['webhook-id']), body });
        res.writeHead(healthy ? 200 : 500, { 'content-type': 'text/plain' }).end(healthy ? 'ok' : 'receiver down for maintenance');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hook = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/appflows/hook`;

    ob = await ownerBrowser({ env: { PUBLIC_RATE_LIMIT: '100000', WEBHOOK_ALLOW_PRIVATE: 'true' }, shots: SHOTS });
    const { db, config } = ob;
    base = ob.base;
    // The test drives a delivery worker of its own round by round (the module may run one too: a
    // delivery is leased by one of them at a time).
    worker = createWebhookWorker({ db, events: createEvents(MODULES.flatMap((m) => (m as CapabilityModule).events ?? []), db), config, log: { warn() {} } });
    const appId = (await api('POST', '/api/v1/apps', { name: 'Hook Demo', slug: 'hookdemo' })).app.id;
    // Two endpoints in trouble, as the worker leaves them: one failing for a day, one disabled after 5 days.
    const webhooks = '/api/v1/apps/hookdemo/webhooks';
    const slack = (await api('POST', webhooks, { url: 'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX', format: 'slack', description: '#launch channel', events: ['*'] })).webhook;
    const crm = (await api('POST', webhooks, { url: 'https://crm.example.com/incoming/appflows-webhooks/very/long/path/for/the/phone', description: 'CRM sync' })).webhook;
    const day = 86_400_000;
    await db.db.updateTable('webhook_endpoints').set({ failing_since: new Date(Date.now() - day).toISOString() }).where('id', '=', slack.id).where('app_id', '=', appId).execute();
    await db.db
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, failing_since: new Date(Date.now() - 5 * day).toISOString(), disabled_at: new Date().toISOString(), disabled_reason: 'Every delivery failed for 5 days (last: HTTP 503).' })
      .where('id', '=', crm.id)
      .execute();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await ob?.close();
    receiver?.close();
  });

  it('adds an endpoint, shows the secret once, sends a test, retries it, sets notifications (desktop)', async () => {
    const { page, problems } = await ob.signedIn(DESKTOP);
    await page.goto(`${base}${TAB}`);
    await expect(page.locator('.alert.error.trouble').textContent()).resolves.toMatch(/Disabled on .*Every delivery failed for 5 days/);
    await expect(page.locator('.alert.warn.trouble').textContent()).resolves.toMatch(/Failing since/);
    await expect(page.locator('.alert.warn', { hasText: 'E-mail is not configured on this server (SMTP_URL)' }).count()).resolves.toBe(1);
    await expectAccessible(page, 'tab');
    // The tab row (one more tab) still shows every label whole at 1280 px.
    expect(await page.$eval('nav.tabs', (n) => n.scrollWidth <= n.clientWidth)).toBe(true);
    await shot(page, 'tab-desktop');

    // The form: a URL that is no URL first, then the receiver with two events picked from the catalogue.
    await page.click('a:has-text("Add endpoint")');
    await page.waitForURL(`${base}${TAB}/new`);
    await expect(page.locator('.event-groups').isVisible()).resolves.toBe(false);
    await page.check('input[name=scope][value=some]');
    await expect(page.locator('.event-groups').isVisible()).resolves.toBe(true);
    const boxes = page.locator('input[name=events]');
    expect(await boxes.count()).toBeGreaterThan(2);
    await expectAccessible(page, 'form');
    await shot(page, 'form-desktop');
    await page.fill('#f-url', 'not a url');
    await page.click('main button[type=submit]');
    await expect(page.locator('.error', { hasText: 'Pick at least one event' }).count()).resolves.toBe(1);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const picked = [await boxes.nth(0).getAttribute('value'), await boxes.nth(1).getAttribute('value')];
    await page.click('main button[type=submit]');
    await expect(page.locator('#f-url-error').textContent()).resolves.toMatch(/URL/);
    // The three destination cards share a row's height: each description starts at the same height, right under its one-line name.
    const hintTops = await page.$$eval('label.format-option', (ls) => ls.map((l) => Math.round(l.querySelector('.hint')!.getBoundingClientRect().top - l.getBoundingClientRect().top)));
    expect(new Set(hintTops).size, String(hintTops)).toBe(1);
    await expect(page.locator('input[name=events]:checked').count()).resolves.toBe(2);
    await expectAccessible(page, 'form with errors');
    await page.fill('#f-url', hook);
    await page.fill('#f-description', 'Our server');
    await page.click('main button[type=submit]');
    await page.waitForURL(/\/integrations\/[^/]+\?created=1$/);
    const endpointUrl = page.url().replace(/\?.*$/, '');

    // The secret, once, with a copy button.
    const secret = await page.inputValue('#secret');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expect(page.locator('button[data-copy="#secret"]').count()).resolves.toBe(1);
    await expect(page.locator('dd', { hasText: picked[0]! }).count()).resolves.toBe(1);
    await expectAccessible(page, 'endpoint with secret');
    await shot(page, 'endpoint-created-desktop');
    await page.reload();
    await expect(page.locator('#secret').count()).resolves.toBe(0);

    // Send a test: queued (pending), then sent to the receiver, which answers 500.
    await page.click('button:has-text("Send test event")');
    await page.waitForURL(/\?tested=1$/);
    await expect(page.locator('li.delivery').count()).resolves.toBe(1);
    await expect(page.locator('li.delivery .d-type').textContent()).resolves.toBe('webhook.test');
    await deliveredUpTo(1);
    await page.goto(endpointUrl);
    const item = page.locator('li.delivery').first();
    await expect(item.locator('.d-facts').textContent()).resolves.toMatch(/Response500/);
    await expect(item.locator('.d-error').textContent()).resolves.toBe('answered 500');
    // The payload, expanded.
    await item.locator('summary:has-text("Payload")').click();
    await expect(item.locator('pre.payload').textContent()).resolves.toMatch(/"type": "webhook.test"/);
    await expectAccessible(page, 'delivery failed');
    await shot(page, 'endpoint-failed-desktop');

    // The receiver is back: retry now; the same webhook-id arrives and the log says delivered.
    healthy = true;
    const before = got.length;
    await item.locator('button', { hasText: /Retry/ }).click();
    await page.waitForURL(/\?retried=1$/);
    await deliveredUpTo(before + 1);
    await page.goto(endpointUrl);
    await expect(page.locator('li.delivery .badge').first().textContent()).resolves.toBe('Delivered');
    await expect(page.locator('li.delivery .d-facts').first().textContent()).resolves.toMatch(/Response200/);
    expect(new Set(got.map((g) => g.id)).size).toBe(1);
    expect(JSON.parse(got.at(-1)!.body)).toMatchObject({ type: 'webhook.test' });
    await expectAccessible(page, 'delivered');
    await shot(page, 'endpoint-delivered-desktop');

    // Rotate (asks first), then disable.
    page.once('dialog', (d) => void d.accept());
    await page.click('button:has-text("Rotate secret")');
    await page.waitForURL(/\?rotated=1$/);
    const rotated = await page.inputValue('#secret');
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    page.once('dialog', (d) => void d.accept());
    await page.click('button:has-text("Disable")');
    await page.waitForURL(/\?disabled=1$/);
    await expect(page.locator('dd .badge.off').textContent()).resolves.toBe('Disabled');

    // Notifications: a refused address comes back with the card in view (the endpoints above may fill the screen), the reason at the field.
    await page.goto(`${base}${TAB}`);
    await page.fill('#n-email', 'owner(at)example');
    await page.locator('form.notify-form button[type=submit]').click();
    await page.waitForURL(/\/notifications#notifications$/);
    await expect(page.locator('#n-email-error').isVisible()).resolves.toBe(true);
    // Scrolled to the card: its top at the window's top, or the page scrolled as far as it goes.
    const view = await page.$eval('#notifications', (s) => ({ top: Math.round(s.getBoundingClientRect().top), y: scrollY, end: Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight }));
    expect(view.y, JSON.stringify(view)).toBeGreaterThan(0);
    expect(Math.abs(view.top) < 2 || view.end, JSON.stringify(view)).toBe(true);
    // Then daily, in Berlin, one event.
    await page.fill('#n-email', 'owner@example.com');
    await page.check('input[name=mode][value=daily]');
    await page.selectOption('#n-timeZone', 'Europe/Berlin');
    const form = page.locator('form.notify-form');
    await form.locator('input[name=scope][value=some]').check();
    await form.locator('input[name=events]').first().check();
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/\?notifications=1#notifications$/);
    await expect(page.locator('.alert.ok').textContent()).resolves.toBe('Notification settings saved.');
    await expect(page.inputValue('#n-email')).resolves.toBe('owner@example.com');
    await expect(page.inputValue('#n-timeZone')).resolves.toBe('Europe/Berlin');
    await expect(page.locator('input[name=mode][value=daily]').isChecked()).resolves.toBe(true);
    await expectAccessible(page, 'tab after saving');
    await shot(page, 'tab-after-desktop');

    // Delete, confirmed.
    await page.goto(endpointUrl);
    page.once('dialog', (d) => void d.accept());
    await page.click('button:has-text("Delete")');
    await page.waitForURL(`${base}${TAB}?deleted=1`);
    await expect(page.locator('a.endpoint-url', { hasText: hook }).count()).resolves.toBe(0);
    expect(beyond422(problems)).toEqual([]);
  }, 120_000);

  it('fits a 390 px phone, with no serious accessibility finding', async () => {
    const { page, problems } = await ob.signedIn(PHONE);
    await page.goto(`${base}${TAB}`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'tab phone');
    await shot(page, 'tab-phone');
    // What the phone shows first, and the notifications card, at full size.
    await page.screenshot({ path: `${SHOTS}/tab-phone-top.png` });
    await page.locator('#notifications').screenshot({ path: `${SHOTS}/tab-phone-notifications.png` });

    await page.goto(`${base}${TAB}/new`);
    await page.check('input[name=scope][value=some]');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'form phone');
    await shot(page, 'form-phone');
    await page.check('input[name=format][value=slack]');
    await page.fill('#f-url', hook);
    await page.locator('input[name=events]').first().check();
    await page.click('main button[type=submit]');
    await page.waitForURL(/\?created=1$/);
    expect(await page.inputValue('#secret')).toMatch(/^whsec_/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'endpoint-created-phone');
    // Counted before the click: the module's own worker may deliver before the page has reloaded.
    const before = got.length;
    await page.click('button:has-text("Send test event")');
    await page.waitForURL(/\?tested=1$/);
    await deliveredUpTo(before + 1);
    await page.reload();
    await page.locator('li.delivery summary').first().click();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'endpoint phone');
    await shot(page, 'endpoint-phone');
    await page.locator('section[aria-labelledby="deliveries-h"]').screenshot({ path: `${SHOTS}/endpoint-phone-deliveries.png` });
    // The Slack format posts Slack's shape.
    expect(JSON.parse(got.at(-1)!.body)).toHaveProperty('blocks');

    // In the dark too (the dashboard follows the system setting).
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'endpoint phone dark');
    await shot(page, 'endpoint-phone-dark');
    await page.goto(`${base}${TAB}`);
    await expectAccessible(page, 'tab phone dark');
    await page.screenshot({ path: `${SHOTS}/tab-phone-dark-top.png` });
    expect(beyond422(problems)).toEqual([]);
  }, 120_000);
});
