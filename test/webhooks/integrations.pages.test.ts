import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownerApp, FORM, type OwnerApp } from '../admin/admin.fixtures.js';
import { describeEachDb } from '../helpers.js';

/** The Integrations tab over HTTP, forms as a browser without JavaScript posts them (repeated `events` fields). */
const BASE = '/admin/apps/hooky/integrations';
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const fieldError = (html: string, id: string) => {
  const m = new RegExp(`<p class="error" id="${id}-error">(.*?)</p>`).exec(html);
  return m ? decode(m[1]) : undefined;
};
const secretOf = (html: string) => /id="secret" class="mono" readonly="" value="(whsec_[^"]+)"|value="(whsec_[^"]+)"/i.exec(html)?.slice(1).find(Boolean);

describeEachDb('dashboard: integrations', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  let csrf: string;
  let catalog: string[];

  const post = async (url: string, pairs: [string, string][]) => {
    const r = await t.app.inject({ method: 'POST', url, headers: { ...FORM, cookie }, payload: new URLSearchParams([['_csrf', csrf], ...pairs]).toString() });
    return { status: r.statusCode, body: r.body, location: r.headers.location as string | undefined };
  };
  const api = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers: { ...t.auth, ...(body ? { 'content-type': 'application/json' } : {}) }, payload: body ? JSON.stringify(body) : undefined });

  beforeAll(async () => {
    t = await ownerApp(dialect, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    await t.createApp({ name: 'Hooky', slug: 'hooky' });
    cookie = (await t.signIn()).cookie;
    csrf = (await t.page(BASE, cookie)).csrf;
    catalog = [...(await t.page(`${BASE}/new`, cookie)).body.matchAll(/name="events" value="([^"]+)"/g)].map((m) => m[1]);
  });
  afterAll(() => t.close());

  it('is a tab of the app: no endpoint yet, and the notifications form says e-mail is not configured', async () => {
    const r = await t.page(BASE, cookie);
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/href="\/admin\/apps\/hooky\/integrations" aria-current="page">Integrations</);
    expect(r.body).toContain('No endpoints yet.');
    expect(r.body).toContain('E-mail is not configured on this server (SMTP_URL).');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.body).not.toMatch(/<script(?![^>]*src=)/);
  });

  it('lists the catalogue as grouped checkboxes (the test event is not one of them)', async () => {
    const page = (await t.page(`${BASE}/new`, cookie)).body;
    expect(page).toContain('name="scope" value="all" checked');
    expect(catalog.length).toBeGreaterThan(0);
    expect(catalog).not.toContain('webhook.test');
    expect(page).toContain('Paste a Slack incoming-webhook URL');
  });

  it('keeps a refused form as typed, with the reason at the field', async () => {
    const none = await post(BASE, [['url', 'http://127.0.0.1:9/hook'], ['format', 'standard'], ['scope', 'some']]);
    expect(none.status).toBe(422);
    expect(none.body).toContain('Pick at least one event, or choose All events.');
    expect(none.body).toContain('value="http://127.0.0.1:9/hook"');

    const bad = await post(BASE, [['url', 'ftp://example.com/x'], ['format', 'slack'], ['description', 'Team <b>chat</b>'], ['scope', 'some'], ['events', catalog[0]]]);
    expect(bad.status).toBe(422);
    expect(fieldError(bad.body, 'f-url')).toMatch(/URL/);
    expect(bad.body).toMatch(/id="f-url"[^>]*aria-invalid="true"/);
    expect(bad.body).toContain('value="Team &lt;b>chat&lt;/b>"');
    expect(bad.body).toMatch(/name="format" value="slack" checked/);
    expect(bad.body).toContain(`name="events" value="${catalog[0]}" checked`);

    // An empty URL breaks two rules: the field says it plainly once, nothing repeats it above the form as a pointer.
    const empty = await post(BASE, [['url', ''], ['format', 'standard'], ['scope', 'all']]);
    expect(empty.status).toBe(422);
    expect(fieldError(empty.body, 'f-url')).toBe('Required.');
    expect(empty.body).not.toContain('/url ');
    expect(empty.body).not.toContain('Too small');

    const unknown = await post(BASE, [['url', 'http://127.0.0.1:9/hook'], ['scope', 'some'], ['events', 'nope.nothing']]);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatch(/Unknown event type &quot;nope.nothing&quot;|Unknown event type "nope.nothing"/);
    expect((await api('GET', '/api/v1/apps/hooky/webhooks')).json().webhooks).toEqual([]);
  });

  it('adds an endpoint, shows its secret once, sends a test, rotates, disables, edits and deletes', async () => {
    const picked = catalog.slice(0, 2);
    const made = await post(BASE, [['url', 'http://127.0.0.1:9/hook'], ['format', 'standard'], ['description', '<script>alert(1)</script>'], ['scope', 'some'], ...picked.map((e) => ['events', e] as [string, string])]);
    expect(made.status).toBe(303);
    const id = /\/integrations\/([^/?]+)\?created=1$/.exec(made.location!)![1];
    const first = await t.page(made.location!, cookie);
    expect(first.body).toContain('Endpoint added.');
    const secret = secretOf(first.body)!;
    expect(secret).toMatch(/^whsec_/);
    expect(first.body).toContain('it is shown only once');
    expect(first.body).toContain('&lt;script>alert(1)&lt;/script>');
    expect(first.body).not.toContain('<script>alert(1)');
    // A reload shows it no more; the API never answers it.
    const again = await t.page(made.location!, cookie);
    expect(secretOf(again.body)).toBeUndefined();
    const listed = (await api('GET', '/api/v1/apps/hooky/webhooks')).json().webhooks;
    expect(listed).toHaveLength(1);
    expect(listed[0].events).toEqual(picked);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const list = await t.page(BASE, cookie);
    expect(list.body).toContain('http://127.0.0.1:9/hook');
    expect(list.body).toContain('<span class="badge on">Enabled</span>');

    const tested = await post(`${BASE}/${id}/test`, []);
    expect(tested.location).toBe(`${BASE}/${id}?tested=1`);
    const log = await t.page(tested.location!, cookie);
    expect(log.body).toContain('<code class="d-type">webhook.test</code>');
    expect(log.body).toContain('<summary>Payload</summary>');

    const rotated = await post(`${BASE}/${id}/rotate-secret`, []);
    expect(rotated.location).toBe(`${BASE}/${id}?rotated=1`);
    const rotatedPage = (await t.page(rotated.location!, cookie)).body;
    const second = secretOf(rotatedPage)!;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(secret);
    expect(rotatedPage).toContain('New signing secret');

    expect((await post(`${BASE}/${id}/status`, [['enabled', 'false']])).location).toBe(`${BASE}/${id}?disabled=1`);
    expect((await t.page(BASE, cookie)).body).toContain('<span class="badge off">Disabled</span>');
    expect((await post(`${BASE}/${id}/status`, [['enabled', 'true']])).location).toBe(`${BASE}/${id}?enabled=1`);

    const edit = await t.page(`${BASE}/${id}/edit`, cookie);
    expect(edit.body).toContain(`name="events" value="${picked[0]}" checked`);
    const saved = await post(`${BASE}/${id}`, [['url', 'https://hooks.slack.com/services/T0/B0/x'], ['format', 'standard'], ['description', ''], ['scope', 'all']]);
    expect(saved.location).toBe(`${BASE}/${id}?saved=1`);
    const after = (await api('GET', `/api/v1/apps/hooky/webhooks/${id}`)).json().webhook;
    expect(after).toMatchObject({ url: 'https://hooks.slack.com/services/T0/B0/x', events: ['*'], description: null });
    // A Slack URL sent the standard JSON would be refused by Slack: the page says so.
    expect((await t.page(`${BASE}/${id}`, cookie)).body).toContain('This is a Slack URL, but the format is not Slack');

    expect((await post(`${BASE}/${id}/delete`, [])).location).toBe(`${BASE}?deleted=1`);
    expect((await api('GET', '/api/v1/apps/hooky/webhooks')).json().webhooks).toEqual([]);
  });

  it('saves the notification settings through the operation, refusals at their fields', async () => {
    const bad = await post(`${BASE}/notifications`, [['email', 'not-an-email'], ['mode', 'daily'], ['timeZone', 'Mars/Olympus'], ['scope', 'all']]);
    expect(bad.status).toBe(422);
    expect(fieldError(bad.body, 'n-email')).toBeTruthy();
    expect(bad.body).toContain('value="not-an-email"');

    const ok = await post(`${BASE}/notifications`, [['email', 'me@example.com'], ['mode', 'daily'], ['timeZone', 'Europe/Paris'], ['scope', 'some'], ['events', catalog[0]]]);
    expect(ok.status).toBe(303);
    expect(ok.location).toBe(`${BASE}?notifications=1#notifications`);
    expect((await api('GET', '/api/v1/apps/hooky/notifications')).json()).toMatchObject({ email: 'me@example.com', mode: 'daily', timeZone: 'Europe/Paris', events: [catalog[0]], emailConfigured: false });
    const page = (await t.page(`${BASE}?notifications=1`, cookie)).body;
    expect(page).toContain('Notification settings saved.');
    expect(page).toContain('value="me@example.com"');
    expect(page).toMatch(/<option value="Europe\/Paris" selected/);

    // Empty address: off.
    await post(`${BASE}/notifications`, [['email', ''], ['mode', 'instant'], ['timeZone', 'UTC'], ['scope', 'all']]);
    expect((await api('GET', '/api/v1/apps/hooky/notifications')).json()).toMatchObject({ email: null, events: ['*'], mode: 'instant' });
  });

  it('pages the delivery log, newest first, 25 a page', async () => {
    const made = await post(BASE, [['url', 'http://127.0.0.1:9/paged'], ['scope', 'all']]);
    const path = made.location!.replace(/\?.*$/, '');
    const id = path.split('/').pop()!;
    for (let i = 0; i < 27; i++) expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/hooky/webhooks/${id}/test`, headers: t.auth })).statusCode).toBe(202);
    const first = (await t.page(path, cookie)).body;
    expect(first.match(/<li class="delivery /g)).toHaveLength(25);
    const older = /href="([^"]+\?cursor=[^"]+)">Older deliveries</.exec(first)![1];
    const second = (await t.page(decode(older), cookie)).body;
    expect(second.match(/<li class="delivery /g)).toHaveLength(2);
    expect(second).toContain('>Newest deliveries</a>');
    expect(second).not.toContain('Older deliveries');
    await post(`${path}/delete`, []);
  });

  it('refuses a form without the CSRF token, and an unknown endpoint is a 404 page', async () => {
    const r = await t.app.inject({ method: 'POST', url: BASE, headers: { ...FORM, cookie }, payload: 'url=http%3A%2F%2F127.0.0.1%3A9%2F' });
    expect(r.statusCode).toBe(403);
    expect((await t.page(`${BASE}/nope`, cookie)).status).toBe(404);
  });
});
