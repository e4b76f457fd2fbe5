import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { dashboardLinksMigrations } from '../../src/db/migrations/dashboard-links.js';
import { lastDays, readSeries, readTotals } from '../../src/db/rollups.js';
import { createLinkService } from '../../src/links/links.service.js';
import type { Click } from '../../src/links/links.settle.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { linksApi, UA, visitApp } from './links.fixtures.js';

/** Clicks stored in link_clicks, counted as the roll-ups count them (humans sent on, bots all). */
async function stored(t: TestApp, linkId?: string) {
  let q = t.db.db
    .selectFrom('link_clicks')
    .select([sql<number>`SUM(CASE WHEN is_bot = 0 AND target <> 'expired' THEN 1 ELSE 0 END)`.as('humans'), sql<number>`SUM(CASE WHEN is_bot <> 0 THEN 1 ELSE 0 END)`.as('bots')]);
  if (linkId) q = q.where('link_id', '=', linkId);
  const r = await q.executeTakeFirstOrThrow();
  return { humans: Number(r.humans ?? 0), bots: Number(r.bots ?? 0) };
}

const totals = async (t: TestApp, appId: string, linkId?: string) => {
  const m = linkId ? [`link.clicks:${linkId}`, `link.bot_clicks:${linkId}`] : ['links.clicks', 'links.bot_clicks'];
  const r = await readTotals(t.db.db, appId, m);
  return { humans: r[m[0]], bots: r[m[1]] };
};

