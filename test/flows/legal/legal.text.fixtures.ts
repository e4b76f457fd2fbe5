import { EEA, GERMAN_LAENDER, SWISS_AUTHORITY, UK_AUTHORITY } from '../../../src/flows/legal/legal.authorities.js';
import { freeze, type PublishedFlowFacts } from '../../../src/flows/legal/legal.declaration.js';
import { privacySections, termsSections, type Section } from '../../../src/flows/legal/legal.policy.js';
import { legalConfig, type LegalConfig } from '../../../src/flows/legal/legal.schema.js';
import { PRESETS, type ProcessingFacts } from '../../../src/flows/legal/legal.presets.js';
import { LAW_TEXTS, TEXT_EDITION, type LawText, type LegalText } from '../../../src/flows/legal/text/index.js';
import { goodLegal } from './legal.fixtures.js';

/**
 * Facts that between them turn on every section and every sentence of the generated policy and
 * terms (legal.text.test.ts checks that they reach every member of the English text), and the
 * owner's own strings in them, which no translation changes.
 */
const flows: PublishedFlowFacts[] = [
  { type: 'feedback', slug: 'feedback', versionNumber: 1, config: { emailField: { enabled: true } } },
  { type: 'contact', slug: 'help_desk', versionNumber: 2, config: { nameField: { enabled: true }, emailField: { enabled: true, required: true }, messageField: { enabled: true } } },
  { type: 'onboarding', slug: 'onboarding', versionNumber: 1, config: { steps: [{ kind: 'question' }] } },
  ...(['waitlist', 'report', 'crash', 'referral', 'wishlist', 'cancel', 'app_promotion'] as const).map((type) => ({ type, slug: type, versionNumber: 1, config: {} })),
];
const allCapabilities = ['motion', 'cloud_sync', 'photos', 'microphone', 'speech_recognition', 'contacts', 'calendar', 'bluetooth', 'face_id'];
const everyKind = ['name', 'phone', 'physical_address', 'health', 'fitness', 'payment_info', 'precise_location', 'coarse_location', 'contacts', 'messages', 'photos_videos', 'audio', 'customer_support', 'user_content', 'browsing_history', 'search_history', 'advertising_data', 'other_usage_data', 'other'];
const everyPurpose = ['product_personalization', 'developer_advertising', 'third_party_advertising', 'developer_communications', 'fraud_prevention', 'account_management', 'other'];

/** Each with whether the app's published flows send data (the second: nothing leaves the device). */
export const FULL_FACTS: [Record<string, unknown>, PublishedFlowFacts[]][] = [
  [goodLegal({
    processors: [
      ...['revenuecat', 'superwall', 'firebase', 'amplitude', 'posthog', 'sentry', 'mixpanel', 'onesignal', 'admob', 'appsflyer', 'crashlytics', 'appflows'].map((id) => ({ id })),
      { id: 'adnet', name: 'AdNet', receives: everyKind, purpose: everyPurpose },
      { id: 'mystery', name: 'Mystery Box' },
    ],
    platformData: [
      ...allCapabilities.map((capability) => ({ capability })),
      { capability: 'health', access: ['read', 'write'], use: 'to log your sleep' },
      { capability: 'location', mode: 'always', leavesDevice: true, use: 'to find your bed' },
      { capability: 'location', mode: 'when_in_use' },
      { capability: 'notifications', mode: 'push' },
      { capability: 'notifications', mode: 'local' },
      { capability: 'camera', access: ['read'], leavesDevice: true },
      { capability: 'other', use: 'to pay' },
    ],
    declarations: { sellsData: true, advertising: true, analytics: true, tracking: true, profiling: true },
    childrenDirected: true,
    medicalDisclaimer: true,
    entity: {
      name: 'Sleepy Labs GmbH',
      contactEmail: 'privacy@sleepy.example',
      address: 'Schlafstraße 1, 80331 München',
      jurisdiction: 'Germany',
      dpo: { name: 'Dana Protector', email: 'dpo@sleepy.example', address: '1 Privacy Street, Berlin' },
      euRepresentative: { name: 'EU Rep Ltd' },
      ukRepresentative: { name: 'UK Rep Ltd', address: '2 Rep Road, London' },
      swissRepresentative: { name: 'CH Rep AG', email: 'ch@rep.example' },
      privacyRequestUrl: 'https://sleepy.example/privacy-requests',
      tollFreeNumber: '+1 800 555 0100',
    },
    audience: ['worldwide'],
    gdpr: { consent: ['analytics'], legalBasis: { account_management: 'legal_obligation' }, retention: { email: '90 days' } },
    terms: { subscriptions: true, minimumAge: 16, governingLaw: 'Ireland', sections: [{ title: 'Beta features', body: 'They may change.\n\nOr vanish.' }] },
  }), flows],
  [
    goodLegal({
      entity: { name: 'Solo Dev' },
      processors: [],
      platformData: [{ capability: 'location' }],
      declarations: { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false },
      audience: ['eea', 'us'],
    }),
    [],
  ],
  [goodLegal({ entity: { name: 'Sleepy Labs GmbH', jurisdiction: 'California, USA', tollFreeNumber: '+1 800 555 0100' }, processors: [{ id: 'sentry' }], childrenDirected: true }), []],
  // The Swiss FADP alone (edition 3: purposes instead of legal bases, its own rights and authority).
  [
    goodLegal({
      entity: { name: 'Sleepy AG', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Switzerland', privacyRequestUrl: 'https://sleepy.example/privacy-requests' },
      processors: [{ id: 'sentry' }, { id: 'firebase' }],
      platformData: [{ capability: 'health', leavesDevice: true }],
      declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: true },
      gdpr: { consent: ['analytics'] },
    }),
    [],
  ],
  // Outside the EEA, the UK and the US: the generic rights paragraph and complaint sentence.
  [goodLegal({ entity: { name: 'Sleepy KK', jurisdiction: 'Japan' }, processors: [{ id: 'sentry' }] }), []],
  // Firebase (not linked itself) beside Superwall (linked): part of what Firebase gets is linked per data type (edition 3).
  [goodLegal({ processors: [{ id: 'superwall' }, { id: 'firebase' }] }), []],
  // Location kept on the device while Firebase receives the approximate location: said exactly.
  [goodLegal({ entity: { name: 'Sleepy Labs GmbH', jurisdiction: 'France' }, processors: [{ id: 'sentry' }, { id: 'firebase' }], platformData: [{ capability: 'location' }] }), []],
];

