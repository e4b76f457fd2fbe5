import type { Capability, DataKind, Purpose } from '../legal.presets.js';

/**
 * Every word the generated privacy policy and terms of use say, for one language. legal.policy.ts
 * only decides which sentences apply and fills their slots; the sentences themselves, with their
 * word order and punctuation, live in an implementation of this interface (text/en.ts is the
 * reference). Slots are named parameters: names of the app and the owner, emails and links are
 * given, never translated. A sentence that holds a link or an email address returns `Inline[]`
 * (strings and `{ text, href }` links, in reading order); everything else returns a string.
 *
 * The GDPR / US-law sections are a second part (text/law.types.ts) so a translator can do them in
 * a second pass.
 */

/** Text with optional links; a plain string is text. */
export type Inline = string | { text: string; href: string };

/** The built-in processor presets (legal.presets.ts PRESETS). */
export type PresetId = 'revenuecat' | 'superwall' | 'firebase' | 'amplitude' | 'posthog' | 'sentry' | 'mixpanel' | 'onesignal' | 'admob' | 'appsflyer' | 'crashlytics' | 'appflows';
/** How a capability is used (`platformData[].mode`). */
export type Mode = 'when_in_use' | 'always' | 'local' | 'push';
/** What the app does with a capability's data (`platformData[].access`). */
export type Access = 'read' | 'write';
/** Flow types whose published flows send data to the service (legal.declaration.ts flowCollects). */
export type FlowType = 'waitlist' | 'feedback' | 'report' | 'contact' | 'crash' | 'onboarding' | 'referral' | 'wishlist' | 'cancel' | 'app_promotion';
/** Section ids of the privacy policy, in page order (also the HTML ids: never translated). */
export type PolicySection = 'who' | 'on-device' | 'leaves-device' | 'device-features' | 'claims' | 'children' | 'health' | 'retention' | 'rights' | 'changes';
/** Section ids of the terms of use, in page order. */
export type TermsSection = 'agreement' | 'subscriptions' | 'use' | 'medical' | 'liability' | 'eula' | 'privacy' | 'law' | 'changes';
/** The five statements of the "Selling, advertising and tracking" list, each said positively or negatively. */
export type Claim = 'sellsData' | 'advertising' | 'tracking' | 'analytics' | 'profiling';

/** Names of the slots. `app` the app's name, `entity` the owner's name (both as the owner wrote them). */
export interface AppSlot { app: string }
export interface EntitySlot { entity: string }
/** How to reach the owner: the result of `contactByEmail` or `contactOtherwise`, to place inside a sentence. */
export interface ContactSlot { contact: Inline[] }

export interface LegalText {
  /** BCP 47 tag of this text's language: the `lang` attribute of the policy and terms. */
  lang: string;

  // ---- Words used inside sentences ----
  /** Joins words into one phrase: "a, b and c" (policy: lists of data kinds and of purposes, "read and write"). */
  list(items: string[]): string;
  /** Each data kind as a phrase inside a sentence: "your email address" (a processor's "Receives:" line, "…itself receives:" list). */
  kinds: Record<DataKind, string>;
  /** Each purpose as a phrase completing "X receives your email address …": "to make the app work". */
  purposes: Record<Purpose, string>;
  /** Edition 3: crash and diagnostics data sent for app functionality, in a processor's "Receives:" line, as the legal bases name it: "to find and fix crashes and errors". */
  purposeCrash: string;
  /** Name of each device capability: "Health data (HealthKit / Health Connect)" (device lists of the policy). */
  capabilities: Record<Capability, string>;
  /** "read" / "write", joined by `list` and shown in brackets after a capability: "Health data (read and write)". */
  access: Record<Access, string>;
  /** How a capability is used, in brackets after it: "Location (only while you use the app)". */
  modes: Record<Mode, string>;
  /** Name of a kind of hosted flow, in the Appflows processor's "Through:" line ("feedback", "app promotion"). */
  flowTypes: Record<FlowType, string>;
  /** One sentence per built-in processor describing what it does for the app (its block under "What leaves your device"), unless the owner wrote a description. */
  presets: Record<PresetId, string>;

  // ---- Section titles ----
  /** Headings of the privacy policy's sections. */
  policyTitles: Record<PolicySection, string>;
  /** Headings of the terms of use's sections (owner-written extra sections keep their own titles). */
  termsTitles: Record<TermsSection, string>;

