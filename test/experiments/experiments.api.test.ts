import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bump } from '../../src/db/rollups.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/** Saves the first template of `type` as the draft and publishes it (each publish is a new version). */
async function publishVersion(t: TestApp, slug: string, type: string, flowSlug?: string) {
  const tpl = (await t.app.inject({ method: 'GET', url: `/api/v1/flow-templates?type=${type}`, headers: t.auth })).json().templates[0].config;
  const q = flowSlug ? `?flowSlug=${flowSlug}` : '';
  const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/${type}${q}`, headers: t.auth, payload: tpl });
  expect(put.statusCode, put.body).toBeLessThan(300);
  const pub = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/flows/${type}/publish${q}`, headers: { authorization: t.auth.authorization } });
  return pub;
}

function api(t: TestApp, slug: string, type: string) {
  const base = `/api/v1/apps/${slug}/flows/${type}/experiments`;
  return {
    create: (body: unknown) => t.app.inject({ method: 'POST', url: base, headers: t.auth, payload: body as object }),
    list: () => t.app.inject({ method: 'GET', url: base, headers: t.auth }),
    get: (id: string) => t.app.inject({ method: 'GET', url: `${base}/${id}`, headers: t.auth }),
    stop: (id: string, body?: unknown) =>
      t.app.inject({ method: 'POST', url: `${base}/${id}/stop`, headers: body === undefined ? { authorization: t.auth.authorization } : t.auth, ...(body === undefined ? {} : { payload: body as object }) }),
  };
}

