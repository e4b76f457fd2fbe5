import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/db/index.js';
import { claimSchedule } from '../../src/kernel/flows/flows.schedule.store.js';
import { PublishClaimLost } from '../../src/kernel/flows/flows.store.js';
import { buildServer } from '../../src/server.js';
import { outboxEvents } from '../events.js';
import { describeEachDb, PG_URL, testConfig, testDb, testApp, type TestApp } from '../helpers.js';
import { listenToEverything } from './listen.fixtures.js';
import { cancelFlows, until } from './schedule.fixtures.js';

type Server = Awaited<ReturnType<typeof buildServer>>;

/** Scheduled publish with two nodes on one database, and across a restart (#37 §2). */
describeEachDb('scheduled publish: nodes and restarts', (dialect) => {
  let t: TestApp;
  let node2: Server;
  let second: DbHandle;
  let app: { id: string; slug: string };
  beforeAll(async () => {
    t = await testApp(dialect);
    // The second node: its own connections on PostgreSQL; on SQLite the same file's handle (one process writes a SQLite file).
    second = t.db;
    if (dialect === 'postgres') {
      const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(t.db.db)).rows[0].s;
      second = openDb({ dialect, url: PG_URL!, schema });
    }
    node2 = await buildServer({ config: t.config, db: second, logger: false });
    await node2.ready();
    app = await t.createApp({ name: 'Two Schedulers' });
    await listenToEverything(t, app.id);
    await node2.services.events.refresh();
  });
  afterAll(async () => {
    await node2.close();
    if (second !== t.db) await second.close();
    await t.close();
  });

  const versionsOf = async (slug: string) =>
    (await t.db.db.selectFrom('flow_versions as v').innerJoin('flows as f', 'f.id', 'v.flow_id').select('v.version_number').where('f.app_id', '=', app.id).where('f.slug', '=', slug).execute()).map((v) => v.version_number);
  const eventsOf = async (slug: string) => (await outboxEvents(t.db, t.app.services.events, 'flow.published')).filter((e) => e.appId === app.id && e.data.flow.slug === slug);

  it('both nodes running, one `at`: exactly one new version per flow, within 5 s', async () => {
    const a = cancelFlows(t.app, t.auth, app.slug);
    const slugs = ['n1', 'n2', 'n3', 'n4'];
    for (const s of slugs) await a.put(undefined, s);
    const at = new Date(Date.now() + 1500);
    // Scheduled half on each node.
    for (const [i, s] of slugs.entries()) expect((await cancelFlows(i % 2 ? node2 : t.app, t.auth, app.slug).publish({ at: at.toISOString() }, s)).statusCode).toBe(202);
    expect(await until(async () => (await Promise.all(slugs.map(versionsOf))).every((v) => v.length > 0), 8000)).toBe(true);
    expect(Date.now() - at.getTime()).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 1500)); // a second publish would have happened by now
    for (const s of slugs) {
      expect(await versionsOf(s), s).toEqual([1]);
      expect((await eventsOf(s)).length, s).toBe(1);
    }
  });

  it('both schedulers pumped at once past the time: one version per flow; two claims in the publish transaction: one wins', async () => {
    const a = cancelFlows(t.app, t.auth, app.slug);
    const slugs = ['r1', 'r2', 'r3'];
    const at = new Date(Date.now() + 3_600_000).toISOString();
    for (const s of slugs) {
      await a.put(undefined, s);
      expect((await a.publish({ at }, s)).statusCode).toBe(202);
    }
    const past = new Date(Date.parse(at) + 1000);
    const runs = await Promise.all([t.app.services.flowScheduler.runOnce(past), node2.services.flowScheduler.runOnce(past), t.app.services.flowScheduler.runOnce(past), node2.services.flowScheduler.runOnce(past)]);
    expect(runs.reduce((n, r) => n + r.published, 0)).toBe(3);
    for (const s of slugs) expect(await versionsOf(s), s).toEqual([1]);

    // Past the lease (a node died mid-publish): both nodes reach the publish transaction; the claim there decides.
    await a.put(undefined, 'race');
    expect((await a.publish({ at }, 'race')).statusCode).toBe(202);
    const flow = (await a.get('race')).flow;
    const row1 = await t.app.services.apps.resolve((await t.db.db.selectFrom('apps').select('account_id').where('id', '=', app.id).executeTakeFirstOrThrow()).account_id, app.id);
    const both = await Promise.allSettled(
      [t.app, node2].map((n) => n.services.flows.publish(row1, 'cancel', 'race', (trx) => claimSchedule(trx, flow.id, at))),
    );
    expect(both.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const lost = both.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(PublishClaimLost);
    expect(await versionsOf('race')).toEqual([1]);
    expect((await eventsOf('race')).length).toBe(1);
    expect((await a.get('race')).scheduledPublishAt).toBeNull();
  });
});

describeEachDb('scheduled publish: a restart', (dialect) => {
  it('a schedule made before the server closed fires on the next server', { timeout: 30_000 }, async () => {
    const db = await testDb(dialect);
    const config = testConfig();
    let s1: Server | undefined;
    let s2: Server | undefined;
    try {
      s1 = await buildServer({ config, db, logger: false });
      await s1.ready();
      const auth = { authorization: `Bearer ${(await s1.services.tokens.create('test')).token}` };
      const created = await s1.inject({ method: 'POST', url: '/api/v1/apps', headers: auth, payload: { name: 'Restarted' } });
      const slug = created.json().app.slug;
      const c1 = cancelFlows(s1, auth, slug);
      await c1.put();
      const at = new Date(Date.now() + 2000);
      expect((await c1.publish({ at: at.toISOString() })).statusCode).toBe(202);
      await s1.close();
      s1 = undefined;
      expect(Date.now()).toBeLessThan(at.getTime());
      s2 = await buildServer({ config, db, logger: false });
      await s2.ready();
      const c2 = cancelFlows(s2, auth, slug);
      expect((await c2.get()).scheduledPublishAt).toBe(at.toISOString());
      expect(await until(async () => (await c2.get()).published?.versionNumber === 1, 8000)).toBe(true);
      expect(Date.now() - at.getTime()).toBeLessThan(5000);
      expect((await c2.get()).scheduledPublishAt).toBeNull();
    } finally {
      await s1?.close();
      await s2?.close();
      await db.cleanup();
    }
  });
});
