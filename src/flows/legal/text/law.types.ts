import type { DpfScope } from '../legal.presets.js';
import type { GdprPurpose } from '../legal.schema.js';
import type { ContactSlot, Inline } from './types.js';

/**
 * The second part of the generated text: the sections privacy laws ask for (GDPR / UK GDPR, the
 * Californian CCPA/CPRA, the US COPPA) and the language notice. They appear only in versions of
 * edition 2 and later (members marked "edition 3" only from edition 3: text/index.ts), when the owner's country or audience makes a law apply
 * (legal.law.ts). Same conventions as text/types.ts: whole sentences with named slots; names,
 * addresses and links are given, never translated.
 */

import type { PlaceNote } from '../legal.presets.js';

/** Art. 6(1) GDPR: (a) consent, (b) contract, (c) legal obligation, (f) legitimate interests. */
export type LegalBasis = 'consent' | 'contract' | 'legal_obligation' | 'legitimate_interests';
/** How data may leave the EEA / UK / Switzerland (ProcessingFacts.mechanism). */
export type Mechanism = 'dpf' | 'scc' | 'adequacy' | 'eea';
/** Which data protection laws the policy answers to: the EU GDPR, the UK GDPR, the Swiss FADP (any together). */
export interface Regimes { eu: boolean; uk: boolean; ch: boolean }
/** Categories of personal information named by the CCPA (Cal. Civ. Code § 1798.140(v), (ae)). */
export type CcpaCategory = 'identifiers' | 'customer_records' | 'commercial' | 'internet_activity' | 'geolocation' | 'sensory' | 'sensitive' | 'inferences' | 'other';
/** Default retention of a data kind when the owner gave none (legal.law.ts picks it per kind). */
export type RetentionClass = 'until_deleted' | 'usage' | 'diagnostics' | 'purchases';
/** Section ids of the law sections (HTML ids: never translated). `purposes`: the Swiss FADP's, instead of legal bases (edition 3). */
export type LawSection = 'legal-bases' | 'purposes' | 'transfers' | 'us-privacy';

/** A contact person or office: name, and email / postal address when given. */
export interface PersonSlot { name: string; email?: Inline; address?: string }

export interface LawText {
  /** Headings of the law sections. */
  titles: Record<LawSection, string>;

  // ---- "Who is responsible" (GDPR Art. 13(1)(a), (b), Art. 27) ----
  /** When the owner gives a postal address (`entity.address`, the owner's own words): "Postal address: {address}." */
  postalAddress(p: { address: string }): string;
  /** When a data protection officer is named: "Our data protection officer is {name} ({email}, {address})." */
  dpo(p: PersonSlot): Inline[];
  /** When an EU representative (Art. 27 GDPR) is named. */
  euRepresentative(p: PersonSlot): Inline[];
  /** When a UK representative (Art. 27 UK GDPR) is named. */
  ukRepresentative(p: PersonSlot): Inline[];
  /** When a Swiss representative (Art. 14 FADP) is named and the FADP applies (edition 3). */
  swissRepresentative(p: PersonSlot): Inline[];

  // ---- "Legal bases" (GDPR Art. 6, 9) ----
  /** The law's name as cited after an article: "GDPR", "UK GDPR", "GDPR and UK GDPR". */
  lawName(p: Regimes): string;
  /** Opens the section: "We process personal data only on one of these legal bases of {law}:" */
  basesIntro(p: { law: string }): string;
  /** Each purpose as the head of a list item, capitalised as a heading: "Understanding how the app is used". `crash_reporting` from edition 3 (crash and diagnostics data, on legitimate interests by default). */
  purposeHeadings: Record<GdprPurpose, string>;
  /** One list item: "{purpose}: {basis}", `basis` from `bases`. */
  basisItem(p: { purpose: string; basis: string }): string;
  /** Each legal basis with its article: "your consent (Art. 6(1)(a) {law})". */
  bases: Record<LegalBasis, (p: { law: string }) => string>;
  /** When any purpose rests on consent: withdrawing it at any time, without affecting what came before (Art. 7(3)). */
  withdrawConsent(p: { law: string }): string;
  /** When health data leaves the device: explicit consent for special categories (Art. 9(2)(a)). */
  healthConsent(p: { law: string }): string;
  /** When any purpose rests on legitimate interests: what those interests are and that one may object. */
  legitimateInterests: string;
  /** Closes the section: whether you must provide the data and what happens if you do not (GDPR Art. 13(2)(e)). */
  provisionRequirement: string;
  /**
   * Edition 3, where consent is a basis and children may use the app: below the age of digital
   * consent, consent is given or authorised by the holder of parental responsibility (Art. 8 {law});
   * introduces the list of ages (`consentAgeItem`).
   */
  childConsent(p: { law: string }): string;
  /** One age with the countries that set it (`countries` are the reader's language's names, joined by `list`): "16 years: Germany and Ireland". */
  consentAgeItem(p: { age: number; countries: string }): string;
  /** Edition 3, when the Swiss FADP applies beside the GDPR: the FADP has no legal bases; justification (Art. 31 FADP) only where personality would be infringed. */
  fadpAlso: string;

