import { describe, expect, it } from 'vitest';
import { appStorePrivacy, flowCollects, freeze, playDataSafety, resolveProcessors, type Basis, type PublishedFlowFacts } from '../../../src/flows/legal/legal.declaration.js';
import { prefersHtml } from '../../../src/flows/legal/legal.pages.js';
import { privacySections, termsSections, type Section } from '../../../src/flows/legal/legal.policy.js';
import { legalConfig, type LegalConfig } from '../../../src/flows/legal/legal.schema.js';
import { isRegionCode, PRESETS } from '../../../src/flows/legal/legal.presets.js';
import { sharesForAdvertising, showsAds, usesDataForItself } from '../../../src/flows/legal/legal.model.js';
import { goodLegal, onDeviceOnly } from './legal.fixtures.js';

const basis: Basis = { source: 'published', version: 1, effectiveDate: '2026-03-01', url: 'http://web.test/legal/x/v/1' };
const parse = (v: unknown) => legalConfig.parse(v) as LegalConfig;
const derive = (over: Record<string, unknown>, flows: PublishedFlowFacts[] = []) => {
  const config = parse(goodLegal(over));
  const frozen = freeze(config, flows);
  return { config, frozen, apple: appStorePrivacy(config, frozen, basis), play: playDataSafety(config, frozen, basis) };
};
const triples = (entries: { category: string; purpose: string; source: string }[]) => entries.map((e) => `${e.category} / ${e.purpose} / ${e.source}`).sort();
const text = (sections: Section[]) => JSON.stringify(sections);
const flow = (type: string, config: unknown, slug = type, versionNumber = 1): PublishedFlowFacts => ({ type, slug, versionNumber, config });

describe('App Store declaration per preset (Apple’s own names)', () => {
  const cases: [string, string[], { linked: boolean; tracking: boolean }][] = [
    ['revenuecat', ['User ID / App Functionality / RevenueCat', 'Purchase History / App Functionality / RevenueCat', 'Purchase History / Analytics / RevenueCat'], { linked: true, tracking: false }],
    [
      'superwall',
      [
        'User ID / App Functionality / Superwall',
        'Device ID / App Functionality / Superwall',
        'Device ID / Analytics / Superwall',
        'Product Interaction / App Functionality / Superwall',
        'Product Interaction / Analytics / Superwall',
        'Purchase History / App Functionality / Superwall',
        'Purchase History / Analytics / Superwall',
      ],
      { linked: true, tracking: false },
    ],
    ['firebase', ['Device ID / Analytics / Firebase (Google)', 'Product Interaction / Analytics / Firebase (Google)', 'Coarse Location / Analytics / Firebase (Google)'], { linked: false, tracking: false }],
    ['amplitude', ['User ID / Analytics / Amplitude', 'Device ID / Analytics / Amplitude', 'Product Interaction / Analytics / Amplitude'], { linked: true, tracking: false }],
    ['posthog', ['User ID / Analytics / PostHog', 'Device ID / Analytics / PostHog', 'Product Interaction / Analytics / PostHog'], { linked: true, tracking: false }],
    ['mixpanel', ['User ID / Analytics / Mixpanel', 'Device ID / Analytics / Mixpanel', 'Product Interaction / Analytics / Mixpanel'], { linked: true, tracking: false }],
    ['sentry', ['Crash Data / App Functionality / Sentry', 'Performance Data / App Functionality / Sentry', 'Other Diagnostic Data / App Functionality / Sentry'], { linked: false, tracking: false }],
  ];
  for (const [id, expected, flags] of cases) {
    it(`${id}`, () => {
      const { apple, play } = derive({ processors: [{ id }], platformData: [], declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false } });
      expect(triples(apple.entries)).toEqual([...expected].sort());
      expect(apple.dataNotCollected).toBe(false);
      expect(apple.unmappedProcessors).toEqual([]);
      expect(apple.basis).toEqual(basis);
      for (const e of apple.entries) expect({ linked: e.linkedToIdentity, tracking: e.usedForTracking }).toEqual(flags);
      // Google's side names the same kinds its own way; a processor acting for the owner is not sharing.
      expect(play.dataCollected).toBe(true);
      expect(play.dataShared).toBe(false);
      expect(play.dataTypes.every((t) => t.sources.length === 1 && !t.shared)).toBe(true);
    });
  }

  it('orders entries as Apple’s product page does and groups them under Apple’s categories', () => {
    const { apple } = derive({ processors: [{ id: 'sentry' }, { id: 'revenuecat' }] });
    expect(apple.entries.map((e) => e.group)).toEqual(['Identifiers', 'Purchases', 'Purchases', 'Diagnostics', 'Diagnostics', 'Diagnostics']);
  });

  it('`appmate` is the same preset as `appflows`, and duplicates count once', () => {
    const flows = [flow('waitlist', {})];
    const a = derive({ processors: [{ id: 'appmate' }, { id: 'appflows' }] }, flows);
    const b = derive({ processors: [{ id: 'appflows' }] }, flows);
    expect(a.apple.entries).toEqual(b.apple.entries);
    expect(a.frozen.processors).toHaveLength(1);
    expect(a.frozen.processors[0]).toMatchObject({ id: 'appmate', preset: 'appflows', name: 'Appflows' });
  });

  it('an owner can narrow or re-purpose a preset (features turned off)', () => {
    const { apple } = derive({ processors: [{ id: 'superwall', receives: ['purchase_history'], purpose: 'app_functionality' }] });
    expect(triples(apple.entries)).toEqual(['Purchase History / App Functionality / Superwall']);
  });
});

