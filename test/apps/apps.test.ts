import { afterAll, beforeAll, expect, it } from 'vitest';
import { firstSegment, RESERVED_SLUGS } from '../../src/apps/apps.slugs.js';
import { ID_SHAPE, newId } from '../../src/kernel/ids.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { CODE_PATTERN, RESERVED_CODES } from '../../src/links/links.schema.js';

describeEachDb('apps', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers = t.auth) => t.app.inject({ method: 'POST', url: '/api/v1/apps', headers, payload: payload as object });

  it('creates an app with a slug derived from the name', async () => {
    const r = await post({ name: 'Café Tracker Pro!', bundleId: 'com.x.cafe', deepLinkScheme: 'cafe', logoUrl: 'https://x.test/logo.png' });
    expect(r.statusCode).toBe(201);
    const { app } = r.json();
    expect(app).toMatchObject({ name: 'Café Tracker Pro!', slug: 'cafe-tracker-pro', bundleId: 'com.x.cafe', deepLinkScheme: 'cafe', logoUrl: 'https://x.test/logo.png' });
    expect(app.id).toMatch(/^[a-z0-9]{20,}$/);
    expect(app.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('suffixes a derived slug that is taken, but 409s an explicit one', async () => {
    const a = (await post({ name: 'Dup' })).json().app;
    const b = (await post({ name: 'Dup' })).json().app;
    expect(a.slug).toBe('dup');
    expect(b.slug).toMatch(/^dup-[a-z0-9]{4}$/);
    const r = await post({ name: 'Other', slug: 'dup' });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toMatch(/taken/);
  });

  it('gets an app by id and by slug; lists apps', async () => {
    const app = (await post({ name: 'Lookup', slug: 'lookup' })).json().app;
    for (const key of [app.id, 'lookup']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${key}`, headers: t.auth });
      expect(r.statusCode).toBe(200);
      expect(r.json().app.id).toBe(app.id);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/apps', headers: t.auth });
    expect(list.json().apps.map((a: { slug: string }) => a.slug)).toContain('lookup');
  });

  it('rejects bad input with 422 and the failing paths, changing nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/apps', headers: t.auth })).json().apps.length;
    const cases: [unknown, string][] = [
      [{}, '/name'],
      [{ name: '' }, '/name'],
      [{ name: 'x'.repeat(121) }, '/name'],
      [{ name: 'ok', slug: 'Bad Slug' }, '/slug'],
      [{ name: 'ok', deepLinkScheme: '1abc' }, '/deepLinkScheme'],
      [{ name: 'ok', logoUrl: 'javascript:alert(1)' }, '/logoUrl'],
      [{ name: 'ok', bundleId: 'b'.repeat(201) }, '/bundleId'],
      [{ name: 'ok', extra: 1 }, '/'],
    ];
    for (const [body, path] of cases) {
      const r = await post(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path), JSON.stringify(body)).toContain(path);
    }
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/apps', headers: t.auth })).json().apps.length;
    expect(after).toBe(before);
  });

  it('never shows another account’s app', async () => {
    const mine = (await post({ name: 'Private', slug: 'private-app' })).json().app;
    const other = await t.otherAccount();
    for (const key of [mine.id, mine.slug]) {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${key}`, headers: other.auth });
      expect(r.statusCode).toBe(404);
      const f = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${key}/flows`, headers: other.auth });
      expect(f.statusCode).toBe(404);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/apps', headers: other.auth });
    expect(list.json().apps).toEqual([]);
    // and the other account cannot squat the slug either (slugs are global)
    expect((await post({ name: 'x', slug: 'private-app' }, other.auth)).statusCode).toBe(409);
  });

  it('refuses route words as slugs with 422 at /slug; a derived one is suffixed instead', async () => {
    for (const slug of ['docs', 'healthz', 'mcp', 'assets', 'l', 'api', 'embed', 'wishlist', 'feedback', 'report', 'contact', 'waitlist', 'cancel', 'admin']) {
      const r = await post({ name: 'Shadow', slug });
      expect(r.statusCode, slug).toBe(422);
      expect(r.json().issues, slug).toEqual([{ path: '/slug', message: expect.stringMatching(/reserved/) }]);
      expect(r.json().error).toMatch(/reserved/);
    }
    const derived = (await post({ name: 'Feedback' })).json().app;
    expect(derived.slug).toMatch(/^feedback-[a-z0-9]{4}$/);
  });

  it('reserves the first word of every route the server registers', async () => {
    const words = new Set<string>();
    // With the home page at `/`, the tree is `└── / (GET)` and its children, one level in, carry
    // whole leading segments without the slash (`    ├── api/public/sessions (POST)`).
    for (const m of t.app.printRoutes({ commonPrefix: false }).matchAll(/^(?:[├└]── \/|    [├└]── |    │   (?![├└│ ]))(\S+)/gm)) {
      const word = firstSegment(`/${m[1]}`);
      // Only words shaped like a slug can collide with one (not `favicon.ico`).
      if (word && /^[a-z0-9-]+$/.test(word)) words.add(word);
    }
    expect([...words]).toEqual(expect.arrayContaining(['api', 'assets', 'docs', 'healthz', 'l', 'mcp', 'embed', 'waitlist', 'wishlist', 'feedback']));
    // The static list covers them all, so `appflows mcp` (no HTTP routes) refuses the same slugs.
    expect([...words].filter((w) => !RESERVED_SLUGS.has(w))).toEqual([]);
    // Short-link codes are first path segments too (SHORT_LINK_URL/<code>): a code that is a route
    // word would be accepted and never redirect. Words a code can be (3+ characters) are reserved.
    expect([...words].filter((w) => CODE_PATTERN.test(w) && !RESERVED_CODES.has(w))).toEqual([]);
  });

  it('reserves a route word that only the configuration adds (SHORT_LINK_URL under WEB_URL)', async () => {
    const t2 = await testApp(dialect, { env: { SHORT_LINK_URL: 'http://web.test/go' } });
    try {
      const r = await t2.app.inject({ method: 'POST', url: '/api/v1/apps', headers: t2.auth, payload: { name: 'Go', slug: 'go' } });
      expect(r.statusCode).toBe(422);
      expect((await t2.createApp({ name: 'Go' })).slug).toMatch(/^go-[a-z0-9]{4}$/);
    } finally {
      await t2.close();
    }
  });

  it('refuses slugs shaped like an app id, so a slug never hides another app (ids win lookups)', async () => {
    const target = (await post({ name: 'Target' })).json().app;
    expect(target.id).toMatch(ID_SHAPE);
    const r = await post({ name: 'Squatter', slug: target.id });
    expect(r.statusCode).toBe(422);
    expect(r.json().issues[0]).toMatchObject({ path: '/slug', message: expect.stringMatching(/app id/) });
    expect((await post({ name: 'Squatter', slug: 'abcdefghijklmnopqrstuvwx' })).statusCode).toBe(422);
    // 23 or 25 characters, or a dash: not an id
    for (const slug of ['abcdefghijklmnopqrstuvw', 'abcdefghijklmnopqrstuvwxy', 'abcdefghijk-mnopqrstuvwx']) expect((await post({ name: 'S', slug })).statusCode, slug).toBe(201);
    // a name that slugifies to an id's shape is suffixed
    expect((await post({ name: 'Qwertyuiopasdfghjklzxcvb' })).json().app.slug).toMatch(/^qwertyuiopasdfghjklzxcvb-[a-z0-9]{4}$/);

    // A slug written before the rule (straight into the table) that spells another app's id
    // does not hide that app: the id wins.
    const now = new Date().toISOString();
    const accountId = (await t.db.db.selectFrom('apps').select('account_id').where('id', '=', target.id).executeTakeFirstOrThrow()).account_id;
    await t.db.db
      .insertInto('apps')
      .values({ id: newId(), account_id: accountId, name: 'Legacy', slug: target.id, bundle_id: null, deep_link_scheme: null, logo_url: null, promotion_json: null, created_at: now, updated_at: now })
      .execute();
    const got = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${target.id}`, headers: t.auth });
    expect(got.json().app).toMatchObject({ id: target.id, name: 'Target' });
  });
});