  // ---- Pieces shared by both documents ----
  /** How to reach the owner by email, placed into sentences as `contact`: "by email at {email}". */
  contactByEmail(p: { email: Inline }): Inline[];
  /** How to reach the owner when no email is configured, placed into sentences as `contact`. */
  contactOtherwise: string;
  /** A device capability with its details, in the device lists: "Health data (read and write): to log your sleep". `access` and `mode` are already words; `use` is the owner's text. */
  capability(p: { label: string; access?: string; mode?: string; use?: string }): string;

  // ---- Privacy policy: "Who is responsible" ----
  /** First paragraph: "{entity} ({jurisdiction}) makes {app} and is responsible for the personal data it handles." */
  whoIsResponsible(p: AppSlot & EntitySlot & { jurisdiction?: string }): string;
  /** "You can reach us {contact}." */
  reachUs(p: ContactSlot): Inline[];

  // ---- "What stays on your device" ----
  /** Introduces the list of on-device data: "This stays on your device and is not sent to {entity} or anyone else:" */
  staysIntro(p: EntitySlot): string;
  /** After the list, when cloud sync is used. */
  cloudSyncNote: string;
  /** An item of the on-device list of which only a coarser kind leaves: "Location — your precise location stays on your device; only your approximate location is sent, to Firebase (Google)". `kept`/`sent` are `kinds` phrases. */
  staysExceptCoarser(p: { capability: string; kept: string; sent: string; recipients: string }): string;
  /** Closes the section: "Deleting {app} deletes it." */
  deletingDeletes(p: AppSlot): string;

  // ---- "What leaves your device, and who receives it" ----
  /** The whole section when no data leaves the device. */
  nothingLeaves(p: AppSlot): string;
  /** Opens the section when data leaves the device, before the processors. */
  onlyListedLeaves: string;
  /** Instead of `onlyListedLeaves` when some listed services (ad networks, attribution, any that track) also use the data for their own purposes, as independent controllers: `names` are their names, to join and agree the verb with. */
  onlyListedLeavesSomeOwnUse(p: { names: string[] }): string;
  /** Bold label that starts a processor's line of what it receives: "Receives:" */
  processorReceivesLabel: string;
  /**
   * After the label: "{kinds}, {purposes}." plus whether it is linked to the user and used for
   * tracking. `kinds` and `purposes` are `list`s of `kinds` and `purposes`. Edition 3: `linked`
   * follows the App Store's answer per data type (linked when any collection of that type is);
   * `linkedKinds` (a `list` of `kinds`) when only some of what it receives is: "Of these, {linkedKinds}
   * can be linked to you; the rest is not linked to your identity."
   */
  processorReceives(p: { kinds: string; purposes: string; linked: boolean; linkedKinds?: string; tracking: boolean }): string;
  /** Under the Appflows processor: the hosted flows that send it data, "Through: feedback, contact (help)." Each item from `flowName`. */
  processorThrough(p: { flows: string[] }): string;
  /** One hosted flow: its type's name, with its address slug when that differs: "contact (help)". */
  flowName(p: { type: string; slug?: string }): string;
  /** Text of the link to a processor's own privacy policy: "{name} privacy policy". */
  processorPrivacyLink(p: { name: string }): string;
  /** Description of an owner-listed processor that is not a preset and has no description: "{name} receives {kinds} {purposes}." */
  customProcessor(p: { name: string; kinds: string; purposes: string }): string;
  /** Same, when the owner did not say what it receives. */
  customProcessorUnmapped(p: { name: string }): string;
  /** Introduces the list of device data the owner receives directly: "{entity} itself receives:" */
  entityReceives(p: EntitySlot): string;
  /** One item of that list: "{kind} ({capability})" plus ": {use}" when given. `capability` comes from `capability` without use. */
  entityReceivesItem(p: { kind: string; capability: string; use?: string }): string;
  /** When a form has optional fields. */
  optionalFields: string;

