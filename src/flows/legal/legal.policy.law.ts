import { SWISS_AUTHORITY } from './legal.authorities.js';
import { authorityOf, CCPA_CATEGORY, consentAges, dataFlows, deviceAccess, fadpOnly, legalBases, retentionClass, salesAndSharing, type Laws } from './legal.law.js';
import { sharesForAdvertising } from './legal.model.js';
import type { DataKind, Place } from './legal.presets.js';
import type { EditionFeatures } from './legal.edition-features.js';
import type { Frozen, LegalConfig } from './legal.schema.js';
import type { LawText, PersonSlot } from './text/law.types.js';
import type { CcpaCategory } from './text/law.types.js';
import type { Inline, LegalText } from './text/types.js';

/**
 * The blocks privacy laws add to the policy (edition 2 on; legal.policy.ts places them). Which
 * apply comes from legal.law.ts; the words from text/law.*.
 */

/** Flow types whose visitors' posts are shown to anyone (a wishlist board's ideas and comments); the others reach only the owner. */
const PUBLIC_FLOW_TYPES = ['wishlist'];

type Block = { p: Inline[] } | { list: Inline[][] };
const p = (...parts: Inline[]): Block => ({ p: parts });
const mail = (email: string): Inline => ({ text: email, href: `mailto:${email}` });
const unique = <T>(xs: T[]) => [...new Set(xs)];

export interface LawFacts {
  T: LegalText;
  L: LawText;
  laws: Laws;
  c: LegalConfig;
  frozen: Frozen;
  contact: Inline[];
  /** What the version's edition says (legal.edition-features.ts). */
  features: EditionFeatures;
}

/** The country names of a language ("Deutschland" in German), for the ages of consent. */
const regionNames = (lang: string) => new Intl.DisplayNames([lang], { type: 'region' });

/** The privacy request form (and the toll-free number, US only) beside the email. */
export function requestMethods({ L, c, features }: LawFacts, phone: boolean): Block[] {
  const form = c.entity.privacyRequestUrl;
  const tel = phone ? c.entity.tollFreeNumber : undefined;
  if (!features.requestFormAndPhone || (!form && !tel)) return [];
  return [p(...L.otherRequestMethods({ form: form ? { text: form, href: form } : undefined, phone: tel }))];
}

const personOf = (x: { name: string; email?: string; address?: string }): PersonSlot => ({ name: x.name, email: x.email ? mail(x.email) : undefined, address: x.address });

/** "Who is responsible": DPO and representatives (GDPR Art. 13(1)(b), 27). */
export function whoBlocks({ L, laws, c, features }: LawFacts): Block[] {
  const e = c.entity;
  // A postal address wherever a privacy law applies (GDPR Art. 13(1)(a); COPPA's operator notice).
  const address = (laws.gdpr || laws.us) && e.address ? [p(L.postalAddress({ address: e.address }))] : [];
  if (!laws.gdpr) return address;
  return [
    ...address,
    ...(e.dpo ? [p(...L.dpo(personOf(e.dpo)))] : []),
    ...(e.euRepresentative ? [p(...L.euRepresentative(personOf(e.euRepresentative)))] : []),
    ...(e.ukRepresentative ? [p(...L.ukRepresentative(personOf(e.ukRepresentative)))] : []),
    // Art. 15 FADP: a foreign controller publishes its Swiss representative; said only where the FADP applies.
    ...(e.swissRepresentative && laws.gdpr.ch && features.swissRepresentative ? [p(...L.swissRepresentative(personOf(e.swissRepresentative)))] : []),
  ];
}

/** "Legal bases": each purpose in use with its Art. 6 basis; consent withdrawal, Art. 9 for health, legitimate interests. */
export function basesBlocks({ T, L, laws, c, frozen, features }: LawFacts): Block[] {
  // The Swiss FADP alone has no legal bases: its own section says the purposes (legal.policy.fadp.ts).
  if (!laws.gdpr || (features.swissLawOnItsOwn && fadpOnly(laws))) return [];
  const bases = legalBases(c, frozen, features.crashReportingPurpose);
  if (!bases.length) return [];
  const law = L.lawName(laws.gdpr);
  const blocks: Block[] = [p(L.basesIntro({ law })), { list: bases.map(([purpose, basis]) => [L.basisItem({ purpose: L.purposeHeadings[purpose], basis: L.bases[basis]({ law }) })]) }];
  if (features.swissLawBesideGdpr && laws.gdpr.ch) blocks.push(p(L.fadpAlso));
  if (dataFlows(c, frozen).some((f) => f.kind === 'health')) blocks.push(p(L.healthConsent({ law })));
  if (bases.some(([, b]) => b === 'legitimate_interests')) blocks.push(p(L.legitimateInterests));
  const ages = features.consentAgesPerCountry && bases.some(([, b]) => b === 'consent') ? consentAges(c, laws) : [];
  if (ages.length) {
    const names = regionNames(T.lang);
    const countries = (codes: string[]) => T.list(codes.map((x) => names.of(x) ?? x).sort((a, b) => a.localeCompare(b, T.lang)));
    blocks.push(p(L.childConsent({ law })), { list: ages.map((a) => [L.consentAgeItem({ age: a.age, countries: countries(a.countries) })]) });
  }
  blocks.push(p(L.provisionRequirement));
  return blocks;
}

