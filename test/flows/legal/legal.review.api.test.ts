import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodFeedback, json, putAndPublish } from '../forms/forms.fixtures.js';

/**
 * The owners of the privacy review of #36, through the real service: a German GmbH (Firebase,
 * RevenueCat, Sentry, OneSignal, a self-hosted Appflows), a French SAS (AdMob, AppsFlyer, tracking),
 * a Californian Inc. (Mixpanel; then sharing for advertising) and a US children's app publish over
 * the owner API; the public policy, terms and both declarations say what the review asked, in the
 * owner's language, and agree with each other.
 */

const no = { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false };
const OWNERS: Record<string, Record<string, unknown>> = {
  de: {
    locale: 'de',
    audience: ['eea'],
    entity: { name: 'Schlafgut GmbH', contactEmail: 'datenschutz@schlafgut.example', address: 'Leopoldstr. 1, 80802 München', jurisdiction: 'Deutschland', country: 'DE', region: 'BY' },
    processors: [{ id: 'firebase' }, { id: 'revenuecat' }, { id: 'sentry' }, { id: 'onesignal' }, { id: 'appflows', processing: { locations: ['Deutschland'], mechanism: 'eea' } }],
    declarations: { ...no, analytics: true },
    gdpr: { consent: ['analytics'] },
  },
  fr: {
    locale: 'fr',
    entity: { name: 'Jeux Malins SAS', contactEmail: 'dpo@jeuxmalins.example', address: '10 rue de Rivoli, 75001 Paris', country: 'FR' },
    processors: [{ id: 'admob' }, { id: 'appsflyer' }],
    declarations: { ...no, analytics: true, advertising: true, tracking: true },
    gdpr: { consent: ['analytics', 'developer_advertising'] },
  },
  ca: { locale: 'en', entity: { name: 'Sunny Apps Inc.', contactEmail: 'privacy@sunny.example', jurisdiction: 'California, USA' }, processors: [{ id: 'mixpanel' }], declarations: { ...no, analytics: true } },
  ca2: {
    locale: 'en',
    entity: { name: 'Sunny Apps Inc.', contactEmail: 'privacy@sunny.example', jurisdiction: 'California, USA', privacyRequestUrl: 'https://sunny.example/privacy-request' },
    processors: [{ id: 'mixpanel' }, { id: 'admob' }],
    declarations: { ...no, analytics: true, advertising: true, tracking: true },
  },
  kids: { locale: 'en', childrenDirected: true, entity: { name: 'Tiny Tales LLC', contactEmail: 'privacy@tinytales.example', address: '5 Main St, Austin, TX 78701', tollFreeNumber: '+1 800 555 0100', jurisdiction: 'Texas, USA' }, processors: [{ id: 'sentry' }, { id: 'appflows' }], declarations: no },
};

describeEachDb('legal: the review’s owners through the service', (dialect) => {
  let t: TestApp;
  const pages: Record<string, { policy: string; terms: string; appStore: { usedForTracking: boolean }; play: { dataShared: boolean }; warnings: string[] }> = {};
  const get = (url: string, accept: string) => t.app.inject({ method: 'GET', url, headers: { accept } });

  beforeAll(async () => {
    t = await testApp(dialect);
    for (const [slug, facts] of Object.entries(OWNERS)) {
      await t.createApp({ name: `App ${slug}`, slug });
      await putAndPublish(t, slug, 'feedback', goodFeedback());
      const put = await putAndPublish(t, slug, 'legal', { type: 'legal', ...facts });
      pages[slug] = {
        policy: (await get(`/legal/${slug}`, 'text/html')).body,
        terms: (await get(`/legal/${slug}/terms`, 'text/html')).body,
        appStore: (await get(`/legal/${slug}/app-store-privacy`, 'application/json')).json(),
        play: (await get(`/legal/${slug}/play-data-safety`, 'application/json')).json(),
        warnings: (put.warnings as { code: string }[]).map((w) => w.code),
      };
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('German GmbH: Firebase on consent and OneSignal strictly necessary (§ 25 TDDDG), its Appflows in the EEA, crash reporting named, liability carve-out', () => {
    const { policy, terms, warnings } = pages.de!;
    expect(warnings).toEqual([]);
    expect(policy).toContain('nur mit Ihrer Einwilligung (Artikel 5 Absatz 3 der ePrivacy-Richtlinie und § 25 TDDDG), die Sie jederzeit mit Wirkung für die Zukunft widerrufen können: Firebase (Google).');
    expect(policy).toContain('dafür ist keine Einwilligung nötig (Artikel 5 Absatz 3 der ePrivacy-Richtlinie und § 25 TDDDG): OneSignal.');
    expect(policy).toContain('Appflows verarbeitet Daten (Verarbeitungsort: Deutschland) innerhalb des Europäischen Wirtschaftsraums');
    expect(policy).toContain('zur Erkennung und Behebung von Abstürzen und Fehlern');
    expect(policy).not.toContain('CalOPPA');
    expect(terms).toContain('Die Haftung für Vorsatz und grobe Fahrlässigkeit');
  });

  it('French SAS: ad and attribution SDKs on consent (art. 82), directions after death, the CNIL; the App Store and Play say tracking and sharing', () => {
    const { policy, appStore, play } = pages.fr!;
    expect(policy).toContain('uniquement avec votre consentement (article 5, paragraphe 3, de la directive « vie privée et communications électroniques » et article 82 de la loi Informatique et Libertés)');
    expect(policy).toContain('Google AdMob et AppsFlyer.');
    expect(policy).toContain('article 85 de la loi Informatique et Libertés');
    expect(policy).toContain('Commission nationale de l’informatique et des libertés (CNIL)');
    expect(appStore.usedForTracking).toBe(true);
    expect(play.dataShared).toBe(true);
  });

  it('Californian Inc.: disclosures per category, CalOPPA with no one tracking; sharing for ads names AdMob, as the App Store and Play do', () => {
    expect(pages.ca!.policy).toContain('In the last 12 months we disclosed these categories of personal information for a business purpose');
    // Each recipient with only the kinds it got, not the category's generic examples.
    expect(pages.ca!.policy).toContain('Identifiers (an account or user ID and a device or installation identifier): to Mixpanel.');
    expect(pages.ca!.policy).not.toContain('Identifiers (such as');
    expect(pages.ca!.policy).toContain('we let no other party do so through the app');
    expect(pages.ca!.appStore.usedForTracking).toBe(false);
    const shared = pages.ca2!;
    expect(shared.policy).toContain('these other parties may collect personal information about your activity over time and across other companies’ apps and websites: Google AdMob.');
    expect(shared.policy).toContain('for cross-context behavioural advertising, with Google AdMob');
    expect(shared.appStore.usedForTracking).toBe(true);
    expect(shared.play.dataShared).toBe(true);
  });

  it('US children’s app: the operator line, third-party consent apart, no unbacked claim; the owner is told what COPPA still needs', () => {
    const { policy, warnings } = pages.kids!;
    expect(policy).toContain('Tiny Tales LLC (<a href="mailto:privacy@tinytales.example">privacy@tinytales.example</a>, 5 Main St, Austin, TX 78701, telephone +1 800 555 0100).');
    expect(policy).toContain('without agreeing to its disclosure to third parties');
    expect(policy).not.toContain('We collect no more than the app needs');
    expect(warnings).toEqual(['children_consent_method']);
  });
});