/** Where the processors of the facts above process, one of each kind (publish freezes the presets' own). */
const PROCESSING: ProcessingFacts[] = [
  { locations: [{ region: 'US' }, { region: '001', note: 'vendor_facilities' }], mechanism: 'dpf', sources: [{ title: 'Vendor DPF page', url: 'https://vendor.example/dpf' }], readOn: '2026-11-27' },
  { locations: [{ region: 'US' }, { region: '001', note: 'cdn' }], mechanism: 'scc', sources: [], readOn: '2026-11-27' },
  { locations: [], mechanism: 'adequacy', sources: [], readOn: '2026-11-27' },
  { locations: [{ region: 'EEA' }, { region: 'DE', note: 'if_chosen' }], mechanism: 'eea', sources: [], readOn: '2026-11-27' },
  // Certified, but not under the UK Extension or the Swiss-US framework: the SCCs from there.
  { locations: [{ region: 'EU' }, { region: 'US' }], mechanism: 'dpf', dpf: { uk: false, swiss: false }, sources: [], readOn: '2026-11-27' },
];

/** Owner-given words and names: the same in every language, masked before comparing. */
export const OWNER_STRINGS = [
  'Sleepy AG', 'Switzerland', 'https://sleepy.example/privacy-requests', '+1 800 555 0100',
  'Dana Protector', 'Schlafstraße 1, 80331 München', 'dpo@sleepy.example', '1 Privacy Street, Berlin', 'EU Rep Ltd', 'UK Rep Ltd', 'CH Rep AG', 'ch@rep.example', '2 Rep Road, London', '90 days', 'France', 'California, USA', 'Vendor DPF page',
  'Sleepy Labs GmbH', 'Sleepy KK', 'Japan', 'Sleepy', 'Solo Dev', 'privacy@sleepy.example', 'Germany', 'Ireland', 'Sleep logs and notes', 'to read your sleep analysis', 'to log your sleep', 'to find your bed', 'to pay',
  'AdNet', 'Mystery Box', 'Beta features', 'They may change.', 'Or vanish.', 'help desk',
  'RevenueCat', 'Superwall', 'Firebase (Google)', 'Amplitude', 'PostHog', 'Sentry', 'Mixpanel', 'OneSignal', 'Google AdMob', 'AppsFlyer', 'Firebase Crashlytics', 'Appflows',
];
/** Terms that are the same in every language (product names). */
export const SAME_EVERYWHERE = ['HealthKit / Health Connect', 'Face ID / Touch ID', 'Bluetooth', 'iCloud', 'CalOPPA'];

/** Every edition with law sections, up to today's: each edition's sentences are still rendered for its versions. */
const EDITIONS = Array.from({ length: TEXT_EDITION - 1 }, (_, i) => i + 2);

