import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, nextMs, testApp, type TestApp } from '../../helpers.js';
import { goodContact, goodFeedback, goodReport, json, putAndPublish, submit } from './forms.fixtures.js';

/** The inbox side of the owner API: status (mark reviewed), the `q` text filter, filters on the CSV export. */
describeEachDb('forms inbox API', (dialect) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const A = '/api/v1/apps/inbox';
  const get = (path: string) => t.app.inject({ url: `${A}${path}`, headers: t.auth });
  const patch = (path: string, body: unknown, auth = t.auth) => t.app.inject({ method: 'PATCH', url: `${A}${path}`, headers: { ...auth, ...json }, payload: JSON.stringify(body) });
  const messages = async (path: string) => ((await get(path)).json().submissions as { message: string }[]).map((s) => s.message);

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Inbox', slug: 'inbox' });
    await putAndPublish(t, 'inbox', 'feedback', goodFeedback());
    await putAndPublish(t, 'inbox', 'report', goodReport());
    await putAndPublish(t, 'inbox', 'contact', goodContact());
    const fb = [
      { message: 'Love the new Widgets', email: 'alice@example.com', rating: 5 },
      { message: 'Crashes on 50% of launches', rating: 2 },
      { message: 'snake_case names everywhere', rating: 3 },
      { message: 'Fine, nothing to add', email: 'BOB@Example.com' },
    ];
    // Newest first is asserted below: one submission per millisecond.
    for (const [i, b] of fb.entries()) {
      await nextMs();
      const r = await submit(t, 'feedback', { appSlug: 'inbox', ...b });
      expect(r.statusCode).toBe(201);
      ids[`fb${i}`] = r.json().id;
    }
    for (const [i, b] of [
      { category: 'bug', message: 'Button does nothing' },
      { category: 'abuse', message: 'Spam bot in comments' },
      { category: 'bug', message: 'Spam filter eats my posts' },
    ].entries()) {
      await nextMs();
      const r = await submit(t, 'report', { appSlug: 'inbox', ...b });
      expect(r.statusCode).toBe(201);
      ids[`rp${i}`] = r.json().id;
    }
    const c = await submit(t, 'contact', { appSlug: 'inbox', name: 'Carol', email: 'carol@example.com', message: 'Can I get an invoice?' });
    ids.ct = c.json().id;
  });
  afterAll(() => t.close());

  it('lists new submissions with status and reviewedAt', async () => {
    const r = (await get('/feedback/submissions')).json();
    expect(r.submissions).toHaveLength(4);
    for (const s of r.submissions) expect([s.status, s.reviewedAt]).toEqual(['new', null]);
  });

  it('q: case-insensitive substring over message, name and email; % and _ are literal', async () => {
    expect(await messages('/feedback/submissions?q=WIDGETS')).toEqual(['Love the new Widgets']);
    expect(await messages('/feedback/submissions?q=bob%40example')).toEqual(['Fine, nothing to add']);
    expect(await messages('/feedback/submissions?q=%25')).toEqual(['Crashes on 50% of launches']);
    expect(await messages('/feedback/submissions?q=e_c')).toEqual(['snake_case names everywhere']);
    expect(await messages('/feedback/submissions?q=_')).toEqual(['snake_case names everywhere']);
    expect(await messages('/feedback/submissions?q=nomatch')).toEqual([]);
    // Blank = no filter.
    expect(await messages('/feedback/submissions?q=%20%20')).toHaveLength(4);
    expect(await messages('/contact/submissions?q=carol')).toEqual(['Can I get an invoice?']);
  });

  it('q pages with the keyset cursor, newest first', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { submissions: { message: string }[]; nextCursor: string | null } = (await get(`/feedback/submissions?q=a&limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...r.submissions.map((s) => s.message));
      cursor = r.nextCursor;
    } while (cursor);
    // Every feedback message contains an "a"; newest first.
    expect(seen).toEqual(['Fine, nothing to add', 'snake_case names everywhere', 'Crashes on 50% of launches', 'Love the new Widgets']);
  });

  it('filters combine: category, q and status on reports', async () => {
    expect(await messages('/report/submissions?q=spam')).toEqual(['Spam filter eats my posts', 'Spam bot in comments']);
    expect(await messages('/report/submissions?q=spam&category=bug')).toEqual(['Spam filter eats my posts']);
    expect(await messages('/report/submissions?q=spam&category=bug&status=reviewed')).toEqual([]);
  });

  it('marks a submission reviewed and new again', async () => {
    const r = await patch(`/report/submissions/${ids.rp0}`, { status: 'reviewed' });
    expect(r.statusCode).toBe(200);
    const s = r.json().submission;
    expect(s).toMatchObject({ id: ids.rp0, status: 'reviewed', category: 'bug' });
    expect(typeof s.reviewedAt).toBe('string');
    expect(await messages('/report/submissions?status=reviewed')).toEqual(['Button does nothing']);
    expect(await messages('/report/submissions?status=new')).toEqual(['Spam filter eats my posts', 'Spam bot in comments']);
    const back = await patch(`/report/submissions/${ids.rp0}`, { status: 'new' });
    expect(back.json().submission).toMatchObject({ status: 'new', reviewedAt: null });
  });

  it('answers a contact submission with its replies when marked', async () => {
    const r = await patch(`/contact/submissions/${ids.ct}`, { status: 'reviewed' });
    expect(r.statusCode).toBe(200);
    expect(r.json().submission).toMatchObject({ id: ids.ct, name: 'Carol', replies: [] });
  });

  it('refuses bad input and changes nothing', async () => {
    const bad = await patch(`/feedback/submissions/${ids.fb0}`, { status: 'resolved' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain('/status');
    // Another type's id, an unknown id: 404.
    expect((await patch(`/report/submissions/${ids.fb0}`, { status: 'reviewed' })).statusCode).toBe(404);
    expect((await patch('/feedback/submissions/nope', { status: 'reviewed' })).statusCode).toBe(404);
    expect((await get('/feedback/submissions?status=done')).statusCode).toBe(400);
    expect((await get(`/feedback/submissions?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    const rows = (await get('/feedback/submissions')).json().submissions as { status: string }[];
    expect(rows.every((s) => s.status === 'new')).toBe(true);
  });

  it('another account cannot see or mark them', async () => {
    const other = await t.otherAccount();
    expect((await patch(`/feedback/submissions/${ids.fb0}`, { status: 'reviewed' }, other.auth)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${A}/feedback/submissions?q=love`, headers: other.auth })).statusCode).toBe(404);
    expect((await get('/feedback/submissions?status=reviewed')).json().submissions).toEqual([]);
  });

  it('the CSV export takes the same filters', async () => {
    await patch(`/feedback/submissions/${ids.fb1}`, { status: 'reviewed' });
    const r = await get('/feedback/submissions.csv?status=new&q=e');
    expect(r.statusCode).toBe(200);
    const rows = parse(r.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => x.message)).toEqual(['Fine, nothing to add', 'snake_case names everywhere', 'Love the new Widgets']);
    // The columns SPEC lists are unchanged.
    expect(Object.keys(rows[0])).toEqual(['id', 'message', 'rating', 'email', 'source', 'country', 'attributes', 'createdAt']);
    expect((await get('/feedback/submissions.csv?status=done')).statusCode).toBe(400);
  });

  it('a status filter pages by its own index, without a sort (SQLite plan)', async () => {
    if (dialect !== 'sqlite') return;
    const q = t.db.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('app_id', '=', 'a')
      .where('type', '=', 'feedback')
      .where('status', '=', 'new')
      .where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple('2026-01-01T00:00:00.000Z', 'c0')))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .compile();
    const plan = (t.db.sqlite!.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[]).map((r) => r.detail).join('\n');
    expect(plan).toContain('USING INDEX form_submissions_status_idx');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('OpenAPI documents the new operation and how q scans', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/apps/{idOrSlug}/feedback/submissions/{submissionId}'].patch;
    expect(op.operationId).toBe('setFeedbackSubmissionStatus');
    const list = doc.paths['/api/v1/apps/{idOrSlug}/report/submissions'].get;
    expect(list.description).toMatch(/scans rows newest first until a page is full/);
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['q', 'status', 'category', 'cursor']));
  });
});
