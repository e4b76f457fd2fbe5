import { readFileSync, existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { buildServer, loggerOptions } from '../../../src/server.js';
import { pageToken } from '../../form-token.js';
import { describeEachDb, testApp, testConfig, testDb, type TestApp } from '../../helpers.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, putAndPublish, submit } from './forms.fixtures.js';

describeEachDb('abuse resistance', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup(env: Record<string, string>) {
    t = await testApp(dialect, { env });
    const slug = (await t.createApp({ name: 'Limits' })).slug;
    await putAndPublish(t, slug, 'feedback', goodFeedback());
    await putAndPublish(t, slug, 'waitlist', goodWaitlist());
    return { t, slug };
  }

  it('rate limits each public submit per client: 429 with Retry-After; a spoofed X-Forwarded-For does not reset it', async () => {
    const { t, slug } = await setup({ PUBLIC_RATE_LIMIT: '3' });
    const send = (type: string, body: object, xff?: string) =>
      t.app.inject({ method: 'POST', url: `/api/public/${type}`, remoteAddress: '198.51.100.9', headers: { 'content-type': 'application/json', ...(xff ? { 'x-forwarded-for': xff } : {}) }, payload: JSON.stringify(body) });
    for (let i = 0; i < 3; i++) expect((await send('feedback', { appSlug: slug, message: `m${i}` })).statusCode).toBe(201);
    const limited = await send('feedback', { appSlug: slug, message: 'again' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/Too many requests/);
    expect((await send('feedback', { appSlug: slug, message: 'spoof' }, '10.9.8.7')).statusCode).toBe(429);
    // Each action has one budget per client, whichever route spends it: the public API, the
    // hosted page's no-JS post and the signup host's page share the waitlist signup budget.
    const post = async (url: string, host?: string) => {
      const headers = host ? { host } : undefined;
      const _token = await pageToken(t, url, { remoteAddress: '198.51.100.9', headers });
      return t.app.inject({ method: 'POST', url, remoteAddress: '198.51.100.9', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ _token, email: `p${Math.random()}@example.com` }).toString() });
    };
    expect((await send('waitlist', { appSlug: slug, email: 'x0@example.com' })).statusCode).toBe(201);
    expect((await post(`/waitlist/${slug}`)).statusCode).toBe(303);
    expect((await post(`/${slug}`, 'signup.test')).statusCode).toBe(303);
    expect((await send('waitlist', { appSlug: slug, email: 'y@example.com' })).statusCode).toBe(429);
    expect((await post(`/${slug}`, 'signup.test')).statusCode).toBe(429);
    const page = await post(`/waitlist/${slug}`);
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.body).toContain('Too many attempts');
    // Another client is unaffected.
    expect((await submit(t, 'feedback', { appSlug: slug, message: 'other client' })).statusCode).toBe(201);
  });

  it('with TRUST_PROXY set, distinct X-Forwarded-For addresses are distinct clients', async () => {
    const { t, slug } = await setup({ PUBLIC_RATE_LIMIT: '2', TRUST_PROXY: 'true' });
    const send = (xff: string) =>
      t.app.inject({ method: 'POST', url: '/api/public/feedback', remoteAddress: '10.0.0.1', headers: { 'content-type': 'application/json', 'x-forwarded-for': xff }, payload: JSON.stringify({ appSlug: slug, message: 'x' }) });
    expect((await send('203.0.113.1')).statusCode).toBe(201);
    expect((await send('203.0.113.1')).statusCode).toBe(201);
    expect((await send('203.0.113.1')).statusCode).toBe(429);
    expect((await send('203.0.113.2')).statusCode).toBe(201);
  });
});

it('never stores or logs the raw client IP', async () => {
  const db = await testDb('sqlite');
  let logs = '';
  const stream = new Writable({ write: (chunk, _enc, done) => ((logs += chunk), done()) });
  const config = testConfig({ TRUST_PROXY: 'true', COUNTRY_HEADER: 'cf-ipcountry' });
  const app = await buildServer({ config, db, logger: { ...loggerOptions('trace'), stream } });
  try {
    await app.ready();
    const token = (await app.services.tokens.create('t')).token;
    const t = { app, auth: { authorization: `Bearer ${token}` } } as unknown as TestApp;
    const slug = (await app.inject({ method: 'POST', url: '/api/v1/apps', headers: t.auth, payload: { name: 'Privacy' } })).json().app.slug;
    for (const [type, cfg] of [['feedback', goodFeedback()], ['report', goodReport()], ['contact', goodContact()], ['waitlist', goodWaitlist()]] as const) {
      await putAndPublish(t, slug, type, cfg);
    }
    const ip = { 'x-forwarded-for': '203.0.113.77', 'cf-ipcountry': 'NL' };
    expect((await submit(t, 'feedback', { appSlug: slug, message: 'hello' }, ip)).statusCode).toBe(201);
    expect((await submit(t, 'report', { appSlug: slug, category: 'bug', message: 'hello' }, ip)).statusCode).toBe(201);
    expect((await submit(t, 'contact', { appSlug: slug, email: 'a@example.com', message: 'hello' }, ip)).statusCode).toBe(201);
    expect((await submit(t, 'waitlist', { appSlug: slug, email: 'a@example.com' }, ip)).statusCode).toBe(201);
    const _token = await pageToken(t, `/waitlist/${slug}`, { headers: ip });
    const page = await app.inject({ method: 'POST', url: `/waitlist/${slug}`, headers: { ...ip, 'content-type': 'application/x-www-form-urlencoded' }, payload: `_token=${_token}&email=b%40example.com` });
    expect(page.statusCode).toBe(303);
    const stored = await db.db.selectFrom('waitlist_signups').select('country').execute();
    expect(stored.map((s) => s.country)).toEqual(['NL', 'NL']);

    const file = db.sqlite!.name;
    const bytes = Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f)));
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.includes('203.0.113.77')).toBe(false);
    expect(bytes.includes('hello')).toBe(true); // the check can see stored text at all
    expect(logs).toContain('"statusCode":201');
    expect(logs).not.toContain('203.0.113.77');
  } finally {
    await app.close();
    await db.cleanup();
  }
});