  // ---- "Purposes of processing": the Swiss FADP alone (edition 3; instead of "Legal bases") ----
  /** Opens the section, before the list of purposes (`purposeHeadings`): the purposes (Art. 19(2)(c) FADP). */
  fadpPurposesIntro: string;
  /** When processors receive data: the recipients are those under `recipients` (the "What leaves your device" title); countries and safeguards under `transfers` (the transfers title) (Art. 16, 17, 19(4) FADP). */
  fadpRecipients(p: { recipients: string; transfers: string }): string;
  /** Processing is lawful within the FADP's principles unless it unlawfully infringes personality; then a justification (Art. 31 FADP). */
  fadpLawful: string;
  /** When the app asks consent for a purpose: processed only with it, withdrawable for the future. */
  fadpConsent: string;
  /** When health data leaves the device: sensitive personal data (Art. 5(c) FADP), express consent (Art. 6(7)(a) FADP). */
  fadpHealth: string;

  // ---- "Transfers outside the EEA, the UK and Switzerland" (GDPR Chapter V) ----
  /** Opens the section. */
  transfersIntro(p: Regimes): string;
  /**
   * One processor: where it processes (`locations`, already joined with `list`, or undefined when its
   * facts do not say) and the safeguard: inside the EEA, adequacy decision, EU-US Data Privacy
   * Framework (and its UK extension / Swiss framework per `regimes`), or Standard Contractual Clauses.
   * Without the EU regime (an owner under the UK GDPR or the Swiss FADP only), the owner's own law's
   * instruments: UK adequacy regulations, the UK Extension and the UK Addendum (Art. 45/46 UK GDPR);
   * the Federal Council's adequacy list, the Swiss-US framework and the recognised SCCs (Art. 16 FADP).
   * `dpf` (with `dpf`): whether the vendor also joined the UK Extension / the Swiss-US framework; where
   * a regime applies and it did not, transfers from there rest on the SCCs with the UK Addendum / as
   * the FDPIC recognises them, and the sentence says so.
   */
  transfer(p: { name: string; locations?: string; mechanism: Mechanism; regimes: Regimes; dpf: DpfScope }): string;
  /** Edition 3: the European Economic Area as a processing location (other regions are named by Intl.DisplayNames in the reader's language). */
  regionEea: string;
  /**
   * Edition 3: a processing location qualified in the vendor's terms (legal.presets.ts, Place):
   * `if_chosen` "{region} (if that region is chosen for the app)"; `cdn` a content delivery
   * network's locations worldwide and `vendor_facilities` other countries where the vendor or its
   * agents have facilities (both without `region`). Read after "in" / in a list of places.
   */
  placeNotes: Record<PlaceNote, (p: { region: string }) => string>;
  /** A processor whose processing location and safeguard are not recorded. */
  transferUnknown(p: { name: string }): string;
  /** After a processor's transfer sentence: the vendor's own page stating it, linked: "Source: {title}." */
  transferSource(p: { link: Inline }): Inline[];
  /** Closing: a copy of the safeguards on request, "… {contact}." */
  transfersCopy(p: ContactSlot): Inline[];

  // ---- "How long we keep data", per category (GDPR Art. 13(2)(a)) ----
  /** Introduces the list of data kinds with their periods. */
  retentionIntro: string;
  /** One item: "{kind}: {period}" (`kind` from the first part's `kinds`, a phrase in running text: capitalise it here if the language wants; `period` from `retention` or the owner's words). */
  retentionItem(p: { kind: string; period: string }): string;
  /** Default periods. */
  retention: Record<RetentionClass, string>;

