import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillCrashReports } from '../../../src/db/migrations/dashboard-inboxes.js';
import { readTotals } from '../../../src/db/rollups.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { json, putAndPublish, submit } from '../forms/forms.fixtures.js';
import { goodCrash, sdkAutoBody, STACK } from './crash.fixtures.js';

/** The crash inbox's API side: `q`, filters on the export, and the `crash.reports` daily roll-up. */
describeEachDb('crash inbox API', (dialect) => {
  let t: TestApp;
  let appId: string;
  const A = '/api/v1/apps/crashy';
  const get = (path: string) => t.app.inject({ url: `${A}${path}`, headers: t.auth });
  const total = async () => (await readTotals(t.db.db, appId, ['crash.reports']))['crash.reports'];

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    appId = (await t.createApp({ name: 'Crashy', slug: 'crashy' })).id;
    await putAndPublish(t, 'crashy', 'crash', goodCrash());
  });
  afterAll(() => t.close());

  it('adds 1 to crash.reports per stored report; a folded repeat adds nothing', async () => {
    expect(await total()).toBe(0);
    const first = await submit(t, 'crash', sdkAutoBody('crashy'));
    expect(first.json().folded).toBe(false);
    expect(await total()).toBe(1);
    const repeat = await submit(t, 'crash', sdkAutoBody('crashy'));
    expect(repeat.json().folded).toBe(true);
    expect(await total()).toBe(1);
    await submit(t, 'crash', { appSlug: 'crashy', message: 'The Checkout screen froze', email: 'dana@example.com', source: 'web' });
    await submit(t, 'crash', { ...sdkAutoBody('crashy'), source: 'sdk', exceptionName: 'SIGSEGV', stackTrace: STACK.replace('CartView', 'Profile_View'), message: 'Tapped profile' });
    expect(await total()).toBe(3);
    // The day is the report's own UTC day.
    const day = new Date().toISOString().slice(0, 10);
    const rows = await t.db.db.selectFrom('daily_counts').select(['day', 'n']).where('app_id', '=', appId).where('metric', '=', 'crash.reports').execute();
    expect(rows.every((r) => r.day === day)).toBe(true);
  });

  it('migration 0121 backfills crash.reports from the stored rows', async () => {
    await t.db.db.deleteFrom('daily_counts').where('metric', '=', 'crash.reports').execute();
    await backfillCrashReports(t.db.db);
    expect(await total()).toBe(3);
  });

  it('q: case-insensitive over message, exception, email, version and device; LIKE wildcards literal', async () => {
    const ids = async (q: string) => ((await get(`/crash/submissions?q=${encodeURIComponent(q)}`)).json().submissions as { message: string }[]).map((s) => s.message);
    expect(await ids('checkout')).toEqual(['The Checkout screen froze']);
    expect(await ids('sigsegv')).toEqual(['Tapped profile']);
    expect(await ids('DANA@')).toEqual(['The Checkout screen froze']);
    expect(await ids('iphone16')).toEqual(['Tapped profile', 'Automatically reported crash.']);
    expect(await ids('index 7 beyond')).toEqual(['Tapped profile', 'Automatically reported crash.']);
    expect(await ids('%')).toEqual([]);
    // As a wildcard `s_r` would match "screen".
    expect(await ids('s_r')).toEqual([]);
    expect((await get(`/crash/submissions?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('q combines with status and pages with the cursor', async () => {
    const list = (await get('/crash/submissions?q=iphone')).json().submissions as { id: string }[];
    const r = await t.app.inject({ method: 'PATCH', url: `${A}/crash/submissions/${list[1].id}`, headers: { ...t.auth, ...json }, payload: JSON.stringify({ status: 'resolved' }) });
    expect(r.statusCode).toBe(200);
    expect(((await get('/crash/submissions?q=iphone&status=new')).json().submissions as { id: string }[]).map((s) => s.id)).toEqual([list[0].id]);
    const p1 = (await get('/crash/submissions?q=iphone&limit=1')).json();
    expect(p1.submissions.map((s: { id: string }) => s.id)).toEqual([list[0].id]);
    const p2 = (await get(`/crash/submissions?q=iphone&limit=1&cursor=${p1.nextCursor}`)).json();
    expect(p2.submissions.map((s: { id: string }) => s.id)).toEqual([list[1].id]);
    expect(p2.nextCursor).toBeNull();
  });

  it('the CSV export takes q', async () => {
    const r = await get('/crash/submissions.csv?q=froze');
    expect(r.statusCode).toBe(200);
    const rows = parse(r.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => x.message)).toEqual(['The Checkout screen froze']);
  });
});
