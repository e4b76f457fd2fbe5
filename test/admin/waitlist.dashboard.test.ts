import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dashboardBoardsMigrations } from '../../src/db/migrations/dashboard-boards.js';
import { lastDays, readPrefixTotals } from '../../src/db/rollups.js';
import { goodWaitlist, putAndPublish, submit } from '../flows/forms/forms.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

describeEachDb('dashboard: waitlist', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  let appId: string;
  beforeAll(async () => {
    t = await ownerApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000', TRUST_PROXY: 'true', COUNTRY_HEADER: 'cf-ipcountry' } });
    appId = (await t.createApp({ name: 'Queue', slug: 'queue' })).id;
    await putAndPublish(t, 'queue', 'waitlist', goodWaitlist());
    const people = [
      ...Array.from({ length: 4 }, (_, i) => ({ email: `ads${i}@example.com`, source: 'ads', cc: 'NL' })),
      ...Array.from({ length: 2 }, (_, i) => ({ email: `tw${i}@example.com`, source: 'twitter', cc: 'DE' })),
      { email: 'plain@example.com', source: undefined, cc: undefined },
      // A formula in the source: the CSV must neutralise it (kernel/csv.ts).
      { email: 'evil@example.com', source: '=HYPERLINK("x")', cc: 'NL' },
    ];
    for (const p of people) {
      const r = await submit(t, 'waitlist', { appSlug: 'queue', email: p.email, ...(p.source ? { source: p.source } : {}) }, { 'x-forwarded-for': '203.0.113.9', ...(p.cc ? { 'cf-ipcountry': p.cc } : {}) });
      expect(r.statusCode).toBe(201);
    }
    // A repeat signup adds nothing to any counter.
    expect((await submit(t, 'waitlist', { appSlug: 'queue', email: 'ADS0@example.com', source: 'ads' }, { 'cf-ipcountry': 'NL' })).statusCode).toBe(200);
    cookie = (await t.signIn()).cookie;
  });
  afterAll(() => t.close());

  it('counts signups by source and country in the roll-ups, beside waitlist.signups', async () => {
    const days = lastDays(new Date(), 1);
    expect(await readPrefixTotals(t.db.db, appId, 'waitlist.source:', days)).toEqual([
      { key: 'ads', n: 4 },
      { key: 'twitter', n: 2 },
      { key: '=HYPERLINK("x")', n: 1 },
      { key: 'direct', n: 1 },
    ]);
    expect(await readPrefixTotals(t.db.db, appId, 'waitlist.country:', days)).toEqual([
      { key: 'NL', n: 5 },
      { key: 'DE', n: 2 },
      { key: 'unknown', n: 1 },
    ]);
  });

  it('shows the chart, by source, by country and the latest signups', async () => {
    const r = await t.page('/admin/apps/queue/waitlist', cookie);
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/href="\/admin\/apps\/queue\/waitlist" aria-current="page">Waitlist</);
    expect(r.body).toContain('<span class="strong">Signups</span>');
    expect(r.body).toContain('8 in the last 30 days');
    const table = (title: string) => {
      const m = new RegExp(`<h2>${title}</h2>(.*?)</section>`).exec(r.body);
      expect(m, title).toBeTruthy();
      return [...m![1].matchAll(/<th scope="row">(.*?)<\/th><td class="num">(\d+)<\/td>/g)].map((x) => [x[1], Number(x[2])]);
    };
    expect(table('By source')).toEqual([
      ['ads', 4],
      ['twitter', 2],
      ['=HYPERLINK(&quot;x&quot;)', 1],
      ['Direct (no source)', 1],
    ]);
    expect(table('By country')).toEqual([
      ['Netherlands (NL)', 5],
      ['Germany (DE)', 2],
      ['Unknown', 1],
    ]);
    expect(r.body).toContain('evil@example.com');
    expect(r.body).toContain('href="/admin/apps/queue/waitlist/signups.csv"');
    // Escaped, never markup.
    expect(r.body).not.toContain('<script>alert');
  });

  it('pages the table over the API cursor, with links that work without JavaScript', async () => {
    for (let i = 0; i < 50; i++) expect((await submit(t, 'waitlist', { appSlug: 'queue', email: `many${i}@example.com` })).statusCode).toBe(201);
    const first = await t.page('/admin/apps/queue/waitlist', cookie);
    const emails = (html: string) => [...html.matchAll(/<td class="mono wrap" data-label="Email">([^<]+)<\/td>/g)].map((m) => m[1]);
    expect(emails(first.body)).toHaveLength(50);
    const next = /href="(\/admin\/apps\/queue\/waitlist\?cursor=[^"]+)" rel="next"/.exec(first.body)?.[1].replace(/&amp;/g, '&');
    expect(next).toBeTruthy();
    const second = await t.page(next!, cookie);
    expect(second.status).toBe(200);
    expect(second.body).toContain('Older signups');
    expect(second.body).toContain('href="/admin/apps/queue/waitlist">← Newest');
    const rest = emails(second.body);
    expect(rest).toHaveLength(8);
    expect(new Set([...emails(first.body), ...rest]).size).toBe(58);
    expect(second.body).not.toContain('rel="next"');
  });

  it('downloads the API’s own CSV (guarded cells), with or without the custom fields', async () => {
    const r = await t.app.inject({ url: '/admin/apps/queue/waitlist/signups.csv', headers: { cookie } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.headers['content-disposition']).toBe('attachment; filename="queue-waitlist.csv"');
    const api = await t.app.inject({ url: '/api/v1/apps/queue/waitlist/signups.csv', headers: t.auth });
    expect(r.body).toBe(api.body);
    const rows = parse(r.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(['id', 'email', 'source', 'country', 'user_agent', 'createdAt']);
    expect(rows).toHaveLength(58);
    expect(rows.find((x) => x.email === 'evil@example.com')!.source).toBe(`'=HYPERLINK("x")`);
    const all = await t.app.inject({ url: '/admin/apps/queue/waitlist/signups.csv?columns=all', headers: { cookie } });
    expect(Object.keys((parse(all.body, { columns: true }) as Record<string, string>[])[0])).toContain('flowSlug');
  });

  it('refuses bad input with a clear error, and other accounts’ apps are not found', async () => {
    const bad = await t.page('/admin/apps/queue/waitlist?cursor=nonsense', cookie);
    expect(bad.status).toBe(400);
    expect((await t.app.inject({ url: '/admin/apps/queue/waitlist/signups.csv?columns=some', headers: { cookie } })).statusCode).toBe(400);
    const other = await t.otherAccount();
    const theirs = await t.createApp({ name: 'Theirs', slug: 'theirs' }, other.auth);
    expect((await t.page(`/admin/apps/${theirs.id}/waitlist`, cookie)).status).toBe(404);
    expect((await t.page('/admin/apps/theirs/waitlist', cookie)).status).toBe(404);
    expect((await t.app.inject({ url: `/admin/apps/${theirs.id}/waitlist/signups.csv`, headers: { cookie } })).statusCode).toBe(404);
    // Signed out: to the sign-in page, no CSV.
    const out = await t.app.inject({ url: '/admin/apps/queue/waitlist/signups.csv' });
    expect(out.statusCode).toBe(303);
  });

  it('migration 0122 fills the breakdowns from the rows that arrived before it', async () => {
    await t.db.db.deleteFrom('daily_counts').where('app_id', '=', appId).where('metric', 'like', 'waitlist.%:%').execute();
    await dashboardBoardsMigrations['0122_dashboard_boards'].up(t.db.db as never);
    const days = lastDays(new Date(), 1);
    const sources = await readPrefixTotals(t.db.db, appId, 'waitlist.source:', days);
    expect(sources.find((s) => s.key === 'direct')!.n).toBe(51);
    expect(sources.find((s) => s.key === 'ads')!.n).toBe(4);
    expect((await readPrefixTotals(t.db.db, appId, 'waitlist.country:', days)).find((s) => s.key === 'NL')!.n).toBe(5);
  });

  // After the migration test: that one re-fills every app's counters from the rows.
  it('shows the answers to the waitlist\'s questions in the signups table, by their labels, escaped', async () => {
    await t.createApp({ name: 'Asked', slug: 'asked' });
    await putAndPublish(t, 'asked', 'waitlist', { ...goodWaitlist(), fields: [{ id: 'role', label: 'Your role', type: 'select', options: ['Dev', 'PM'] }, { id: 'beta', label: 'Beta tester?', type: 'boolean' }] });
    expect((await submit(t, 'waitlist', { appSlug: 'asked', email: 'asked@example.com', attributes: { role: 'PM', beta: true, stray: '<b>x</b>' } })).statusCode).toBe(201);
    expect((await submit(t, 'waitlist', { appSlug: 'asked', email: 'silent@example.com' })).statusCode).toBe(201);
    const r = await t.page('/admin/apps/asked/waitlist', cookie);
    expect(r.body).toContain('<th scope="col">Answers</th>');
    expect(r.body).toContain('<li><span class="muted">Your role:</span> PM</li>');
    expect(r.body).toContain('<li><span class="muted">Beta tester?:</span> true</li>');
    // An answer to no published field shows by its id, escaped.
    expect(r.body).toContain('<li><span class="muted">stray:</span> &lt;b>x&lt;/b></li>');
    // A waitlist nobody answered questions on keeps its table as it was.
    expect((await t.page('/admin/apps/queue/waitlist', cookie)).body).not.toContain('>Answers</th>');
  });
});