/** A processing location in the reader's language: a Place by its region code (and note); a string as frozen or given. */
function placeNames({ T, L }: LawFacts): (x: string | Place) => string {
  const names = regionNames(T.lang);
  return (x) => {
    if (typeof x === 'string') return x;
    const region = x.region === 'EEA' ? L.regionEea : (names.of(x.region) ?? x.region);
    return x.note ? L.placeNotes[x.note]({ region }) : region;
  };
}

/** "Transfers": per processor, where it processes and the safeguard (from its frozen `processing`; said unknown when absent). */
export function transferBlocks(facts: LawFacts): Block[] {
  const { T, L, laws, frozen, contact } = facts;
  if (!laws.gdpr || !frozen.processors.length) return [];
  const regimes = laws.gdpr;
  const place = placeNames(facts);
  const items = frozen.processors.map((x): Inline[] => {
    const f = x.processing;
    if (!f) return [L.transferUnknown({ name: x.name })];
    // A version frozen before the extensions were a fact named both for every DPF vendor: it keeps doing so.
    const sentence = L.transfer({ name: x.name, locations: f.locations.length ? T.list(f.locations.map(place)) : undefined, mechanism: f.mechanism, regimes, dpf: f.dpf ?? { uk: true, swiss: true } });
    const src = f.sources[0];
    return src ? [sentence, ' ', ...L.transferSource({ link: { text: src.title, href: src.url } })] : [sentence];
  });
  return [p(L.transfersIntro(regimes)), { list: items }, p(...L.transfersCopy({ contact }))];
}

/**
 * "How long we keep data", per kind that leaves the device: the owner's period or the category's
 * default. The GDPR (Art. 13(2)(a)) asks it, and so do the CPRA (Cal. Civ. Code § 1798.100(a)(3),
 * per category) and, for a children's app, COPPA (16 CFR 312.10).
 */
export function retentionBlocks({ T, L, laws, c, frozen }: LawFacts): Block[] {
  if (!laws.gdpr && !laws.us) return [];
  const kinds = unique(dataFlows(c, frozen).map((f) => f.kind));
  if (!kinds.length) return [];
  return [p(L.retentionIntro), { list: kinds.map((k) => [L.retentionItem({ kind: T.kinds[k], period: c.gdpr?.retention?.[k] ?? L.retention[retentionClass(k)] })]) }];
}

/** "Your rights" under the GDPR: the list, objection set apart, automated decisions, how, and the authority. */
export function rightsBlocks(facts: LawFacts): Block[] {
  const { L, laws, c, frozen, contact, features } = facts;
  if (!laws.gdpr || (features.swissLawOnItsOwn && fadpOnly(laws))) return [];
  const law = L.lawName(laws.gdpr);
  const a = authorityOf(c, laws.country);
  const bases = legalBases(c, frozen, features.crashReportingPurpose);
  return [
    p(L.rightsIntro({ law })),
    { list: L.rightsList.map((x) => [x]) },
    ...(bases.some(([, b]) => b === 'consent') ? [p(L.withdrawConsent({ law }))] : []),
    p(L.objection),
    ...(features.frenchPostMortem && laws.country === 'FR' ? [p(L.postMortem)] : []),
    ...(c.declarations.profiling ? [p(L.automatedDecisions)] : []),
    p(...L.rightsHow({ contact })),
    ...requestMethods(facts, false),
    'named' in a
      ? p(...L.authority({ authority: { text: a.named.name, href: a.named.url } }))
      : 'germany' in a
        ? p(...L.authorityGermany({ list: { text: L.germanAuthoritiesList, href: a.germany } }))
        : p(L.authorityWhereYouLive),
    // Swiss residents' rights under the FADP beside the GDPR's.
    ...(features.swissLawBesideGdpr && laws.gdpr.ch ? [p(...L.fadpRightsAlso({ authority: { text: SWISS_AUTHORITY.name, href: SWISS_AUTHORITY.url } }))] : []),
  ];
}

