import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_BCRYPT_COST } from '../../src/kernel/hash-cost.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describeEachDb('owner auth', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/v1/apps', headers });

  it('accepts a valid token', async () => {
    const r = await get(t.auth);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ apps: [] });
  });

  it('answers every failure cause with the same 401 body and WWW-Authenticate', async () => {
    const revoked = await t.app.services.tokens.create('to-revoke');
    await t.app.services.tokens.revoke(revoked.prefix);
    const valid = t.token;
    const [, prefix] = valid.split('_');
    const causes: Record<string, Record<string, string>> = {
      missing: {},
      'not bearer': { authorization: `Basic ${valid}` },
      malformed: { authorization: 'Bearer nope' },
      'wrong marker': { authorization: `Bearer amk_${valid.slice(4)}` },
      'unknown prefix': { authorization: `Bearer afk_ZZZZZZZZ_${'a'.repeat(32)}` },
      'wrong secret': { authorization: `Bearer afk_${prefix}_${'b'.repeat(32)}` },
      revoked: { authorization: `Bearer ${revoked.token}` },
    };
    const bodies = new Set<string>();
    for (const [cause, headers] of Object.entries(causes)) {
      const r = await get(headers);
      expect(r.statusCode, cause).toBe(401);
      expect(r.headers['www-authenticate'], cause).toBe('Bearer realm="appflows"');
      expect(r.json(), cause).toHaveProperty('error');
      bodies.add(r.body);
    }
    expect(bodies.size).toBe(1);
  });

  it('checks auth before input: a bad body without a token is still 401', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/apps', payload: { nope: 1 } });
    expect(r.statusCode).toBe(401);
  });

  it('token format is afk_<8>_<32> base62 and only a bcrypt hash is stored', async () => {
    const created = await t.app.services.tokens.create('fmt');
    expect(created.token).toMatch(/^afk_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
    const row = await t.db.db.selectFrom('api_tokens').selectAll().where('prefix', '=', created.prefix).executeTakeFirstOrThrow();
    // At the test suite's cost; the production floor (10) is held in hash-cost.test.ts.
    expect(row.hash).toMatch(/^\$2[aby]\$\d\d\$/);
    expect(Number(row.hash.slice(4, 6))).toBe(TEST_BCRYPT_COST);
    expect(JSON.stringify(row)).not.toContain(created.token.split('_')[2]);
  });

  it('revoking through the API takes effect immediately on the same node (cache evicted)', async () => {
    const created = await t.app.services.tokens.create('cached');
    const headers = { authorization: `Bearer ${created.token}` };
    expect((await get(headers)).statusCode).toBe(200); // now cached
    expect((await get(headers)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/tokens/${created.prefix}`, headers: t.auth });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ revoked: true, prefix: created.prefix });
    expect((await get(headers)).statusCode).toBe(401);
  });

  it('creates and lists tokens over the API without ever listing secrets', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: t.auth, payload: { name: 'ci' } });
    expect(r.statusCode).toBe(201);
    const { token } = r.json();
    expect((await get({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/tokens', headers: t.auth });
    expect(list.body).not.toContain(token.split('_')[2]);
    expect(list.json().tokens.some((x: { name: string }) => x.name === 'ci')).toBe(true);
  });

  it('cannot revoke another account’s token', async () => {
    const other = await t.otherAccount();
    const prefix = other.token.split('_')[1];
    const r = await t.app.inject({ method: 'DELETE', url: `/api/v1/tokens/${prefix}`, headers: t.auth });
    expect(r.statusCode).toBe(404);
    expect((await get(other.auth)).statusCode).toBe(200);
  });
});
