import { DSK_LIST, EEA, GERMAN_LAENDER, SWISS_AUTHORITY, UK_AUTHORITY, type Authority } from './legal.authorities.js';
import { sharesForAdvertising } from './legal.model.js';
import { CAPABILITIES, type DataKind, type Purpose } from './legal.presets.js';
import { DEFAULT_CONSENT_AGE, DIGITAL_CONSENT_AGE, type ConsentAge } from './legal.consent-ages.js';
import { OPEN_FROM } from './legal.children-age.js';
import type { Frozen, GdprPurpose, LegalConfig, ResolvedProcessor } from './legal.schema.js';
import type { CcpaCategory, LegalBasis, Regimes, RetentionClass } from './text/law.types.js';

/**
 * Which privacy laws a policy answers to, and the facts each asks for (legal bases, authority,
 * CCPA categories), decided from the owner's country and audience. Words live in text/law.*.
 */

const US_STATES =
  'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming';

/** The owner's country: `entity.country`, else read from `entity.jurisdiction` ("Germany", "California, USA"). */
export function countryOf(c: LegalConfig): string | undefined {
  if (c.entity.country) return c.entity.country;
  const j = c.entity.jurisdiction;
  if (!j) return undefined;
  const has = (re: string) => new RegExp(`(^|[^\\p{L}])(${re})($|[^\\p{L}])`, 'iu').test(j);
  if (has(`USA|U\\.S\\.A?\\.?|US|United States|${US_STATES}`)) return 'US';
  if (has('United Kingdom|UK|Great Britain|England|Scotland|Wales|Northern Ireland')) return 'GB';
  if (has('Switzerland|Schweiz|Suisse|Svizzera')) return 'CH';
  return Object.entries(EEA).find(([, x]) => has(x.name))?.[0];
}

export interface Laws {
  /** GDPR-type sections, and which laws they cite; null when none applies. */
  gdpr: Regimes | null;
  /** CCPA/CPRA section (and COPPA wording for an app directed at children). */
  us: boolean;
  country?: string;
}

/** The laws that apply: by where the owner is established, or where the app is offered (`audience`). */
export function lawsOf(c: LegalConfig): Laws {
  const country = countryOf(c);
  const aud = new Set(c.audience ?? []);
  const all = aud.has('worldwide');
  const eu = (!!country && country in EEA) || aud.has('eea') || all;
  const uk = country === 'GB' || aud.has('uk') || all;
  const ch = country === 'CH' || aud.has('ch') || all;
  return { gdpr: eu || uk || ch ? { eu, uk, ch } : null, us: country === 'US' || aud.has('us') || all, country };
}

/** Art. 6(1) basis for each purpose when the app asks no consent for it and the owner named none. */
const DEFAULT_BASIS: Record<GdprPurpose, LegalBasis> = {
  // Crash reports are not necessary to perform the contract (EDPB Guidelines 2/2019 on Art. 6(1)(b)).
  crash_reporting: 'legitimate_interests',
  app_functionality: 'contract',
  account_management: 'contract',
  developer_communications: 'contract',
  fraud_prevention: 'legitimate_interests',
  analytics: 'legitimate_interests',
  product_personalization: 'legitimate_interests',
  developer_advertising: 'legitimate_interests',
  third_party_advertising: 'consent',
  other: 'legitimate_interests',
};

type PlatformUse = NonNullable<LegalConfig['platformData']>[number];
/** What leaves the device: each data kind with its purposes, from the processors and the owner's own platform data. */
export function dataFlows(c: LegalConfig, frozen: Frozen): { kind: DataKind; purposes: Purpose[]; processor?: ResolvedProcessor }[] {
  const own = (c.platformData ?? []).filter((x: PlatformUse) => x.leavesDevice);
  return [
    ...frozen.processors.flatMap((x) => x.receives.map((r) => ({ kind: r.kind, purposes: r.purposes, processor: x }))),
    ...own.map((x) => ({ kind: CAPABILITIES[x.capability].kind as DataKind, purposes: x.purpose ?? (['app_functionality'] as Purpose[]) })),
  ];
}