  // ---- "Your rights" (GDPR Art. 15–22, 77) ----
  /** Introduces the list of rights under {law}. */
  rightsIntro(p: { law: string }): string;
  /** The rights, one list item each: access, rectification, erasure, restriction, portability. */
  rightsList: string[];
  /** The right to object (Art. 21), set apart as the law requires: to processing on legitimate interests and to direct marketing. */
  objection: string;
  /** Edition 3, an owner established in France: directions for one's data after death (Art. 85 of the Loi Informatique et Libertés). */
  postMortem: string;
  /** When profiling is declared: the right not to be subject to solely automated decisions (Art. 22). */
  automatedDecisions: string;
  /** How to exercise them: "… {contact}; we answer within one month." */
  rightsHow(p: ContactSlot): Inline[];
  /** Complaint to the named authority, linked: "You can complain to a supervisory authority, in particular {authority}." */
  authority(p: { authority: Inline }): Inline[];
  /** German owner without a Land: the authority of their federal state, with the list of the conference of German authorities linked on `list`. */
  authorityGermany(p: { list: Inline }): Inline[];
  /** Owner outside the EEA/UK/CH: the authority of the country where the reader lives or works. */
  authorityWhereYouLive: string;
  /** Text of the link to the German authorities' list. */
  germanAuthoritiesList: string;
  /** Edition 3, with a privacy request form (`entity.privacyRequestUrl`) and/or a toll-free number (US section only): "You can also make these requests through our web form ({form}) or by calling us toll-free at {phone}." */
  otherRequestMethods(p: { form?: Inline; phone?: string }): Inline[];

  // ---- "Your rights" under the Swiss FADP alone (edition 3) ----
  /** Introduces the list. */
  fadpRightsIntro: string;
  /** Access (Art. 25), portability (Art. 28), rectification (Art. 32(1)), erasure, restriction and objection (Art. 30(2)(b), 32(2)). */
  fadpRightsList: string[];
  /** When profiling is declared: automated individual decisions (Art. 21 FADP). */
  fadpAutomatedDecisions: string;
  /** How: "… {contact}; we answer within 30 days." */
  fadpRightsHow(p: ContactSlot): Inline[];
  /** Reporting to the FDPIC (Art. 49 FADP), linked on `authority`. */
  fadpAuthority(p: { authority: Inline }): Inline[];
  /** Edition 3, under the GDPR when the FADP applies too: the same rights under the FADP and the FDPIC, linked on `authority`. */
  fadpRightsAlso(p: { authority: Inline }): Inline[];

  // ---- Under "Selling, advertising and tracking", EU / UK law (edition 3) ----
  /** The law on storing or reading information on the device: ePrivacy Art. 5(3) (with the owner's national law: § 25 TDDDG in Germany, Art. 82 Loi Informatique et Libertés in France, Art. 22.2 LSSI in Spain, Art. 122 Codice privacy in Italy, Art. 11.7a Telecommunicatiewet in the Netherlands, § 165 TKG 2021 in Austria) for `eu`, PECR reg. 6 for `uk`. */
  deviceAccessLaw(p: { eu: boolean; uk: boolean; country?: string }): string;
  /** Services that store or read an identifier on the device only with consent, withdrawable for the future: "…: {services}." */
  deviceAccessConsent(p: { law: string; services: string }): string;
  /** Services that store or read an identifier for purposes the app could work without, not on consent: which, for what ({purposes}: the first part's `purposes` joined), on which basis ({bases}: `bases` joined); said as it is, the warning device_access_without_consent asks the owner to change it. */
  deviceAccessNoConsent(p: { service: string; purposes: string; bases: string }): string;
  /** Services that store or read one only as strictly necessary for the app or a feature asked for, which needs no consent: "…: {services}." */
  deviceAccessNeeded(p: { law: string; services: string }): string;

