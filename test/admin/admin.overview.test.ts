import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodFeedback, goodWaitlist, putAndPublish, submit } from '../flows/forms/forms.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

describeEachDb('dashboard: app overview', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  beforeAll(async () => {
    t = await ownerApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Numbers', slug: 'numbers' });
    cookie = (await t.signIn()).cookie;
  });
  afterAll(() => t.close());

  it('says nothing is published yet, with the app tabs', async () => {
    const r = await t.page('/admin/apps/numbers/overview', cookie);
    expect(r.status).toBe(200);
    expect(r.body).toContain('Nothing published yet');
    expect(r.body).toMatch(/<nav class="tabs" aria-label="Numbers sections">/);
    expect(r.body).toMatch(/href="\/admin\/apps\/numbers\/overview" aria-current="page"/);
  });

  it('shows today, 7 and 30 days of each published flow, from the roll-ups', async () => {
    await putAndPublish(t, 'numbers', 'waitlist', goodWaitlist());
    await putAndPublish(t, 'numbers', 'feedback', goodFeedback());
    for (let i = 0; i < 7; i++) expect((await submit(t, 'waitlist', { appSlug: 'numbers', email: `p${i}@example.com` })).statusCode).toBeLessThan(300);
    for (let i = 0; i < 3; i++) expect((await submit(t, 'feedback', { appSlug: 'numbers', message: `m${i}` })).statusCode).toBeLessThan(300);
    // Yesterday's counter (as an earlier day's arrivals would have left it).
    const app = await t.db.db.selectFrom('apps').select('id').where('slug', '=', 'numbers').executeTakeFirstOrThrow();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.db.db.insertInto('daily_counts').values({ app_id: app.id, metric: 'waitlist.signups', day: yesterday, shard: 0, n: 5 }).execute();

    const r = await t.page('/admin/apps/numbers/overview', cookie);
    const card = (label: string) => {
      const m = new RegExp(`>${label}</a></h2><dl>(.*?)</dl>`).exec(r.body);
      expect(m, label).toBeTruthy();
      return [...m![1].matchAll(/<dd>([\d,]+)<\/dd>/g)].map((x) => Number(x[1].replace(/,/g, '')));
    };
    expect(card('Waitlist signups')).toEqual([7, 12, 12]);
    expect(card('Feedback')).toEqual([3, 3, 3]);
    // Flows that are not published show no card.
    // (A card, not the Reports tab.)
    expect(r.body).not.toMatch(/<h2><a [^>]*>Reports<\/a><\/h2>/);
    expect(r.body).toContain('<svg class="spark"');
  });

  it('is for signed-in owners of the app only', async () => {
    expect((await t.app.inject({ url: '/admin/apps/numbers/overview' })).statusCode).toBe(303);
    expect((await t.page('/admin/apps/nope/overview', cookie)).status).toBe(404);
  });
});
