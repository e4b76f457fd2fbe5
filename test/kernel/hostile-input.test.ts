import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE, nulIssues } from '../../src/kernel/nul.js';
import { decodeCursor, encodeCursor } from '../../src/kernel/pagination.js';
import { FORM_FIXTURES, putAndPublish, submit } from '../flows/forms/forms.fixtures.js';
import { goodWishlist, putAndPublish as publishWishlist } from '../flows/wishlist/wishlist.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

const b64 = (v: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(v)).toString('base64url'));
const T0 = '2026-01-01T00:00:00.000Z';

/** A cursor of every wrong kind: each used to reach PostgreSQL and fail there (500). */
const BAD_CURSORS = {
  'not base64 JSON': 'garbage!!',
  'not an array': b64({ a: 1 }),
  'wrong arity': b64([T0]),
  'number for a time': b64([1700000000, 'abc']),
  'time not ISO': b64(['yesterday', 'abc']),
  'number for an id': b64([T0, 42]),
  'NUL in a string': b64([T0, 'a\u0000b']),
  'decimal count': b64([0.5, 1, T0, 'abc']),
  'count past int4': b64([0, 2 ** 31, T0, 'abc']),
  'huge number': b64([1e308, 0, T0, 'abc']),
  'unsafe integer': b64([0, 2 ** 53 + 1, T0, 'abc']),
  'negative count': b64([-1, 0, T0, 'abc']),
  'string count': b64(['1', '0', T0, 'abc']),
  'null keys': b64([null, null]),
  'NUL in the query': '%00',
};

