import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describeEachDb('apps: PATCH /api/v1/apps/{idOrSlug} and promotion metadata', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const patch = (key: string, payload: unknown, headers = t.auth) => t.app.inject({ method: 'PATCH', url: `/api/v1/apps/${key}`, headers, payload: payload as object });
  const get = async (key: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${key}`, headers: t.auth })).json().app;
  const promotion = {
    appStoreId: '1234567890',
    storeUrl: 'https://apps.apple.com/app/focus/id1234567890',
    universalLinkBase: 'https://focus.example/open',
    iconUrl: 'https://focus.example/icon.png',
    destinations: { today: '/today', settings: 'focus://settings', store: 'itms-apps://apps.apple.com/app/id1234567890', web: 'https://focus.example/x' },
  };

  it('changes only the sent fields, by id or slug; null clears; promotion is replaced whole', async () => {
    const app = await t.createApp({ name: 'Focus', slug: 'focus', bundleId: 'com.x.focus', logoUrl: 'https://focus.example/logo.png' });
    const r = await patch(app.id, { deepLinkScheme: 'focus', promotion });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().app).toMatchObject({ id: app.id, name: 'Focus', slug: 'focus', bundleId: 'com.x.focus', deepLinkScheme: 'focus', logoUrl: 'https://focus.example/logo.png', promotion });
    expect(await get('focus')).toMatchObject({ promotion });
    const r2 = await patch('focus', { name: 'Focus Pro', slug: 'focus-pro', bundleId: null, logoUrl: null, promotion: { storeUrl: promotion.storeUrl } });
    expect(r2.statusCode, r2.body).toBe(200);
    const after = await get(app.id);
    expect(after).toMatchObject({ name: 'Focus Pro', slug: 'focus-pro', bundleId: null, logoUrl: null, deepLinkScheme: 'focus', promotion: { storeUrl: promotion.storeUrl } });
    expect(after.promotion.appStoreId).toBeUndefined();
    expect(after.updatedAt >= after.createdAt).toBe(true);
    expect((await patch('focus-pro', { promotion: null })).json().app.promotion).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps/focus', headers: t.auth })).statusCode).toBe(404);
  });

  it('409 on a slug another app has; 422 with paths for bad fields; nothing changes', async () => {
    await t.createApp({ name: 'Taken', slug: 'taken' });
    const app = await t.createApp({ name: 'Mover', slug: 'mover', deepLinkScheme: 'mover' });
    const before = await get(app.id);
    const dup = await patch('mover', { slug: 'taken' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatch(/taken/);
    const cases: [unknown, string][] = [
      [{ name: '' }, '/name'],
      [{ name: null }, '/name'],
      [{ slug: 'Bad Slug' }, '/slug'],
      [{ slug: 'api' }, '/slug'],
      [{ deepLinkScheme: 'javascript' }, '/deepLinkScheme'],
      [{ deepLinkScheme: 'https' }, '/deepLinkScheme'],
      [{ deepLinkScheme: 'itms-apps' }, '/deepLinkScheme'],
      [{ logoUrl: 'javascript:alert(1)' }, '/logoUrl'],
      [{ promotion: { storeUrl: 'http://apps.apple.com/app/x' } }, '/promotion/storeUrl'],
      [{ promotion: { universalLinkBase: 'ftp://x.example' } }, '/promotion/universalLinkBase'],
      [{ promotion: { iconUrl: 'data:image/png;base64,AAAA' } }, '/promotion/iconUrl'],
      [{ promotion: { appStoreId: 'id123' } }, '/promotion/appStoreId'],
      [{ promotion: { destinations: { Bad: '/x' } } }, '/promotion/destinations/Bad'],
      [{ promotion: { destinations: { home: 'javascript:alert(1)' } } }, '/promotion/destinations/home'],
      [{ promotion: { destinations: { home: 'other://x' } } }, '/promotion/destinations/home'],
      [{ promotion: { destinations: { home: 'http://mover.example/x' } } }, '/promotion/destinations/home'],
      [{ promotion: { destinations: { home: '//evil.example/x' } } }, '/promotion/destinations/home'],
      [{ promotion: { destinations: { home: 'https://user:pw@mover.example/' } } }, '/promotion/destinations/home'],
      [{ promotion: { extra: 1 } }, '/promotion'],
      [{ extra: 1 }, '/'],
      // clearing the scheme its destinations use
      [{ deepLinkScheme: null, promotion: { destinations: { home: 'mover://home' } } }, '/promotion/destinations/home'],
    ];
    for (const [body, path] of cases) {
      const r = await patch('mover', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path), `${JSON.stringify(body)} ${r.body}`).toContain(path);
    }
    expect(await get(app.id)).toEqual(before);
    // the same rules on create
    const c = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: t.auth, payload: { name: 'x', promotion: { storeUrl: 'http://x.example' } } });
    expect(c.statusCode).toBe(422);
    const c2 = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: t.auth, payload: { name: 'x', deepLinkScheme: 'x', promotion: { destinations: { a: 'y://a' } } } });
    expect(c2.json().issues[0].path).toBe('/promotion/destinations/a');
  });

  it('branding: accentColor (stored lower-case) and theme on create and PATCH; null clears; bad values are 422 at their paths', async () => {
    const app = await t.createApp({ name: 'Painted', slug: 'painted', accentColor: '#DB2777', theme: 'auto' });
    expect(await get(app.id)).toMatchObject({ accentColor: '#db2777', theme: 'auto' });
    expect((await patch('painted', { theme: 'dark' })).json().app).toMatchObject({ accentColor: '#db2777', theme: 'dark' });
    expect((await patch('painted', { accentColor: '#0F766E' })).json().app).toMatchObject({ accentColor: '#0f766e', theme: 'dark' });
    for (const [body, path] of [[{ accentColor: 'red' }, '/accentColor'], [{ theme: 'Dark' }, '/theme'], [{ theme: '' }, '/theme']] as const) {
      const r = await patch('painted', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().issues[0].path).toBe(path);
    }
    expect((await patch('painted', { accentColor: null, theme: null })).json().app).toMatchObject({ accentColor: null, theme: null });
    expect(await get('painted')).toMatchObject({ accentColor: null, theme: null });
  });

  it('another account’s app is a 404 and unchanged; unauthenticated is 401', async () => {
    const app = await t.createApp({ name: 'Mine', slug: 'mine' });
    const other = await t.otherAccount();
    expect((await patch(app.id, { name: 'Stolen' }, other.auth)).statusCode).toBe(404);
    expect((await patch('mine', { name: 'Stolen' }, other.auth)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/v1/apps/mine', payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await get('mine')).name).toBe('Mine');
  });
});
