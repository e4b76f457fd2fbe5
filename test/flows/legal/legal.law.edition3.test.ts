import { describe, expect, it } from 'vitest';
import { freeze } from '../../../src/flows/legal/legal.declaration.js';
import { lawWarnings } from '../../../src/flows/legal/legal.law.warnings.js';
import { legalConfig, type LegalConfig } from '../../../src/flows/legal/legal.schema.js';
import { LAW_TEXTS, LEGAL_TEXTS, TEXT_LOCALES } from '../../../src/flows/legal/text/index.js';
import { goodLegal } from './legal.fixtures.js';
import { policy, read } from './legal.law.fixtures.js';

/**
 * What edition 3 of the text changes (#36, round 2): the Swiss FADP on its own terms, the GDPR
 * Art. 8 ages, crash reporting on legitimate interests, US under-16s and request methods, COPPA
 * without claimed facts. Each in every language, and edition 2 still saying what it said.
 */

const parse = (v: unknown) => legalConfig.parse(v) as LegalConfig;
const names = (lang: string) => new Intl.DisplayNames([lang], { type: 'region' });

const swiss = { entity: { name: 'Sleepy AG', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Switzerland' }, processors: [{ id: 'sentry' }, { id: 'firebase' }], declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false } };

describe('Switzerland: the FADP alone has no legal bases', () => {
  it.each(TEXT_LOCALES)('%s: purposes, recipients, transfers, the FADP’s rights and the FDPIC; no GDPR Art. 6', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const s = policy(swiss, lang);
    const ids = s.map((x) => x.id);
    expect(ids).toContain('purposes');
    expect(ids).not.toContain('legal-bases');
    const all = read(s);
    const swissLaw = L.lawName({ eu: false, uk: false, ch: true });
    for (const basis of Object.values(L.bases)) expect(all).not.toContain(basis({ law: swissLaw }));
    expect(all).not.toContain(L.basesIntro({ law: swissLaw }));
    expect(read(s, 'purposes')).toContain(L.fadpLawful);
    expect(read(s, 'purposes')).toContain(L.purposeHeadings.analytics);
    expect(read(s, 'purposes')).toContain(L.fadpRecipients({ recipients: LEGAL_TEXTS[lang as 'en'].policyTitles['leaves-device'], transfers: L.titles.transfers }));
    for (const right of L.fadpRightsList) expect(read(s, 'rights')).toContain(right);
    expect(read(s, 'rights')).not.toContain(L.objection);
    expect(JSON.stringify(s.find((x) => x.id === 'rights'))).toContain('https://www.edoeb.admin.ch');
    expect(ids).toContain('transfers');
  });

  it('English: no “GDPR” anywhere, the FADP’s articles cited; consent and health said the FADP’s way', () => {
    const all = read(policy({ ...swiss, gdpr: { consent: ['analytics'] }, platformData: [{ capability: 'health', leavesDevice: true }], declarations: { ...swiss.declarations, profiling: true } }));
    expect(all).not.toContain('GDPR');
    for (const cite of ['Art. 19(2)(c) of the Swiss Federal Act on Data Protection', 'Art. 31 FADP', 'access, Art. 25 FADP', 'data portability, Art. 28 FADP', 'rectification, Art. 32(1) FADP', 'express consent (Art. 6(7)(a) FADP)', 'Art. 21 FADP', 'Art. 49 FADP']) {
      expect(all).toContain(cite);
    }
    expect(all).toContain('you can withdraw it at any time, with effect for the future');
  });

  it('with an EU audience the GDPR wording stays and the FADP is added where it differs', () => {
    const s = policy({ ...swiss, audience: ['eea'] });
    expect(read(s, 'legal-bases')).toContain('(Art. 6(1)(f) GDPR)');
    expect(read(s, 'legal-bases')).toContain(LAW_TEXTS.en!.fadpAlso);
    expect(read(s, 'rights')).toContain('Right to object');
    expect(read(s, 'rights')).toContain('If you are in Switzerland, you have these rights under the Swiss Federal Act on Data Protection (FADP) as well');
    expect(s.map((x) => x.id)).not.toContain('purposes');
  });

  it('edition 2 keeps what it published: the GDPR’s bases “as the FADP allows”', () => {
    const s = policy(swiss, 'en', 2);
    expect(read(s, 'legal-bases')).toContain('GDPR, as the Swiss Federal Act on Data Protection allows');
    expect(s.map((x) => x.id)).not.toContain('purposes');
    expect(read(s)).not.toContain('FADP):');
  });
});

describe('GDPR Art. 8: the age of digital consent', () => {
  const kids = { childrenDirected: true, processors: [{ id: 'firebase' }], gdpr: { consent: ['analytics'] }, declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false } };
  it.each(TEXT_LOCALES)('%s: the owner’s country’s age, named, with the holder of parental responsibility', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const de = read(policy(kids, lang), 'legal-bases');
    expect(de).toContain(L.childConsent({ law: L.lawName({ eu: true, uk: false, ch: false }) }));
    expect(de).toContain(L.consentAgeItem({ age: 16, countries: names(lang).of('DE')! }));
    const fr = read(policy({ ...kids, entity: { name: 'Dodo SAS', jurisdiction: 'France' } }, lang), 'legal-bases');
    expect(fr).toContain(L.consentAgeItem({ age: 15, countries: names(lang).of('FR')! }));
  });

  it('per country from the table; the audience adds the EEA’s and the UK’s; a minimum age drops the ages below it', () => {
    expect(read(policy({ ...kids, entity: { name: 'Dodo Ltd', jurisdiction: 'United Kingdom' } }), 'legal-bases')).toContain('13 years: United Kingdom');
    expect(read(policy({ ...kids, entity: { name: 'Dodo SL', country: 'ES' } }), 'legal-bases')).toContain('14 years: Spain');
    const eea = read(policy({ ...kids, audience: ['eea', 'uk'] }), 'legal-bases');
    expect(eea).toMatch(/16 years: .*Germany.*Netherlands.*Poland/);
    expect(eea).toMatch(/15 years: Czechia, France and Greece/);
    expect(eea).toMatch(/14 years: Austria, Bulgaria, Cyprus, Italy, Lithuania and Spain/);
    expect(eea).toMatch(/13 years: Belgium, Denmark.*Sweden and United Kingdom/);
    // Not directed at children, but open from 14: only the countries whose age is above 14.
    const teens = read(policy({ ...kids, childrenDirected: false, terms: { minimumAge: 14 }, audience: ['eea'] }), 'legal-bases');
    expect(teens).toContain('15 years: Czechia, France and Greece');
    expect(teens).not.toContain('14 years');
    expect(teens).not.toContain('13 years');
  });

  it('said only where consent is a basis and children may use the app; never in edition 2', () => {
    expect(read(policy({ ...kids, gdpr: {} }))).not.toContain('age of digital consent');
    // Not directed at children and no minimum age: open from 13 (the children section), so Germany's 16 applies.
    expect(read(policy({ ...kids, childrenDirected: false }), 'legal-bases')).toContain('16 years: Germany');
    expect(read(policy({ ...kids, childrenDirected: false, terms: { minimumAge: 16 } }))).not.toContain('age of digital consent');
    expect(read(policy({ ...kids, childrenDirected: false, entity: { name: 'Dodo Ltd', jurisdiction: 'United Kingdom' } }))).not.toContain('age of digital consent');
    expect(read(policy(kids, 'en', 2))).not.toContain('age of digital consent');
    expect(read(policy({ ...kids, entity: { name: 'Kids Inc', jurisdiction: 'Texas' } }))).not.toContain('age of digital consent');
  });
});

