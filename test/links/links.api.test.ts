import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '../../src/links/links.service.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { linksApi, manualClock } from './links.fixtures.js';

describeEachDb('short links: owner API', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof linksApi>;
  const clock = manualClock();
  beforeAll(async () => {
    t = await testApp(dialect, { clock });
    api = linksApi(t, (await t.createApp({ name: 'Links App', deepLinkScheme: 'myapp' })).slug);
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('returns 201 { link } with every SPEC field, defaults and a generated code', async () => {
      const r = await api.create({ url: 'https://example.com/a' });
      expect(r.statusCode).toBe(201);
      const { link } = r.json();
      expect(Object.keys(link).sort()).toEqual(
        [
          'id', 'code', 'shortUrl', 'name', 'url', 'iosUrl', 'androidUrl', 'status', 'state', 'expiresAt', 'maxClicks',
          'clickCount', 'expiredBehavior', 'expiredUrl', 'expiredMessage', 'createdAt', 'updatedAt',
        ].sort(),
      );
      expect(link).toMatchObject({
        name: 'Untitled link',
        url: 'https://example.com/a',
        iosUrl: null,
        androidUrl: null,
        status: 'active',
        state: 'active',
        expiresAt: null,
        maxClicks: null,
        clickCount: 0,
        expiredBehavior: 'page',
        expiredUrl: null,
        expiredMessage: null,
      });
      expect(link.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6,7}$`));
      expect(link.shortUrl).toBe(`http://web.test/l/${link.code}`);
    });

    it('generated codes are unique and avoid ambiguous characters', async () => {
      const codes = await Promise.all(Array.from({ length: 40 }, async () => (await api.create({ url: 'https://example.com/' })).json().link.code));
      expect(new Set(codes).size).toBe(40);
      for (const c of codes) expect(c).not.toMatch(/[01ilo]/);
    });

    it('keeps every given field; a custom code is lower-cased; expiresAt is normalised to UTC', async () => {
      const r = await api.create({
        name: 'Spring campaign',
        url: 'https://example.com/spring',
        iosUrl: 'https://apps.apple.com/app/id123',
        androidUrl: 'myapp://open/spring',
        code: 'Spring_Sale-24',
        expiresAt: '2030-06-01T12:00:00+02:00',
        maxClicks: 5,
        expiredBehavior: 'redirect',
        expiredUrl: 'https://example.com/over',
        expiredMessage: 'Over!',
      });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().link).toMatchObject({
        name: 'Spring campaign',
        code: 'spring_sale-24',
        shortUrl: 'http://web.test/l/spring_sale-24',
        iosUrl: 'https://apps.apple.com/app/id123',
        androidUrl: 'myapp://open/spring',
        expiresAt: '2030-06-01T10:00:00.000Z',
        maxClicks: 5,
        expiredBehavior: 'redirect',
        expiredUrl: 'https://example.com/over',
        expiredMessage: 'Over!',
      });
    });

    it('expiresAt accepts ISO dates and times (seconds optional; no zone = UTC), refuses the rest', async () => {
      const at = async (expiresAt: string) => (await api.create({ url: 'https://example.com/', expiresAt })).json().link?.expiresAt;
      expect(await at('2030-06-01')).toBe('2030-06-01T00:00:00.000Z');
      expect(await at('2030-06-01T12:00Z')).toBe('2030-06-01T12:00:00.000Z');
      expect(await at('2030-06-01T12:00:30.5-01:00')).toBe('2030-06-01T13:00:30.500Z');
      expect(await at('2030-06-01T12:00')).toBe('2030-06-01T12:00:00.000Z');
      for (const bad of ['2030-13-01', 'June 1st', '2030-06-01T25:00Z']) {
        const r = await api.create({ url: 'https://example.com/', expiresAt: bad });
        expect(r.statusCode, bad).toBe(422);
        expect(r.json().issues[0].path).toBe('/expiresAt');
      }
    });

    it('an empty or null name gets the default name', async () => {
      for (const name of ['', null, '   ']) {
        const r = await api.create({ url: 'https://example.com/', name });
        expect(r.statusCode, String(name)).toBe(201);
        expect(r.json().link.name).toBe('Untitled link');
      }
    });

    it('409 { error } when the code is taken, whatever the case, by any app of any account', async () => {
      expect((await api.create({ url: 'https://example.com/', code: 'taken' })).statusCode).toBe(201);
      const again = await api.create({ url: 'https://example.com/', code: 'TAKEN' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toContain('taken');
      const other = await t.otherAccount();
      const otherApp = await t.createApp({ name: 'Other links' }, other.auth);
      const r = await linksApi(t, otherApp.slug, other.auth).create({ url: 'https://example.com/', code: 'taken' });
      expect(r.statusCode).toBe(409);
    });

    it.each([
      ['too short', 'ab'],
      ['too long', 'a'.repeat(41)],
      ['bad characters', 'has space'],
      ['a dot', 'a.b.c'],
      ['a slash', 'a/b/c'],
      ['reserved', 'api'],
      ['reserved (case)', 'Admin'],
      ['reserved docs', 'docs'],
    ])('422 for a custom code that is %s', async (_what, code) => {
      const r = await api.create({ url: 'https://example.com/', code });
      expect(r.statusCode).toBe(422);
      expect(r.json().issues[0].path).toBe('/code');
    });

    it('422 for a missing url, a bad maxClicks, a bad expiry, unknown keys, or redirect without expiredUrl', async () => {
      const cases: [unknown, string][] = [
        [{}, '/url'],
        [{ url: 'https://example.com/', maxClicks: 0 }, '/maxClicks'],
        [{ url: 'https://example.com/', maxClicks: 1.5 }, '/maxClicks'],
        [{ url: 'https://example.com/', expiresAt: 'tomorrow' }, '/expiresAt'],
        [{ url: 'https://example.com/', expiredBehavior: 'explode' }, '/expiredBehavior'],
        [{ url: 'https://example.com/', expiredBehavior: 'redirect' }, '/expiredUrl'],
        [{ url: 'https://example.com/', name: 'x'.repeat(121) }, '/name'],
        [{ url: 'https://example.com/', expiredMessage: 'x'.repeat(301) }, '/expiredMessage'],
      ];
      for (const [body, path] of cases) {
        const r = await api.create(body);
        expect(r.statusCode, JSON.stringify(body)).toBe(422);
        expect(r.json().error).toBeTypeOf('string');
        expect(r.json().issues.map((i: { path: string }) => i.path)).toContain(path);
      }
      const unknown = await api.create({ url: 'https://example.com/', colour: 'red' });
      expect(unknown.statusCode).toBe(422);
    });
  });

  describe('list', () => {
    it('clamps a limit above the cap to 200 pages with a nextCursor', async () => {
      const many = linksApi(t, (await t.createApp({ name: 'Many Links' })).slug);
      for (let i = 0; i < 205; i++) expect((await many.create({ url: `https://example.com/m${i}` })).statusCode).toBe(201);
      const first = (await many.list('?limit=1000')).json();
      expect(first.links).toHaveLength(200);
      const rest = (await many.list(`?limit=1000&cursor=${first.nextCursor}`)).json();
      expect(rest.links).toHaveLength(5);
      expect(rest.nextCursor).toBeNull();
    });

    it('is newest first with cursor pagination and nextCursor null on the last page', async () => {
      const fresh = linksApi(t, (await t.createApp({ name: 'List App' })).slug);
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        clock.advance(1000);
        made.push((await fresh.create({ url: `https://example.com/${i}`, name: `L${i}` })).json().link.id);
      }
      const p1 = (await fresh.list('?limit=2')).json();
      expect(p1.links.map((l: { id: string }) => l.id)).toEqual([made[4], made[3]]);
      expect(p1.nextCursor).toBeTypeOf('string');
      const p2 = (await fresh.list(`?limit=2&cursor=${p1.nextCursor}`)).json();
      expect(p2.links.map((l: { id: string }) => l.id)).toEqual([made[2], made[1]]);
      const p3 = (await fresh.list(`?limit=2&cursor=${p2.nextCursor}`)).json();
      expect(p3.links.map((l: { id: string }) => l.id)).toEqual([made[0]]);
      expect(p3.nextCursor).toBeNull();
      expect((await fresh.list()).json().links).toHaveLength(5);
      expect((await fresh.list('?limit=201')).json().links).toHaveLength(5); // clamped to 200, not refused
      expect((await fresh.list('?limit=0')).statusCode).toBe(400);
      expect((await fresh.list('?cursor=garbage')).statusCode).toBe(400);
    });
  });

  describe('get', () => {
    it('finds a link by id or by code and returns { link, stats }', async () => {
      const { link } = (await api.create({ url: 'https://example.com/g', code: 'get-me' })).json();
      for (const key of [link.id, 'get-me', 'GET-ME']) {
        const r = await api.get(key);
        expect(r.statusCode).toBe(200);
        expect(r.json()).toEqual({
          link,
          stats: { clicks: 0, byTarget: { ios: 0, android: 0, fallback: 0, expired: 0 }, topCountries: [], botClicks: 0 },
        });
      }
      expect((await api.get('nope-nope')).statusCode).toBe(404);
      expect((await api.get('nope-nope')).json().error).toBeTypeOf('string');
    });
  });

  describe('PATCH', () => {
    let id: string;
    beforeAll(async () => {
      const r = await api.create({
        name: 'Patch me',
        url: 'https://example.com/p',
        iosUrl: 'https://example.com/ios',
        androidUrl: 'https://example.com/android',
        code: 'patch-me',
        expiresAt: '2031-01-01T00:00:00Z',
        maxClicks: 10,
        expiredUrl: 'https://example.com/ended',
        expiredMessage: 'Gone fishing',
      });
      id = r.json().link.id;
    });

    it('changes only the sent keys and bumps updatedAt', async () => {
      const before = (await api.get(id)).json().link;
      clock.advance(5000);
      const r = await api.patch(id, { name: 'Renamed' });
      expect(r.statusCode).toBe(200);
      const after = r.json().link;
      expect(after).toEqual({ ...before, name: 'Renamed', updatedAt: after.updatedAt });
      expect(after.updatedAt > before.updatedAt).toBe(true);
      expect((await api.patch('patch-me', {})).json().link).toMatchObject({ name: 'Renamed' });
    });

    it('null clears iosUrl, androidUrl, expiresAt, maxClicks, expiredUrl and expiredMessage', async () => {
      const r = await api.patch(id, { iosUrl: null, androidUrl: null, expiresAt: null, maxClicks: null, expiredUrl: null, expiredMessage: null });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().link).toMatchObject({ iosUrl: null, androidUrl: null, expiresAt: null, maxClicks: null, expiredUrl: null, expiredMessage: null, url: 'https://example.com/p' });
    });

    it('sets url, platform urls, limits and behaviour', async () => {
      const r = await api.patch(id, {
        url: 'https://example.com/new',
        iosUrl: 'myapp://x',
        maxClicks: 3,
        expiresAt: '2032-01-01T00:00:00.000Z',
        expiredBehavior: 'redirect',
        expiredUrl: 'https://example.com/after',
        expiredMessage: 'Bye',
      });
      expect(r.json().link).toMatchObject({ url: 'https://example.com/new', iosUrl: 'myapp://x', maxClicks: 3, expiresAt: '2032-01-01T00:00:00.000Z', expiredBehavior: 'redirect', expiredUrl: 'https://example.com/after', expiredMessage: 'Bye' });
    });

    it('code is immutable: sending it is a 422 at /code, even unchanged', async () => {
      for (const code of ['other-code', 'patch-me', null]) {
        const r = await api.patch(id, { code });
        expect(r.statusCode).toBe(422);
        expect(r.json().issues[0].path).toBe('/code');
      }
      expect((await api.get('patch-me')).statusCode).toBe(200);
    });

    it('url cannot be cleared; other bad values are 422 with their path', async () => {
      const cases: [unknown, string][] = [
        [{ url: null }, '/url'],
        [{ url: '' }, '/url'],
        [{ url: 'javascript:alert(1)' }, '/url'],
        [{ name: null }, '/name'],
        [{ status: 'paused' }, '/status'],
        [{ maxClicks: 0 }, '/maxClicks'],
        [{ expiredBehavior: null }, '/expiredBehavior'],
        [{ expiresAt: 'soon' }, '/expiresAt'],
      ];
      for (const [body, path] of cases) {
        const r = await api.patch(id, body);
        expect(r.statusCode, JSON.stringify(body)).toBe(422);
        expect(r.json().issues.map((i: { path: string }) => i.path)).toContain(path);
      }
      // redirect behaviour needs a URL to redirect to, checked against the stored values
      await api.patch(id, { expiredBehavior: 'page' });
      const r = await api.patch(id, { expiredUrl: null, expiredBehavior: 'redirect' });
      expect(r.statusCode).toBe(422);
      expect(r.json().issues[0].path).toBe('/expiredUrl');
    });

    it('404 for an unknown link', async () => {
      expect((await api.patch('missing-link', { name: 'x' })).statusCode).toBe(404);
    });
  });

  describe('state (derived) per SPEC', () => {
    it('active -> disabled -> active; expiresAt reached -> expired; disabled wins over expired', async () => {
      const { link } = (await api.create({ url: 'https://example.com/s', expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() })).json();
      expect(link.state).toBe('active');
      expect((await api.patch(link.id, { status: 'disabled' })).json().link).toMatchObject({ status: 'disabled', state: 'disabled' });
      expect((await api.patch(link.id, { status: 'active' })).json().link).toMatchObject({ status: 'active', state: 'active' });
      clock.advance(60_000);
      expect((await api.get(link.id)).json().link.state).toBe('expired');
      expect((await api.patch(link.id, { status: 'disabled' })).json().link.state).toBe('disabled');
      // disabled -> active lands on expired when the expiry holds
      expect((await api.patch(link.id, { status: 'active' })).json().link.state).toBe('expired');
      expect((await api.patch(link.id, { expiresAt: null })).json().link.state).toBe('active');
    });

    it('lowering maxClicks to the count -> limit_reached; resetClicks -> active; null limit -> active', async () => {
      const { link } = (await api.create({ url: 'https://example.com/m' })).json();
      await t.db.db.updateTable('links').set({ click_count: 4 }).where('id', '=', link.id).execute();
      expect((await api.patch(link.id, { maxClicks: 4 })).json().link).toMatchObject({ state: 'limit_reached', clickCount: 4 });
      expect((await api.patch(link.id, { resetClicks: true })).json().link).toMatchObject({ state: 'active', clickCount: 0, maxClicks: 4 });
      await t.db.db.updateTable('links').set({ click_count: 9 }).where('id', '=', link.id).execute();
      expect((await api.get(link.id)).json().link.state).toBe('limit_reached');
      expect((await api.patch(link.id, { maxClicks: null })).json().link.state).toBe('active');
      // resetClicks: false changes nothing
      expect((await api.patch(link.id, { resetClicks: false })).json().link.clickCount).toBe(9);
    });

    it('disabled -> active lands on limit_reached when the limit holds', async () => {
      const { link } = (await api.create({ url: 'https://example.com/d', maxClicks: 2 })).json();
      await t.db.db.updateTable('links').set({ click_count: 2 }).where('id', '=', link.id).execute();
      expect((await api.patch(link.id, { status: 'disabled' })).json().link.state).toBe('disabled');
      expect((await api.patch(link.id, { status: 'active' })).json().link).toMatchObject({ status: 'active', state: 'limit_reached' });
    });

    it('resetClicks on an expired or disabled link keeps it expired or disabled', async () => {
      const { link } = (await api.create({ url: 'https://example.com/r', maxClicks: 1, expiresAt: clock.now().toISOString() })).json();
      await t.db.db.updateTable('links').set({ click_count: 1 }).where('id', '=', link.id).execute();
      expect((await api.get(link.id)).json().link.state).toBe('expired');
      expect((await api.patch(link.id, { resetClicks: true })).json().link).toMatchObject({ state: 'expired', clickCount: 0 });
      await t.db.db.updateTable('links').set({ click_count: 1, expires_at: null }).where('id', '=', link.id).execute();
      await api.patch(link.id, { status: 'disabled' });
      expect((await api.patch(link.id, { resetClicks: true })).json().link).toMatchObject({ state: 'disabled', clickCount: 0 });
    });
  });

  describe('delete', () => {
    it('returns { deleted: true, id, code }, then 404, and the code is free again', async () => {
      const { link } = (await api.create({ url: 'https://example.com/d', code: 'delete-me' })).json();
      const r = await api.remove('delete-me');
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ deleted: true, id: link.id, code: 'delete-me' });
      expect((await api.get(link.id)).statusCode).toBe(404);
      expect((await api.remove(link.id)).statusCode).toBe(404);
      const again = await api.create({ url: 'https://example.com/d2', code: 'delete-me' });
      expect(again.statusCode).toBe(201);
      expect(again.json().link.id).not.toBe(link.id);
    });
  });

  describe('isolation', () => {
    it("another account's token gets 404 for the app and its links, and cannot reach them through its own app", async () => {
      const { link } = (await api.create({ url: 'https://example.com/i', code: 'mine-only' })).json();
      const other = await t.otherAccount();
      const mine = linksApi(t, api.base.split('/')[4], other.auth);
      expect((await mine.list()).statusCode).toBe(404);
      expect((await mine.get('mine-only')).statusCode).toBe(404);
      expect((await mine.patch('mine-only', { name: 'x' })).statusCode).toBe(404);
      expect((await mine.remove('mine-only')).statusCode).toBe(404);
      expect((await mine.create({ url: 'https://example.com/' })).statusCode).toBe(404);
      const own = linksApi(t, (await t.createApp({ name: 'Own' }, other.auth)).slug, other.auth);
      for (const key of [link.id, 'mine-only']) {
        expect((await own.get(key)).statusCode).toBe(404);
        expect((await own.patch(key, { status: 'disabled' })).statusCode).toBe(404);
        expect((await own.remove(key)).statusCode).toBe(404);
      }
      expect((await own.list()).json().links).toEqual([]);
      expect((await api.get('mine-only')).json().link.status).toBe('active');
    });

    it('401 without a token', async () => {
      const r = await t.app.inject({ method: 'GET', url: api.base });
      expect(r.statusCode).toBe(401);
      expect(r.headers['www-authenticate']).toContain('Bearer');
    });
  });

  it('is documented in OpenAPI with the MCP operation names', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const col = doc.paths['/api/v1/apps/{idOrSlug}/links'];
    const one = doc.paths['/api/v1/apps/{idOrSlug}/links/{idOrCode}'];
    expect(col.get.operationId).toBe('listShortLinks');
    expect(col.post.operationId).toBe('createShortLink');
    expect(Object.keys(col.post.responses)).toEqual(expect.arrayContaining(['201', '401', '409', '422']));
    expect(one.get.operationId).toBe('getShortLink');
    expect(one.patch.operationId).toBe('updateShortLink');
    expect(one.delete.operationId).toBe('deleteShortLink');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/l/'))).toBe(false);
  });
});