/**
 * Under "Selling, advertising and tracking" where EU or UK law applies: which services
 * store or read an identifier on the device, with consent or as strictly necessary (ePrivacy Art.
 * 5(3), PECR reg. 6). A service whose optional purposes are not all on consent cannot be said to
 * ask it: it is named with those purposes and their basis as they are (a reader learns what
 * happens), and device_access_without_consent tells the owner.
 */
export function deviceAccessBlocks({ T, L, laws, c, frozen, features }: LawFacts): Block[] {
  if (!features.deviceAccess || !laws.gdpr || !(laws.gdpr.eu || laws.gdpr.uk)) return [];
  const access = deviceAccess(c, frozen);
  const consented = access.filter((x) => x.optional.length && !x.unconsented.length).map((x) => x.processor.name);
  const needed = access.filter((x) => !x.optional.length).map((x) => x.processor.name);
  const law = L.deviceAccessLaw({ eu: laws.gdpr.eu, uk: laws.gdpr.uk, country: laws.country });
  const basis = new Map(legalBases(c, frozen));
  const gdprLaw = L.lawName(laws.gdpr);
  const unconsented = access.filter((x) => x.unconsented.length).map((x) =>
    p(L.deviceAccessNoConsent({ service: x.processor.name, purposes: T.list(x.unconsented.map((q) => T.purposes[q])), bases: T.list(unique(x.unconsented.map((q) => basis.get(q)!)).map((b) => L.bases[b]({ law: gdprLaw }))) })),
  );
  return [
    ...(consented.length ? [p(L.deviceAccessConsent({ law, services: T.list(consented) }))] : []),
    ...unconsented,
    ...(needed.length ? [p(L.deviceAccessNeeded({ law, services: T.list(needed) }))] : []),
  ];
}

/** "Your US state privacy rights" (CCPA/CPRA): categories, sale and sharing as the facts say, rights, agents, no discrimination. */
export function usBlocks(facts: LawFacts): Block[] {
  const { T, L, laws, c, frozen, contact, features } = facts;
  if (!laws.us) return [];
  const byCategory = new Map<CcpaCategory, string[]>();
  const kindsOf = new Map<CcpaCategory, DataKind[]>();
  for (const f of dataFlows(c, frozen)) {
    const cat = CCPA_CATEGORY[f.kind];
    byCategory.set(cat, unique([...(byCategory.get(cat) ?? []), ...f.purposes.map((q) => T.purposes[q])]));
    kindsOf.set(cat, unique([...(kindsOf.get(cat) ?? []), f.kind]));
  }
  if (c.declarations.profiling) byCategory.set('inferences', unique([...(byCategory.get('inferences') ?? []), T.purposes.product_personalization]));
  const s = salesAndSharing(c, frozen);
  const blocks: Block[] = [p(L.ccpaIntro)];
  // Each category with the kinds collected in it, not its generic examples (inferences have none).
  const label = (cat: CcpaCategory) => {
    const kinds = kindsOf.get(cat);
    if (!features.ccpaCollectedKinds) return L.ccpaCategories[cat];
    return kinds ? L.ccpaCategoryKinds({ category: L.ccpaCategoryNames[cat], kinds: T.list(kinds.map((k) => T.kinds[k])) }) : L.ccpaCategoryNames[cat];
  };
  if (byCategory.size) blocks.push({ list: [...byCategory].map(([cat, purposes]) => [L.ccpaCollected({ category: label(cat), purposes: T.list(purposes) })]) });
  if (features.ccpaDisclosedRecipients) blocks.push(...disclosedBlocks(facts));
  const names = (cats: CcpaCategory[]) => T.list(unique(cats).map((x) => L.ccpaCategories[x]));
  // Consumers under 16 (§ 1798.120(c)); requestMethods adds the form or toll-free number beside the email.
  const minors = features.ccpaUnder16;
  if (s.neither) blocks.push(p(L.ccpaNoSaleOrShare), ...(minors ? [p(L.ccpaNoSaleMinors)] : []));
  else {
    if (s.sells) blocks.push(p(L.ccpaSold({ categories: names([...byCategory.keys()]) })));
    if (s.sharedWith.length) {
      const cats = s.sharedWith.flatMap((x) => x.receives.map((r) => CCPA_CATEGORY[r.kind]));
      blocks.push(p(L.ccpaShared({ categories: names(cats), recipients: T.list(s.sharedWith.map((x) => x.name)) })));
    }
    if (minors) blocks.push(p(L.ccpaMinorsOptIn));
    blocks.push(p(...L.ccpaOptOut({ contact })), ...requestMethods(facts, true));
  }
  if (byCategory.has('sensitive')) blocks.push(p(L.ccpaSensitive));
  blocks.push(p(...L.ccpaRights({ contact })), ...(s.neither ? requestMethods(facts, true) : []));
  blocks.push(p(...L.ccpaAppeal({ contact })), p(L.ccpaAgents), p(L.ccpaNoDiscrimination));
  if (features.doNotTrack) blocks.push(...doNotTrackBlocks(facts));
  return blocks;
}

