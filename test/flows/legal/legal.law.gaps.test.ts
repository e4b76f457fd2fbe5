import { describe, expect, it } from 'vitest';
import { LAW_TEXTS, LEGAL_TEXTS, TEXT_LOCALES } from '../../../src/flows/legal/text/index.js';
import { freeze, type PublishedFlowFacts } from '../../../src/flows/legal/legal.declaration.js';
import { privacySections } from '../../../src/flows/legal/legal.policy.js';
import { legalConfig, type LegalConfig } from '../../../src/flows/legal/legal.schema.js';
import { goodLegal } from './legal.fixtures.js';
import { appleDataTypes, legalModel } from '../../../src/flows/legal/legal.model.js';
import { policy, read } from './legal.law.fixtures.js';

/**
 * The gaps the privacy review of edition 3 left open (#36, docs/legal.md "Known gaps"), each in
 * every language: national cookie laws beyond Germany and France; processing locations in the
 * reader's language; a device identifier stored for a purpose not on consent, said as it is;
 * COPPA's word on whether children can make information public; a processor's "linked" as the
 * App Store answers it per data type; the CCPA categories with only the kinds each recipient gets.
 */

const analytics = { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false };
const owner = (jurisdiction: string) => ({
  entity: { name: 'Sleepy SL', contactEmail: 'privacy@sleepy.example', jurisdiction },
  processors: [{ id: 'firebase' }, { id: 'onesignal' }],
  declarations: analytics,
  gdpr: { consent: ['analytics'] },
});

describe('device access: the national law beside ePrivacy Art. 5(3), by the owner’s country', () => {
  const cites: [string, string, RegExp][] = [
    ['Spain', 'ES', /22/],
    ['Italy', 'IT', /122/],
    ['Netherlands', 'NL', /11\.7a/],
    ['Austria', 'AT', /165/],
  ];
  it.each(TEXT_LOCALES)('%s: Spain (LSSI art. 22.2), Italy (Codice art. 122), the Netherlands (Tw art. 11.7a), Austria (TKG 2021 § 165)', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const plain = L.deviceAccessLaw({ eu: true, uk: false });
    for (const [jurisdiction, country, article] of cites) {
      const law = L.deviceAccessLaw({ eu: true, uk: false, country });
      expect(law).toMatch(article);
      expect(law).not.toBe(plain);
      const claims = read(policy(owner(jurisdiction), lang), 'claims');
      expect(claims).toContain(L.deviceAccessConsent({ law, services: LEGAL_TEXTS[lang as 'en'].list(['Firebase (Google)']) }));
    }
    // Each country its own law only; an owner elsewhere in the EEA cites the Directive alone.
    expect(L.deviceAccessLaw({ eu: true, uk: false, country: 'ES' })).not.toMatch(/122|TDDDG/);
    expect(L.deviceAccessLaw({ eu: true, uk: false, country: 'BE' })).toBe(plain);
  });

  it('English wording', () => {
    const claims = (j: string) => read(policy(owner(j)), 'claims');
    expect(claims('Spain')).toContain('(Art. 5(3) of the ePrivacy Directive and Art. 22(2) of the Spanish LSSI (Ley 34/2002))');
    expect(claims('Italy')).toContain('and Art. 122 of the Italian Codice della privacy (Legislative Decree 196/2003))');
  });
});

describe('processing locations: region codes named in the reader’s language', () => {
  const de = { processors: [{ id: 'firebase' }, { id: 'amplitude' }, { id: 'superwall' }, { id: 'appflows', processing: { locations: ['DE', 'Rechenzentrum Falkenstein'], mechanism: 'eea' } }] };
  const name = (lang: string, code: string) => new Intl.DisplayNames([lang], { type: 'region' }).of(code)!;

  it.each(TEXT_LOCALES)('%s: the United States, the EU (if chosen), a CDN worldwide, the vendor’s other facilities, the owner’s code; the owner’s words as given', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const transfers = read(policy(de, lang), 'transfers');
    expect(transfers).toContain(name(lang, 'US'));
    expect(transfers).toContain(L.placeNotes.if_chosen({ region: name(lang, 'EU') }));
    expect(transfers).toContain(L.placeNotes.cdn({ region: '' }));
    expect(transfers).toContain(L.placeNotes.vendor_facilities({ region: '' }));
    expect(transfers).toContain(name(lang, 'DE'));
    expect(transfers).toContain('Rechenzentrum Falkenstein');
    if (lang !== 'en') expect(transfers).not.toMatch(/United States|European Union|if the EU|is chosen|content delivery network|maintain facilities/);
  });

  it('the owner may give a code (a Place) or words (kept); the EEA has its own word; versions frozen with English names render them as published', () => {
    const c = legalConfig.parse(goodLegal({ processors: [{ id: 'appflows', processing: { locations: ['EEA', 'Frankfurt'], mechanism: 'eea' } }] })) as LegalConfig;
    expect(freeze(c, []).processors[0]!.processing!.locations).toEqual([{ region: 'EEA' }, 'Frankfurt']);
    expect(read(policy({ processors: c.processors }, 'fr'), 'transfers')).toContain('Espace économique européen et Frankfurt) au sein');
    const legacy = read(policy({ processors: [{ id: 'sentry', processing: { locations: ['United States'], mechanism: 'scc' } }] }, 'de'), 'transfers');
    expect(legacy).toContain('(Verarbeitungsort: United States)');
  });
});