type Flow = ReturnType<typeof dataFlows>[number];
type GdprFlow = { kind: DataKind; purposes: GdprPurpose[]; processor?: ResolvedProcessor };
const DIAGNOSTICS: DataKind[] = ['crash_data', 'performance_data', 'other_diagnostic_data'];
/** Crash and diagnostics data sent "for app functionality" (and all a crash reporter gets for it) is the GDPR purpose crash reporting. */
export const isCrashReporting = (kind: DataKind, processor?: ResolvedProcessor) => DIAGNOSTICS.includes(kind) || processor?.role === 'crash_reporting';
function withCrashReporting(f: Flow): GdprFlow {
  const crash = isCrashReporting(f.kind, f.processor);
  return crash ? { ...f, purposes: f.purposes.map((q) => (q === 'app_functionality' ? 'crash_reporting' : q)) } : f;
}

/**
 * Each purpose in use with its legal basis: the owner's choice, else consent where the app asks it
 * (or a processor tracks), else the default. `crashReporting` (text edition 3 on) sets crash
 * reporting apart from app functionality.
 */
export function legalBases(c: LegalConfig, frozen: Frozen, crashReporting = false): [GdprPurpose, LegalBasis][] {
  const flows: GdprFlow[] = crashReporting ? dataFlows(c, frozen).map(withCrashReporting) : dataFlows(c, frozen);
  const used = [...new Set(flows.flatMap((f) => f.purposes))];
  const tracked = new Set(flows.filter((f) => f.processor && sharesForAdvertising(f.processor)).flatMap((f) => f.purposes));
  return used.map((p) => [p, c.gdpr?.legalBasis?.[p] ?? (c.gdpr?.consent?.includes(p) || tracked.has(p) ? 'consent' : DEFAULT_BASIS[p])]);
}

/** Only the Swiss FADP applies (no EU or UK GDPR): it has no list of legal bases. */
export const fadpOnly = (laws: Laws) => !!laws.gdpr?.ch && !laws.gdpr.eu && !laws.gdpr.uk;

/**
 * The ages of digital consent (GDPR Art. 8) that apply where consent is a basis and children may
 * use the app (directed at them, or open from an age below the country's: a minimum age, else
 * OPEN_FROM, the age the policy's "Children" section names):
 * the owner's country's, and every EEA country's or the UK's when the app is offered there.
 * Countries by age, oldest first.
 */
export function consentAges(c: LegalConfig, laws: Laws): { age: ConsentAge; countries: string[] }[] {
  if (!laws.gdpr || !(laws.gdpr.eu || laws.gdpr.uk)) return [];
  // Without a minimum age a German app on consent is open to users from OPEN_FROM to 15, whose consent needs a parent's (Germany's age is 16).
  const minimum = c.childrenDirected ? 0 : (c.terms?.minimumAge ?? OPEN_FROM);
  const aud = new Set(c.audience ?? []);
  const all = aud.has('worldwide');
  const codes = new Set<string>();
  if (laws.country && DIGITAL_CONSENT_AGE[laws.country]) codes.add(laws.country);
  if (aud.has('eea') || all) for (const code of Object.keys(EEA)) codes.add(code);
  if (aud.has('uk') || all) codes.add('GB');
  const by = new Map<ConsentAge, string[]>();
  for (const code of codes) {
    const age = DIGITAL_CONSENT_AGE[code]?.age ?? DEFAULT_CONSENT_AGE;
    if (age > minimum) by.set(age, [...(by.get(age) ?? []), code]);
  }
  return [...by].sort(([a], [b]) => b - a).map(([age, countries]) => ({ age, countries }));
}

export function retentionClass(kind: DataKind): RetentionClass {
  if (['crash_data', 'performance_data', 'other_diagnostic_data'].includes(kind)) return 'diagnostics';
  if (['purchase_history', 'payment_info'].includes(kind)) return 'purchases';
  if (['device_id', 'product_interaction', 'other_usage_data', 'advertising_data', 'coarse_location', 'search_history', 'browsing_history'].includes(kind)) return 'usage';
  return 'until_deleted';
}