  // ---- US: "Your US state privacy rights" (CCPA/CPRA) ----
  /** Opens the section: "If you live in California, the CCPA as amended by the CPRA gives you these rights. In the last 12 months we collected:" */
  ccpaIntro: string;
  /** Names of the CCPA categories, one list item each. */
  ccpaCategories: Record<CcpaCategory, string>;
  /** One collected category with the sources and purposes: "{category}: from you and your device, {purposes}." */
  ccpaCollected(p: { category: string; purposes: string }): string;
  /** Only when the facts say so (no sale declared, no processor tracks or shows third-party advertising). */
  ccpaNoSaleOrShare: string;
  /** Edition 3, after `ccpaNoSaleOrShare`: that includes consumers under 16 (§ 1798.120(c)). */
  ccpaNoSaleMinors: string;
  /** Edition 3, when data is sold or shared: not for consumers known to be under 16 without affirmative opt-in (13–15 themselves, under 13 a parent) (§ 1798.120(c)). */
  ccpaMinorsOptIn: string;
  /** When data is sold (sellsData): the categories sold. */
  ccpaSold(p: { categories: string }): string;
  /** When data is shared for cross-context behavioural advertising: the categories and with whom. */
  ccpaShared(p: { categories: string; recipients: string }): string;
  /** How to opt out of sale or sharing, "… {contact}"; also Global Privacy Control. */
  ccpaOptOut(p: ContactSlot): Inline[];
  /** When sensitive personal information is collected: used only for permitted purposes, or the right to limit it. */
  ccpaSensitive: string;
  /** The rights: know, access, correct, delete, and how to exercise them "… {contact}", verification. */
  ccpaRights(p: ContactSlot): Inline[];
  /** How to appeal a refused request (Virginia, Colorado, Connecticut, Texas and other state laws), "… {contact}", answered within 45 days. */
  ccpaAppeal(p: ContactSlot): Inline[];
  /** Authorised agents. */
  ccpaAgents: string;
  /** No discrimination for exercising rights. */
  ccpaNoDiscrimination: string;
  /** Edition 3: opens the list of categories disclosed for a business purpose and to whom (11 CCR § 7011(e)(1)(F)). */
  ccpaDisclosed: string;
  /** Edition 3: the categories' bare names, for `ccpaCategoryKinds` ("Identifiers"). */
  ccpaCategoryNames: Record<CcpaCategory, string>;
  /** Edition 3: a category with only the kinds a recipient gets, instead of the generic examples: "{category} ({kinds})", `kinds` a `list` of the first part's `kinds`. */
  ccpaCategoryKinds(p: { category: string; kinds: string }): string;
  /** Edition 3: one disclosed category: "{category}: to {recipients}." */
  ccpaDisclosedItem(p: { category: string; recipients: string }): string;
  /**
   * Edition 3, CalOPPA (Cal. Bus. & Prof. Code § 22575(b)(5), (6)): how the app answers a browser's
   * "Do Not Track" signal, and whether other parties may collect personal information across apps and
   * websites over time: `trackers` names them; without it, no one does.
   */
  doNotTrack(p: { trackers?: string }): string;

  // ---- "Children": COPPA, when the app is directed at children and US law applies ----
  /** Edition 2: verifiable parental consent before collecting a child's personal information. */
  coppaConsent: string;
  /** Edition 3, instead: verifiable parental consent is obtained before collecting from a child under 13, except where a COPPA exception applies (16 CFR 312.5(c)); no method claimed. */
  coppaVerifiableConsent: string;
  /**
   * Edition 3: whether children can make personal information publicly available (16 CFR
   * 312.4(d)(2)), from the published flows: `public` a wishlist board (ideas and comments with a
   * display name, seen by anyone who opens it; a parent may ask to delete them); otherwise nothing
   * sent through the features the policy describes is shown to other users or the public.
   */
  coppaPublic(p: { public: boolean }): string;
  /** A parent's rights: review, delete, refuse further collection, "… {contact}". */
  coppaParents(p: ContactSlot): Inline[];
  /** Edition 3: a parent may consent to collection and use without consenting to disclosure to third parties, unless integral to the app (16 CFR 312.4(d)(3), 312.5(a)(2)). */
  coppaThirdParties: string;
  /** Edition 3: the operator's name, postal address, telephone number and email (16 CFR 312.4(d)(1)); each as given. */
  coppaOperator(p: PersonSlot & { phone?: string }): Inline[];
  /** No behavioural advertising to children, no tracking (said only when no processor tracks or advertises). */
  coppaNoAds: string;

  // ---- The language of a translated version ----
  /** On a translation when the owner keeps English authoritative: "This is a translation; the English version prevails." with the English version linked at `href`. */
  englishPrevails(p: { href: string }): Inline[];
}