describe('device access for a purpose not on consent: named, with the purposes and their basis', () => {
  const de = { ...owner('Germany'), gdpr: undefined };
  it.each(TEXT_LOCALES)('%s: Firebase for analytics on legitimate interests; never in the consent sentence', (lang) => {
    const T = LEGAL_TEXTS[lang as 'en'];
    const L = LAW_TEXTS[lang]!;
    const claims = read(policy(de, lang), 'claims');
    const law = L.lawName({ eu: true, uk: false, ch: false });
    expect(claims).toContain(L.deviceAccessNoConsent({ service: 'Firebase (Google)', purposes: T.list([T.purposes.analytics]), bases: L.bases.legitimate_interests({ law }) }));
    expect(claims).not.toContain(L.deviceAccessConsent({ law: L.deviceAccessLaw({ eu: true, uk: false, country: 'DE' }), services: 'Firebase (Google)' }));
    // On consent, the same service is in the consent sentence and not in this one.
    expect(read(policy(owner('Germany'), lang), 'claims')).not.toContain(L.deviceAccessNoConsent({ service: 'Firebase (Google)', purposes: T.list([T.purposes.analytics]), bases: L.bases.legitimate_interests({ law }) }));
  });

  it('English: the owner’s own basis is the one said', () => {
    expect(read(policy(de), 'claims')).toContain('Firebase (Google) stores an identifier on your device or reads it there to understand how the app is used, without asking your consent; the legal basis for this is our legitimate interests (Art. 6(1)(f) GDPR).');
    const contract = read(policy({ ...de, gdpr: { legalBasis: { analytics: 'contract' } } }), 'claims');
    expect(contract).toMatch(/Firebase \(Google\) stores .* the legal basis for this is performing our contract with you/);
  });
});

describe('COPPA: whether children can make personal information publicly available (16 CFR 312.4(d)(2))', () => {
  const kids = { entity: { name: 'Sleepy Inc', contactEmail: 'privacy@sleepy.example', jurisdiction: 'California, USA' }, childrenDirected: true };
  const flow = (type: string): PublishedFlowFacts => ({ type, slug: type, versionNumber: 1, config: {} });
  const children = (published: PublishedFlowFacts[], lang = 'en', edition?: number) => {
    const config = legalConfig.parse(goodLegal(kids)) as LegalConfig;
    const frozen = freeze(config, published);
    return read(privacySections({ appName: 'Sleepy', config, frozen, text: LEGAL_TEXTS[lang as 'en'], law: LAW_TEXTS[lang], edition: edition ?? frozen.edition! }), 'children');
  };

  it.each(TEXT_LOCALES)('%s: yes with a published wishlist board, no with feedback only', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const board = children([flow('feedback'), flow('wishlist')], lang);
    expect(board).toContain(L.coppaPublic({ public: true }));
    expect(board).not.toContain(L.coppaPublic({ public: false }));
    const feedback = children([flow('feedback')], lang);
    expect(feedback).toContain(L.coppaPublic({ public: false }));
    expect(feedback).not.toContain(L.coppaPublic({ public: true }));
    expect(L.coppaPublic({ public: true })).not.toBe(L.coppaPublic({ public: false }));
  });

  it('English wording; not in edition 2, nor without COPPA (not directed at children)', () => {
    expect(children([flow('wishlist')])).toContain('ideas and comments posted on its wishlist board, with the name given for them, can be seen by anyone who opens the board');
    expect(children([flow('wishlist')], 'en', 2)).not.toContain('publicly available');
    const adults = legalConfig.parse(goodLegal({ ...kids, childrenDirected: false })) as LegalConfig;
    const frozen = freeze(adults, [flow('wishlist')]);
    expect(read(privacySections({ appName: 'Sleepy', config: adults, frozen, text: LEGAL_TEXTS.en, law: LAW_TEXTS.en, edition: frozen.edition! }))).not.toContain('publicly available');
  });
});

