import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CancelSessions } from '../../../src/flows/cancel/cancel.sessions.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson, type ToolText } from '../../mcp/mcp.client.js';
import { goodCancel } from '../cancel.fixtures.js';
import { putAndPublish } from '../forms/forms.fixtures.js';

/**
 * Part 3 of the cancel runtime: what the owner sees. Sessions start through the public API;
 * their steps are recorded by the same service the hosted page records through.
 */
describeEachDb('cancel analytics (owner)', (dialect) => {
  let t: TestApp;
  let sessions: CancelSessions;
  const slug = 'retain';
  const json = { 'content-type': 'application/json' };
  const owner = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}${url}`, headers: t.auth });

  async function start(body: Record<string, unknown> = {}) {
    const r = await t.app.inject({ method: 'POST', url: '/api/public/sessions', headers: json, payload: JSON.stringify({ appSlug: slug, platform: 'ios', ...body }) });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().sessionId as string;
  }
  /** Walks a session as the page would: opened, reason(s), the response shown, a click, the exit. */
  async function walk(id: string, reasons: string[], exit?: { key: string; action: string }) {
    const row = (await t.db.db.selectFrom('flow_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    await sessions.record(row, 'opened');
    for (const r of reasons) await sessions.record(row, 'reason', r);
    if (reasons.length === 1) await sessions.record(row, 'response', reasons[0]);
    if (exit) {
      await sessions.record(row, 'click', exit.key, exit.action);
      await sessions.record(row, 'exit', '', exit.action);
    }
  }

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Retain', slug, deepLinkScheme: 'retain' });
    await putAndPublish(t, slug, 'cancel', goodCancel());
    sessions = t.app.services.cancel.sessions;
    // Version 1: three take the offer, two cancel, one leaves via support, one abandons.
    const offer = { key: 'response:too_expensive:primary', action: 'open_offer' };
    const cancel = (reason: string) => ({ key: `response:${reason}:secondary`, action: 'manage_subscription' });
    for (let i = 0; i < 3; i++) await walk(await start({ userId: `u${i}` }), ['too_expensive'], offer);
    await walk(await start(), ['too_expensive'], cancel('too_expensive'));
    await walk(await start(), ['missing_feature'], cancel('missing_feature'));
    await walk(await start(), ['missing_feature'], { key: 'response:missing_feature:primary', action: 'open_support' });
    await walk(await start(), ['too_expensive']);
    // A reload records nothing twice.
    const again = await start();
    await walk(again, ['missing_feature'], { key: 'intro:secondary', action: 'return_to_app' });
    await walk(again, ['missing_feature'], { key: 'intro:secondary', action: 'return_to_app' });
    // Version 2: one session, saved.
    await putAndPublish(t, slug, 'cancel', { ...goodCancel(), intro: { ...goodCancel().intro, title: 'v2' } });
    await walk(await start({ attributes: { plan: 'pro', seats: null } }), ['too_expensive'], offer);
  });
  afterAll(() => t.close());

  it('stats per version: saved vs cancelled per reason, offers, exits, abandoned', async () => {
    const r = await owner('/cancel/stats');
    expect(r.statusCode, r.body).toBe(200);
    const [v1, v2] = r.json().versions;
    expect(v1).toMatchObject({
      flowSlug: 'cancel',
      versionNumber: 1,
      sessions: 8,
      opened: 8,
      exited: 7,
      abandoned: 1,
      saved: 4,
      cancelled: 2,
      otherExits: 1,
      saveRate: 0.5,
      exits: { open_offer: 3, manage_subscription: 2, open_support: 1, return_to_app: 1 },
    });
    const byId = Object.fromEntries(v1.reasons.map((x: { id: string }) => [x.id, x]));
    expect(byId.too_expensive).toEqual({ id: 'too_expensive', label: 'Too expensive', picked: 5, saved: 3, cancelled: 1, other: 0, undecided: 1, saveRate: 0.6 });
    expect(byId.missing_feature).toEqual({ id: 'missing_feature', label: 'Missing a feature', picked: 3, saved: 1, cancelled: 1, other: 1, undecided: 0, saveRate: 0.333 });
    expect(v1.offers).toEqual([{ offerId: 'winback_50_3m', reasonId: 'too_expensive', button: 'response:too_expensive:primary', shown: 5, accepted: 3, acceptRate: 0.6 }]);
    expect(v2).toMatchObject({ versionNumber: 2, sessions: 1, saved: 1, cancelled: 0, saveRate: 1 });
    // Filters: one version; a time window with nothing in it; an unknown flow.
    expect((await owner('/cancel/stats?version=2')).json().versions.map((v: { versionNumber: number }) => v.versionNumber)).toEqual([2]);
    expect((await owner('/cancel/stats?to=2000-01-01')).json().versions).toEqual([]);
    expect((await owner('/cancel/stats?flowSlug=nope')).statusCode).toBe(404);
    expect((await owner('/cancel/stats?from=2030-01-01&to=2020-01-01')).statusCode).toBe(400);
    expect((await owner('/cancel/stats?from=yesterday')).statusCode).toBe(400);
  });

  it('lists sessions newest first with steps and outcome, pages by cursor, filters by version', async () => {
    const first = (await owner('/cancel/sessions?limit=4')).json();
    expect(first.sessions).toHaveLength(4);
    const newest = first.sessions[0];
    expect(newest).toMatchObject({ versionNumber: 2, platform: 'ios', source: 'sdk', reasons: ['too_expensive'], exit: 'open_offer', outcome: 'saved', attributes: { plan: 'pro', seats: null } });
    expect(newest.steps.map((s: { step: string }) => s.step).sort()).toEqual(['click', 'exit', 'opened', 'reason', 'response']);
    const rest = (await owner(`/cancel/sessions?limit=200&cursor=${first.nextCursor}`)).json();
    expect(rest.nextCursor).toBeNull();
    const ids = [...first.sessions, ...rest.sessions].map((s: { id: string }) => s.id);
    expect(new Set(ids).size).toBe(9);
    const v1 = (await owner('/cancel/sessions?version=1&limit=200')).json().sessions;
    expect(v1).toHaveLength(8);
    expect(v1.filter((s: { outcome: string | null }) => s.outcome === null)).toHaveLength(1);
    expect((await owner('/cancel/sessions?cursor=bogus')).statusCode).toBe(400);
    // Another account sees nothing of it.
    const other = await t.otherAccount();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/cancel/sessions`, headers: other.auth })).statusCode).toBe(404);
  });

  it('exports sessions as CSV with the documented header', async () => {
    const r = await owner('/cancel/sessions.csv?version=1');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/csv/);
    expect(r.body.split('\n')[0]).toBe('id,flowSlug,versionNumber,source,platform,userId,anonymousId,locale,appVersion,country,reasons,exit,outcome,attributes,createdAt');
    const rows = parse(r.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(8);
    expect(rows.filter((x) => x.outcome === 'saved')).toHaveLength(4);
    expect(rows.find((x) => x.userId === 'u0')).toMatchObject({ reasons: 'too_expensive', exit: 'open_offer', versionNumber: '1' });
  });

  it('the same over MCP: get_cancel_stats and list_cancel_sessions', async () => {
    const client = await connectMcp(t);
    try {
      const stats = toolJson(await client.callTool({ name: 'get_cancel_stats', arguments: { appIdOrSlug: slug, version: 1 } }));
      expect(stats.versions[0]).toMatchObject({ versionNumber: 1, saved: 4, cancelled: 2 });
      const list = toolJson(await client.callTool({ name: 'list_cancel_sessions', arguments: { appIdOrSlug: slug, limit: 2 } }));
      expect(list.sessions).toHaveLength(2);
      const bad = (await client.callTool({ name: 'get_cancel_stats', arguments: { appIdOrSlug: slug, from: 'soon' } })) as ToolText;
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