describe('crash reporting: its own purpose, on legitimate interests', () => {
  it.each(TEXT_LOCALES)('%s: Sentry’s crash data under crash reporting, legitimate interests; the app itself on contract', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const law = L.lawName({ eu: true, uk: false, ch: false });
    const bases = read(policy({}, lang), 'legal-bases');
    expect(bases).toContain(L.basisItem({ purpose: L.purposeHeadings.crash_reporting, basis: L.bases.legitimate_interests({ law }) }));
    expect(bases).toContain(L.basisItem({ purpose: L.purposeHeadings.app_functionality, basis: L.bases.contract({ law }) }));
  });

  it('the owner’s choice still wins (legalBasis or consent); edition 2 keeps it under app functionality', () => {
    expect(read(policy({ gdpr: { legalBasis: { crash_reporting: 'consent' } } }), 'legal-bases')).toContain('Finding and fixing crashes and errors: your consent (Art. 6(1)(a) GDPR).');
    expect(read(policy({ gdpr: { consent: ['crash_reporting'] } }), 'legal-bases')).toContain('Finding and fixing crashes and errors: your consent');
    const old = read(policy({}, 'en', 2), 'legal-bases');
    expect(old).not.toContain('crashes');
    expect(old).toContain('Making the app work: performing our contract');
  });
});

