import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';

type Entry = { category: string; purpose: string; usedForTracking: boolean; source: string };

/**
 * Legal templates (issue #32 §1) are the presets as facts: on an app of their own, each saves with
 * no warning, publishes, and declares what its name says (checked on the published declaration).
 */
describeEachDb('legal templates', (dialect) => {
  let t: TestApp;
  let templates: { id: string; config: unknown }[];
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: t.auth });

  beforeAll(async () => {
    t = await testApp(dialect);
    templates = (await get('/api/v1/flow-templates?type=legal')).json().templates;
  });
  afterAll(() => t.close());

  it('each publishes with no warning on a fresh app and declares what it says', async () => {
    const declared: Record<string, { dataNotCollected: boolean; usedForTracking: boolean; entries: Entry[]; dataTypes?: { category: string }[] }> = {};
    const terms: Record<string, string> = {};
    for (const x of templates) {
      const app = await t.createApp({ name: `Legal ${x.id}` });
      const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/flows/legal`, headers: t.auth, payload: x.config as object });
      expect(put.statusCode, `${x.id}: ${put.body}`).toBe(200);
      expect(put.json().warnings, x.id).toEqual([]);
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/${app.slug}/flows/legal/publish`, headers: t.auth })).statusCode, x.id).toBe(200);
      declared[x.id] = (await get(`/api/v1/apps/${app.slug}/legal/app-store-privacy`)).json();
      terms[x.id] = (await t.app.inject({ method: 'GET', url: `/legal/${app.slug}/terms` })).body;
    }
    const purposes = (id: string) => [...new Set(declared[id].entries.map((e) => e.purpose))].sort();
    const sources = (id: string) => [...new Set(declared[id].entries.map((e) => e.source))].sort();

    // Offline, and the children's app (only the service's own forms, none published): nothing collected.
    expect(declared.no_data_collected).toMatchObject({ dataNotCollected: true, usedForTracking: false, entries: [] });
    expect(declared.kids_app).toMatchObject({ dataNotCollected: true, usedForTracking: false });
    expect(declared.analytics_crash_firebase.usedForTracking).toBe(false);
    expect(sources('analytics_crash_firebase')).toEqual(['Firebase (Google)', 'Firebase Crashlytics']);
    // One answer per Apple data type next to the entries.
    expect(declared.analytics_crash_firebase.dataTypes?.map((d) => d.category)).toContain('Crash Data');
    expect(declared.analytics_crash_firebase.entries.map((e) => e.category)).toEqual(expect.arrayContaining(['Crash Data', 'Product Interaction']));
    // Ads: the one template that tracks, with Apple's Third-Party Advertising purpose.
    expect(declared.subscriptions_revenuecat_ads.usedForTracking).toBe(true);
    expect(purposes('subscriptions_revenuecat_ads')).toContain('Third-Party Advertising');
    expect(declared.subscriptions_revenuecat_ads.entries.filter((e) => e.usedForTracking).every((e) => e.source === 'Google AdMob')).toBe(true);
    for (const id of ['subscriptions_paywall_analytics', 'health_fitness_on_device']) {
      expect(declared[id].usedForTracking, id).toBe(false);
      expect(purposes(id), id).not.toContain('Third-Party Advertising');
      expect(declared[id].entries.map((e) => e.category), id).toContain('Purchase History');
    }
    // Health data stays on the device: never declared.
    expect(declared.health_fitness_on_device.entries.map((e) => e.category)).not.toContain('Health');
    expect(terms.health_fitness_on_device).toContain('Not medical advice');
    expect(terms.subscriptions_revenuecat_ads).toMatch(/subscription/i);
    expect(terms.kids_app).toContain('For parents');
  });
});
