import { describe, expect, it } from 'vitest';
import { freeze } from '../../../src/flows/legal/legal.declaration.js';
import { legalFindings } from '../../../src/flows/legal/legal.checks.js';
import { lawWarnings } from '../../../src/flows/legal/legal.law.warnings.js';
import { termsSections } from '../../../src/flows/legal/legal.policy.js';
import { legalConfig, type LegalConfig } from '../../../src/flows/legal/legal.schema.js';
import { LAW_TEXTS, LEGAL_TEXTS, TEXT_EDITION, TEXT_LOCALES } from '../../../src/flows/legal/text/index.js';
import { goodLegal } from './legal.fixtures.js';
import { policy, read } from './legal.law.fixtures.js';

/**
 * What a privacy professional's review of the edition-3 output added (#36): the Swiss
 * representative (Art. 14, 15 FADP), the CCPA's disclosures for a business purpose (11 CCR
 * § 7011(e)(1)(F)), CalOPPA's "Do Not Track" answer, and COPPA's operator contact line
 * (16 CFR 312.4(d)(1)). Each in every language, never in edition 2.
 */

const parse = (v: unknown) => legalConfig.parse(v) as LegalConfig;

describe('Switzerland: the representative of an owner abroad (Art. 14, 15 FADP)', () => {
  const rep = { name: 'Rep AG', email: 'ch@rep.example', address: 'Bahnhofstr. 1, 8001 Zürich' };
  const usOwner = { entity: { name: 'Sleepy Inc.', contactEmail: 'privacy@sleepy.example', jurisdiction: 'California, USA', swissRepresentative: rep } };
  it.each(TEXT_LOCALES)('%s: named with email and address under “Who is responsible” when the app is offered in Switzerland', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const line = read([{ id: 'x', title: '', blocks: [{ p: L.swissRepresentative({ name: rep.name, email: { text: rep.email, href: `mailto:${rep.email}` }, address: rep.address }) }] }]);
    expect(line).toMatch(/14/);
    const who = read(policy({ ...usOwner, audience: ['ch'] }, lang), 'who');
    expect(who).toContain(line.trim());
    expect(who).toContain(rep.address);
  });

  it('only where the FADP applies (ch, worldwide, an owner in Switzerland), only from edition 3; the schema keeps it', () => {
    const has = (over: Record<string, unknown>, edition = TEXT_EDITION) => read(policy({ ...usOwner, ...over }, 'en', edition), 'who').includes('Our representative in Switzerland (Art. 14 of the Swiss Federal Act on Data Protection, FADP) is Rep AG (ch@rep.example, Bahnhofstr. 1, 8001 Zürich).');
    expect(has({ audience: ['ch'] })).toBe(true);
    expect(has({ audience: ['worldwide'] })).toBe(true);
    expect(has({ audience: ['eea'] })).toBe(false);
    expect(has({ audience: ['us'] })).toBe(false);
    expect(has({ audience: ['ch'] }, 2)).toBe(false);
    expect(parse(goodLegal(usOwner)).entity.swissRepresentative).toEqual(rep);
    expect(legalConfig.safeParse(goodLegal({ entity: { ...usOwner.entity, swissRepresentative: { email: 'x@y.example' } } })).success).toBe(false);
  });
});

describe('US: disclosures for a business purpose and “Do Not Track”', () => {
  const ca = { entity: { name: 'Sleepy Inc', contactEmail: 'privacy@sleepy.example', jurisdiction: 'California, USA' }, processors: [{ id: 'mixpanel' }, { id: 'appflows' }], declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false } };
  const ads = { ...ca, processors: [...ca.processors, { id: 'admob' }], declarations: { ...ca.declarations, advertising: true, tracking: true } };

  it.each(TEXT_LOCALES)('%s: each category with the processors it went to; DNT: no one tracks, or the trackers named', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const us = read(policy(ca, lang), 'us-privacy');
    expect(us).toContain(L.ccpaDisclosed);
    // Each recipient with only the kinds it got (legal.law.gaps.test.ts): Mixpanel a user and a device identifier, Appflows the email.
    const T = LEGAL_TEXTS[lang as 'en'];
    const ids = (...kinds: ('user_id' | 'device_id' | 'email')[]) => L.ccpaCategoryKinds({ category: L.ccpaCategoryNames.identifiers, kinds: T.list(kinds.map((k) => T.kinds[k])) });
    expect(us).toContain(L.ccpaDisclosedItem({ category: ids('user_id', 'device_id'), recipients: 'Mixpanel' }));
    expect(us).toContain(L.ccpaDisclosedItem({ category: ids('email'), recipients: 'Appflows' }));
    expect(us).toContain(L.doNotTrack({}));
    const shared = read(policy(ads, lang), 'us-privacy');
    expect(shared).toContain(L.doNotTrack({ trackers: 'Google AdMob' }));
    expect(shared).not.toContain(L.doNotTrack({}));
  });

  it('English: the platform data the owner keeps goes to no one; never under edition 2 or without US law', () => {
    const us = read(policy({ ...ca, processors: [{ id: 'mixpanel' }], platformData: [{ capability: 'photos', leavesDevice: true }] }), 'us-privacy');
    expect(us).toContain('Identifiers (an account or user ID and a device or installation identifier): to Mixpanel.');
    expect(us).toContain('Identifiers (your email address): to Appflows.');
    expect(us).toContain('Other information you give us (content you write or submit): to Appflows.');
    expect(us).not.toMatch(/videos\): to [A-Z]/);
    expect(us).toContain('Audio, electronic or visual information (photos or videos): to make the app work.');
    expect(us).toContain('we let no other party do so through the app');
    const old = read(policy(ca, 'en', 2));
    expect(old).not.toContain('CalOPPA');
    expect(old).not.toContain('for a business purpose');
    expect(read(policy({ ...ca, entity: { ...ca.entity, jurisdiction: 'Germany' } }))).not.toContain('CalOPPA');
  });
});

