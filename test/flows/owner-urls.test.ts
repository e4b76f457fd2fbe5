import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { everyAction } from './cancel/cancel.pages.fixtures.js';
import { goodWaitlist, json } from './forms/forms.fixtures.js';
import { goodLegal } from './legal/legal.fixtures.js';
import { goodLinkPage } from './link-page/link-page.fixtures.js';
import { goodOnboarding } from './onboarding/onboarding.fixtures.js';
import { ownerWithApps } from './promotion/promotion.fixtures.js';
import { goodReferral } from './referral/referral.fixtures.js';

/**
 * Issue #34 item 7: one URL rule for every owner-set URL. A sample of flow URL fields, each fed
 * credentials (`user:pass@`, the classic way to dress one host up as another) and hidden or
 * text-direction characters (U+202E shows `gnp.exe` as `exe.png`): a 422 naming the field.
 */
const BAD = ['https://user:pass@cdn.example/a.png', 'https://good.example@evil.example/a.png', 'https://cdn.example/\u202Egnp.exe', 'https://cdn.example/\u2067x\u2069', 'https://cdn.example/a\u200Fb'];

describeEachDb('owner-set URLs in flow configs', (dialect) => {
  let t: TestApp;
  let apps: Awaited<ReturnType<typeof ownerWithApps>>;
  beforeAll(async () => {
    t = await testApp(dialect);
    apps = await ownerWithApps(t);
  });
  afterAll(() => t.close());

  const put = (segment: string, config: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/apps/sleepy/flows/${segment}?flowSlug=urls`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });

  /** [flow segment, the issue path, a config with `url` in that field]. */
  const fields = (): [string, string, (url: string) => unknown][] => {
    const dest = (over: Record<string, unknown>) => ({ type: 'app_promotion', placement: 'urls', destinations: [{ destinationAppId: apps.dest.focus.id, ...over }] });
    return [
      ['onboarding', '/handoff/appStoreUrl', (url) => ({ ...goodOnboarding(), handoff: { ...goodOnboarding().handoff, appStoreUrl: url } })],
      ['onboarding', '/steps/1/imageUrl', (url) => { const c = goodOnboarding(); (c.steps[1] as { imageUrl?: string }).imageUrl = url; return c; }],
      ['waitlist', '/success/ctaUrl', (url) => ({ ...goodWaitlist(), success: { title: 'In', body: 'b', ctaLabel: 'Go', ctaUrl: url } })],
      ['waitlist', '/hero/heroImage', (url) => ({ ...goodWaitlist(), hero: { ...goodWaitlist().hero, heroImage: url } })],
      ['cancel', '/responses/switching/primaryButton/url', (url) => { const c = everyAction(); (c.responses.switching.primaryButton as { url?: string }).url = url; return c; }],
      ['link-page', '/links/0/url', (url) => goodLinkPage({ links: [{ label: 'x', url }] })],
      ['legal', '/processors/0/privacyUrl', (url) => goodLegal({ processors: [{ id: 'own', name: 'Own', purpose: ['app_functionality'], privacyUrl: url }] })],
      ['referral', '/landing/websiteUrl', (url) => goodReferral({ landing: { ...goodReferral().landing, fallback: 'website', websiteUrl: url } })],
      ['referral', '/landing/appStoreUrl', (url) => goodReferral({ landing: { ...goodReferral().landing, appStoreUrl: url } })],
      ['app-promotion', '/destinations/0/content/imageUrl', (url) => dest({ content: { imageUrl: url } })],
      ['app-promotion', '/destinations/0/installedAction/url', (url) => dest({ installedAction: { type: 'universal_link', url } })],
      ['app-promotion', '/destinations/0/notInstalledAction/url', (url) => dest({ notInstalledAction: { type: 'app_store_url', url } })],
      ['app-promotion', '/destinations/0/deferredAction/url', (url) => dest({ deferredAction: { type: 'universal_link', url } })],
    ];
  };

  it('each sample field accepts its valid URL (so the 422s below are about the URL)', async () => {
    for (const [segment, path, config] of fields()) {
      const r = await put(segment, config('https://cdn.example/a.png?x=1'));
      expect(r.statusCode, `${segment} ${path}: ${r.body}`).toBe(200);
    }
  });

  it('refuses user:pass@ and bidi, isolate and mark characters in every sample field, with the path', async () => {
    for (const [segment, path, config] of fields()) {
      for (const bad of BAD) {
        const r = await put(segment, config(bad));
        expect(r.statusCode, `${segment} ${path} ${JSON.stringify(bad)}`).toBe(422);
        expect(r.json().issues.map((i: { path: string }) => i.path), `${segment} ${JSON.stringify(bad)}: ${r.body}`).toContain(path);
      }
    }
  });

  it('a mailto: link on a link page refuses hidden characters too', async () => {
    const r = await put('link-page', goodLinkPage({ links: [{ label: 'x', url: 'mailto:support@sleepy.example?subject=\u202Eevil' }] }));
    expect(r.statusCode).toBe(422);
    expect(r.json().issues.map((i: { path: string }) => i.path)).toContain('/links/0/url');
  });
});