describe('US: under-16s and request methods', () => {
  const ca = { entity: { name: 'Sleepy Inc', contactEmail: 'privacy@sleepy.example', jurisdiction: 'California, USA' } };
  const ads = { processors: [{ id: 'admob' }], declarations: { sellsData: false, advertising: true, analytics: true, tracking: true, profiling: false } };
  it.each(TEXT_LOCALES)('%s: nothing sold or shared: minors included; shared: opt-in for under-16s', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const none = read(policy(ca, lang), 'us-privacy');
    expect(none).toContain(L.ccpaNoSaleMinors);
    expect(none).not.toContain(L.ccpaMinorsOptIn);
    const shared = read(policy({ ...ca, ...ads }, lang), 'us-privacy');
    expect(shared).toContain(L.ccpaMinorsOptIn);
    expect(shared).not.toContain(L.ccpaNoSaleMinors);
  });

  it('the request form and the toll-free number beside the email, where given; edition 2 as published', () => {
    const s = policy({ ...ads, entity: { ...ca.entity, privacyRequestUrl: 'https://sleepy.example/requests', tollFreeNumber: '+1 800 555 0100' } });
    const us = s.find((x) => x.id === 'us-privacy')!;
    expect(read(s, 'us-privacy')).toContain('You can also make these requests through our web form at https://sleepy.example/requests or by calling us toll-free at +1 800 555 0100.');
    expect(JSON.stringify(us)).toContain('"href":"https://sleepy.example/requests"');
    expect(read(policy({ ...ca, entity: { ...ca.entity, tollFreeNumber: '+1 800 555 0100' } }), 'us-privacy')).toContain('by calling us toll-free at +1 800 555 0100');
    expect(read(policy({ ...ca, ...ads }), 'us-privacy')).not.toContain('You can also make these requests');
    const old = read(policy({ ...ads, entity: { ...ca.entity, privacyRequestUrl: 'https://sleepy.example/requests' } }, 'en', 2), 'us-privacy');
    expect(old).not.toContain('web form');
    expect(old).not.toContain('under 16');
  });

  it('warns when data is sold or shared and the only opt-out is email; a form clears it', () => {
    const codes = (over: Record<string, unknown>) => {
      const c = parse(goodLegal(over));
      return lawWarnings(c, freeze(c, [])).map((w) => `${w.code} ${w.path}`);
    };
    expect(codes({ ...ca, ...ads })).toEqual(['us_opt_out_email_only /entity/privacyRequestUrl']);
    expect(codes({ ...ads, entity: { ...ca.entity, tollFreeNumber: '+1 800 555 0100' } })).toEqual(['us_opt_out_email_only /entity/privacyRequestUrl']);
    expect(codes({ ...ads, entity: { ...ca.entity, privacyRequestUrl: 'https://sleepy.example/requests' } })).toEqual([]);
    expect(codes(ca)).toEqual([]);
    expect(codes({ ...ads })).toEqual([]); // a German company not offering in the US
  });
});

describe('COPPA: what is true, no consent method claimed', () => {
  const kids = { entity: { name: 'Kids Inc', contactEmail: 'privacy@kids.example', jurisdiction: 'California, USA' }, childrenDirected: true };
  it.each(TEXT_LOCALES)('%s: verifiable parental consent before collecting, except under a COPPA exception; the parents’ rights', (lang) => {
    const L = LAW_TEXTS[lang]!;
    const children = read(policy(kids, lang), 'children');
    expect(children).toContain(L.coppaVerifiableConsent);
    expect(children).not.toContain(L.coppaConsent);
    expect(children).toContain(read([{ id: 'x', title: '', blocks: [{ p: L.coppaParents({ contact: LEGAL_TEXTS[lang as 'en'].contactByEmail({ email: { text: 'privacy@kids.example', href: 'mailto:privacy@kids.example' } }) }) }] }]).trim());
  });

  it('English: the exception named, the old claims gone; edition 2 unchanged; a warning asks the owner to make it true', () => {
    const now = read(policy(kids), 'children');
    expect(now).toContain('we obtain verifiable parental consent before we collect personal information from a child under 13, except where one of the exceptions of the COPPA Rule applies');
    expect(now).not.toContain('we collect no more than the activity needs');
    expect(read(policy(kids, 'en', 2), 'children')).toContain('only after a parent has given verifiable consent');
    const c = parse(goodLegal(kids));
    expect(lawWarnings(c, freeze(c, [])).map((w) => w.code)).toEqual(['children_consent_method', 'children_operator_contact']);
  });
});