  // ---- "Device features the app uses" ----
  /** Introduces the list: "{app} asks your permission before it uses any of these, …" */
  deviceFeaturesIntro(p: AppSlot): string;
  /** One device feature (from `capability`) and where its data goes: sent to the owner, through the platform's push service, or nowhere. */
  deviceFeature(p: { capability: string; where: 'sent' | 'push' | 'device' }): string;
  /** A device feature whose data a processor receives as it is (`recipients` already joined by `list`): "Location (sent to Firebase (Google))". */
  deviceFeatureSentTo(p: { capability: string; recipients: string }): string;
  /** A device feature of which only a coarser kind is sent: "Location (your precise location stays on your device; your approximate location is sent to Firebase (Google))". `kept`/`sent` are `kinds` phrases. */
  deviceFeatureCoarser(p: { capability: string; kept: string; sent: string; recipients: string }): string;

  // ---- "Selling, advertising and tracking" ----
  /** Each statement, as said when the owner declared it true (`yes`) or false (`no`). */
  claims: Record<Claim, { yes(p: AppSlot): string; no(p: AppSlot): string }>;

  // ---- "Children" (when childrenDirected is set) ----
  /** The app is made for children: data minimisation and a parent's access / deletion, "… {contact}." */
  forChildren(p: AppSlot & ContactSlot): Inline[];
  /** Edition 3, instead: the same without "we collect no more than the app needs", a claim the facts cannot back (the app may collect for analytics or to write to parents). */
  forChildrenPlain(p: AppSlot & ContactSlot): Inline[];
  /** The app is not directed at children under {age} (legal.children-age.ts OPEN_FROM): "… tell us {contact} and we will delete it." */
  notForChildren(p: AppSlot & ContactSlot & { age: number }): Inline[];

  // ---- "Health information" (with medicalDisclaimer) ----
  /** "{app} does not give medical advice; see the terms of use." */
  noMedicalAdvice(p: AppSlot): string;

  // ---- "How long we keep data" ----
  /** When data stays on the device. */
  retentionOnDevice: string;
  /** When data leaves the device. */
  retentionSent: string;

  // ---- "Your rights" ----
  /** Access, correction, deletion, answered within 30 days: "… Write to us {contact}; we answer within 30 days." */
  rights(p: ContactSlot): Inline[];
  /** When the owner gave a jurisdiction: complaint to a data protection authority. */
  complain(p: { jurisdiction: string }): string;

  // ---- "Changes to this policy" ----
  /** New version, earlier versions kept. */
  policyChanges: string;

  // ---- Terms of use ----
  /** "These terms are an agreement between you and {entity} ({jurisdiction}) about your use of {app}. By using {app} you accept them." */
  agreement(p: AppSlot & EntitySlot & { jurisdiction?: string }): string;
  /** "You must be at least {age} years old to use {app}." */
  minimumAge(p: AppSlot & { age: number }): string;
  /** Subscriptions: bought and billed through the app store. */
  subscriptionsBilling: string;
  /** Subscriptions: automatic renewal, cancelling 24 hours before, deleting the app does not cancel. */
  subscriptionsRenewal: string;
  /** Subscriptions: refunds by the app store. */
  subscriptionsRefunds: string;
  /** "Use {app} lawfully and do not misuse it: …" */
  useLawfully(p: AppSlot): string;
  /** "{entity} may change, suspend or end features of {app} at any time." */
  mayChange(p: AppSlot & EntitySlot): string;
  /** The standard "not medical advice" paragraph (the owner may replace it with their own text). */
  medicalDefault(p: AppSlot): string;
  /** "As is", no warranty, limited liability, consumer rights unaffected. */
  asIs(p: AppSlot & EntitySlot): string;
  /**
   * Edition 3, after `asIs`: liability for intent and gross negligence, death or personal injury,
   * and any other the law keeps (product liability) is not limited. A limitation without this
   * carve-out is void in consumer terms in Germany (§ 309 no. 7 BGB; "to the extent the law allows"
   * does not save it) and unfair under the EU Unfair Terms Directive (Annex, point 1(a)).
   */
  liabilityUnlimited: string;
  /** Apple's standard licence also applies; `href` is the link to it, to put on its name. */
  appleEula(p: { href: string }): Inline[];
  /** Points to the privacy policy; `href` is its address, to put on the words "privacy policy". */
  privacyReference(p: { href: string }): Inline[];
  /** "These terms are governed by the law of {law}, …" (`law` as the owner wrote it). */
  governingLaw(p: { law: string }): string;
  /** New versions, earlier versions kept, and where to write: "… Questions: write to us {contact}." */
  termsChanges(p: ContactSlot): Inline[];
}
