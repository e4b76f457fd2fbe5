import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/index.js';
import { createWebhookWorker } from '../../src/webhooks/webhooks.worker.js';
import { describeEachDb, PG_URL, testDb } from '../helpers.js';
import { addEndpoint, deliveries, emit, fixture, receiver } from './delivery.helpers.js';

const until = async (cond: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

describe.skipIf(!PG_URL)('webhook delivery: two nodes on one PostgreSQL', () => {
  it('300 events through two workers on two connections: every delivery received exactly once', { timeout: 120_000 }, async () => {
    const a = await testDb('postgres');
    const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(a.db)).rows[0].s;
    const b = openDb({ dialect: 'postgres', url: PG_URL!, schema });
    // A receiver slow enough for the two nodes' claims to overlap.
    const rx = await receiver(() => ({ status: 200 }));
    const fa = await fixture('postgres', {}, a);
    try {
      await addEndpoint(fa, { url: rx.url });
      await addEndpoint(fa, { url: `${rx.url}?second`, events: ['test.thing.created'] });
      for (let i = 0; i < 3; i++) {
        await emit(fa, Array.from({ length: 100 }, (_, j) => (j % 2 ? { type: 'test.other.happened', data: { n: i * 100 + j } } : { type: 'test.thing.created', data: { id: `t${i * 100 + j}`, app: fa.slug, title: 'x' } })));
      }
      const w1 = createWebhookWorker({ db: a, events: fa.events, config: fa.config });
      const w2 = createWebhookWorker({ db: b, events: fa.events, config: fa.config });
      try {
        w1.start();
        w2.start();
        // Both also pump by hand, at the same moments, to make them race for the same rows.
        for (let i = 0; i < 20 && rx.received.length < 450; i++) await Promise.all([w1.runOnce(), w2.runOnce(), w1.runOnce(), w2.runOnce()]);
        expect(await until(() => rx.received.length >= 450, 60_000)).toBe(true);
        await new Promise((r) => setTimeout(r, 700)); // a duplicate would have arrived by now
      } finally {
        await Promise.all([w1.close(), w2.close()]);
      }
      const keys = rx.received.map((r) => `${r.url} ${r.headers['webhook-id']}`);
      expect(keys).toHaveLength(450);
      expect(new Set(keys).size).toBe(450);
      const rows = await deliveries(a);
      expect(rows).toHaveLength(450);
      expect(rows.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
      expect(await a.db.selectFrom('outbox_events').select('id').where('fanned_out', '=', 0).execute()).toEqual([]);
    } finally {
      await rx.close();
      await b.close();
      await a.cleanup();
    }
  });
});

describeEachDb('webhook delivery: the running loop', (dialect) => {
  it('a burst of 2,000 events reaches a local receiver within 60 s; close() stops the loop', { timeout: 120_000 }, async () => {
    const f = await fixture(dialect);
    const rx = await receiver();
    const w = createWebhookWorker({ db: f.db, events: f.events, config: f.config });
    try {
      await addEndpoint(f, { url: rx.url });
      w.start();
      const t0 = Date.now();
      for (let i = 0; i < 20; i++) await emit(f, Array.from({ length: 100 }, (_, j) => ({ type: 'test.other.happened', data: { n: i * 100 + j } })));
      w.kick();
      expect(await until(() => rx.received.length >= 2000, 60_000)).toBe(true);
      const ms = Date.now() - t0;
      expect(ms).toBeLessThan(60_000);
      expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(2000);
      await w.close();
      // Stopped: a new event stays undelivered.
      await emit(f, [{ type: 'test.other.happened', data: { n: -1 } }]);
      await new Promise((r) => setTimeout(r, 800));
      expect(rx.received).toHaveLength(2000);
      console.log(`[${dialect}] 2000 deliveries in ${ms} ms`);
    } finally {
      await w.close();
      await rx.close();
      await f.cleanup();
    }
  });
});
