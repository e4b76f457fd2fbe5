import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { connectMcp, toolJson, type ToolText } from '../mcp/mcp.client.js';

describeEachDb('notification settings API', (dialect) => {
  let t: TestApp;
  let withSmtp: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
    // Never connected to: the settings only report that mail is configured.
    withSmtp = await testApp(dialect, { env: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'appflows@example.com' } });
  });
  afterAll(async () => {
    await t?.close();
    await withSmtp?.close();
  });
  const url = (slug: string) => `/api/v1/apps/${slug}/notifications`;
  const get = (slug: string, on = t, headers = on.auth) => on.app.inject({ method: 'GET', url: url(slug), headers });
  const put = (slug: string, payload: unknown, on = t, headers = on.auth) => on.app.inject({ method: 'PUT', url: url(slug), headers, payload: payload as object });

  it('answers the defaults when nothing was set, and whether this server can send mail', async () => {
    const app = await t.createApp({ name: 'Quiet Notes' });
    const r = await get(app.slug);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ email: null, events: ['*'], mode: 'instant', timeZone: 'UTC', emailConfigured: false });
    const other = await withSmtp.createApp({ name: 'Mail Notes' });
    expect((await get(other.slug, withSmtp)).json()).toMatchObject({ email: null, emailConfigured: true });
  });

  it('keeps what a PUT sets (by id or slug), a time zone in its canonical spelling, and turns off with email null', async () => {
    const app = await t.createApp({ name: 'Round Trip' });
    const known = [...t.app.services.events.catalog.keys()][0];
    expect(known).toBeTruthy();
    const r = await put(app.id, { email: 'owner@example.com', events: [known, known], mode: 'daily', timeZone: 'europe/paris' });
    expect(r.statusCode).toBe(200);
    const expected = { email: 'owner@example.com', events: [known], mode: 'daily', timeZone: 'Europe/Paris', emailConfigured: false };
    expect(r.json()).toEqual(expected);
    expect((await get(app.slug)).json()).toEqual(expected);
    // Keys left out keep their value; '*' stands alone.
    expect((await put(app.slug, { email: 'other@example.com', events: ['*', known] })).json()).toEqual({ ...expected, email: 'other@example.com', events: ['*'] });
    const off = await put(app.slug, { email: null });
    expect(off.json()).toEqual({ ...expected, email: null, events: ['*'] });
    expect((await get(app.slug)).json().email).toBeNull();
  });

  it('refuses unknown events, modes, time zones and emails with the failing path (422)', async () => {
    const app = await t.createApp({ name: 'Strict Notes' });
    const issues = async (body: unknown) => {
      const r = await put(app.slug, body);
      expect(r.statusCode).toBe(422);
      return r.json().issues.map((i: { path: string }) => i.path);
    };
    expect(await issues({ email: 'a@example.com', events: ['*', 'no.such.event'] })).toEqual(['/events/1']);
    expect(await issues({ email: 'a@example.com', events: ['nope'] })).toEqual(['/events/0']);
    expect(await issues({ email: 'a@example.com', events: [] })).toEqual(['/events']);
    expect(await issues({ email: 'a@example.com', mode: 'hourly' })).toEqual(['/mode']);
    expect(await issues({ email: 'a@example.com', timeZone: 'Mars/Olympus_Mons' })).toEqual(['/timeZone']);
    expect(await issues({ email: 'a@example.com', timeZone: '+01:00' })).toEqual(['/timeZone']);
    expect(await issues({ email: 'not an address' })).toEqual(['/email']);
    expect(await issues({ events: ['*'] })).toEqual(['/email']);
    expect(await issues({ email: 'a@example.com', extra: 1 })).toEqual(['/']);
    // Nothing was stored.
    expect((await get(app.slug)).json().email).toBeNull();
  });

  it("is owner-scoped: another account's app is a 404 both ways", async () => {
    const app = await t.createApp({ name: 'Private Notes' });
    expect((await put(app.slug, { email: 'mine@example.com' })).statusCode).toBe(200);
    const other = await t.otherAccount();
    expect((await get(app.slug, t, other.auth)).statusCode).toBe(404);
    expect((await put(app.id, { email: 'thief@example.com' }, t, other.auth)).statusCode).toBe(404);
    expect((await get(app.slug)).json().email).toBe('mine@example.com');
    expect((await get(app.slug, t, {} as never)).statusCode).toBe(401);
  });

  it('a PUT makes the app a listener at once: writers on this node start writing its events', async () => {
    const app = await t.createApp({ name: 'Listening Notes' });
    const known = [...t.app.services.events.catalog.keys()][0];
    const events = t.app.services.events;
    await events.refresh();
    expect(events.event(app.id, known, {})).toBeNull();
    expect((await put(app.slug, { email: 'owner@example.com', events: [known] })).statusCode).toBe(200);
    expect(events.event(app.id, known, {})).not.toBeNull();
    expect((await put(app.slug, { email: null })).statusCode).toBe(200);
    expect(events.event(app.id, known, {})).toBeNull();
  });

  it('is also two MCP tools', async () => {
    const app = await t.createApp({ name: 'Agent Notes' });
    const client: Client = await connectMcp(t);
    try {
      const call = async (name: string, args: Record<string, unknown>) => {
        const r = (await client.callTool({ name, arguments: args })) as ToolText;
        return { error: r.isError === true, body: toolJson(r) };
      };
      const set = await call('set_notification_settings', { appIdOrSlug: app.slug, email: 'agent@example.com', mode: 'daily', timeZone: 'America/New_York' });
      expect(set).toMatchObject({ error: false, body: { email: 'agent@example.com', mode: 'daily', timeZone: 'America/New_York', events: ['*'] } });
      expect((await call('get_notification_settings', { appIdOrSlug: app.slug })).body).toEqual(set.body);
      expect(await call('set_notification_settings', { appIdOrSlug: app.slug, email: 'a@example.com', events: ['bogus'] })).toMatchObject({ error: true, body: { status: 422 } });
    } finally {
      await client.close();
    }
  });
});
