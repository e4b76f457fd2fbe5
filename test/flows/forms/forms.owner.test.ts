import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, putAndPublish, submit } from './forms.fixtures.js';

const parseCsv = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

/** A clock tests move by hand: several rows share a timestamp, so paging must break ties by id. */
function steppingClock() {
  let t = Date.parse('2026-01-01T00:00:00.000Z');
  return { now: () => new Date(t), step: () => (t += 1000) };
}

describeEachDb('owner lists and CSV exports', (dialect) => {
  let t: TestApp;
  let slug: string;
  const clock = steppingClock();
  beforeAll(async () => {
    t = await testApp(dialect, { clock, env: { PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await t.createApp({ name: 'Owner App' })).slug;
    await putAndPublish(t, slug, 'feedback', goodFeedback());
    await putAndPublish(t, slug, 'report', goodReport());
    await putAndPublish(t, slug, 'contact', goodContact());
    await putAndPublish(t, slug, 'waitlist', goodWaitlist());
    await putAndPublish(t, slug, 'waitlist', goodWaitlist(), 'beta');
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = t.auth) => t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}${path}`, headers });

  async function walk(path: string, key: string, limit: number) {
    const seen: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json();
      expect(body[key].length).toBeLessThanOrEqual(limit);
      seen.push(...body[key]);
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    return { seen, pages };
  }

  it('pages every list newest first with no duplicates or gaps (ties broken by id)', async () => {
    const ids: Record<string, string[]> = { feedback: [], report: [], contact: [], waitlist: [] };
    for (let i = 0; i < 11; i++) {
      if (i % 3 === 0) clock.step(); // three rows per timestamp
      ids.feedback.push((await submit(t, 'feedback', { appSlug: slug, message: `m${i}`, rating: (i % 5) + 1 })).json().id);
      ids.report.push((await submit(t, 'report', { appSlug: slug, message: `r${i}`, category: i % 2 ? 'bug' : 'abuse' })).json().id);
      ids.contact.push((await submit(t, 'contact', { appSlug: slug, email: `c${i}@example.com`, message: `c${i}` })).json().id);
      ids.waitlist.push((await submit(t, 'waitlist', { appSlug: slug, flowSlug: i % 2 ? 'beta' : 'waitlist', email: `w${i}@example.com` })).json().id);
    }
    for (const [type, path, key] of [
      ['feedback', '/feedback/submissions', 'submissions'],
      ['report', '/report/submissions', 'submissions'],
      ['contact', '/contact/submissions', 'submissions'],
      ['waitlist', '/waitlist/signups', 'signups'],
    ] as const) {
      const { seen, pages } = await walk(path, key, 4);
      expect(pages, type).toBe(3);
      expect(seen.map((r) => r.id).sort(), type).toEqual([...ids[type]].sort());
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1], seen[i]];
        expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id), type).toBe(true);
      }
    }
    // One page when everything fits, with nextCursor null.
    const all = (await get('/feedback/submissions?limit=200')).json();
    expect(all.submissions).toHaveLength(11);
    expect(all.nextCursor).toBeNull();
    expect((await get('/feedback/submissions')).json().submissions).toHaveLength(11);
  });

  it('list rows carry the documented fields', async () => {
    const fb = (await get('/feedback/submissions?limit=1')).json().submissions[0];
    expect(Object.keys(fb).sort()).toEqual(['attributes', 'country', 'createdAt', 'email', 'id', 'message', 'rating', 'source', 'userAgent', 'status', 'reviewedAt'].sort());
    const rp = (await get('/report/submissions?limit=1')).json().submissions[0];
    expect(rp).toHaveProperty('category');
    const ct = (await get('/contact/submissions?limit=1')).json().submissions[0];
    expect(Object.keys(ct)).toEqual(expect.arrayContaining(['id', 'name', 'email', 'message', 'source', 'country', 'createdAt']));
    const su = (await get('/waitlist/signups?limit=1')).json().signups[0];
    expect(Object.keys(su)).toEqual(expect.arrayContaining(['id', 'email', 'source', 'country', 'userAgent', 'createdAt', 'locale', 'platform', 'appVersion', 'flowSlug']));
  });

  it('filters reports by category and signups by waitlist', async () => {
    const bugs = (await walk('/report/submissions?category=bug', 'submissions', 2)).seen;
    expect(bugs).toHaveLength(5);
    expect(bugs.every((r) => r.category === 'bug')).toBe(true);
    const beta = (await walk('/waitlist/signups?flowSlug=beta', 'signups', 3)).seen;
    expect(beta).toHaveLength(5);
    expect(beta.every((r) => r.flowSlug === 'beta')).toBe(true);
    expect((await get('/waitlist/signups?flowSlug=nope')).statusCode).toBe(404);
  });

  it('rejects bad paging input and unauthenticated or foreign callers', async () => {
    // Above the cap is clamped, not refused (SPEC: page size cap 200).
    expect((await get('/feedback/submissions?limit=201')).statusCode).toBe(200);
    expect((await get('/feedback/submissions?limit=0')).statusCode).toBe(400);
    expect((await get('/waitlist/signups?cursor=garbage')).statusCode).toBe(400);
    for (const path of ['/feedback/submissions', '/report/submissions', '/contact/submissions', '/waitlist/signups', '/waitlist/signups.csv', '/feedback/submissions.csv']) {
      const anon = await get(path, {});
      expect(anon.statusCode, path).toBe(401);
      expect(anon.headers['www-authenticate']).toMatch(/^Bearer realm=/);
      const other = await t.otherAccount();
      expect((await get(path, other.auth)).statusCode, path).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/nope/feedback/submissions', headers: t.auth })).statusCode).toBe(404);
  });

  it('CSV exports parse back to the list rows', async () => {
    const r = await get('/waitlist/signups.csv');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.body.split('\n')[0]).toBe('id,email,source,country,user_agent,createdAt');
    const csv = parseCsv(r.body);
    const api = (await walk('/waitlist/signups', 'signups', 200)).seen;
    expect(csv).toEqual(api.map((s) => ({ id: s.id, email: s.email, source: s.source ?? '', country: s.country ?? '', user_agent: s.userAgent ?? '', createdAt: s.createdAt })));

    for (const type of ['feedback', 'report', 'contact']) {
      const c = await get(`/${type}/submissions.csv`);
      const rows = parseCsv(c.body);
      const list = (await walk(`/${type}/submissions`, 'submissions', 200)).seen;
      expect(rows.map((x) => x.id), type).toEqual(list.map((s) => s.id));
      expect(Object.keys(rows[0])[0]).toBe('id');
    }
    const fbRows = parseCsv((await get('/feedback/submissions.csv')).body);
    expect(Object.keys(fbRows[0])).toEqual(['id', 'message', 'rating', 'email', 'source', 'country', 'attributes', 'createdAt']);
    const bugRows = parseCsv((await get('/report/submissions.csv?category=bug')).body);
    expect(bugRows).toHaveLength(5);
  });

  it('CSV neutralises formula injection and keeps quotes, commas and newlines intact', async () => {
    const evil = (await t.createApp({ name: 'Evil' })).slug;
    await putAndPublish(t, evil, 'contact', goodContact());
    await putAndPublish(t, evil, 'waitlist', goodWaitlist());
    const cells = ['=HYPERLINK("http://x")', '+SUM(1)', '-2+3', '@cmd', '\tTAB', '\rCR'];
    for (const c of cells) {
      await submit(t, 'contact', { appSlug: evil, name: c.trim(), email: 'e@example.com', message: `say "hi", ok\nline2`, attributes: { raw: c } });
    }
    await submit(t, 'waitlist', { appSlug: evil, email: 'f@example.com', source: '=cmd|calc' }, { 'user-agent': '@evil-agent' });
    const contact = parseCsv((await t.app.inject({ method: 'GET', url: `/api/v1/apps/${evil}/contact/submissions.csv`, headers: t.auth })).body);
    expect(contact.map((r) => r.name).sort()).toEqual(["'+SUM(1)", "'-2+3", "'=HYPERLINK(\"http://x\")", "'@cmd", 'CR', 'TAB'].sort());
    for (const r of contact) {
      expect(r.message).toBe('say "hi", ok\nline2');
      expect(r.attributes.startsWith('{')).toBe(true);
    }
    const wl = parseCsv((await t.app.inject({ method: 'GET', url: `/api/v1/apps/${evil}/waitlist/signups.csv`, headers: t.auth })).body);
    expect(wl[0]).toMatchObject({ source: "'=cmd|calc", user_agent: "'@evil-agent" });
  });

  it('CSV quotes every data cell and guards formulas after a separator or in fullwidth', async () => {
    const evil = (await t.createApp({ name: 'Evil Semicolon' })).slug;
    await putAndPublish(t, evil, 'contact', goodContact());
    await putAndPublish(t, evil, 'waitlist', goodWaitlist());
    const dde = "x;=cmd|' /C calc'!A0";
    const messages = [dde, '＝1+1', '=1+1', '@SUM(A1)', '\t=1', 'Hello, "friend"\nsecond line; ok'];
    for (const m of messages) expect((await submit(t, 'contact', { appSlug: evil, email: 'e@example.com', message: m })).statusCode).toBe(201);
    const ua = 'Mozilla/5.0 (X11;=cmd|calc)';
    expect((await submit(t, 'waitlist', { appSlug: evil, email: 'g@example.com', source: 'ads;@x' }, { 'user-agent': ua })).statusCode).toBe(201);

    const contactCsv = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${evil}/contact/submissions.csv`, headers: t.auth })).body;
    const [header, ...lines] = contactCsv.trimEnd().split('\n');
    expect(header).toBe('id,name,email,message,source,country,attributes,createdAt');
    expect(lines.find((l) => l.includes('cmd'))).toMatch(/^"c[a-z2-7]{23}","","e@example.com","'x;=cmd\|' \/C calc'!A0","","","","[^"]+"$/);
    const stored = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${evil}/contact/submissions`, headers: t.auth })).json().submissions as { message: string }[];
    const byMessage = new Map(parseCsv(contactCsv).map((r) => [r.message, r]));
    for (const { message } of stored) {
      const guarded = message !== 'Hello, "friend"\nsecond line; ok';
      expect(byMessage.has(guarded ? `'${message}` : message), JSON.stringify(message)).toBe(true);
    }
    expect(stored.map((s) => s.message).sort()).toEqual(messages.map((m) => m.trim()).sort());

    const wlCsv = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${evil}/waitlist/signups.csv`, headers: t.auth })).body;
    expect(wlCsv.split('\n')[0]).toBe('id,email,source,country,user_agent,createdAt');
    expect(wlCsv.split('\n')[1]).toMatch(/^"c[a-z2-7]{23}","g@example.com","'ads;@x","","'Mozilla\/5\.0 \(X11;=cmd\|calc\)","[^"]+"$/);
    expect(parseCsv(wlCsv)[0]).toMatchObject({ source: "'ads;@x", user_agent: `'${ua}` });
  });

  it('CSV streams in keyset pages beyond one page of 1000', async () => {
    const big = (await t.createApp({ name: 'Big' })).slug;
    await putAndPublish(t, big, 'waitlist', goodWaitlist());
    const app = await t.db.db.selectFrom('apps').select('id').where('slug', '=', big).executeTakeFirstOrThrow();
    const flow = await t.db.db.selectFrom('flows').select('id').where('app_id', '=', app.id).executeTakeFirstOrThrow();
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      id: `s${String(i).padStart(5, '0')}`,
      app_id: app.id,
      flow_id: flow.id,
      email: `u${i}@example.com`,
      email_normalized: `u${i}@example.com`,
      source: null, country: null, user_agent: null, locale: null, platform: null, app_version: null, referrer: null, attributes_json: null,
      created_at: `2026-02-01T00:00:0${i % 3}.000Z`,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.db.insertInto('waitlist_signups').values(rows.slice(i, i + 500)).execute();
    const csv = parseCsv((await t.app.inject({ method: 'GET', url: `/api/v1/apps/${big}/waitlist/signups.csv`, headers: t.auth })).body);
    expect(csv).toHaveLength(2500);
    expect(new Set(csv.map((r) => r.id)).size).toBe(2500);
  });

  it('an export whose first read fails answers 500 { error } as JSON, not a CSV attachment', async () => {
    const slug = (await t.createApp({ name: 'Broken export' })).slug;
    await putAndPublish(t, slug, 'waitlist', goodWaitlist());
    await sql`ALTER TABLE waitlist_signups RENAME TO waitlist_signups_away`.execute(t.db.db);
    try {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/waitlist/signups.csv`, headers: t.auth });
      expect(r.statusCode).toBe(500);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.headers['content-disposition']).toBeUndefined();
      expect(r.json()).toEqual({ error: 'Internal server error' });
    } finally {
      await sql`ALTER TABLE waitlist_signups_away RENAME TO waitlist_signups`.execute(t.db.db);
    }
  });
});

describeEachDb('waitlist CSV ?columns=all', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    await t.createApp({ name: 'Fields', slug: 'fields' });
    const fields = [
      { id: 'company', label: 'Company', type: 'text' },
      { id: 'email', label: 'Work email', type: 'text' },
      { id: 'beta', label: 'Beta tester?', type: 'boolean' },
    ];
    await putAndPublish(t, 'fields', 'waitlist', { ...goodWaitlist(), fields });
    await putAndPublish(t, 'fields', 'waitlist', { ...goodWaitlist(), fields: [{ id: 'role', label: 'Role', type: 'select', options: ['Dev', 'PM'] }] }, 'pro');
    await submit(t, 'waitlist', { appSlug: 'fields', email: 'a@example.com', attributes: { company: '=cmd|calc', email: 'a@work.example', beta: true } });
    await submit(t, 'waitlist', { appSlug: 'fields', flowSlug: 'pro', email: 'b@example.com', attributes: { role: 'PM' } });
  });
  afterAll(() => t.close());

  const csv = (q: string) => t.app.inject({ method: 'GET', url: `/api/v1/apps/fields/waitlist/signups.csv${q}`, headers: { authorization: t.auth.authorization } });

  // Issue #35: the default adds the custom fields (test/flows/waitlist/waitlist.csv.test.ts has the rules).
  it("adds the custom fields by default, SPEC's header alone with columns=spec, and the flow slug too with columns=all", async () => {
    expect((await csv('')).body.split('\n')[0]).toBe('id,email,source,country,user_agent,createdAt,company,field_email,beta,role');
    expect((await csv('?columns=spec')).body.split('\n')[0]).toBe('id,email,source,country,user_agent,createdAt');
    const all = await csv('?columns=all');
    expect(all.statusCode).toBe(200);
    expect(all.body.split('\n')[0]).toBe('id,email,source,country,user_agent,createdAt,flowSlug,company,field_email,beta,role');
    const rows = parseCsv(all.body);
    const a = rows.find((r) => r.email === 'a@example.com')!;
    expect(a).toMatchObject({ flowSlug: 'waitlist', company: "'=cmd|calc", field_email: 'a@work.example', beta: 'true', role: '' });
    expect(rows.find((r) => r.email === 'b@example.com')).toMatchObject({ flowSlug: 'pro', company: '', role: 'PM' });
    // One waitlist: only its fields.
    expect((await csv('?columns=all&flowSlug=pro')).body.split('\n')[0]).toBe('id,email,source,country,user_agent,createdAt,flowSlug,role');
    expect((await csv('?columns=some')).statusCode).toBe(400);
  });
});