describe('the appflows preset reflects the app’s published flows', () => {
  it('waitlist → email; feedback → user content + optional email; referral → identifiers; wishlist, onboarding, cancel, contact, report', () => {
    const flows = [
      flow('waitlist', { fields: [] }),
      flow('feedback', { emailField: { enabled: true } }),
      flow('referral', {}),
      flow('wishlist', { identity: { mode: 'anonymous' } }),
      flow('onboarding', { steps: [{ kind: 'question' }, { kind: 'email_capture', required: true }] }),
      flow('cancel', {}, 'cancel', 3),
      flow('contact', { nameField: { enabled: true }, emailField: { enabled: true, required: true }, messageField: { enabled: true, required: true } }),
      flow('report', {}),
    ];
    const { apple, play, frozen } = derive({ processors: [{ id: 'appflows' }], declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false } }, flows);
    const own = apple.entries.filter((e) => e.source === 'Appflows');
    expect([...new Set(own.map((e) => e.category))].sort()).toEqual(['Coarse Location', 'Customer Support', 'Device ID', 'Email Address', 'Name', 'Other User Content', 'Product Interaction', 'User ID'].sort());
    // The country looked up from the IP address is stored with each record: Coarse Location, for analytics.
    expect(triples(own.filter((e) => e.category === 'Coarse Location'))).toEqual(['Coarse Location / Analytics / Appflows']);
    expect(triples(own.filter((e) => e.category === 'Email Address'))).toEqual(
      ['Email Address / App Functionality / Appflows', "Email Address / Developer's Advertising or Marketing / Appflows"].sort(),
    );
    expect(own.find((e) => e.category === 'Product Interaction')).toMatchObject({ purpose: 'Analytics' });
    expect(own.every((e) => e.linkedToIdentity)).toBe(true);
    // The frozen processor says which flow (and version) causes what.
    const p = frozen.processors.find((x) => x.id === 'appflows')!;
    expect(p.flows?.find((f) => f.type === 'cancel')).toEqual({ type: 'cancel', slug: 'cancel', version: 3, kinds: ['product_interaction', 'coarse_location'] });
    // Google: the feedback email is optional, the waitlist one is not, so email is required overall.
    expect(play.dataTypes.find((t) => t.dataType === 'Email address')).toMatchObject({ optional: false, sources: ['Appflows'] });
    expect(play.dataTypes.find((t) => t.dataType === 'Name')).toMatchObject({ optional: true });
  });

  it('per flow: what each collects, and only what leaves the device', () => {
    expect(flowCollects('feedback', {}).receives).toEqual([{ kind: 'user_content', purposes: ['app_functionality'] }, { kind: 'coarse_location', purposes: ['analytics'] }]);
    // App promotions use the country only to pick an offer, at request time: nothing stored, nothing declared.
    expect(flowCollects('app_promotion', {}).receives.map((r) => r.kind)).toEqual(['product_interaction']);
    expect(flowCollects('feedback', { emailField: { enabled: true } }).receives[1]).toMatchObject({ kind: 'email', optional: true });
    expect(flowCollects('feedback', { emailField: { enabled: false } }).linked).toBe(false);
    expect(flowCollects('wishlist', { identity: { mode: 'email', requireEmailToVote: true } }).receives.map((r) => r.kind)).toEqual(['user_content', 'email', 'coarse_location']);
    expect(flowCollects('onboarding', { steps: [{ kind: 'info' }] }).receives).toEqual([]);
    expect(flowCollects('crash', { emailField: { enabled: true } }).receives.map((r) => r.kind)).toEqual(['crash_data', 'other_diagnostic_data', 'email', 'coarse_location']);
    expect(flowCollects('legal', {}).receives).toEqual([]);
    expect(flowCollects('link_page', {}).receives).toEqual([]);
  });

  it('is added (not silently missed) when flows collect and the owner did not list it; absent when nothing is collected', () => {
    const listed = derive({ processors: [] }, [flow('waitlist', {})]);
    expect(triples(listed.apple.entries)).toContain('Email Address / App Functionality / Appflows');
    const none = derive({ processors: [] }, [flow('link_page', {})]);
    expect(none.frozen.processors).toEqual([]);
  });
});