/** The CCPA category (Cal. Civ. Code § 1798.140(v)) a data kind falls in; health and precise location are sensitive (§ 1798.140(ae)). */
export const CCPA_CATEGORY: Record<DataKind, CcpaCategory> = {
  name: 'customer_records',
  email: 'identifiers',
  phone: 'customer_records',
  physical_address: 'customer_records',
  health: 'sensitive',
  fitness: 'sensitive',
  payment_info: 'customer_records',
  precise_location: 'sensitive',
  coarse_location: 'geolocation',
  contacts: 'customer_records',
  messages: 'other',
  photos_videos: 'sensory',
  audio: 'sensory',
  customer_support: 'other',
  user_content: 'other',
  browsing_history: 'internet_activity',
  search_history: 'internet_activity',
  user_id: 'identifiers',
  device_id: 'identifiers',
  purchase_history: 'commercial',
  product_interaction: 'internet_activity',
  advertising_data: 'internet_activity',
  other_usage_data: 'internet_activity',
  crash_data: 'internet_activity',
  performance_data: 'internet_activity',
  other_diagnostic_data: 'internet_activity',
  other: 'other',
};

/**
 * "We do not sell or share" only when the facts say so: no sale declared, no tracking declared,
 * and no processor that tracks or serves third-party advertising.
 */
export function salesAndSharing(c: LegalConfig, frozen: Frozen) {
  const sharedWith = frozen.processors.filter(sharesForAdvertising);
  return { sells: c.declarations.sellsData, sharedWith, neither: !c.declarations.sellsData && !c.declarations.tracking && sharedWith.length === 0 };
}

export type AuthorityChoice = { named: Authority } | { germany: string } | { whereYouLive: true };

/** The supervisory authority the policy names: the owner's, else the one of their country (a German Land's when `entity.region` names it). */
export function authorityOf(c: LegalConfig, country: string | undefined): AuthorityChoice {
  if (c.gdpr?.authority) return { named: c.gdpr.authority };
  if (country === 'GB') return { named: UK_AUTHORITY };
  if (country === 'CH') return { named: SWISS_AUTHORITY };
  if (country === 'DE') {
    const r = c.entity.region?.trim().toLowerCase().replace(/^de-/, '');
    const land = r && Object.entries(GERMAN_LAENDER).find(([code, x]) => code.toLowerCase() === r || x.names.some((n) => n.toLowerCase() === r));
    return land ? { named: land[1].authority } : { germany: DSK_LIST };
  }
  const a = country ? EEA[country]?.authority : undefined;
  return a ? { named: a } : { whereYouLive: true };
}

/** Data kinds that mean an identifier stored on or read from the device. */
const DEVICE_ACCESS: DataKind[] = ['device_id', 'advertising_data'];
/** Purposes an app works without: storing or reading an identifier for them needs consent (ePrivacy Art. 5(3)). */
const NOT_ESSENTIAL: Purpose[] = ['analytics', 'product_personalization', 'developer_advertising', 'third_party_advertising'];

/**
 * Each processor that stores or reads an identifier on the device: the purposes it does so for
 * that the app could work without (none: strictly necessary, no consent needed), and those of them
 * whose legal basis is not consent (legal.checks.ts warns; the policy claims consent only without them).
 */
export function deviceAccess(c: LegalConfig, frozen: Frozen): { processor: ResolvedProcessor; optional: Purpose[]; unconsented: Purpose[] }[] {
  const basis = new Map(legalBases(c, frozen));
  return frozen.processors.flatMap((processor) => {
    const receives = processor.receives.filter((r) => DEVICE_ACCESS.includes(r.kind));
    if (!receives.length) return [];
    const optional = [...new Set(receives.flatMap((r) => r.purposes.filter((q) => NOT_ESSENTIAL.includes(q))))];
    return [{ processor, optional, unconsented: optional.filter((q) => basis.get(q) !== 'consent') }];
  });
}
