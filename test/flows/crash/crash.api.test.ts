import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson } from '../../mcp/mcp.client.js';
import { json, putAndPublish } from '../forms/forms.fixtures.js';
import { goodCrash, sdkAutoBody, STACK, STACK_OTHER_RUN } from './crash.fixtures.js';

function movableClock() {
  let t = Date.parse('2026-03-01T10:00:00.000Z');
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

const WIRE_ROW_FIELDS = [
  'id', 'message', 'status', 'reviewedAt', 'exceptionName', 'exceptionReason', 'stackTrace', 'platform', 'osVersion', 'deviceModel',
  'appVersion', 'buildNumber', 'crashedAt', 'metadata', 'attachments', 'email', 'source', 'country', 'userAgent', 'createdAt',
];

describeEachDb('crash reports', (dialect) => {
  let t: TestApp;
  let slug: string;
  const clock = movableClock();
  beforeAll(async () => {
    t = await testApp(dialect, { clock, env: { PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await t.createApp({ name: 'Crashy' })).slug;
  });
  afterAll(() => t.close());

  const post = (body: unknown, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/public/crash', headers: { ...json, 'user-agent': 'MyApp/231 CFNetwork' }, payload: JSON.stringify(body), remoteAddress: ip });
  const owner = (method: 'GET' | 'PATCH', path: string, payload?: unknown, headers: Record<string, string> = t.auth) =>
    t.app.inject({ method, url: `/api/v1/apps/${slug}/crash${path}`, headers: payload ? { ...headers, ...json } : headers, payload: payload ? JSON.stringify(payload) : undefined });
  const list = async (q = '') => {
    const r = await owner('GET', `/submissions${q}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().submissions as any[];
  };
  const count = async () => Number((await t.db.db.selectFrom('crash_reports').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('config', () => {
    it('saves a crash config with warnings, refuses what the type does not have, and 404s the public config until published', async () => {
      const before = await t.app.inject({ method: 'GET', url: `/api/public/crash?appSlug=${slug}` });
      expect(before.statusCode).toBe(404);
      expect(before.json().error).toBeTruthy();

      const bad = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/crash`, headers: { ...t.auth, ...json }, payload: JSON.stringify({ ...goodCrash(), layout: 'steps' }) });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().issues.length).toBeGreaterThan(0);
      const noIntro = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/crash`, headers: { ...t.auth, ...json }, payload: JSON.stringify({ ...goodCrash(), intro: { title: 'x' } }) });
      expect(noIntro.statusCode).toBe(422);
      expect(noIntro.json().issues.map((i: any) => i.path)).toContain('/intro/subtitle');

      const { intro, ...rest } = goodCrash();
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/apps/${slug}/flows/crash`,
        headers: { ...t.auth, ...json },
        payload: JSON.stringify({ ...rest, intro: { ...intro, legal: undefined }, emailField: { enabled: true, required: true } }),
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().ok).toBe(true);
      expect(put.json().warnings.map((w: any) => w.code).sort()).toEqual(['log_field_web_only', 'missing_legal', 'required_email_not_for_auto_reports']);

      await putAndPublish(t, slug, 'crash', goodCrash());
      const got = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/crash`, headers: t.auth });
      expect(got.statusCode).toBe(200);

      // WIRE E.6: the native form sends the envelope's flowSlug back, even for the primary.
      const env = await t.app.inject({ method: 'GET', url: `/api/public/crash?appSlug=${slug}&flowSlug=crash` });
      expect(env.statusCode).toBe(200);
      const e = env.json();
      expect(e.flowSlug).toBe('crash');
      expect(e.app.name).toBe('Crashy');
      expect(e.config.intro).toEqual(goodCrash().intro);
      expect(e.config.type).toBe('crash');
      expect(Object.values(e.app)).not.toContain(null);
    });
  });

  describe('submit', () => {
    it('stores an SDK auto report with every field; crashedAt in epoch ms comes back as ISO', async () => {
      const r = await post(sdkAutoBody(slug, { metadata: { screen: 'cart', free: false } }));
      expect(r.statusCode, r.body).toBe(201);
      const b = r.json();
      expect(b).toMatchObject({ ok: true, folded: false, occurrences: 1, groupCount: 1, clamped: [] });
      expect(b.fingerprint).toMatch(/^[0-9a-f]{32}$/);
      const [row] = await list();
      for (const f of WIRE_ROW_FIELDS) expect(row).toHaveProperty(f);
      expect(row).toMatchObject({
        id: b.id,
        message: 'Automatically reported crash.',
        status: 'new',
        reviewedAt: null,
        exceptionName: 'NSRangeException',
        exceptionReason: '*** -[__NSArrayM objectAtIndex:]: index 7 beyond bounds [0 .. 3]',
        stackTrace: STACK,
        platform: 'ios',
        osVersion: '17.4.1',
        deviceModel: 'iPhone16,2',
        appVersion: '2.3.0',
        buildNumber: '231',
        crashedAt: new Date(1764000000123).toISOString(),
        metadata: { screen: 'cart', free: false },
        attachments: [{ name: 'console.log', content: 'boot ok\ntap cart\n' }],
        email: null,
        source: 'sdk_auto',
        userAgent: 'MyApp/231 CFNetwork',
        fingerprint: b.fingerprint,
        occurrences: 1,
        groupCount: 1,
      });
    });

    it('accepts crashedAt as an ISO string, a signal crash without a stack trace, and a manual report with email', async () => {
      const iso = await post(sdkAutoBody(slug, { crashedAt: '2026-02-28T23:59:58.5+01:00', exceptionName: 'SIGSEGV', exceptionReason: 'The app was terminated by signal SIGSEGV.', stackTrace: undefined, attachments: undefined }), '10.0.0.2');
      expect(iso.statusCode, iso.body).toBe(201);
      const manual = await post({ appSlug: slug, flowSlug: 'crash', message: 'It crashed when I opened the cart', email: 'ann+bugs@example.com', source: 'sdk', platform: 'ios', appVersion: '2.3.0' });
      expect(manual.statusCode, manual.body).toBe(201);
      expect(manual.json().fingerprint).toBeNull();
      const rows = await list();
      const sig = rows.find((r) => r.id === iso.json().id);
      expect(sig).toMatchObject({ crashedAt: '2026-02-28T22:59:58.500Z', stackTrace: null, exceptionName: 'SIGSEGV', attachments: [] });
      const m = rows.find((r) => r.id === manual.json().id);
      expect(m).toMatchObject({ email: 'ann+bugs@example.com', source: 'sdk', fingerprint: null, groupCount: null, occurrences: 1 });
    });

    it('refuses bad input with a clear 422 and stores nothing', async () => {
      const n = await count();
      const cases: [unknown, string][] = [
        [sdkAutoBody(slug, { crashedAt: 'yesterday' }), '/crashedAt'],
        [sdkAutoBody(slug, { crashedAt: true }), '/crashedAt'],
        [sdkAutoBody(slug, { message: '   ' }), '/message'],
        [sdkAutoBody(slug, { message: undefined }), '/message'],
        [sdkAutoBody(slug, { email: 'not-an-email' }), '/email'],
        [sdkAutoBody(slug, { attachments: [{ name: 'a' }] }), '/attachments/0/content'],
        [sdkAutoBody(slug, { stackTrace: 42 }), '/stackTrace'],
        [sdkAutoBody(slug, { metadata: { blob: 'x'.repeat(9000) } }), '/metadata'],
      ];
      for (const [body, path] of cases) {
        const r = await post(body);
        expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(r.json().error).toMatch(/Invalid body/);
        expect(r.json().issues.map((i: any) => i.path)).toContain(path);
      }
      // A manual report on a form requiring email; automatic reports are exempt (they carry none).
      await putAndPublish(t, slug, 'crash', { ...goodCrash(), emailField: { enabled: true, required: true } });
      const noEmail = await post({ appSlug: slug, message: 'crashed', source: 'sdk' });
      expect(noEmail.statusCode).toBe(422);
      expect(noEmail.json().issues[0].path).toBe('/email');
      expect(await count()).toBe(n);
      const auto = await post(sdkAutoBody(slug, { appVersion: '9.9.9' }), '10.0.9.9');
      expect(auto.statusCode).toBe(201);
      await putAndPublish(t, slug, 'crash', goodCrash());
      expect((await post({ appSlug: 'no-such-app', message: 'x' })).statusCode).toBe(404);
    });

    it('clamps attachments to 5 x 32 KB / 128 KB and a long stack trace, and reports each cut', async () => {
      const big = (c: string, bytes: number) => c.repeat(Math.ceil(bytes / Buffer.byteLength(c)));
      const attachments = [
        { name: 'empty.txt', content: '' }, // dropped silently (the SDK drops empty items too)
        { name: 'a.log', content: big('a', 40_000) }, // cut to 32 KB
        { name: 'accents.log', content: big('é', 40_000) }, // 2-byte chars: cut on a character boundary
        { name: 'b.log', content: 'short' },
        { name: 'c.log', content: big('c', 33_000) }, // cut to 32 KB
        { name: 'd.log', content: big('d', 33_000) }, // only what is left of 128 KB
        { name: 'e.log', content: 'sixth' }, // dropped: 5 kept
      ];
      const stackTrace = Array.from({ length: 2000 }, (_, i) => `${i} MyApp 0x0000000104c8a1b4 frame${i} + ${i}`).join('\n');
      expect(stackTrace.length).toBeGreaterThan(64 * 1024);
      const r = await post(sdkAutoBody(slug, { attachments, stackTrace, appVersion: '3.0.0' }), '10.0.0.3');
      expect(r.statusCode, r.body).toBe(201);
      const clamped = r.json().clamped as { path: string; message: string }[];
      expect(clamped.map((c) => c.path)).toEqual(['/stackTrace', '/attachments/1/content', '/attachments/2/content', '/attachments/4/content', '/attachments/5/content', '/attachments/6']);
      expect(clamped[1].message).toMatch(/32768 bytes/);
      expect(clamped[4].message).toMatch(/128 KB/);
      const row = (await list()).find((x) => x.id === r.json().id);
      const sizes = row.attachments.map((a: any) => [a.name, Buffer.byteLength(a.content)]);
      expect(sizes).toEqual([
        ['a.log', 32768],
        ['accents.log', 32768],
        ['b.log', 5],
        ['c.log', 32768],
        ['d.log', 128 * 1024 - 3 * 32768 - 5],
      ]);
      expect(row.attachments[1].content).not.toContain('\uFFFD');
      expect(row.stackTrace.length).toBe(64 * 1024);
    });

    it('the hosted page’s log box is the first attachment, under the same clamps; a body over 1 MB is a 413', async () => {
      const r = await post({ appSlug: slug, message: 'From the page', source: 'web', log: 'L'.repeat(40_000), attachments: [{ name: 'x.txt', content: 'x' }] });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().clamped).toEqual([{ path: '/log', message: 'cut to 32768 bytes (32 KB per attachment)' }]);
      const row = (await list()).find((x) => x.id === r.json().id);
      expect(row.attachments.map((a: any) => [a.name, a.content.length])).toEqual([['log.txt', 32768], ['x.txt', 1]]);
      const n = await count();
      const huge = await post(sdkAutoBody(slug, { attachments: [{ name: 'big', content: 'x'.repeat(1024 * 1024) }] }));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error).toBeTruthy();
      expect(await count()).toBe(n);
    });

    it('a filled honeypot is answered as a success and stores nothing', async () => {
      const n = await count();
      const r = await post({ ...sdkAutoBody(slug), website: 'http://spam.example' });
      expect(r.statusCode).toBe(201);
      expect(await count()).toBe(n);
    });
  });

  describe('grouping and storms', () => {
    const crash = (over: Record<string, unknown> = {}) => sdkAutoBody(slug, { appVersion: '4.0.0', ...over });

    it('groups identical crashes from different devices and runs; another version or exception is another group', async () => {
      const a = (await post(crash(), '10.1.0.1')).json();
      const b = (await post(crash({ stackTrace: STACK_OTHER_RUN, exceptionReason: 'index 9 beyond bounds' }), '10.1.0.2')).json();
      const c = (await post(crash({ appVersion: '4.0.1' }), '10.1.0.3')).json();
      const d = (await post(crash({ exceptionName: 'NSInvalidArgumentException' }), '10.1.0.4')).json();
      expect(b.fingerprint).toBe(a.fingerprint);
      expect(b.folded).toBe(false);
      expect(b.groupCount).toBe(2);
      expect(new Set([a.fingerprint, c.fingerprint, d.fingerprint]).size).toBe(3);
      const rows = await list(`?fingerprint=${a.fingerprint}`);
      expect(rows.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
      expect(rows.every((r) => r.groupCount === 2)).toBe(true);
    });

    it('folds a storm of one device’s auto reports into one row with a count, keeps its distinct crashes, and not after the window', async () => {
      const before = await count();
      const ip = '10.2.0.1';
      const storm = await Promise.all(Array.from({ length: 25 }, () => post(crash({ appVersion: '5.0.0' }), ip)));
      expect(storm.every((r) => r.statusCode === 201)).toBe(true);
      const ids = new Set(storm.map((r) => r.json().id));
      expect(ids.size).toBe(1);
      expect(storm.filter((r) => r.json().folded).length).toBe(24);
      expect(Math.max(...storm.map((r) => r.json().occurrences))).toBe(25);
      // A distinct crash from the same device in the middle of the storm is stored.
      const other = (await post(crash({ appVersion: '5.0.0', exceptionName: 'SIGABRT', stackTrace: null }), ip)).json();
      expect(other.folded).toBe(false);
      // A report someone typed is never folded: it may say something new.
      const typed = (await post({ ...crash({ appVersion: '5.0.0' }), source: 'sdk', message: 'Crashed again when paying' }, ip)).json();
      expect(typed.folded).toBe(false);
      expect(await count()).toBe(before + 3);
      const [stormRow] = (await list()).filter((r) => r.id === [...ids][0]);
      expect(stormRow).toMatchObject({ occurrences: 25, groupCount: 26 });
      const groups = (await owner('GET', '/groups')).json().groups as any[];
      const g = groups.find((x) => x.fingerprint === storm[0].json().fingerprint);
      expect(g).toMatchObject({ count: 26, reports: 2, appVersion: '5.0.0', exceptionName: 'NSRangeException' });
      expect(g.topFrames[2]).toBe('MyApp MyApp.CartView.total() + 44');

      clock.advance(61 * 60 * 1000);
      const later = (await post(crash({ appVersion: '5.0.0' }), ip)).json();
      expect(later.folded).toBe(false);
      expect(later.occurrences).toBe(1);
      expect(later.groupCount).toBe(27);
    });

    it('a resolved report takes no more repeats: the crash coming back is a new report', async () => {
      const ip = '10.3.0.1';
      const first = (await post(crash({ appVersion: '6.0.0' }), ip)).json();
      expect((await owner('PATCH', `/submissions/${first.id}`, { status: 'resolved' })).statusCode).toBe(200);
      const again = (await post(crash({ appVersion: '6.0.0' }), ip)).json();
      expect(again.folded).toBe(false);
      expect(again.id).not.toBe(first.id);
    });
  });

  describe('owner', () => {
    it('PATCH status: reviewed/resolved stamp reviewedAt, new clears it; bad input and unknown ids are refused', async () => {
      const id = (await list())[0].id;
      const rev = await owner('PATCH', `/submissions/${id}`, { status: 'reviewed' });
      expect(rev.statusCode, rev.body).toBe(200);
      expect(rev.json().submission).toMatchObject({ id, status: 'reviewed', reviewedAt: clock.now().toISOString() });
      clock.advance(5000);
      const res = await owner('PATCH', `/submissions/${id}`, { status: 'resolved' });
      expect(res.json().submission).toMatchObject({ status: 'resolved', reviewedAt: clock.now().toISOString() });
      expect((await list('?status=resolved')).map((r) => r.id)).toContain(id);
      const back = await owner('PATCH', `/submissions/${id}`, { status: 'new' });
      expect(back.json().submission).toMatchObject({ status: 'new', reviewedAt: null });

      const bad = await owner('PATCH', `/submissions/${id}`, { status: 'done' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().issues[0].path).toBe('/status');
      const missing = await owner('PATCH', '/submissions/cnope', { status: 'reviewed' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('Crash report not found');
      expect((await owner('GET', '/submissions?status=open')).statusCode).toBe(400);
      expect((await owner('GET', '/submissions?fingerprint=zz')).statusCode).toBe(400);
    });

    it('pages the list with cursors, no gaps or repeats', async () => {
      const all = await list('?limit=200');
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const r = await owner('GET', `/submissions?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...r.json().submissions.map((s: any) => s.id));
        cursor = r.json().nextCursor;
      } while (cursor);
      expect(seen).toEqual(all.map((r) => r.id));
      expect((await owner('GET', '/submissions?cursor=garbage')).statusCode).toBe(400);
    });

    it('exports CSV with attachments, without an Accept header', async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/crash/submissions.csv`, headers: { authorization: t.auth.authorization } });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/csv/);
      const rows = parse(r.body, { columns: true }) as Record<string, string>[];
      expect(rows.length).toBe((await list('?limit=200')).length);
      const withAtt = rows.find((x) => x.attachments.includes('console.log'))!;
      expect(JSON.parse(withAtt.attachments)[0]).toEqual({ name: 'console.log', content: 'boot ok\ntap cart\n' });
      expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(['exceptionName', 'stackTrace', 'crashedAt', 'status', 'fingerprint', 'occurrences']));
    });

    it('MCP tools with WIRE’s names and inputs: list_crash_submissions, set_crash_report_status', async () => {
      const client = await connectMcp(t);
      try {
        const { tools } = await client.listTools();
        const set = tools.find((x) => x.name === 'set_crash_report_status')!;
        expect(Object.keys(set.inputSchema.properties!).sort()).toEqual(['appIdOrSlug', 'status', 'submissionId']);
        expect(tools.map((x) => x.name)).toEqual(expect.arrayContaining(['get_crash_flow', 'update_crash_draft', 'publish_crash_flow', 'list_crash_submissions', 'export_crash_csv', 'list_crash_groups']));
        const page = toolJson(await client.callTool({ name: 'list_crash_submissions', arguments: { appIdOrSlug: slug, limit: 2, status: 'new' } }));
        expect(page.submissions).toHaveLength(2);
        const id = page.submissions[0].id;
        const out = toolJson(await client.callTool({ name: 'set_crash_report_status', arguments: { appIdOrSlug: slug, submissionId: id, status: 'reviewed' } }));
        expect(out.submission).toMatchObject({ id, status: 'reviewed' });
        expect((await list()).find((x) => x.id === id).status).toBe('reviewed');
        await client.callTool({ name: 'set_crash_report_status', arguments: { appIdOrSlug: slug, submissionId: id, status: 'new' } });
      } finally {
        await client.close();
      }
    });

    it('isolates accounts: another account sees nothing and changes nothing', async () => {
      const other = await t.otherAccount();
      const id = (await list())[0].id;
      expect((await owner('GET', '/submissions', undefined, other.auth)).statusCode).toBe(404);
      expect((await owner('PATCH', `/submissions/${id}`, { status: 'resolved' }, other.auth)).statusCode).toBe(404);
      expect((await owner('GET', '/groups', undefined, other.auth)).statusCode).toBe(404);
      const otherSlug = (await t.createApp({ name: 'Other crashy' }, other.auth)).slug;
      const r = await t.app.inject({ method: 'PATCH', url: `/api/v1/apps/${otherSlug}/crash/submissions/${id}`, headers: { ...other.auth, ...json }, payload: '{"status":"resolved"}' });
      expect(r.statusCode).toBe(404);
      expect((await list()).find((x) => x.id === id).status).toBe('new');
    });
  });
});