/** The policy and terms of every fact set above in every edition from 2 on, plus the language notice; law part English unless given. */
export function renderAll(text: LegalText, law: LawText = LAW_TEXTS.en!): Section[] {
  const sections = EDITIONS.flatMap((edition) => FULL_FACTS.flatMap(([raw, published]) => {
    const config = legalConfig.parse(raw) as LegalConfig;
    const frozen = freeze(config, published);
    frozen.processors.forEach((x, i) => {
      if (i < PROCESSING.length) x.processing = PROCESSING[i];
    });
    const facts = { appName: 'Sleepy', config, frozen, text, law, edition };
    return [...privacySections(facts), ...termsSections(facts, '/legal/sleepy')];
  }));
  return [...sections, { id: 'notice', title: '', blocks: [{ p: law.englishPrevails({ href: '?lang=en' }) }] }];
}

/** Every piece of text a reader sees in the sections: titles, paragraphs, list items, link texts, processor lines. */
export function visibleTexts(sections: Section[]): string[] {
  const out: string[] = [];
  const inline = (parts: (string | { text: string })[]) => out.push(parts.map((x) => (typeof x === 'string' ? x : x.text)).join(''));
  for (const s of sections) {
    out.push(s.title);
    for (const b of s.blocks) {
      if ('p' in b) inline(b.p);
      else if ('list' in b) b.list.forEach(inline);
      else {
        const x = b.processor;
        out.push(x.description, x.receivesLabel, x.privacyLinkText, ...[x.receivesLine, x.throughLine].filter((v): v is string => !!v));
      }
    }
  }
  return out;
}

/** Sentence fragments with the owner's words masked: what a translation must not share with English. */
export function fragments(texts: string[]): Set<string> {
  const authorities = [...Object.values(EEA).flatMap((x) => (x.authority ? [x.authority.name] : [])), UK_AUTHORITY.name, SWISS_AUTHORITY.name, ...Object.values(GERMAN_LAENDER).map((x) => x.authority.name)];
  // Vendors' pages' titles are quoted as the vendor states them, in every language (where they process is named in the reader's).
  const vendorWords = Object.values(PRESETS).flatMap((x) => (x.processing?.sources ?? []).map((y) => y.title));
  const masks = [...OWNER_STRINGS, ...SAME_EVERYWHERE, ...authorities, ...vendorWords].sort((a, b) => b.length - a.length);
  const out = new Set<string>();
  for (let t of texts) {
    for (const m of masks) t = t.split(m).join('\u0000');
    for (const f of t.split(/[.:;!?()\u0000]/)) {
      const s = f.trim();
      if (/\p{L}/u.test(s)) out.add(s);
    }
  }
  return out;
}

/**
 * English fragments still present in a rendering with `text` (and `law`: without it, the law
 * sections are English on both sides and left out of the comparison).
 */
export function leftoverEnglish(english: LegalText, text: LegalText, law?: LawText): string[] {
  const all = renderAll(english);
  const en = fragments(visibleTexts(all));
  // Without its law part a language is not used for new versions (textLocaleFor), so only the
  // first part is checked: what English writes through its law part, wherever it sits (a DPO line
  // in "Who is responsible", COPPA in "Children"), is what the law part in full-width letters removes.
  const firstPart = fragments(visibleTexts(renderAll(english, wide(LAW_TEXTS.en!))));
  const lawOnly = law ? new Set<string>() : new Set([...en].filter((f) => !firstPart.has(f)));
  // Acronyms and article numbers ("Art. 27 GDPR" gives "27 GDPR") may stay: only fragments with a lower-case letter count.
  return [...fragments(visibleTexts(renderAll(text, law)))].filter((f) => en.has(f) && !lawOnly.has(f) && /\p{Ll}/u.test(f));
}

/**
 * A text with every string it writes in full-width letters: shares no fragment with English
 * (the check's passing case, and a stand-in translation in page tests). `list` and `lang` stay.
 */
export function wide<T>(text: T): T {
  const r = (s: string) => s.replace(/[a-z]/gi, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
  const up = (v: unknown): unknown =>
    typeof v === 'string' ? r(v) : Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? r(x) : x && typeof x === 'object' ? { ...x, text: r(String(x.text)) } : x)) : v;
  const wrap = (v: unknown, key?: string): unknown => {
    if (key === 'list' || key === 'lang') return v;
    if (typeof v === 'function') return (...args: unknown[]) => up((v as (...a: unknown[]) => unknown)(...args));
    if (typeof v === 'string' || Array.isArray(v)) return up(v);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, wrap(x, k)]));
    return v;
  };
  return wrap(text) as T;
}