describe('COPPA: the operator’s name, address, telephone number and email', () => {
  const kids = { entity: { name: 'Kids Inc', contactEmail: 'privacy@kids.example', jurisdiction: 'California, USA', address: '1 Main St, Austin, TX', tollFreeNumber: '+1 800 555 0100' }, childrenDirected: true };

  it.each(TEXT_LOCALES)('%s: every detail given is printed in “Children”', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const children = read(policy(kids, lang), 'children');
    const line = L.coppaOperator({ name: 'Kids Inc', address: '1 Main St, Austin, TX', phone: '+1 800 555 0100', email: { text: 'privacy@kids.example', href: 'mailto:privacy@kids.example' } });
    expect(children).toContain(read([{ id: 'x', title: '', blocks: [{ p: line }] }]).trim());
    for (const x of ['Kids Inc', '1 Main St, Austin, TX', '+1 800 555 0100', 'privacy@kids.example']) expect(children).toContain(x);
  });

  it('English wording; a missing detail warns and is left out; edition 2 and non-US owners unchanged', () => {
    expect(read(policy(kids), 'children')).toContain('The operator that collects and keeps children’s personal information through the app: Kids Inc (privacy@kids.example, 1 Main St, Austin, TX, telephone +1 800 555 0100).');
    const noPhone = parse(goodLegal({ ...kids, entity: { ...kids.entity, tollFreeNumber: undefined } }));
    const w = lawWarnings(noPhone, freeze(noPhone, [])).find((x) => x.code === 'children_operator_contact');
    expect(w).toMatchObject({ path: '/entity/tollFreeNumber' });
    expect(w!.message).toContain('16 CFR 312.4(d)(1)');
    expect(read(policy({ ...kids, entity: { ...kids.entity, tollFreeNumber: undefined } }), 'children')).toContain('Kids Inc (privacy@kids.example, 1 Main St, Austin, TX).');
    const full = parse(goodLegal(kids));
    expect(lawWarnings(full, freeze(full, [])).map((x) => x.code)).not.toContain('children_operator_contact');
    expect(read(policy(kids, 'en', 2), 'children')).not.toContain('The operator that collects');
    expect(read(policy({ ...kids, entity: { ...kids.entity, jurisdiction: 'Germany' } }), 'children')).not.toContain('The operator that collects');
  });
});

