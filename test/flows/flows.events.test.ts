import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { outboxEvents } from '../events.js';
import { connectMcp, toolJson } from '../mcp/mcp.client.js';
import { goodCancel } from './cancel.fixtures.js';
import { goodWaitlist, putAndPublish } from './forms/forms.fixtures.js';
import { expectNothingPrivate, listenToEverything } from './listen.fixtures.js';

const TYPE = 'flow.published';

/** `flow.published` (#33): every publish of every flow type, in the transaction that draws its version number. */
describeEachDb('flow.published', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  beforeAll(async () => {
    t = await testApp(dialect);
    app = await t.createApp({ name: 'Publisher' });
    await listenToEverything(t, app.id);
  });
  afterAll(() => t.close());

  const publish = (slug: string, segment: string, flowSlug?: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/flows/${segment}/publish${flowSlug ? `?flowSlug=${flowSlug}` : ''}`, headers: { authorization: t.auth.authorization } });
  const published = async (appId: string) => (await outboxEvents(t.db, t.app.services.events, TYPE)).filter((e) => e.appId === appId);

  it('each publish (any type, secondaries too): one event with what the publish answered; failed publishes none', async () => {
    await putAndPublish(t, app.slug, 'waitlist', goodWaitlist());
    await putAndPublish(t, app.slug, 'cancel', goodCancel());
    await putAndPublish(t, app.slug, 'cancel', goodCancel(), 'winback');
    const again = await publish(app.slug, 'cancel', 'winback');
    expect(again.statusCode, again.body).toBe(200);
    // Nothing to publish (no draft), an unknown app: no event.
    expect((await publish(app.slug, 'onboarding')).statusCode).toBe(404);
    expect((await publish('no-such-app', 'cancel')).statusCode).toBe(404);

    const got = await published(app.id);
    expect(got.map((e) => [e.data.type, e.data.flow.slug, e.data.flow.version])).toEqual([
      ['waitlist', 'waitlist', 1],
      ['cancel', 'cancel', 1],
      ['cancel', 'winback', 1],
      ['cancel', 'winback', 2],
    ]);
    const last = got[3];
    expect(last.data).toEqual({ ...again.json(), app: app.slug, type: 'cancel', flow: { slug: 'winback', version: 2 } });
    expect(last.createdAt).toBe(again.json().publishedAt);
    expect(await expectNothingPrivate(t, app.id, '127.0.0.1')).toBe(4);
    expect(t.app.services.events.catalog.get(TYPE)!.summary(last.data)).toBe('Published cancel flow "winback" version 2');
  });

  it('concurrent publishes of one flow: one event per version drawn, each with its own number', async () => {
    await putAndPublish(t, app.slug, 'cancel', goodCancel(), 'storm');
    const answers = await Promise.all(Array.from({ length: 5 }, () => publish(app.slug, 'cancel', 'storm')));
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const versions = (await published(app.id)).filter((e) => e.data.flow.slug === 'storm').map((e) => e.data.version);
    expect(versions.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answers.map((r) => r.json().version).sort()).toEqual([2, 3, 4, 5, 6]);
  });

  it('the MCP tool publishes through the same service: its event too', async () => {
    const before = (await published(app.id)).length;
    const client = await connectMcp(t);
    try {
      const r = await client.callTool({ name: 'publish_waitlist_flow', arguments: { appIdOrSlug: app.slug } });
      expect(toolJson(r)).toMatchObject({ ok: true, version: 2 });
    } finally {
      await client.close();
    }
    const got = (await published(app.id)).slice(before);
    expect(got.map((e) => [e.data.type, e.data.version])).toEqual([['waitlist', 2]]);
  });

  it('an app nobody listens to: publishing writes no outbox row', async () => {
    const quiet = await t.createApp({ name: 'Quiet Publisher' });
    await putAndPublish(t, quiet.slug, 'waitlist', goodWaitlist());
    expect(await t.db.db.selectFrom('outbox_events').selectAll().where('app_id', '=', quiet.id).execute()).toEqual([]);
  });
});
