import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodReferral } from '../referral/referral.fixtures.js';
import { json, putAndPublish } from '../forms/forms.fixtures.js';
import { goodLegal } from './legal.fixtures.js';
import { TEXT_EDITION } from '../../../src/flows/legal/text/index.js';

// Publish refuses facts that would make the published outputs contradict each other (422 with
// paths), while the draft saves with warnings; versions frozen before the data-flow model render
// and declare as they were published.
describeEachDb('legal: contradictions refused at publish', (dialect) => {
  let t: TestApp;
  const owner = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
    t.app.inject({ method, url: `/api/v1/apps/${url}`, headers: body === undefined ? t.auth : { ...t.auth, ...json }, payload: body === undefined ? undefined : JSON.stringify(body) });
  const web = (url: string, accept = 'text/html') => t.app.inject({ method: 'GET', url, headers: { accept } });
  const none = { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false };

  beforeAll(async () => {
    t = await testApp(dialect, { clock: { now: () => new Date('2026-11-27T10:00:00Z') } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a draft with contradictions saves with warnings; publish answers 422 with every hard one at its path and publishes nothing', async () => {
    await t.createApp({ name: 'Clash', slug: 'clash' });
    const clash = goodLegal({
      processors: [{ id: 'firebase' }, { id: 'admob' }, { id: 'labs', name: 'Labs', receives: ['health'] }],
      platformData: ['location', { capability: 'health', use: 'to read your sleep' }],
      declarations: none,
    });
    const put = await owner('PUT', 'clash/flows/legal', clash);
    expect(put.statusCode).toBe(200);
    const warned = (put.json().warnings as { code: string; path: string }[]).map((w) => `${w.code} ${w.path}`).sort();
    expect(warned).toEqual(
      [
        'analytics_contradiction /processors/0',
        'tracking_contradiction /processors/1',
        'advertising_contradiction /processors/1',
        'platform_data_also_sent /platformData/0',
        'platform_data_also_sent /platformData/1',
      ].sort(),
    );
    const pub = await owner('POST', 'clash/flows/legal/publish');
    expect(pub.statusCode).toBe(422);
    const issues = pub.json().issues as { path: string; message: string }[];
    // Approximate location to Firebase while the precise one stays is said exactly: a warning only.
    expect(issues.map((i) => i.path).sort()).toEqual(['/platformData/1', '/processors/0', '/processors/1', '/processors/1'].sort());
    expect(issues.find((i) => i.path === '/platformData/1')!.message).toMatch(/health is described as staying on the device, but Labs receives health information/);
    const env = (await owner('GET', 'clash/flows/legal')).json();
    expect(env.published).toBeNull();
    expect(env.draft.config.processors).toHaveLength(3);
    expect((await web('/legal/clash')).statusCode).toBe(404);

    // Facts put right: it publishes, with what each preset processes where frozen into the version.
    const fixed = goodLegal({
      processors: [{ id: 'firebase' }, { id: 'admob' }],
      platformData: ['location', { capability: 'health', use: 'to read your sleep' }],
      declarations: { ...none, analytics: true, advertising: true, tracking: true },
    });
    expect((await owner('PUT', 'clash/flows/legal', fixed)).json().warnings.map((w: { code: string }) => w.code)).toEqual(['platform_data_also_sent']);
    const ok = await owner('POST', 'clash/flows/legal/publish');
    expect(ok.statusCode).toBe(200);
    const frozen = (await owner('GET', 'clash/flows/legal')).json().published.config.frozen;
    expect(frozen.edition).toBe(TEXT_EDITION);
    expect(frozen.processors.find((p: { id: string }) => p.id === 'firebase').processing).toMatchObject({ mechanism: 'dpf', dpf: { uk: true, swiss: true }, readOn: '2026-11-27' });
    expect(frozen.processors.find((p: { id: string }) => p.id === 'admob').processing.sources[0].url).toBe('https://policies.google.com/privacy/frameworks');
    const page = (await web('/legal/clash')).body.replace(/&#39;/g, "'");
    expect(page).toContain('Location — your precise location stays on your device; only your approximate location is sent, to Firebase (Google) and Google AdMob');
  });

  it('a version frozen before the model renders and declares as it was published (per-source linked answers, unqualified on-device list)', async () => {
    await t.createApp({ name: 'Olden', slug: 'olden' });
    await putAndPublish(t, 'olden', 'referral', goodReferral());
    await owner('PUT', 'olden/flows/legal', goodLegal({ processors: [{ id: 'firebase' }, { id: 'appflows' }], platformData: ['location'], declarations: { ...none, analytics: true } }));
    expect((await owner('POST', 'olden/flows/legal/publish')).statusCode).toBe(200);
    // Make version 1 what an earlier release wrote: no stamp at all (before the model: edition 0), no processing facts, no country from the flows.
    const app = await t.app.services.apps.resolvePublic('olden');
    const row = await t.db.db.selectFrom('flow_versions as v').innerJoin('flows as f', 'f.id', 'v.flow_id').select(['v.id', 'v.config_json']).where('f.type', '=', 'legal').where('f.app_id', '=', app.id).executeTakeFirstOrThrow();
    const config = JSON.parse(row.config_json);
    delete config.frozen.edition;
    delete config.frozen.lang;
    for (const p of config.frozen.processors) {
      delete p.processing;
      p.receives = p.receives.filter((r: { kind: string }) => p.id !== 'appflows' || r.kind !== 'coarse_location');
      if (p.id === 'appflows') p.description = 'Appflows runs the app’s hosted forms and flows (such as feedback, support, waitlist and referral pages) and stores what you send through them.';
    }
    await t.db.db.updateTable('flow_versions').set({ config_json: JSON.stringify(config) }).where('id', '=', row.id).execute();

    const apple = (await web('/legal/olden/v/1/app-store-privacy', 'application/json')).json();
    expect(apple.dataTypes).toBeUndefined();
    const device = apple.entries.filter((e: { category: string }) => e.category === 'Device ID').map((e: { source: string; linkedToIdentity: boolean }) => `${e.source} ${e.linkedToIdentity}`);
    expect(device.sort()).toEqual(['Appflows true', 'Firebase (Google) false']);
    const page = (await web('/legal/olden/v/1')).body;
    const onDevice = page.slice(page.indexOf('id="on-device"'), page.indexOf('</section>', page.indexOf('id="on-device"')));
    expect(onDevice).toContain('<li>Location</li>');
    expect(onDevice).not.toContain('approximate');
    // The owner's endpoint reads the same frozen version the same way.
    expect((await owner('GET', 'olden/legal/app-store-privacy?version=1')).json()).toEqual(apple);
  });
});