describe('nulIssues', () => {
  it('finds NUL in strings and keys at any depth, with JSON-pointer paths', () => {
    expect(nulIssues({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\u0000': 1, d: { e: '\u0000' } } })).toEqual([
      { path: '/b/1', message: NUL_MESSAGE },
      { path: '/c/k\\u0000', message: `key ${NUL_MESSAGE}` },
      { path: '/c/d/e', message: NUL_MESSAGE },
    ]);
    expect(nulIssues('\u0000')).toEqual([{ path: '/', message: NUL_MESSAGE }]);
    expect(nulIssues({ a: 'fine', n: 1, z: null, t: true, u: '😀\u202e\ud800' })).toEqual([]);
  });

  it('walks nesting deeper than the call stack, and reports at most 20 issues', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nulIssues(deep)).toHaveLength(1);
    expect(nulIssues(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(20);
  });
});

describe('decodeCursor', () => {
  it('returns the keys of a cursor of the expected shape, a 400 for anything else', () => {
    expect(decodeCursor(encodeCursor([T0, 'abc']), ['time', 'id'])).toEqual([T0, 'abc']);
    expect(decodeCursor(encodeCursor([1, 12, T0, 'abc']), ['count', 'count', 'time', 'id'])).toEqual([1, 12, T0, 'abc']);
    expect(decodeCursor(undefined, ['time', 'id'])).toBeUndefined();
    for (const [why, c] of Object.entries(BAD_CURSORS)) {
      expect(() => decodeCursor(decodeURIComponent(c), ['time', 'id']), why).toThrow('Invalid cursor');
      expect(() => decodeCursor(decodeURIComponent(c), ['count', 'count', 'time', 'id']), why).toThrow('Invalid cursor');
    }
  });
});

describeEachDb('hostile input: NUL and forged cursors are 400/422 on both databases', (dialect) => {
  let t: TestApp;
  let slug: string;
  let ideaId: string;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    slug = (await t.createApp({ name: 'Hostile App' })).slug;
    for (const type of ['feedback', 'report', 'waitlist'] as const) await putAndPublish(t, slug, type, FORM_FIXTURES[type]());
    await publishWishlist(t, slug, goodWishlist({ moderation: { autoApprove: true } }));
    ideaId = (await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/wishlist/ideas`, headers: t.auth, payload: { title: 'Dark mode' } })).json().idea.id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = t.auth) => t.app.inject({ method: 'GET', url, headers });

  it('NUL in a public submit field is a 422 naming the field; nothing is stored', async () => {
    const r = await submit(t, 'feedback', { appSlug: slug, message: 'hello\u0000world' });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toEqual({ error: `Invalid body: /message ${NUL_MESSAGE}`, issues: [{ path: '/message', message: NUL_MESSAGE }] });
    const attr = await submit(t, 'feedback', { appSlug: slug, message: 'hi', attributes: { plan: ['Pro\u0000'], 'x\u0000': 'y' } });
    expect(attr.statusCode).toBe(422);
    expect(attr.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['/attributes/plan/0', '/attributes/x\\u0000']);
    const idea = await t.app.inject({ method: 'POST', url: '/api/public/wishlist/submit', headers: { 'content-type': 'application/json' }, payload: { appSlug: slug, title: '\u0000' } });
    expect(idea.statusCode).toBe(422);
    expect(idea.json().issues).toEqual([{ path: '/title', message: NUL_MESSAGE }]);
    expect(await t.db.db.selectFrom('form_submissions').select('id').execute()).toEqual([]);
  });

  it('NUL in a query param or path param is a 400 naming it; authentication still comes first', async () => {
    const list = await get(`/api/public/wishlist/list?appSlug=${slug}&category=a%00b`, {});
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ error: `Invalid query: /category ${NUL_MESSAGE}`, issues: [{ path: '/category', message: NUL_MESSAGE }] });
    expect((await get(`/api/public/feedback?appSlug=%00`, {})).json().issues).toEqual([{ path: '/appSlug', message: NUL_MESSAGE }]);
    const owner = await get(`/api/v1/apps/${slug}/flows?type=%00`);
    expect(owner.statusCode).toBe(400);
    const path = await get('/api/v1/apps/%00');
    expect(path.statusCode).toBe(400);
    expect(path.json().issues).toEqual([{ path: '/idOrSlug', message: NUL_MESSAGE }]);
    expect((await get(`/api/v1/apps/${slug}/wishlist/ideas/a%00b/comments`)).statusCode).toBe(400);
    expect((await get('/api/v1/apps/%00', {})).statusCode).toBe(401);
  });

  it('CSV exports refuse NUL in their filters (400), before streaming anything', async () => {
    const report = await get(`/api/v1/apps/${slug}/report/submissions.csv?category=%00`);
    expect(report.statusCode).toBe(400);
    expect(report.json().issues).toEqual([{ path: '/category', message: NUL_MESSAGE }]);
    expect((await get(`/api/v1/apps/${slug}/waitlist/signups.csv?flowSlug=x%00`)).statusCode).toBe(400);
    expect((await get(`/api/v1/apps/${slug}/report/submissions.csv?category=bug`)).statusCode).toBe(200);
  });

  it('every malformed cursor is 400 `Invalid cursor` on the owner and public lists', async () => {
    const lists = {
      links: `/api/v1/apps/${slug}/links?`,
      'report submissions': `/api/v1/apps/${slug}/report/submissions?`,
      'waitlist signups': `/api/v1/apps/${slug}/waitlist/signups?`,
      'owner ideas (new)': `/api/v1/apps/${slug}/wishlist/ideas?sort=new&`,
      'owner ideas (votes)': `/api/v1/apps/${slug}/wishlist/ideas?sort=votes&`,
      'owner comments': `/api/v1/apps/${slug}/wishlist/ideas/${ideaId}/comments?`,
      'public ideas (new)': `/api/public/wishlist/list?appSlug=${slug}&sort=new&`,
      'public ideas (votes)': `/api/public/wishlist/list?appSlug=${slug}&sort=votes&`,
      'public comments': `/api/public/wishlist/comments?appSlug=${slug}&ideaId=${ideaId}&`,
    };
    for (const [list, url] of Object.entries(lists)) {
      for (const [why, cursor] of Object.entries(BAD_CURSORS)) {
        const r = await get(`${url}cursor=${cursor}`);
        expect(r.statusCode, `${list}: ${why}`).toBe(400);
        if (cursor !== '%00') expect(r.json(), `${list}: ${why}`).toEqual({ error: 'Invalid cursor' });
      }
    }
  });

  it('the cursors the lists hand out still page through every row', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/wishlist/ideas`, headers: t.auth, payload: { title: `Idea ${i}`, pinned: i === 1 } });
    await t.app.inject({ method: 'POST', url: '/api/public/wishlist/vote', headers: { 'content-type': 'application/json' }, payload: { appSlug: slug, ideaId, anonId: 'a'.repeat(32) } });
    for (const sort of ['votes', 'new']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const r = await get(`/api/public/wishlist/list?appSlug=${slug}&sort=${sort}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {});
        expect(r.statusCode, r.body).toBe(200);
        seen.push(...r.json().ideas.map((i: { id: string }) => i.id));
        cursor = r.json().nextCursor;
      } while (cursor);
      expect(new Set(seen).size, sort).toBe(4);
    }
  });

  it('hosted pages: NUL in a path, query or form field is a 400/422 page, never a 500', async () => {
    const html = { accept: 'text/html' };
    for (const url of ['/feedback/%00', `/waitlist/${slug}/%00`, '/wishlist/a%00b', `/wishlist/${slug}/ideas/%00`, `/wishlist/${slug}?category=%00`, `/embed/wishlist/${slug}?cursor=%00`]) {
      const r = await get(url, html);
      expect(r.statusCode, url).toBe(400);
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.body, url).toContain('not allowed (NUL)');
    }
    const form = { ...html, 'content-type': 'application/x-www-form-urlencoded' };
    for (const [url, payload] of [
      [`/wishlist/${slug}/submit`, 'title=a%00b'],
      [`/feedback/${slug}`, 'message=hi%00'],
      [`/waitlist/${slug}`, 'email=a%40b.co&x%00=1'],
    ]) {
      const r = await t.app.inject({ method: 'POST', url, headers: form, payload });
      expect(r.statusCode, url).toBe(422);
      expect(r.body, url).toContain('not allowed (NUL)');
    }
    // API clients of the same routes get the API's JSON.
    const json = await get('/feedback/%00', { accept: 'application/json' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: `Invalid path: /appSlug ${NUL_MESSAGE}`, issues: [{ path: '/appSlug', message: NUL_MESSAGE }] });
    expect((await get('/l/%00', html)).statusCode).toBe(400);
  });

  it('MCP: NUL in a tool argument is a tool error naming the argument, not an internal error', async () => {
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { ...t.auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
      expect(r.statusCode).toBe(200);
      const result = r.json().result as { isError?: boolean; content: { text: string }[] };
      expect(result.isError).toBe(true);
      return JSON.parse(result.content[0].text);
    };
    expect(await call('get_app', { appIdOrSlug: 'a\u0000' })).toEqual({
      status: 400,
      error: `Invalid path: /appIdOrSlug ${NUL_MESSAGE}`,
      issues: [{ path: '/appIdOrSlug', message: NUL_MESSAGE }],
    });
    expect((await call('list_report_submissions', { appIdOrSlug: slug, category: '\u0000' })).status).toBe(400);
    expect((await call('list_short_links', { appIdOrSlug: slug, cursor: Buffer.from(JSON.stringify([1.5, 'x'])).toString('base64url') })).error).toBe('Invalid cursor');
    const body = await call('create_wishlist_idea', { appIdOrSlug: slug, title: 'ok', body: 'x\u0000' });
    expect(body).toMatchObject({ status: 422, issues: [{ path: '/body', message: NUL_MESSAGE }] });
    const config = await call('update_wishlist_draft', { appIdOrSlug: slug, config: { ...goodWishlist(), intro: { ...goodWishlist().intro, title: 'a\u0000' } } });
    expect(config).toMatchObject({ status: 422, issues: [{ path: '/intro/title', message: NUL_MESSAGE }] });
  });
});
