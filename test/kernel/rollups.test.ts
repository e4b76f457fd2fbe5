import { afterAll, beforeAll, expect, it } from 'vitest';
import { aggregate, bump, lastDays, readPrefixTotals, readSeries, readTotals } from '../../src/db/rollups.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { goodFeedback, goodWaitlist, putAndPublish, submit } from '../flows/forms/forms.fixtures.js';

it('aggregates bumps per app, metric and day, in one sorted order', () => {
  const rows = aggregate([
    { appId: 'b', metric: 'x', at: '2026-11-02T10:00:00Z' },
    { appId: 'a', metric: 'x', at: '2026-11-02T23:59:59Z' },
    { appId: 'a', metric: 'x', at: '2026-11-02T00:00:00Z', n: 2 },
    { appId: 'a', metric: 'x', at: '2026-11-03T00:00:00Z' },
  ]);
  expect(rows).toEqual([
    { app_id: 'a', metric: 'x', day: '2026-11-02', n: 3 },
    { app_id: 'a', metric: 'x', day: '2026-11-03', n: 1 },
    { app_id: 'b', metric: 'x', day: '2026-11-02', n: 1 },
  ]);
  expect(lastDays(new Date('2026-03-01T12:00:00Z'), 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
});

describeEachDb('daily roll-ups', (dialect) => {
  let t: TestApp;
  let appId: string;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    const a = await t.createApp({ name: 'Rolls', slug: 'rolls' });
    appId = a.id;
    await putAndPublish(t, 'rolls', 'waitlist', goodWaitlist());
    await putAndPublish(t, 'rolls', 'feedback', goodFeedback());
  });
  afterAll(() => t.close());

  it('count exactly what was stored: concurrent signups, a repeat adds nothing, submissions by type', async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `u${i}@example.com`);
    const answers = await Promise.all([...emails, ...emails.slice(0, 10)].map((email) => submit(t, 'waitlist', { appSlug: 'rolls', email })));
    expect(answers.every((r) => r.statusCode < 300)).toBe(true);
    await Promise.all(Array.from({ length: 25 }, (_, i) => submit(t, 'feedback', { appSlug: 'rolls', message: `m${i}`, rating: 4 })));
    const stored = await t.db.db.selectFrom('waitlist_signups').select((eb) => eb.fn.countAll<number>().as('n')).where('app_id', '=', appId).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(60);
    const days = lastDays(new Date(), 2);
    const [signups, feedback, reports] = await readSeries(t.db.db, appId, ['waitlist.signups', 'feedback.submissions', 'report.submissions'], days);
    expect(signups.total).toBe(60);
    expect(signups.values[1]).toBe(60);
    expect(feedback.total).toBe(25);
    expect(reports.total).toBe(0);
    expect(await readTotals(t.db.db, appId, ['waitlist.signups', 'nothing'])).toEqual({ 'waitlist.signups': 60, nothing: 0 });
  });

  it('sum the shards and add inside a transaction', async () => {
    await t.db.db.transaction().execute(async (trx) => {
      await bump(trx, [{ appId, metric: 'test.things', at: '2026-01-05T01:00:00Z', n: 2 }], 3);
      await bump(trx, [{ appId, metric: 'test.things', at: '2026-01-05T02:00:00Z' }], 7);
      await bump(trx, [{ appId, metric: 'test.things', at: '2026-01-05T03:00:00Z' }], 7);
    });
    const [s] = await readSeries(t.db.db, appId, ['test.things'], ['2026-01-04', '2026-01-05', '2026-01-06']);
    expect(s.values).toEqual([0, 4, 0]);
  });
});

describeEachDb('daily roll-ups by prefix', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('sum every metric with a prefix over a day range, per app, largest first', async () => {
    const a = await t.createApp({ name: 'Prefix A', slug: 'prefix-a' });
    const b = await t.createApp({ name: 'Prefix B', slug: 'prefix-b' });
    await t.db.db.transaction().execute(async (trx) => {
      await bump(trx, [
        { appId: a.id, metric: 'x.src:ads', at: '2026-02-01T10:00:00Z', n: 2 },
        { appId: a.id, metric: 'x.src:ads', at: '2026-02-02T10:00:00Z' },
        { appId: a.id, metric: 'x.src:web', at: '2026-02-02T10:00:00Z', n: 4 },
        // Outside the range, another prefix, another app, a name LIKE would confuse: none counts.
        { appId: a.id, metric: 'x.src:web', at: '2026-02-05T10:00:00Z', n: 50 },
        { appId: a.id, metric: 'x.srcX', at: '2026-02-02T10:00:00Z', n: 9 },
        { appId: a.id, metric: 'X.SRC:caps', at: '2026-02-02T10:00:00Z', n: 9 },
        { appId: b.id, metric: 'x.src:ads', at: '2026-02-02T10:00:00Z', n: 7 },
      ], 0);
      await bump(trx, [{ appId: a.id, metric: 'x.src:ads', at: '2026-02-02T11:00:00Z', n: 2 }], 5);
    });
    const days = ['2026-02-01', '2026-02-02', '2026-02-03'];
    expect(await readPrefixTotals(t.db.db, a.id, 'x.src:', days)).toEqual([
      { key: 'ads', n: 5 },
      { key: 'web', n: 4 },
    ]);
    expect(await readPrefixTotals(t.db.db, b.id, 'x.src:', days)).toEqual([{ key: 'ads', n: 7 }]);
    expect(await readPrefixTotals(t.db.db, a.id, 'x.src:', ['2026-03-01'])).toEqual([]);
    expect(await readPrefixTotals(t.db.db, a.id, 'x.src:', [])).toEqual([]);
  });
});