describeEachDb('experiments: owner API', (dialect) => {
  let t: TestApp;
  let slug: string;
  let appId: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    const app = await t.createApp({ name: 'Exp App' });
    slug = app.slug;
    appId = app.id;
    for (let n = 1; n <= 3; n++) expect((await publishVersion(t, slug, 'cancel')).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const two = { name: 'Offer test', variants: [{ key: 'A', versionNumber: 1, weight: 50 }, { key: 'B', versionNumber: 2, weight: 50 }] };

  describe('validation', () => {
    it('422 for a flow type without a metric', async () => {
      const r = await api(t, slug, 'feedback').create(two);
      expect(r.statusCode).toBe(422);
    });
    it('422 with the path for a version that is not published, for 1 or 5 variants, for a zero weight, for duplicate keys', async () => {
      const bad = await api(t, slug, 'cancel').create({ name: 'x', variants: [{ key: 'A', versionNumber: 1, weight: 1 }, { key: 'B', versionNumber: 9, weight: 1 }] });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().issues).toEqual([{ path: '/variants/1/versionNumber', message: expect.stringContaining('not a published version') }]);
      const one = await api(t, slug, 'cancel').create({ name: 'x', variants: [{ key: 'A', versionNumber: 1, weight: 1 }] });
      expect(one.statusCode).toBe(422);
      const five = await api(t, slug, 'cancel').create({ name: 'x', variants: [1, 2, 3, 1, 2].map((n, i) => ({ key: `k${i}`, versionNumber: n, weight: 1 })) });
      expect(five.statusCode).toBe(422);
      const zero = await api(t, slug, 'cancel').create({ name: 'x', variants: [{ key: 'A', versionNumber: 1, weight: 0 }, { key: 'B', versionNumber: 2, weight: 1 }] });
      expect(zero.statusCode).toBe(422);
      expect(zero.json().issues[0].path).toBe('/variants/0/weight');
      const dup = await api(t, slug, 'cancel').create({ name: 'x', variants: [{ key: 'A', versionNumber: 1, weight: 1 }, { key: 'A', versionNumber: 2, weight: 1 }] });
      expect(dup.statusCode).toBe(422);
      expect(dup.json().issues[0].path).toBe('/variants/1/key');
    });
    it('404 for a flow the app does not have', async () => {
      expect((await api(t, slug, 'waitlist').create(two)).statusCode).toBe(404);
    });
  });

  describe('lifecycle', () => {
    let id: string;
    it('creates a running experiment (201)', async () => {
      const r = await api(t, slug, 'cancel').create(two);
      expect(r.statusCode, r.body).toBe(201);
      const { experiment } = r.json();
      expect(experiment).toMatchObject({ name: 'Offer test', status: 'running', variants: two.variants, metric: 'saved', flowType: 'cancel', winner: null, stoppedAt: null });
      expect(experiment.startedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      id = experiment.id;
    });
    it('409 on a second running experiment on the flow', async () => {
      const r = await api(t, slug, 'cancel').create({ ...two, name: 'Second' });
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toContain('Offer test');
    });
    it('409 naming the experiment on a plain publish while it runs', async () => {
      const r = await publishVersion(t, slug, 'cancel');
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toContain('Offer test');
      expect(r.json().experimentId).toBe(id);
    });
    it('lists and answers results from the roll-ups, too_early below the minimum sample', async () => {
      expect((await api(t, slug, 'cancel').list()).json().experiments.map((e: { id: string }) => e.id)).toEqual([id]);
      const r = await api(t, slug, 'cancel').get(id);
      expect(r.statusCode).toBe(200);
      expect(r.json().state).toBe('too_early');
      expect(r.json().results.map((x: { exposures: number }) => x.exposures)).toEqual([0, 0]);
      // Counters as the serving paths bump them (two days, to check they are summed).
      const at = new Date().toISOString();
      await bump(t.db.db, [
        { appId, metric: `experiment.exposed:${id}:A`, at: '2026-01-01T00:00:00Z', n: 100 },
        { appId, metric: `experiment.exposed:${id}:A`, at, n: 100 },
        { appId, metric: `experiment.converted:${id}:A`, at, n: 20 },
        { appId, metric: `experiment.exposed:${id}:B`, at, n: 200 },
        { appId, metric: `experiment.converted:${id}:B`, at, n: 40 },
      ]);
      const body = (await api(t, slug, 'cancel').get(id)).json();
      expect(body.state).toBe('running');
      expect(body.results[0]).toMatchObject({ key: 'A', versionNumber: 1, exposures: 200, conversions: 20, conversionRate: 0.1 });
      expect(body.results[1]).toMatchObject({ key: 'B', versionNumber: 2, exposures: 200, conversions: 40, conversionRate: 0.2 });
      // Wilson 95 % for 20/200 by hand: centre (0.1 + 3.841459/400)/(1 + 3.841459/200) = 0.107538,
      // half-width 1.959964*sqrt(0.09/200 + 3.841459/160000)/1.019207 = 0.041868 (R: prop.test(20, 200, correct = FALSE)).
      expect(body.results[0].interval[0]).toBeCloseTo(0.06567, 4);
      expect(body.results[0].interval[1]).toBeCloseTo(0.14941, 4);
      expect(body.results[1].probabilityBest).toBeGreaterThan(0.99);
      expect(body.results[0].probabilityBest + body.results[1].probabilityBest).toBeCloseTo(1, 6);
    });
    it('stop with an unknown winner is a 422 at /winner; with winner B, version 2 becomes current', async () => {
      const bad = await api(t, slug, 'cancel').stop(id, { winner: 'Z' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().issues[0].path).toBe('/winner');
      const r = await api(t, slug, 'cancel').stop(id, { winner: 'B' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().experiment).toMatchObject({ status: 'stopped', winner: 'B' });
      expect(r.json().state).toBe('stopped');
      const flow = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/cancel`, headers: t.auth })).json();
      expect(flow.published.versionNumber).toBe(2);
      expect((await api(t, slug, 'cancel').stop(id)).statusCode).toBe(409);
    });
    it('after the stop, a publish works again and a new experiment may start', async () => {
      expect((await publishVersion(t, slug, 'cancel')).statusCode).toBe(200);
      const r = await api(t, slug, 'cancel').create({ ...two, name: 'Round two' });
      expect(r.statusCode).toBe(201);
      expect((await api(t, slug, 'cancel').stop(r.json().experiment.id)).statusCode).toBe(200);
      const flow = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/cancel`, headers: t.auth })).json();
      expect(flow.published.versionNumber).toBe(4);
    });
  });
});
