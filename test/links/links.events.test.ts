import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from '../../src/server.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { outboxEvents } from '../events.js';
import { expectNothingPrivate, listenToEverything as listenToApp } from '../flows/listen.fixtures.js';
import { BOT_AGENTS, UA } from './links.fixtures.js';

const TYPE = 'link.click_limit_reached';
const DEST = 'https://example.com/limited';

/** `link.click_limit_reached` (#33): the group commit whose clicks reach maxClicks writes it, once per link. */
describeEachDb('short link events', (dialect) => {
  let t: TestApp;
  let app: { id: string; slug: string };
  beforeAll(async () => {
    t = await testApp(dialect);
    app = await t.createApp({ name: 'Link Events' });
    await listenToApp(t, app.id);
  });
  afterAll(() => t.close());

  const createLink = async (slug: string, body: Record<string, unknown>) => {
    const r = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/links`, headers: t.auth, payload: { url: DEST, ...body } });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().link as { id: string; code: string };
  };
  const click = (server: TestApp['app'], code: string, ua: string = UA.iphone, i = 0) =>
    server.inject({ method: 'GET', url: `/l/${code}`, headers: { 'user-agent': ua }, remoteAddress: `203.0.113.${(i % 200) + 1}` });
  const eventsOf = async (linkId: string) => (await outboxEvents(t.db, t.app.services.events, TYPE)).filter((e) => e.data.id === linkId);

  it('60 concurrent human clicks and 20 bots on a 5-click link: exactly one event, with the link as the owner API answers it', async () => {
    const link = await createLink(app.slug, { code: 'spring', name: 'Spring sale', maxClicks: 5 });
    const answers = await Promise.all([
      ...Array.from({ length: 60 }, (_, i) => click(t.app, link.code, i % 2 ? UA.android : UA.iphone, i)),
      ...Array.from({ length: 20 }, (_, i) => click(t.app, link.code, BOT_AGENTS[i % BOT_AGENTS.length], i)),
    ]);
    expect(answers.slice(0, 60).filter((r) => r.headers.location === DEST)).toHaveLength(5);
    const got = await eventsOf(link.id);
    expect(got).toHaveLength(1);
    expect(got[0].appId).toBe(app.id);
    const owner = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.slug}/links/${link.id}`, headers: t.auth })).json().link;
    expect(got[0].data).toEqual({ ...owner, app: app.slug });
    expect(got[0].data).toMatchObject({ code: 'spring', maxClicks: 5, clickCount: 5, state: 'limit_reached' });
    // Later clicks (refused) add nothing.
    for (let i = 0; i < 5; i++) await click(t.app, link.code);
    expect(await eventsOf(link.id)).toHaveLength(1);
    expect(await expectNothingPrivate(t, app.id, '203.0.113.')).toBeGreaterThan(0);
    expect(t.app.services.events.catalog.get(TYPE)!.summary(got[0].data)).toBe('Short link /spring reached its 5-click limit');
  });

  it('no limit, bots only, or clicks under the limit: no event; reset and reached again: a second one', async () => {
    const open = await createLink(app.slug, {});
    const botsOnly = await createLink(app.slug, { maxClicks: 2 });
    const under = await createLink(app.slug, { maxClicks: 10 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => click(t.app, open.code, UA.desktop, i)));
    await Promise.all(Array.from({ length: 6 }, (_, i) => click(t.app, botsOnly.code, BOT_AGENTS[i], i)));
    await Promise.all(Array.from({ length: 9 }, (_, i) => click(t.app, under.code, UA.iphone, i)));
    for (const l of [open, botsOnly, under]) expect(await eventsOf(l.id)).toEqual([]);
    await click(t.app, under.code);
    expect(await eventsOf(under.id)).toHaveLength(1);
    const reset = await t.app.inject({ method: 'PATCH', url: `/api/v1/apps/${app.slug}/links/${under.id}`, headers: t.auth, payload: { resetClicks: true } });
    expect(reset.statusCode, reset.body).toBe(200);
    await Promise.all(Array.from({ length: 15 }, (_, i) => click(t.app, under.code, UA.iphone, i)));
    expect(await eventsOf(under.id)).toHaveLength(2);
  });

  it.runIf(dialect === 'postgres')('two nodes on one database, concurrent clicks past the limit: exactly one event', async () => {
    const node2 = await buildServer({ config: t.config, db: t.db, logger: false });
    await node2.ready();
    try {
      await node2.services.events.refresh();
      const link = await createLink(app.slug, { maxClicks: 7 });
      const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => click(i % 2 ? node2 : t.app, link.code, UA.iphone, i)));
      expect(answers.filter((r) => r.headers.location === DEST)).toHaveLength(7);
      const got = await eventsOf(link.id);
      expect(got).toHaveLength(1);
      expect(got[0].data).toMatchObject({ clickCount: 7, maxClicks: 7, state: 'limit_reached' });
    } finally {
      await node2.close();
    }
  });

  it('an app nobody listens to: reaching the limit writes no outbox row', async () => {
    const quiet = await t.createApp({ name: 'Quiet Links' });
    await t.app.services.events.refresh();
    const link = await createLink(quiet.slug, { maxClicks: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => click(t.app, link.code, UA.iphone, i)));
    expect(answers.filter((r) => r.headers.location === DEST)).toHaveLength(3);
    expect(await t.db.db.selectFrom('outbox_events').selectAll().where('app_id', '=', quiet.id).execute()).toEqual([]);
  });
});
