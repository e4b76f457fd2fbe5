import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson } from '../../mcp/mcp.client.js';
import { json } from '../forms/forms.fixtures.js';
import { appmateFull, appmateLocationSent, appmateMinimal, appmateOff } from './legal.appmate.fixtures.js';
import { goodLegal } from './legal.fixtures.js';

/** What each client body must do: its warnings (code and path) and what the published pages say and must not say. */
interface Case {
  name: string;
  body: Record<string, unknown>;
  warnings: string[];
  privacyHas: string[];
  privacyLacks: string[];
  /** Not in the "What stays on your device" section. */
  onDeviceLacks?: string[];
  termsHas: string[];
  termsLacks: string[];
  /** The App Store declaration's categories (platform data described on the device is never declared). */
  appleCategories: string[];
  dataNotCollected: boolean;
}

const CASES: Case[] = [
  {
    name: 'every documented key',
    body: appmateFull,
    warnings: [],
    privacyHas: [
      'Sleep diary entries',
      'Alarm settings',
      'Health data (HealthKit / Health Connect) (read and write)',
      'Cloud sync',
      'Location (only while you use the app)',
      'Notifications (push notifications) (delivered through your platform’s push service)',
      'Camera (stays on your device)',
      'Photo library (stays on your device)',
      'Contacts (stays on your device)',
      'Microphone (stays on your device)',
    ],
    privacyLacks: [],
    // Push notifications are not listed among what "stays on your device and is not sent to anyone".
    onDeviceLacks: ['Notifications'],
    termsHas: ['Sleep scores', 'Sleep scores are estimates', 'They are not a diagnosis.', 'Beta features', 'Standard Licensed Application End User License Agreement', 'Not medical advice'],
    termsLacks: [],
    appleCategories: ['User ID', 'Purchase History', 'Crash Data', 'Performance Data', 'Other Diagnostic Data'],
    dataNotCollected: false,
  },
  {
    name: "capabilities off ('none', false, read-only health), local data and terms disabled",
    body: appmateOff,
    warnings: ['terms_always_published /terms/enabled'],
    privacyHas: ['Health data (HealthKit / Health Connect) (read)', 'Notifications (reminders scheduled on your device)', 'does not collect personal data'],
    privacyLacks: ['Should not appear anywhere', 'Location', 'Camera', 'Photo library', 'Contacts', 'Microphone', 'Cloud sync', 'write'],
    termsHas: ['Fair use', 'One account per person.'],
    termsLacks: ['End User License Agreement'],
    appleCategories: [],
    dataNotCollected: true,
  },
  {
    name: 'location on the device while Firebase receives coarse location',
    body: appmateLocationSent,
    warnings: ['platform_data_also_sent /platformData/0'],
    privacyHas: ['Route history', 'Location (also in the background)', 'Health data (HealthKit / Health Connect) (read)'],
    privacyLacks: [],
    termsHas: ['Standard Licensed Application End User License Agreement'],
    termsLacks: [],
    appleCategories: ['Coarse Location', 'Device ID', 'Product Interaction'],
    dataNotCollected: false,
  },
  {
    name: 'the smallest body',
    body: appmateMinimal,
    warnings: ['missing_contact_email /entity/contactEmail'],
    privacyHas: ['does not collect personal data'],
    privacyLacks: ['What stays on your device', 'Device features the app uses'],
    termsHas: ['Standard Licensed Application End User License Agreement'],
    termsLacks: [],
    appleCategories: [],
    dataNotCollected: true,
  },
];

