import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

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
});