describe('EU / UK: storing or reading an identifier on the device (ePrivacy Art. 5(3), PECR reg. 6)', () => {
  const analytics = { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false };
  const de = { entity: { name: 'Schlafgut GmbH', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Germany' }, processors: [{ id: 'firebase' }, { id: 'onesignal' }, { id: 'sentry' }], declarations: analytics, gdpr: { consent: ['analytics'] } };
  const services = (lang: string, names: string[]) => LEGAL_TEXTS[lang as 'en'].list(names);

  it.each(TEXT_LOCALES)('%s: on consent (Firebase) and strictly necessary (OneSignal’s push token); Sentry stores none', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const law = L.deviceAccessLaw({ eu: true, uk: false, country: 'DE' });
    const claims = read(policy(de, lang), 'claims');
    expect(claims).toContain(L.deviceAccessConsent({ law, services: services(lang, ['Firebase (Google)']) }));
    expect(claims).toContain(L.deviceAccessNeeded({ law, services: services(lang, ['OneSignal']) }));
    expect(law).toMatch(/TDDDG/);
    expect(L.deviceAccessLaw({ eu: true, uk: false, country: 'FR' })).toMatch(/82/);
    expect(L.deviceAccessLaw({ eu: true, uk: true })).toMatch(/PECR/);
  });

  it('English: advertising and tracking are said to be on consent; without consent for analytics the service is not said to ask it (the warning asks; legal.law.gaps.test.ts: what it says instead); not in edition 2 nor without EU / UK law', () => {
    const fr = { ...de, entity: { ...de.entity, jurisdiction: 'France' }, processors: [{ id: 'admob' }, { id: 'appsflyer' }], declarations: { ...analytics, advertising: true, tracking: true } };
    expect(read(policy(fr), 'claims')).toContain('These services store an identifier on your device or read it there only with your consent (Art. 5(3) of the ePrivacy Directive and Art. 82 of the French Loi Informatique et Libertés), which you can withdraw at any time with effect for the future: Google AdMob and AppsFlyer.');
    const noConsent = read(policy({ ...de, gdpr: undefined }), 'claims');
    expect(noConsent).not.toContain('only with your consent');
    expect(noConsent).toContain('as strictly necessary to provide the app or a feature you ask for, which needs no consent (Art. 5(3) of the ePrivacy Directive and § 25 TDDDG): OneSignal.');
    expect(read(policy(de, 'en', 2), 'claims')).not.toContain('identifier on your device');
    expect(read(policy({ ...de, entity: { ...de.entity, jurisdiction: 'Texas, USA' } }), 'claims')).not.toContain('identifier on your device');
    expect(read(policy({ ...de, entity: { ...de.entity, jurisdiction: 'United Kingdom' } }), 'claims')).toContain('(regulation 6 of the UK PECR)');
  });
});

describe('crash reporting: the recipients say the purpose the legal bases name', () => {
  const sentry = { processors: [{ id: 'sentry' }, { id: 'revenuecat' }], declarations: { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false } };
  const receives = (s: ReturnType<typeof policy>, name: string) => {
    const block = s.find((x) => x.id === 'leaves-device')!.blocks.find((b) => 'processor' in b && b.processor.name === name);
    return block && 'processor' in block ? block.processor.receivesLine : null;
  };

  it.each(TEXT_LOCALES)('%s: Sentry receives its data for crash reporting; RevenueCat still for app functionality', (lang) => {
    const T = LEGAL_TEXTS[lang as 'en'];
    const s = policy(sentry, lang);
    expect(receives(s, 'Sentry')).toContain(T.purposeCrash);
    expect(receives(s, 'Sentry')).not.toContain(T.purposes.app_functionality);
    expect(receives(s, 'RevenueCat')).toContain(T.purposes.app_functionality);
    expect(read(s, 'legal-bases')).toContain(LAW_TEXTS[lang]!.purposeHeadings.crash_reporting);
  });

  it('edition 2 keeps “to make the app work”', () => {
    expect(receives(policy(sentry, 'en', 2), 'Sentry')).toContain('to make the app work');
  });
});

describe('device_access_without_consent covers third-party advertising moved off consent', () => {
  it('AdMob with third-party advertising on legitimate interests warns; on consent (the default) it does not', () => {
    const ads = goodLegal({ processors: [{ id: 'admob' }], declarations: { sellsData: false, advertising: true, analytics: true, tracking: true, profiling: false }, gdpr: { consent: ['analytics'] } });
    const codes = (over: Record<string, unknown>) => {
      const c = parse({ ...ads, ...over });
      return legalFindings(c, freeze(c, [])).map((f) => f.code);
    };
    expect(codes({})).not.toContain('device_access_without_consent');
    expect(codes({ gdpr: { consent: ['analytics'], legalBasis: { third_party_advertising: 'legitimate_interests' } } })).toContain('device_access_without_consent');
  });
});

describe('terms: liability the law keeps is not limited (§ 309 no. 7 BGB, Unfair Terms Directive)', () => {
  const terms = (lang: string, edition = TEXT_EDITION) => {
    const config = parse(goodLegal({ entity: { name: 'Schlafgut GmbH', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Germany' } }));
    return read(termsSections({ appName: 'Sleepy', config, frozen: freeze(config, []), text: LEGAL_TEXTS[lang as 'en'], law: LAW_TEXTS[lang], edition }, '/legal/sleepy'), 'liability');
  };
  it.each(TEXT_LOCALES)('%s: after “as is”, from edition 3 only', (lang) => {
    const T = LEGAL_TEXTS[lang as 'en'];
    expect(terms(lang)).toContain(T.liabilityUnlimited);
    expect(terms(lang, 2)).not.toContain(T.liabilityUnlimited);
  });
  it('English wording names intent, gross negligence and personal injury', () => {
    expect(terms('en')).toContain('Nothing in these terms excludes or limits liability for intent or gross negligence, for death or personal injury');
  });
});

describe('transfers: the owner states where a processor processes (a self-hosted Appflows)', () => {
  const own = { processors: [{ id: 'sentry' }, { id: 'appflows', processing: { locations: ['Deutschland'], mechanism: 'eea' } }] };

  it.each(TEXT_LOCALES)('%s: the self-hosted Appflows is in the EEA, not “not recorded”', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const regimes = { eu: true, uk: false, ch: false };
    const transfers = read(policy(own, lang), 'transfers');
    expect(transfers).toContain(L.transfer({ name: 'Appflows', locations: 'Deutschland', mechanism: 'eea', regimes, dpf: { uk: false, swiss: false } }));
    expect(transfers).not.toContain(L.transferUnknown({ name: 'Appflows' }));
    expect(read(policy({ processors: [{ id: 'appflows' }] }, lang), 'transfers')).toContain(L.transferUnknown({ name: 'Appflows' }));
  });

  it('replaces a preset’s facts; dpf without the extensions: the UK and Switzerland on the SCCs; frozen at publish; bad input refused', () => {
    const c = parse(goodLegal({ processors: [{ id: 'sentry', processing: { locations: ['United States'], mechanism: 'dpf' } }] }));
    expect(freeze(c, []).processors[0]!.processing).toEqual({ locations: ['United States'], mechanism: 'dpf', dpf: { uk: false, swiss: false }, sources: [] });
    const uk = read(policy({ audience: ['uk'], processors: [{ id: 'sentry', processing: { locations: ['United States'], mechanism: 'dpf' } }] }), 'transfers');
    expect(uk).toContain('Sentry processes data in United States and is certified under the EU-US Data Privacy Framework');
    expect(uk).not.toContain('Sentry: Data Storage Location');
    expect(legalConfig.safeParse(goodLegal({ processors: [{ id: 'x', name: 'X', receives: ['email'], processing: { locations: [], mechanism: 'moon' } }] })).success).toBe(false);
  });
});

describe('France: directions after death (Art. 85 Loi Informatique et Libertés)', () => {
  const fr = { entity: { name: 'Jeux Malins SAS', contactEmail: 'dpo@jeux.example', jurisdiction: 'France' } };
  it.each(TEXT_LOCALES)('%s: in “Your rights” for an owner in France only, from edition 3', (lang) => {
    const L = LAW_TEXTS[lang]!;
    expect(read(policy(fr, lang), 'rights')).toContain(L.postMortem);
    expect(read(policy(fr, lang, 2), 'rights')).not.toContain(L.postMortem);
    expect(read(policy({ ...fr, entity: { ...fr.entity, jurisdiction: 'Germany' } }, lang), 'rights')).not.toContain(L.postMortem);
  });
});

describe('COPPA: consent to collection apart from disclosure to third parties (§ 312.4(d)(3))', () => {
  const kids = { entity: { name: 'Kids Inc', contactEmail: 'privacy@kids.example', jurisdiction: 'California, USA' }, childrenDirected: true };
  it.each(TEXT_LOCALES)('%s: said where a processor receives data; not without one, not in edition 2', (lang) => {
    const L = LAW_TEXTS[lang]!;
    expect(read(policy(kids, lang), 'children')).toContain(L.coppaThirdParties);
    expect(read(policy({ ...kids, processors: [] }, lang), 'children')).not.toContain(L.coppaThirdParties);
    expect(read(policy(kids, lang, 2), 'children')).not.toContain(L.coppaThirdParties);
  });
});

describe('children: no claim that the app collects no more than it needs', () => {
  it.each(TEXT_LOCALES)('%s: edition 3 says the app is for children and how a parent asks; edition 2 as published', (lang) => {
    const T = LEGAL_TEXTS[lang as 'en'];
    const contact = T.contactByEmail({ email: { text: 'privacy@sleepy.example', href: 'mailto:privacy@sleepy.example' } });
    const line = (parts: ReturnType<typeof T.forChildren>) => read([{ id: 'x', title: '', blocks: [{ p: parts }] }]).trim();
    const kids = { childrenDirected: true };
    expect(read(policy(kids, lang), 'children')).toContain(line(T.forChildrenPlain({ app: 'Sleepy', contact })));
    expect(read(policy(kids, lang), 'children')).not.toContain(line(T.forChildren({ app: 'Sleepy', contact })));
    expect(read(policy(kids, lang, 2), 'children')).toContain(line(T.forChildren({ app: 'Sleepy', contact })));
  });
});
