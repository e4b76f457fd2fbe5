import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFlowScheduler } from '../../src/kernel/flows/flows.schedule.js';
import { outboxEvents } from '../events.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { connectMcp, toolJson } from '../mcp/mcp.client.js';
import { listenToEverything } from './listen.fixtures.js';
import { cancelFlows, editedCancel, json, until } from './schedule.fixtures.js';

/** Scheduled publish (#37 §2): the API, MCP, and the worker firing on time. */
describeEachDb('scheduled publish', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  let cancel: ReturnType<typeof cancelFlows>;
  beforeAll(async () => {
    t = await testApp(dialect);
    app = await t.createApp({ name: 'Scheduler' });
    await listenToEverything(t, app.id);
    cancel = cancelFlows(t.app, t.auth, app.slug);
  });
  afterAll(() => t.close());

  const inAn = (ms: number) => new Date(Date.now() + ms);

  it('202 { scheduled: { at } } with a note; GET shows it; scheduling again replaces it; DELETE cancels (204, then 404)', async () => {
    await cancel.put();
    // An offset is kept as the same instant, answered in UTC.
    const at = inAn(3_600_000);
    const withOffset = new Date(at.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const r = await cancel.publish({ at: withOffset });
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json().scheduled).toEqual({ at: at.toISOString(), flowSlug: 'cancel' });
    expect(r.json().note).toMatch(/draft is published as it is at that time/);
    let env = await cancel.get();
    expect(env).toMatchObject({ scheduledPublishAt: at.toISOString(), scheduleError: null, published: null });

    const later = inAn(7_200_000).toISOString();
    expect((await cancel.publish({ at: later })).statusCode).toBe(202);
    expect((await cancel.get()).scheduledPublishAt).toBe(later);

    const del = await cancel.cancel();
    expect(del.statusCode, del.body).toBe(204);
    expect(del.body).toBe('');
    env = await cancel.get();
    expect(env.scheduledPublishAt).toBeNull();
    expect(env.published).toBeNull();
    expect((await cancel.cancel()).statusCode).toBe(404);
    expect((await cancel.cancel(undefined, 'no-such-type')).statusCode).toBe(404);
  });

  it('secondary flows by ?flowSlug=, as publish; DELETE takes the type, its legacy segment or its URL segment', async () => {
    await cancel.put(undefined, 'winback');
    const at = inAn(3_600_000).toISOString();
    const r = await cancel.publish({ at }, 'winback');
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json().scheduled.flowSlug).toBe('winback');
    expect((await cancel.get('winback')).scheduledPublishAt).toBe(at);
    expect((await cancel.get()).scheduledPublishAt).toBeNull();
    expect((await cancel.cancel(undefined)).statusCode).toBe(404); // the primary has none
    expect((await cancel.cancel('winback', 'pre-cancel')).statusCode).toBe(204);
    expect((await cancel.cancel('winback')).statusCode).toBe(404);
    // No flow: 404 as a publish now.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/${app.slug}/flows/onboarding/publish`, headers: { ...t.auth, ...json }, payload: { at } })).statusCode).toBe(404);
  });

  it('bodiless, empty and {} publish now (200, the answer as before); a bad `at` is a 422 at /at', async () => {
    await cancel.put(undefined, 'now');
    const bare = await cancel.publish(undefined, 'now');
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toMatchObject({ ok: true, version: 1, flowSlug: 'now' });
    expect(Object.keys(bare.json()).sort()).toEqual(['flowSlug', 'ok', 'publicUrl', 'publishedAt', 'version', 'versionId']);
    expect((await cancel.publish('', 'now')).json().version).toBe(2);
    expect((await cancel.publish({}, 'now')).json().version).toBe(3);

    const bad = [{ at: inAn(-60_000).toISOString() }, { at: inAn(367 * 86_400_000).toISOString() }, { at: '2030-01-01T10:00:00' }, { at: 'tomorrow' }, { at: 5 }];
    for (const body of bad) {
      const r = await cancel.publish(body, 'now');
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().issues[0].path, r.body).toBe('/at');
    }
    expect((await cancel.get('now')).scheduledPublishAt).toBeNull();
    expect((await cancel.get('now')).published.versionNumber).toBe(3);
  });

  it('fires within 5 s of `at`, publishing the draft as edited after scheduling, through the same publish (version, event)', async () => {
    await cancel.put(editedCancel('First'), 'timed');
    expect((await cancel.publish(undefined, 'timed')).json().version).toBe(1);
    const at = inAn(1500);
    expect((await cancel.publish({ at: at.toISOString() }, 'timed')).statusCode).toBe(202);
    await cancel.put(editedCancel('Edited after scheduling'), 'timed');
    let firedAt = 0;
    const fired = await until(async () => {
      const env = await cancel.get('timed');
      if (env.published.versionNumber !== 2) return false;
      firedAt = Date.now();
      return true;
    }, 8000);
    expect(fired).toBe(true);
    expect(firedAt - at.getTime()).toBeLessThan(5000);
    const env = await cancel.get('timed');
    expect(env.published.config.intro.title).toBe('Edited after scheduling');
    expect(Date.parse(env.published.publishedAt)).toBeGreaterThanOrEqual(at.getTime());
    expect(env).toMatchObject({ scheduledPublishAt: null, scheduleError: null, flow: { hasUnpublishedChanges: false } });
    const events = (await outboxEvents(t.db, t.app.services.events, 'flow.published')).filter((e) => e.appId === app.id && e.data.flow.slug === 'timed');
    expect(events.map((e) => e.data.flow.version)).toEqual([1, 2]);
    expect(events[1].data).toMatchObject({ type: 'cancel', version: 2, publishedAt: env.published.publishedAt });
  });

  it('a draft that no longer publishes at its time: nothing published, the flow and the log say why; a publish clears it', async () => {
    await cancel.put(undefined, 'broken');
    const at = inAn(3_600_000).toISOString();
    expect((await cancel.publish({ at }, 'broken')).statusCode).toBe(202);
    // The stored draft stops passing (a stricter schema since it was saved, as publish re-validates).
    await t.db.db.updateTable('flows').set({ draft_json: JSON.stringify({ type: 'cancel', intro: { title: 'x' } }) }).where('app_id', '=', app.id).where('slug', '=', 'broken').execute();
    const logged: { obj: any; msg: string }[] = [];
    const logger = { info: () => {}, warn: (obj: object, msg: string) => logged.push({ obj, msg }) };
    // A scheduler whose clock is past `at` (the server's own, on the real clock, waits an hour).
    const later = { now: () => new Date(Date.parse(at) + 1000) };
    const s = createFlowScheduler({ db: t.db.db, flows: t.app.services.flows, apps: t.app.services.apps, clock: later, logger: () => logger });
    expect(await s.runOnce()).toEqual({ published: 0, failed: 1 });
    expect(await s.runOnce()).toEqual({ published: 0, failed: 0 });
    const env = await cancel.get('broken');
    expect(env.published).toBeNull();
    expect(env.scheduledPublishAt).toBeNull();
    expect(env.scheduleError).toMatchObject({ at, failedAt: later.now().toISOString(), error: expect.stringMatching(/^draft is invalid/) });
    expect(env.scheduleError.issues.length).toBeGreaterThan(0);
    expect(logged).toEqual([{ obj: expect.objectContaining({ appId: app.id, flowSlug: 'broken', at }), msg: expect.stringMatching(/not done/) }]);
    // Fixed and published now: the failure is settled.
    await cancel.put(undefined, 'broken');
    expect((await cancel.publish(undefined, 'broken')).statusCode).toBe(200);
    expect((await cancel.get('broken')).scheduleError).toBeNull();
  });

  it('OpenAPI: publish takes an optional body `{ at }` and answers 200 or 202; the cancel operation is documented', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const publish = doc.paths['/api/v1/apps/{idOrSlug}/flows/cancel/publish'].post;
    expect(publish.requestBody.required).toBe(false);
    expect(Object.keys(publish.requestBody.content['application/json'].schema.properties)).toEqual(['at']);
    expect(Object.keys(publish.responses)).toEqual(expect.arrayContaining(['200', '202', '404', '422']));
    expect(publish.description).toMatch(/as it is at that time/);
    expect(doc.paths['/api/v1/apps/{idOrSlug}/flows/{type}/schedule'].delete.operationId).toBe('cancelScheduledPublish');
    // Operations that need their body still say so.
    expect(doc.paths['/api/v1/apps/{idOrSlug}/flows/cancel'].put.requestBody.required).toBe(true);
  });

  it('MCP: publish_<type>_flow takes `at`; cancel_scheduled_publish cancels; without `at` it publishes now', async () => {
    await cancel.put(undefined, 'agent');
    const client = await connectMcp(t);
    try {
      const at = inAn(3_600_000).toISOString();
      const r = toolJson(await client.callTool({ name: 'publish_cancel_flow', arguments: { appIdOrSlug: app.slug, flowSlug: 'agent', at } }));
      expect(r).toMatchObject({ scheduled: { at, flowSlug: 'agent' } });
      expect((await cancel.get('agent')).scheduledPublishAt).toBe(at);
      const bad = await client.callTool({ name: 'publish_cancel_flow', arguments: { appIdOrSlug: app.slug, flowSlug: 'agent', at: 'soon' } });
      expect(bad.isError).toBe(true);
      expect(toolJson(bad)).toMatchObject({ status: 422, issues: [{ path: '/at' }] });
      await client.callTool({ name: 'cancel_scheduled_publish', arguments: { appIdOrSlug: app.slug, type: 'cancel', flowSlug: 'agent' } });
      expect((await cancel.get('agent')).scheduledPublishAt).toBeNull();
      const again = await client.callTool({ name: 'cancel_scheduled_publish', arguments: { appIdOrSlug: app.slug, type: 'cancel', flowSlug: 'agent' } });
      expect(toolJson(again)).toMatchObject({ status: 404 });
      expect(toolJson(await client.callTool({ name: 'publish_cancel_flow', arguments: { appIdOrSlug: app.slug, flowSlug: 'agent' } }))).toMatchObject({ ok: true, version: 1 });
    } finally {
      await client.close();
    }
  });
});
