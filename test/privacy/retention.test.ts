import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_BATCH } from '../../src/privacy/privacy.service.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { connectMcp, toolJson, type ToolText } from '../mcp/mcp.client.js';
import { putAndPublish } from '../flows/forms/forms.fixtures.js';
import { goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { expectCountersConsistent, publishAll, pub, seedPerson } from './privacy.fixtures.js';

const DAY = 24 * 3600 * 1000;
const json = { 'content-type': 'application/json' };

describeEachDb('retention period and sweep', (dialect) => {
  let t: TestApp;
  const t0 = new Date('2026-10-01T08:00:00.000Z');
  let now = t0;
  const retention = (slug: string, body?: unknown, headers = t.auth) =>
    body === undefined
      ? t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/retention`, headers })
      : t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/retention`, headers: { ...headers, ...json }, payload: JSON.stringify(body) });
  const rows = async (slug: string) => {
    const app = await t.db.db.selectFrom('apps').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const n = async (table: 'waitlist_signups' | 'form_submissions' | 'contact_replies' | 'crash_reports' | 'onboarding_submissions' | 'flow_sessions' | 'flow_steps' | 'wishlist_ideas' | 'referral_codes') =>
      Number((await t.db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('app_id', '=', app.id).executeTakeFirstOrThrow()).n);
    return {
      signups: await n('waitlist_signups'),
      forms: await n('form_submissions'),
      replies: await n('contact_replies'),
      crashes: await n('crash_reports'),
      onboarding: await n('onboarding_submissions'),
      sessions: await n('flow_sessions'),
      steps: await n('flow_steps'),
      ideas: await n('wishlist_ideas'),
      codes: await n('referral_codes'),
    };
  };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' }, clock: { now: () => now } });
    for (const slug of ['keep30', 'forever']) {
      await t.createApp({ name: slug, slug, deepLinkScheme: 'sleepy' });
      await publishAll(t, slug);
      await seedPerson(t, slug, { email: 'old@example.com', userId: 'old-user', anonymousId: 'old-anon-000000001' });
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('is off by default; PUT sets and clears it; bad input is 422 and another account’s app 404', async () => {
    expect((await retention('keep30')).json()).toEqual({ days: null });
    for (const body of [{ days: 0 }, { days: 1.5 }, { days: '30' }, { days: 36501 }, {}]) {
      const r = await retention('keep30', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().issues[0].path).toBe('/days');
    }
    expect((await retention('keep30')).json()).toEqual({ days: null });
    const other = await t.otherAccount();
    expect((await retention('keep30', { days: 30 }, other.auth)).statusCode).toBe(404);
    expect((await retention('keep30', undefined, other.auth)).statusCode).toBe(404);
    expect((await retention('keep30', { days: 7 })).json()).toEqual({ ok: true, days: 7 });
    expect((await retention('keep30', { days: 30 })).json()).toEqual({ ok: true, days: 30 });
    expect((await retention('keep30')).json()).toEqual({ days: 30 });
  });

  it('the sweep deletes raw submissions older than the period, keeps newer ones, boards, ledgers and other apps', async () => {
    now = new Date(t0.getTime() + 29 * DAY);
    expect(await t.app.services.privacy.sweep()).toEqual({}); // nothing is 30 days old yet
    now = new Date(t0.getTime() + 31 * DAY);
    await seedPerson(t, 'keep30', { email: 'new@example.com', userId: 'new-user', anonymousId: 'new-anon-000000001' });
    const before = await rows('keep30');
    const forever = await rows('forever');
    const removed = await t.app.services.privacy.sweep();
    expect(removed).toEqual({
      waitlist_signups: 1,
      feedback_submissions: 1,
      report_submissions: 1,
      contact_submissions: 1,
      contact_replies: 1,
      crash_reports: 2,
      crash_occurrences: 2,
      onboarding_submissions: 1,
      onboarding_sessions: 1,
      onboarding_steps: expect.any(Number),
      cancel_sessions: 1,
      cancel_steps: expect.any(Number),
    });
    const after = await rows('keep30');
    expect(after).toEqual({
      signups: before.signups - 1,
      forms: before.forms - 3,
      replies: before.replies - 1,
      crashes: before.crashes - 2,
      onboarding: before.onboarding - 1,
      sessions: before.sessions - 2,
      steps: before.steps - removed.onboarding_steps - removed.cancel_steps,
      ideas: before.ideas, // the public board is not a raw submission
      codes: before.codes,
    });
    expect(after.signups).toBe(1);
    expect(await rows('forever')).toEqual(forever);
    await expectCountersConsistent(t);
    // What is left is the new person's.
    const left = (await t.app.inject({ method: 'POST', url: '/api/v1/apps/keep30/data-subjects/export', headers: { ...t.auth, ...json }, payload: JSON.stringify({ email: 'old@example.com' }) })).json().data;
    expect(left.waitlist_signups).toHaveLength(0);
    expect(left.wishlist_ideas).toHaveLength(1);
    const swept = await t.db.db.selectFrom('app_retention').select('last_swept_at').executeTakeFirstOrThrow();
    expect(swept.last_swept_at).toBe(now.toISOString());
    expect(await t.app.services.privacy.sweep()).toEqual({});
  });

  it('deletes in batches until nothing old is left', async () => {
    const app = await t.db.db.selectFrom('apps').select('id').where('slug', '=', 'keep30').executeTakeFirstOrThrow();
    const flow = await t.db.db.selectFrom('flows').select('id').where('app_id', '=', app.id).where('type', '=', 'waitlist').executeTakeFirstOrThrow();
    const n = SWEEP_BATCH * 2 + 37;
    const old = new Date(now.getTime() - 40 * DAY);
    const values = Array.from({ length: n }, (_, i) => ({
      id: `bulk-${i}`, app_id: app.id, flow_id: flow.id, email: `bulk${i}@example.com`, email_normalized: `bulk${i}@example.com`, source: 'import', country: null, user_agent: null,
      locale: null, platform: null, app_version: null, referrer: null, attributes_json: null, created_at: new Date(old.getTime() + i).toISOString(), area: null, approx_lat: null, approx_lon: null, geohash: null,
    }));
    for (let i = 0; i < values.length; i += 200) await t.db.db.insertInto('waitlist_signups').values(values.slice(i, i + 200)).execute();
    expect(await t.app.services.privacy.sweep()).toEqual({ waitlist_signups: n });
    expect((await rows('keep30')).signups).toBe(1);
  });

  it('cleared, it keeps everything again', async () => {
    expect((await retention('keep30', { days: null })).json()).toEqual({ ok: true, days: null });
    expect((await retention('keep30')).json()).toEqual({ days: null });
    now = new Date(now.getTime() + 400 * DAY);
    expect(await t.app.services.privacy.sweep()).toEqual({});
    expect((await rows('keep30')).signups).toBe(1);
  });
});