describe('custom processors', () => {
  it('declares what it receives, for its purposes; tracking follows third-party advertising', () => {
    const { apple, play, frozen } = derive({
      processors: [{ id: 'adnet', name: 'AdNet', receives: ['device_id', 'advertising_data'], purpose: 'third_party_advertising', privacyUrl: 'https://adnet.example/privacy' }],
      declarations: { sellsData: false, advertising: true, analytics: false, tracking: true, profiling: false },
    });
    expect(triples(apple.entries)).toEqual(['Advertising Data / Third-Party Advertising / AdNet', 'Device ID / Third-Party Advertising / AdNet']);
    expect(apple.entries.every((e) => e.usedForTracking && e.linkedToIdentity)).toBe(true);
    expect(apple.usedForTracking).toBe(true);
    expect(play.dataShared).toBe(true);
    expect(play.dataTypes.map((t) => [t.dataType, t.shared, t.purposes])).toEqual([
      ['Other actions', true, ['Advertising or marketing']],
      ['Device or other IDs', true, ['Advertising or marketing']],
    ]);
    expect(frozen.processors[0]).toMatchObject({ role: 'advertising', description: 'AdNet receives a device or installation identifier and advertising you see and tap to show advertising.' });
  });

  it('without `receives` it is unmapped, and the app cannot claim dataNotCollected', () => {
    const { apple, play } = derive({ processors: [{ id: 'mystery' }] });
    expect(apple.entries).toEqual([]);
    expect(apple.unmappedProcessors).toEqual([{ id: 'mystery', name: 'mystery', reason: expect.stringContaining('receives') }]);
    expect(apple.dataNotCollected).toBe(false);
    expect(play.dataCollected).toBe(true);
  });

  it('explicit flags win over the defaults', () => {
    const { apple } = derive({ processors: [{ id: 'backend', name: 'Our API', receives: 'email', linkedToIdentity: false }] });
    expect(apple.entries).toEqual([{ category: 'Email Address', group: 'Contact Info', purpose: 'App Functionality', linkedToIdentity: false, usedForTracking: false, source: 'Our API' }]);
  });
});

describe('on-device data', () => {
  it('local data and on-device platform data are described, never declared: dataNotCollected', () => {
    const config = parse(onDeviceOnly());
    const frozen = freeze(config, []);
    const apple = appStorePrivacy(config, frozen, basis);
    expect(apple).toEqual({ basis, dataNotCollected: true, entries: [], dataTypes: [], unmappedProcessors: [], usedForTracking: false });
    expect(playDataSafety(config, frozen, basis)).toMatchObject({ dataCollected: false, dataShared: false, dataTypes: [] });
    const policy = text(privacySections({ appName: 'Sleepy', config, frozen }));
    expect(policy).toContain('Nothing leaves your device: Sleepy does not collect personal data.');
    expect(policy).toContain('Sleep logs and notes');
    expect(policy).toContain('Location: to show where you slept');
    expect(policy).toContain('private cloud storage');
  });

  it('platform data the owner says leaves the device is declared, with the entity as source', () => {
    const { apple } = derive({ processors: [], platformData: [{ capability: 'location', leavesDevice: true, purpose: 'product_personalization' }] });
    expect(apple.entries).toEqual([{ category: 'Precise Location', group: 'Location', purpose: 'Product Personalization', linkedToIdentity: true, usedForTracking: false, source: 'Sleepy Labs GmbH' }]);
  });
});