describe('a processor’s “linked” follows the App Store’s answer per data type (legal.model.ts)', () => {
  const lines = (processors: unknown[], lang = 'en', edition?: number) => {
    const config = legalConfig.parse(goodLegal({ processors })) as LegalConfig;
    const frozen = freeze(config, []);
    const sections = privacySections({ appName: 'Sleepy', config, frozen, text: LEGAL_TEXTS[lang as 'en'], law: LAW_TEXTS[lang], edition: edition ?? frozen.edition! });
    const out = new Map<string, string>();
    for (const b of sections.flatMap((x) => x.blocks)) if ('processor' in b && b.processor.receivesLine) out.set(b.processor.name, b.processor.receivesLine);
    return { out, apple: appleDataTypes(legalModel(config, frozen)) };
  };

  it.each(TEXT_LOCALES)('%s: Firebase (not linked itself) beside Superwall (linked): its device ID and product interaction are linked, its approximate location not', (lang) => {
    const T = LEGAL_TEXTS[lang as 'en'];
    const { out, apple } = lines([{ id: 'superwall' }, { id: 'firebase' }], lang);
    // The App Store summary: Device ID linked (through Superwall), Coarse Location not.
    expect(apple.find((t) => t.category === 'Device ID')!.linkedToIdentity).toBe(true);
    expect(apple.find((t) => t.category === 'Coarse Location')!.linkedToIdentity).toBe(false);
    const linkedKinds = T.list([T.kinds.device_id, T.kinds.product_interaction]);
    const kinds = T.list([T.kinds.device_id, T.kinds.product_interaction, T.kinds.coarse_location]);
    expect(out.get('Firebase (Google)')).toBe(T.processorReceives({ kinds, purposes: T.list([T.purposes.analytics]), linked: true, linkedKinds, tracking: false }));
    expect(T.processorReceives({ kinds, purposes: 'P', linked: true, linkedKinds, tracking: false })).not.toBe(T.processorReceives({ kinds, purposes: 'P', linked: true, tracking: false }));
  });

  it('English: all linked, none linked, mixed; edition 2 keeps the processor’s own answer', () => {
    expect(lines([{ id: 'firebase' }]).out.get('Firebase (Google)')).toMatch(/It is not linked to your identity\.$/);
    const both = lines([{ id: 'superwall' }, { id: 'firebase' }]);
    expect(both.out.get('Firebase (Google)')).toMatch(/ and your approximate location, to understand how the app is used\. Of these, a device or installation identifier and how you use the app \(screens, taps, choices\) can be linked to you; the rest is not linked to your identity\.$/);
    expect(both.out.get('Superwall')).toMatch(/It can be linked to you\.$/);
    expect(lines([{ id: 'superwall' }, { id: 'firebase' }], 'en', 2).out.get('Firebase (Google)')).toMatch(/It is not linked to your identity\.$/);
    // Every processor line agrees with the App Store summary: no kind it receives is called unlinked while its type is linked.
    for (const set of [[{ id: 'superwall' }, { id: 'firebase' }], [{ id: 'mixpanel' }, { id: 'onesignal' }, { id: 'revenuecat' }], [{ id: 'amplitude' }, { id: 'admob' }]]) {
      const { out, apple } = lines(set);
      const linkedTypes = apple.filter((t) => t.linkedToIdentity).flatMap((t) => t.sources);
      for (const [name, line] of out) if (line.endsWith('It is not linked to your identity.')) expect(linkedTypes).not.toContain(name);
    }
  });
});

describe('CCPA: each category with only the kinds collected or disclosed, not the generic examples', () => {
  const ca = { entity: { name: 'Sleepy Inc', contactEmail: 'privacy@sleepy.example', jurisdiction: 'California, USA' }, processors: [{ id: 'firebase' }, { id: 'revenuecat' }], declarations: analytics };
  it.each(TEXT_LOCALES)('%s: Firebase’s identifiers are a device identifier, RevenueCat’s a user ID; no “such as” examples from edition 3, as published in 2', (lang) => {
    const T = LEGAL_TEXTS[lang as 'en'];
    const L = LAW_TEXTS[lang]!;
    const us = read(policy(ca, lang), 'us-privacy');
    const ids = (...kinds: ('user_id' | 'device_id' | 'email')[]) => L.ccpaCategoryKinds({ category: L.ccpaCategoryNames.identifiers, kinds: T.list(kinds.map((k) => T.kinds[k])) });
    expect(us).toContain(L.ccpaDisclosedItem({ category: ids('device_id'), recipients: 'Firebase (Google)' }));
    expect(us).toContain(L.ccpaDisclosedItem({ category: ids('user_id'), recipients: 'RevenueCat' }));
    expect(us).not.toContain(L.ccpaCategories.identifiers);
    expect(read(policy(ca, lang, 2), 'us-privacy')).toContain(L.ccpaCategories.identifiers);
  });
});