describeEachDb('legal: AppMate client shapes', (dialect) => {
  let t: TestApp;
  const owner = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
    t.app.inject({ method, url: `/api/v1/apps/${url}`, headers: body === undefined ? t.auth : { ...t.auth, ...json }, payload: body === undefined ? undefined : JSON.stringify(body) });
  const page = async (url: string) => {
    const r = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(200);
    return r.body.replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  };
  const codes = (warnings: { code: string; path: string }[]) => warnings.map((w) => `${w.code} ${w.path}`).sort();

  /** The published pages and declaration say what the client meant. */
  async function checkPublished(slug: string, c: Case) {
    const privacy = await page(`/legal/${slug}`);
    for (const s of c.privacyHas) expect(privacy, `privacy has ${s}`).toContain(s);
    for (const s of c.privacyLacks) expect(privacy, `privacy lacks ${s}`).not.toContain(s);
    if (c.onDeviceLacks) {
      const onDevice = privacy.slice(privacy.indexOf('What stays on your device'), privacy.indexOf('What leaves your device'));
      expect(onDevice).toContain('Sleep diary entries');
      for (const s of c.onDeviceLacks) expect(onDevice, `on-device part lacks ${s}`).not.toContain(s);
    }
    const terms = await page(`/legal/${slug}/terms`);
    for (const s of c.termsHas) expect(terms, `terms have ${s}`).toContain(s);
    for (const s of c.termsLacks) expect(terms, `terms lack ${s}`).not.toContain(s);
    const apple = (await owner('GET', `${slug}/legal/app-store-privacy`)).json();
    expect(apple.dataNotCollected).toBe(c.dataNotCollected);
    expect([...new Set(apple.entries.map((e: { category: string }) => e.category))].sort()).toEqual([...c.appleCategories].sort());
  }

  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  CASES.forEach((c, i) => {
    it(`REST: ${c.name}`, async () => {
      const slug = `rest-${i}`;
      await t.createApp({ name: `Rest ${i}`, slug });
      const put = await owner('PUT', `${slug}/flows/legal`, c.body);
      expect(put.statusCode, put.body).toBe(200);
      expect(codes(put.json().warnings)).toEqual(c.warnings);
      // Stored in our shape: sending the draft back is a valid PUT with the same warnings.
      const draft = (await owner('GET', `${slug}/flows/legal`)).json().draft.config;
      expect(Array.isArray(draft.platformData ?? [])).toBe(true);
      expect(draft.terms?.customClauses).toBeUndefined();
      expect(codes((await owner('PUT', `${slug}/flows/legal`, draft)).json().warnings)).toEqual(c.warnings);
      expect((await owner('POST', `${slug}/flows/legal/publish`)).statusCode).toBe(200);
      await checkPublished(slug, c);
    });
  });

  it('MCP: every fixture through update_legal_draft and publish_legal_flow', async () => {
    const client = await connectMcp(t);
    try {
      for (const [i, c] of CASES.entries()) {
        const slug = `mcp-${i}`;
        await t.createApp({ name: `Mcp ${i}`, slug });
        const saved = toolJson(await client.callTool({ name: 'update_legal_draft', arguments: { appIdOrSlug: slug, config: c.body } }));
        expect(saved.ok, JSON.stringify(saved)).toBe(true);
        expect(codes(saved.warnings)).toEqual(c.warnings);
        expect(toolJson(await client.callTool({ name: 'publish_legal_flow', arguments: { appIdOrSlug: slug } }))).toMatchObject({ ok: true, version: 1 });
        await checkPublished(slug, c);
      }
    } finally {
      await client.close();
    }
  });

  it('normalises into the canonical config', async () => {
    await t.createApp({ name: 'Canon', slug: 'canon' });
    expect((await owner('PUT', 'canon/flows/legal', appmateFull)).statusCode).toBe(200);
    const draft = (await owner('GET', 'canon/flows/legal')).json().draft.config;
    expect(draft.localData).toEqual(['Sleep diary entries', 'Alarm settings']);
    expect(draft.platformData).toEqual([
      { capability: 'health', access: ['read', 'write'] },
      { capability: 'notifications', mode: 'push' },
      { capability: 'cloud_sync' },
      { capability: 'location', mode: 'when_in_use' },
      { capability: 'camera' },
      { capability: 'photos' },
      { capability: 'contacts' },
      { capability: 'microphone' },
    ]);
    expect(draft.terms).toEqual({
      appleStandardEula: true,
      sections: [
        { title: 'Sleep scores', body: appmateFull.terms.customClauses[0].body },
        { title: 'Beta features', body: 'Features marked beta may change or disappear without notice.' },
      ],
    });
    expect(draft.processors.map((p: { id: string }) => p.id)).toEqual(['revenuecat', 'sentry', 'appmate']);

    expect((await owner('PUT', 'canon/flows/legal', appmateOff)).statusCode).toBe(200);
    const off = (await owner('GET', 'canon/flows/legal')).json().draft.config;
    expect(off.localData).toBeUndefined();
    expect(off.platformData).toEqual([
      { capability: 'health', access: ['read'] },
      { capability: 'notifications', mode: 'local' },
    ]);
    expect(off.terms).toEqual({ enabled: false, appleStandardEula: false, sections: [{ title: 'Fair use', body: 'One account per person.' }] });
  });

  it('the hero keys the other update_*_draft tools send are accepted: accentColor tints the pages, the rest is warned about', async () => {
    await t.createApp({ name: 'Hero', slug: 'hero' });
    const put = await owner('PUT', 'hero/flows/legal', goodLegal({ hero: { theme: 'minimal', eyebrow: 'Legal', accentColor: '#0f766e', titleFont: 'Inter' } }));
    expect(put.statusCode, put.body).toBe(200);
    expect(codes(put.json().warnings)).toEqual(['hero_field_unused /hero/eyebrow', 'hero_field_unused /hero/theme', 'hero_field_unused /hero/titleFont']);
    expect((await owner('PUT', 'hero/flows/legal', goodLegal({ hero: { accentColor: '#0f766e' } }))).json().warnings).toEqual([]);
  });

  it('health read/write as lists of kinds, our keys in the map, our sections beside custom clauses', async () => {
    await t.createApp({ name: 'Mixed', slug: 'mixed' });
    const put = await owner(
      'PUT',
      'mixed/flows/legal',
      goodLegal({
        platformData: { healthKit: { read: ['steps', 'sleep'], write: ['workouts'] }, motion: true, faceId: true, cloud_sync: { use: 'backups in your own iCloud' }, bluetooth: 'none' },
        terms: { sections: [{ title: 'Ours', body: 'Our own section.' }], customClauses: [{ heading: 'Theirs', body: 'A client clause.' }] },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    const draft = (await owner('GET', 'mixed/flows/legal')).json().draft.config;
    expect(draft.platformData).toEqual([
      { capability: 'health', access: ['read', 'write'], use: 'reads steps, sleep; writes workouts' },
      { capability: 'motion' },
      { capability: 'face_id' },
      { capability: 'cloud_sync', use: 'backups in your own iCloud' },
    ]);
    expect(draft.terms.sections.map((s: { title: string }) => s.title)).toEqual(['Ours', 'Theirs']);
  });

  it('an unknown capability or value is a 422 at the client’s own key; a mode on the wrong capability too', async () => {
    await t.createApp({ name: 'Bad', slug: 'bad' });
    const bad = await owner('PUT', 'bad/flows/legal', { ...appmateMinimal, platformData: { teleport: true, location: 'sometimes' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['/platformData/location', '/platformData/teleport']);
    const wrong = await owner('PUT', 'bad/flows/legal', { ...appmateMinimal, platformData: [{ capability: 'camera', mode: 'push' }] });
    expect(wrong.statusCode).toBe(422);
    expect((await owner('GET', 'bad/flows/legal')).statusCode).toBe(404);
  });
});