describe('policy and terms are composed from the facts', () => {
  it('negative claims follow the declarations, both ways', () => {
    const no = text(privacySections({ appName: 'Sleepy', ...derive({}) }));
    for (const s of ['We do not sell your personal data.', 'Sleepy shows no advertising.', 'We do not track you across other companies’ apps and websites.', 'We do not use analytics services', 'We do not build profiles'])
      expect(no).toContain(s);
    const yes = text(privacySections({ appName: 'Sleepy', ...derive({ declarations: { sellsData: true, advertising: true, analytics: true, tracking: true, profiling: true } }) }));
    expect(yes).toContain('Sleepy shows advertising.');
    expect(yes).not.toContain('We do not');
  });

  it('names the responsible entity and contact, each processor with its link, children, rights and changes', () => {
    const sections = privacySections({ appName: 'Sleepy', ...derive({}, [flow('feedback', { emailField: { enabled: true } })]) });
    expect(sections.map((s) => s.id)).toEqual(['who', 'on-device', 'leaves-device', 'device-features', 'claims', 'children', 'retention', 'rights', 'changes']);
    const all = text(sections);
    expect(all).toContain('Sleepy Labs GmbH (Germany) makes Sleepy');
    expect(all).toContain('mailto:privacy@sleepy.example');
    expect(all).toContain('https://www.revenuecat.com/privacy/');
    expect(all).toContain('is not directed at children under 13');
    expect(all).toContain('you decide whether to give it');
    const leaves = sections.find((s) => s.id === 'leaves-device')!;
    expect(leaves.blocks.filter((b) => 'processor' in b).map((b) => ('processor' in b ? b.processor.name : ''))).toEqual(['RevenueCat', 'Sentry', 'Appflows']);
  });

  it('terms: subscriptions section when a purchases processor is listed; medical disclaimer; extra sections; governing law', () => {
    const { config, frozen } = derive({ medicalDisclaimer: true, terms: { sections: [{ title: 'Beta features', body: 'They may change.\n\nOr vanish.' }] } });
    const t = termsSections({ appName: 'Sleepy', config, frozen }, '/legal/sleepy');
    expect(t.map((s) => s.id)).toEqual(['agreement', 'subscriptions', 'use', 'medical', 'liability', 'eula', 'privacy', 'extra-1', 'law', 'changes']);
    expect(t.find((s) => s.id === 'extra-1')!.blocks).toEqual([{ p: ['They may change.'] }, { p: ['Or vanish.'] }]);
    expect(text(t)).toContain('governed by the law of Germany');
    const plain = derive({ processors: [{ id: 'sentry' }], terms: { subscriptions: false, appleStandardEula: false } });
    expect(termsSections({ appName: 'Sleepy', ...plain }, '/legal/sleepy').map((s) => s.id)).toEqual(['agreement', 'use', 'liability', 'privacy', 'law', 'changes']);
  });
});

describe('content negotiation of the public declarations', () => {
  it('HTML only when the client ranks text/html above JSON', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/html;q=0.5')).toBe(false);
    expect(prefersHtml('text/html;q=0.9, application/json')).toBe(false);
    expect(prefersHtml('text/*')).toBe(true);
    expect(prefersHtml('text/html;q=bogus, */*')).toBe(false);
  });
});