describeEachDb('short links: daily click roll-ups', (dialect) => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function setup() {
    t = await testApp(dialect);
    const app = await t.createApp({ name: 'Rolls', slug: 'rolls' });
    const api = linksApi(t, 'rolls');
    const make = async (body: Record<string, unknown>) => (await api.create(body)).json().link as { id: string; code: string };
    return { app, api, make };
  }

  it('count what is stored, per app and per link, under concurrent clicks from two recorders', async () => {
    const { app, make } = await setup();
    const open = await make({ url: 'https://example.com/a', iosUrl: 'https://example.com/ios' });
    const limited = await make({ url: 'https://example.com/b', maxClicks: 7 });
    const disabled = await make({ url: 'https://example.com/c' });
    await linksApi(t, 'rolls').patch(disabled.id, { status: 'disabled' });

    // A second recorder on the same database: another server process, committing its own groups concurrently.
    const other = createLinkService({ db: t.db, clock: { now: () => new Date() }, config: { shortLinkUrl: 'http://x' } });
    const services = [t.app.services.links, other];
    const clicks: Click[] = [];
    for (let i = 0; i < 400; i++) {
      const link = [open, limited, disabled][i % 3];
      clicks.push({ linkId: link.id, bot: i % 5 === 0, target: i % 2 ? 'ios' : 'fallback', country: i % 4 ? 'DE' : null });
    }
    clicks.push({ linkId: 'no-such-link', bot: false, target: 'fallback', country: null });
    const outcomes = await Promise.all(clicks.map((c, i) => services[i % 2].record(c)));
    await other.drain();
    expect(outcomes.filter((o) => o === 'disabled').length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === 'ended').length).toBeGreaterThan(0);

    // And a few over the real redirect path (the fast path in front of Fastify).
    for (let i = 0; i < 3; i++) expect((await visitApp(t, `/l/${open.code}`, { ua: UA.iphone })).status).toBe(302);
    expect((await visitApp(t, `/l/${open.code}`, { ua: 'Twitterbot/1.0' })).status).toBe(302);
    await t.app.services.links.drain();

    const all = await stored(t);
    expect(all.humans).toBeGreaterThan(100);
    expect(all.bots).toBeGreaterThan(50);
    expect(await totals(t, app.id)).toEqual(all);
    for (const l of [open, limited, disabled]) expect(await totals(t, app.id, l.id)).toEqual(await stored(t, l.id));
    // The limit's humans: exactly 7 sent on, the rest got the ended page and are not clicks.
    expect((await totals(t, app.id, limited.id)).humans).toBe(7);
    expect(await totals(t, app.id, disabled.id)).toEqual({ humans: 0, bots: 0 });
    // Today's day holds them (the recorder's clock).
    const [today] = await readSeries(t.db.db, app.id, ['links.clicks'], lastDays(new Date(), 1));
    expect(today.total).toBe(all.humans);
  });

  it('reset clears the link’s own series and keeps the app’s; delete clears the link’s series', async () => {
    const { app, api, make } = await setup();
    const a = await make({ url: 'https://example.com/a' });
    const b = await make({ url: 'https://example.com/b' });
    const click = (id: string, bot = false) => t.app.services.links.record({ linkId: id, bot, target: 'fallback', country: 'FR' });
    await Promise.all([click(a.id), click(a.id), click(a.id, true), click(b.id), click(b.id, true)]);
    expect(await totals(t, app.id, a.id)).toEqual({ humans: 2, bots: 1 });

    expect((await api.patch(a.id, { resetClicks: true })).statusCode).toBe(200);
    expect(await totals(t, app.id, a.id)).toEqual({ humans: 0, bots: 0 });
    expect(await totals(t, app.id, b.id)).toEqual({ humans: 1, bots: 1 });
    expect(await totals(t, app.id)).toEqual({ humans: 3, bots: 2 });
    // The all-time stats (link_click_counts) are kept by a reset, as the API says.
    expect((await api.get(a.id)).json().stats).toMatchObject({ clicks: 2, botClicks: 1 });

    await click(a.id);
    expect(await totals(t, app.id, a.id)).toEqual({ humans: 1, bots: 0 });
    // Another field's PATCH leaves the series alone.
    expect((await api.patch(a.id, { name: 'Renamed' })).statusCode).toBe(200);
    expect(await totals(t, app.id, a.id)).toEqual({ humans: 1, bots: 0 });

    expect((await api.remove(b.id)).statusCode).toBe(200);
    const left = await t.db.db.selectFrom('daily_counts').select('metric').where('app_id', '=', app.id).where('metric', 'like', `%${b.id}`).execute();
    expect(left).toEqual([]);
    expect(await totals(t, app.id)).toEqual({ humans: 4, bots: 2 });
  });

  it('migration 0123 backfills the four metrics from the stored clicks', async () => {
    const { app, make } = await setup();
    const a = await make({ url: 'https://example.com/a', maxClicks: 2 });
    const b = await make({ url: 'https://example.com/b' });
    const clicks: Click[] = [
      ...Array.from({ length: 5 }, (): Click => ({ linkId: a.id, bot: false, target: 'fallback', country: null })),
      { linkId: a.id, bot: true, target: 'fallback', country: null },
      { linkId: b.id, bot: false, target: 'android', country: 'US' },
    ];
    await Promise.all(clicks.map((c) => t.app.services.links.record(c)));
    // An earlier day's history, as a database from before the roll-ups holds it.
    await t.db.db.insertInto('link_clicks').values({ link_id: b.id, seq: 100, created_at: '2026-01-02T10:00:00.000Z', target: 'ios', country: null, is_bot: 0 }).execute();
    const before = await t.db.db.selectFrom('daily_counts').select(['metric', 'day', (eb) => eb.fn.sum<number>('n').as('n')]).where('app_id', '=', app.id).groupBy(['metric', 'day']).execute();

    await t.db.db.deleteFrom('daily_counts').execute();
    await dashboardLinksMigrations['0123_link_click_rollups'].up(t.db.db);
    const after = await t.db.db.selectFrom('daily_counts').select(['metric', 'day', (eb) => eb.fn.sum<number>('n').as('n')]).where('app_id', '=', app.id).groupBy(['metric', 'day']).execute();
    const norm = (rows: typeof before) => rows.map((r) => `${r.metric} ${r.day} ${Number(r.n)}`).sort();
    const backfilled = norm(after);
    expect(backfilled).toEqual(
      [...norm(before), `links.clicks 2026-01-02 1`, `link.clicks:${b.id} 2026-01-02 1`].sort(),
    );
    expect(backfilled).toContain(`link.clicks:${a.id} ${new Date().toISOString().slice(0, 10)} 2`);
  });
});