/**
 * Each CCPA category and the processors it went to for a business purpose (11 CCR §
 * 7011(e)(1)(F)), with only the kinds each got rather than the category's generic examples
 * (Firebase's identifiers are a device identifier, not an email address): recipients that got the
 * same kinds share an item. The owner's own platform data goes to no one.
 */
function disclosedBlocks({ T, L, c, frozen }: LawFacts): Block[] {
  const got = new Map<CcpaCategory, Map<string, DataKind[]>>();
  for (const f of dataFlows(c, frozen)) {
    if (!f.processor) continue;
    const cat = CCPA_CATEGORY[f.kind];
    const byName = got.get(cat) ?? new Map<string, DataKind[]>();
    got.set(cat, byName.set(f.processor.name, unique([...(byName.get(f.processor.name) ?? []), f.kind])));
  }
  if (!got.size) return [];
  const items = [...got].flatMap(([cat, byName]) => {
    const same = new Map<string, { kinds: DataKind[]; names: string[] }>();
    for (const [name, kinds] of byName) {
      const key = [...kinds].sort().join();
      same.set(key, { kinds, names: [...(same.get(key)?.names ?? []), name] });
    }
    return [...same.values()].map((x) => [L.ccpaDisclosedItem({ category: L.ccpaCategoryKinds({ category: L.ccpaCategoryNames[cat], kinds: T.list(x.kinds.map((k) => T.kinds[k])) }), recipients: T.list(x.names) })]);
  });
  return [p(L.ccpaDisclosed), { list: items }];
}

/**
 * CalOPPA (Cal. Bus. & Prof. Code § 22575(b)(5), (6)): every app collecting personal
 * information from Californians says how it answers "Do Not Track" and whether others may track
 * through it. "No one" only when no processor tracks and tracking is not declared.
 */
function doNotTrackBlocks({ T, L, c, frozen }: LawFacts): Block[] {
  const trackers = frozen.processors.filter((x) => x.usedForTracking).map((x) => x.name);
  if (trackers.length) return [p(L.doNotTrack({ trackers: T.list(trackers) }))];
  return c.declarations.tracking ? [] : [p(L.doNotTrack({}))];
}

/** COPPA wording in "Children", for an app directed at children when US law applies; "no behavioural ads" only when true. */
export function coppaBlocks({ L, laws, c, frozen, contact, features }: LawFacts): Block[] {
  if (!laws.us || !c.childrenDirected) return [];
  const ads = c.declarations.advertising || c.declarations.tracking || frozen.processors.some(sharesForAdvertising);
  // coppaVerifiableConsent states the obligation and its exceptions without claiming how consent is obtained (the config cannot say).
  // The operator's contact details, as COPPA's notice lists them (16 CFR 312.4(d)(1)).
  const e = c.entity;
  const operator = features.coppaOperatorContact ? [p(...L.coppaOperator({ name: e.name, address: e.address, phone: e.tollFreeNumber, email: e.contactEmail ? mail(e.contactEmail) : undefined }))] : [];
  // Consent to collection apart from disclosure to third parties (§ 312.4(d)(3)), where anyone but the owner (and the Appflows it runs) receives data.
  const thirdParties = features.coppaThirdPartyConsent && frozen.processors.some((x) => x.preset !== 'appflows') ? [p(L.coppaThirdParties)] : [];
  // Whether children can make personal information public (§ 312.4(d)(2)): a published wishlist board shows ideas and comments to anyone.
  const shown = features.coppaPublicPosts ? [p(L.coppaPublic({ public: frozen.flows.some((f) => PUBLIC_FLOW_TYPES.includes(f.type)) }))] : [];
  return [...operator, p(features.coppaVerifiableConsent ? L.coppaVerifiableConsent : L.coppaConsent), ...shown, p(...L.coppaParents({ contact })), ...thirdParties, ...(ads ? [] : [p(L.coppaNoAds)])];
}
