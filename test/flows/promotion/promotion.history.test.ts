import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHistoryCache } from '../../../src/flows/promotion/promotion.history.js';
import type { createPromotionStore } from '../../../src/flows/promotion/promotion.store.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { overHttp, ownerWithApps, post, putAndPublish } from './promotion.fixtures.js';

// Resolve's per-node cache of each user's events (#18): exact on a single-writer node, off with several.
describeEachDb('app promotion: per-node user history', (dialect) => {
  let t: TestApp;
  let apps: Awaited<ReturnType<typeof ownerWithApps>>;
  const inject = (o: InjectOptions) => overHttp(t)(o);
  const resolve = async (body: Record<string, unknown>) => (await post(inject, 'resolve', { appSlug: 'sleepy', placement: 'home', ...body })).json();
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    apps = await ownerWithApps(t);
    const dests = Object.values(apps.dest).map((d) => ({ destinationAppId: d.id }));
    await putAndPublish(t, 'sleepy', { type: 'app_promotion', placement: 'home', mode: 'rotating', rotationStrategy: 'smart', destinations: dests, frequency: { maxImpressionsPerWindow: 2 } });
  });
  afterAll(() => t.close());

  it('caches only where this node is the only writer, and sees its own events at once', async () => {
    const store = (t.app.services as any).promotion.store;
    const history = (t.app.services as any).promotion.promotions.history;
    expect(store.singleWriter()).toBe(dialect === 'sqlite');
    // Smart rotation and the frequency cap see each impression this node stored, immediately.
    const a = await resolve({ userId: 'cached' });
    await post(inject, 'event', { trackingToken: a.trackingToken, event: 'impression' });
    const b = await resolve({ userId: 'cached' });
    expect(b.destination.appId).not.toBe(a.destination.appId);
    await post(inject, 'event', { trackingToken: b.trackingToken, event: 'impression' });
    expect(await resolve({ userId: 'cached' })).toEqual({ decision: 'none', reason: 'frequency_cap' });
    expect(history.size).toBe(dialect === 'sqlite' ? 1 : 0);
  });

  it('reads the database once per user while the entry lives, and again after clear()', async () => {
    // The server's own store (a second store on this handle would make the node a non-single writer).
    const real = (t.app.services as any).promotion.store as ReturnType<typeof createPromotionStore>;
    let reads = 0;
    const counting = { ...real, singleWriter: () => true, userHistory: (...args: Parameters<typeof real.userHistory>) => (reads++, real.userHistory(...args)) };
    const cache = createHistoryCache(counting as typeof real, { singleWriter: () => true });
    const since = new Date(Date.now() - 14 * 86_400_000).toISOString();
    const first = await Promise.all([cache.get(apps.source.id, 'u:cached', since), cache.get(apps.source.id, 'u:cached', since)]);
    expect(reads).toBe(1);
    expect(first[0].filter((r) => r.event === 'impression')).toHaveLength(2);
    await cache.get(apps.source.id, 'u:cached', new Date(Date.now() - 86_400_000).toISOString()); // a later `since` is served from the entry
    expect(reads).toBe(1);
    cache.add(apps.source.id, 'u:cached', { flow_id: 'f', destination_app_id: 'd', event: 'tapped', created_at: new Date().toISOString() });
    expect((await cache.get(apps.source.id, 'u:cached', since))[0].event).toBe('tapped');
    cache.clear();
    await cache.get(apps.source.id, 'u:cached', since);
    expect(reads).toBe(2);
  });

  it('forgets an erased user', async () => {
    const history = (t.app.services as any).promotion.promotions.history;
    expect(history.size).toBe(dialect === 'sqlite' ? 1 : 0);
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/apps/sleepy/data-subjects/erase', headers: { ...t.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ userId: 'cached' }) });
    expect(r.statusCode).toBe(200);
    expect(history.size).toBe(0);
    // The erased impressions no longer count against the cap.
    expect((await resolve({ userId: 'cached' })).decision).toBe('show');
  });
  it('answers the reads of one turn each with the rows of its own user (PostgreSQL: in one statement)', async () => {
    const store = (t.app.services as any).promotion.store as ReturnType<typeof createPromotionStore>;
    for (const user of ['batch-a', 'batch-a', 'batch-b']) {
      const r = await resolve({ userId: user });
      expect((await post(inject, 'event', { trackingToken: r.trackingToken, event: 'impression' })).statusCode).toBeLessThan(300);
    }
    const since = new Date(Date.now() - 14 * 86_400_000).toISOString();
    const asks: [string, string, string, number][] = [
      [apps.source.id, 'u:batch-a', since, 600],
      [apps.source.id, 'u:batch-b', since, 600],
      [apps.source.id, 'u:batch-a', since, 600],
      [apps.source.id, 'u:nobody', since, 600],
      [apps.source.id, 'u:batch-a', since, 1],
      [apps.dest.focus.id, 'u:batch-a', since, 600],
      [apps.source.id, 'u:batch-a', new Date(Date.now() + 86_400_000).toISOString(), 600],
    ];
    const one = [];
    for (const a of asks) one.push(await store.userHistory(...a));
    let statements = 0;
    const pool = t.db.pg;
    const query = pool?.query;
    if (pool) pool.query = ((...args: Parameters<typeof pool.query>) => (statements++, (query as any).apply(pool, args))) as typeof pool.query;
    try {
      const together = await Promise.all(asks.map((a) => store.userHistory(...a)));
      expect(together).toEqual(one);
      if (pool) expect(statements).toBe(1);
    } finally {
      if (pool) pool.query = query!;
    }
    expect(one.map((rows) => rows.length)).toEqual([2, 1, 2, 0, 1, 0, 0]);
    expect(one[0][0].created_at >= one[0][1].created_at).toBe(true);
    expect(one[4]).toEqual([one[0][0]]);
    // Each caller gets an array of its own.
    const [x, y] = await Promise.all([store.userHistory(...asks[0]), store.userHistory(...asks[0])]);
    expect(x).toEqual(y);
    expect(x).not.toBe(y);
  });
});
