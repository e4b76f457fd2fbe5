import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server.js';
import { describeEachDb, testApp, testConfig, testDb, type TestApp } from '../helpers.js';

const METRICS_TOKEN = 'metrics-token-0123456789';

describeEachDb('metrics and readiness', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  it('GET /metrics needs the METRICS_TOKEN bearer, and answers the Prometheus text format', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    // An API token is not a metrics token.
    expect((await t.app.inject({ url: '/metrics', headers: t.auth })).statusCode).toBe(401);

    const created = await t.createApp({ name: 'Metered' });
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${created.slug}/flows/feedback`, headers: t.auth, payload: feedback });
    expect(put.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/v1/apps/${created.slug}/flows/feedback/publish`, headers: t.auth });
    for (let i = 0; i < 3; i++) await t.app.inject({ url: `/api/public/feedback?appSlug=${created.slug}` });
    const sent = await t.app.inject({ method: 'POST', url: '/api/public/feedback', payload: { appSlug: created.slug, message: 'metered feedback' } });
    expect(sent.statusCode).toBeLessThan(300);

    const r = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const body = r.body;
    // Request latency per route pattern (never per raw URL: no slugs or query strings as labels).
    expect(body).toMatch(/appflows_http_request_duration_seconds_count\{method="PUT",route="\/api\/v1\/apps\/:idOrSlug\/flows\/feedback",status_code="200"\} [1-9]/);
    expect(body).not.toContain(created.slug);
    // The published-flow cache was asked, and hit after the first load.
    expect(body).toMatch(/appflows_cache_lookups_total\{cache="published_flows",result="hit"\} [1-9]/);
    // Process metrics from prom-client's defaults.
    expect(body).toContain('appflows_process_resident_memory_bytes');
    if (dialect === 'sqlite') {
      // The submission went through a group commit and a WAL fsync.
      expect(body).toMatch(/appflows_group_commit_size_count\{path="form_submissions"\} [1-9]/);
      expect(body).toMatch(/appflows_wal_fsync_duration_seconds_count [1-9]/);
    }
  });

  it('GET /readyz checks the database', async () => {
    const r = await t.app.inject({ url: '/readyz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ ok: true, database: dialect });
  });
});

describe('without METRICS_TOKEN', () => {
  let h: Awaited<ReturnType<typeof testDb>>;
  let app: Awaited<ReturnType<typeof buildServer>>;
  beforeAll(async () => {
    h = await testDb('sqlite');
    app = await buildServer({ config: testConfig(), db: h, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await h.cleanup();
  });

  it('has no /metrics route', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('/readyz answers 503 when the database is gone', async () => {
    await h.db.destroy();
    const r = await app.inject({ url: '/readyz' });
    expect(r.statusCode).toBe(503);
    expect(r.json().error).toMatch(/^database unavailable/);
  });
});

const feedback = {
  type: 'feedback',
  intro: { title: 'Tell us', subtitle: 'Anything', messagePlaceholder: 'Your message', submitLabel: 'Send' },
  success: { title: 'Thanks', body: 'We read everything' },
};