describe('config schema', () => {
  it('normalises shorthand: bare capability ids, a single purpose or kind, upper-case preset ids; drops `frozen`', () => {
    const c = parse(goodLegal({ processors: [{ id: 'RevenueCat' }, { id: 'x', name: 'X', receives: 'email', purpose: 'analytics' }], frozen: { processors: [] } }));
    expect(c.platformData).toEqual([{ capability: 'health', use: 'to read your sleep analysis' }, { capability: 'notifications' }]);
    expect(c.processors).toEqual([{ id: 'revenuecat' }, { id: 'x', name: 'X', receives: ['email'], purpose: ['analytics'] }]);
    expect('frozen' in c).toBe(false);
    expect(resolveProcessors(c, [])[0].name).toBe('RevenueCat');
  });

  it('rejects what it cannot mean', () => {
    const bad = (over: Record<string, unknown>) => legalConfig.safeParse(goodLegal(over)).success;
    expect(bad({ declarations: { sellsData: false } })).toBe(false);
    expect(bad({ processors: [{ id: 'x', receives: ['dna'] }] })).toBe(false);
    expect(bad({ processors: [{ id: 'x', privacyUrl: 'http://x.example' }] })).toBe(false);
    expect(bad({ platformData: ['telepathy'] })).toBe(false);
    expect(bad({ effectiveDate: '2026-13-01' })).toBe(false);
    expect(bad({ surprise: true })).toBe(false);
    expect(bad({ entity: { name: '' } })).toBe(false);
    expect(bad({})).toBe(true);
  });
});

describe('processing facts of the built-in processors (docs/legal.md, "Sources")', () => {
  const vendors = Object.values(PRESETS).filter((p) => p.id !== 'appflows');
  it.each(vendors.map((p) => [p.id, p] as const))('%s cites its own pages, dated', (_id, preset) => {
    const facts = preset.processing!;
    expect(facts.sources.length).toBeGreaterThan(0);
    for (const s of facts.sources) expect(new URL(s.url).protocol).toBe('https:');
    expect(facts.readOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A Data Privacy Framework claim is about transfers to the United States: it needs a read location there.
    if (facts.mechanism === 'dpf') expect(facts.locations).toContainEqual({ region: 'US' });
    // Every location is a Place (a region code the reader's language names), never English words.
    for (const l of facts.locations) expect(typeof l === 'object' && isRegionCode(l.region)).toBe(true);
    // Vendors join the UK Extension and the Swiss-US framework separately: a DPF vendor states which.
    expect(facts.dpf !== undefined).toBe(facts.mechanism === 'dpf');
  });

  it('claims the Data Privacy Framework only where the vendor’s own statement was read', () => {
    const dpf = vendors.filter((p) => p.processing!.mechanism === 'dpf').map((p) => p.id).sort();
    expect(dpf).toEqual(['admob', 'amplitude', 'crashlytics', 'firebase', 'onesignal', 'posthog']);
    const joined = (ext: 'uk' | 'swiss') => vendors.filter((p) => p.processing!.dpf?.[ext]).map((p) => p.id).sort();
    expect(joined('uk')).toEqual(['admob', 'crashlytics', 'firebase', 'posthog']);
    expect(joined('swiss')).toEqual(['admob', 'crashlytics', 'firebase', 'posthog']);
  });
});

describe('what a processor does with the data besides acting for the owner (legal.model.ts)', () => {
  const resolved = (processors: unknown[]) => freeze(legalConfig.parse(goodLegal({ processors })) as LegalConfig, []).processors;
  const answers = (p: Parameters<typeof showsAds>[0]) => [showsAds(p), sharesForAdvertising(p), usesDataForItself(p)];
  it('three questions, three answers: shows ads, shares for advertising, uses the data for itself', () => {
    const [admob, appsflyer, sentry, adnet] = resolved([
      { id: 'admob' },
      { id: 'appsflyer' },
      { id: 'sentry' },
      { id: 'adnet', name: 'AdNet', receives: ['device_id'], purpose: ['third_party_advertising'], usedForTracking: false },
    ]);
    // AdMob serving non-personalised ads only: it still shows ads and is still a controller, but shares nothing for advertising.
    const [narrowed] = resolved([{ id: 'admob', purpose: ['analytics'], usedForTracking: false }]);
    expect(narrowed!.receives.flatMap((r) => r.purposes)).not.toContain('third_party_advertising');
    expect(answers(admob!)).toEqual([true, true, true]);
    expect(answers(appsflyer!)).toEqual([false, true, true]); // attribution tracks: shares, shows no ads
    expect(answers(sentry!)).toEqual([false, false, false]);
    expect(answers(narrowed!)).toEqual([true, false, true]);
    expect(answers(adnet!)).toEqual([true, true, true]); // a custom processor for third-party ads is an ad network by role
  });
});