describe('MCP tools', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await testApp('sqlite', { env: { PUBLIC_RATE_LIMIT: '100000' } });
    client = await connectMcp(t);
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('an agent exports and erases an end user and sets the retention period', async () => {
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['export_end_user_data', 'erase_end_user_data', 'get_data_retention', 'set_data_retention']));
    await t.createApp({ name: 'Agent App', slug: 'agent-app' });
    await putAndPublish(t, 'agent-app', 'waitlist', goodWaitlist());
    await pub(t, '/api/public/waitlist', { appSlug: 'agent-app', email: 'eve@example.com' });
    await pub(t, '/api/public/waitlist', { appSlug: 'agent-app', email: 'zed@example.com' });
    const call = async (name: string, args: Record<string, unknown>) => toolJson(await client.callTool({ name, arguments: args }));
    const a = { appIdOrSlug: 'agent-app' };
    const exported = await call('export_end_user_data', { ...a, email: 'EVE@example.com' });
    expect(exported.data.waitlist_signups.map((r: { email: string }) => r.email)).toEqual(['eve@example.com']);
    const missing = (await client.callTool({ name: 'erase_end_user_data', arguments: a })) as ToolText;
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toContain('at least one');
    expect((await call('erase_end_user_data', { ...a, email: 'eve@example.com' })).removed).toMatchObject({ waitlist_signups: 1, feedback_submissions: 0 });
    expect((await call('export_end_user_data', { ...a, email: 'zed@example.com' })).data.waitlist_signups).toHaveLength(1);
    expect(await call('set_data_retention', { ...a, days: 90 })).toEqual({ ok: true, days: 90 });
    expect(await call('get_data_retention', a)).toEqual({ days: 90 });
  });
});
