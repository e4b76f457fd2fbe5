/**
 * The vocabulary legal speaks: kinds of data (each with Apple's App Privacy name and Google Play's
 * Data safety name), purposes (likewise), and the built-in processor presets. Everything the
 * declaration and the policy say comes from these tables and the owner's asserted facts; nothing
 * is inferred from the app itself.
 */

/** Data kinds a processor can receive. Keys are what configs use (`receives: ['email', 'user_id']`). */
export const DATA_KINDS = {
  name: { apple: ['Contact Info', 'Name'], play: ['Personal info', 'Name'], words: 'your name' },
  email: { apple: ['Contact Info', 'Email Address'], play: ['Personal info', 'Email address'], words: 'your email address' },
  phone: { apple: ['Contact Info', 'Phone Number'], play: ['Personal info', 'Phone number'], words: 'your phone number' },
  physical_address: { apple: ['Contact Info', 'Physical Address'], play: ['Personal info', 'Address'], words: 'your postal address' },
  health: { apple: ['Health & Fitness', 'Health'], play: ['Health and fitness', 'Health info'], words: 'health information' },
  fitness: { apple: ['Health & Fitness', 'Fitness'], play: ['Health and fitness', 'Fitness info'], words: 'fitness and exercise information' },
  payment_info: { apple: ['Financial Info', 'Payment Info'], play: ['Financial info', 'User payment info'], words: 'payment information' },
  precise_location: { apple: ['Location', 'Precise Location'], play: ['Location', 'Precise location'], words: 'your precise location' },
  coarse_location: { apple: ['Location', 'Coarse Location'], play: ['Location', 'Approximate location'], words: 'your approximate location' },
  contacts: { apple: ['Contacts', 'Contacts'], play: ['Contacts', 'Contacts'], words: 'your contacts' },
  messages: { apple: ['User Content', 'Emails or Text Messages'], play: ['Messages', 'Other in-app messages'], words: 'messages you write' },
  photos_videos: { apple: ['User Content', 'Photos or Videos'], play: ['Photos and videos', 'Photos'], words: 'photos or videos' },
  audio: { apple: ['User Content', 'Audio Data'], play: ['Audio files', 'Voice or sound recordings'], words: 'voice or sound recordings' },
  customer_support: { apple: ['User Content', 'Customer Support'], play: ['App activity', 'Other user-generated content'], words: 'what you write to support' },
  user_content: { apple: ['User Content', 'Other User Content'], play: ['App activity', 'Other user-generated content'], words: 'content you write or submit' },
  browsing_history: { apple: ['Browsing History', 'Browsing History'], play: ['Web browsing', 'Web browsing history'], words: 'your browsing history' },
  search_history: { apple: ['Search History', 'Search History'], play: ['App activity', 'In-app search history'], words: 'your searches in the app' },
  user_id: { apple: ['Identifiers', 'User ID'], play: ['Personal info', 'User IDs'], words: 'an account or user ID' },
  device_id: { apple: ['Identifiers', 'Device ID'], play: ['Device or other IDs', 'Device or other IDs'], words: 'a device or installation identifier' },
  purchase_history: { apple: ['Purchases', 'Purchase History'], play: ['Financial info', 'Purchase history'], words: 'your purchases and subscriptions' },
  product_interaction: { apple: ['Usage Data', 'Product Interaction'], play: ['App activity', 'App interactions'], words: 'how you use the app (screens, taps, choices)' },
  advertising_data: { apple: ['Usage Data', 'Advertising Data'], play: ['App activity', 'Other actions'], words: 'advertising you see and tap' },
  other_usage_data: { apple: ['Usage Data', 'Other Usage Data'], play: ['App activity', 'Other actions'], words: 'other usage information' },
  crash_data: { apple: ['Diagnostics', 'Crash Data'], play: ['App info and performance', 'Crash logs'], words: 'crash reports' },
  performance_data: { apple: ['Diagnostics', 'Performance Data'], play: ['App info and performance', 'Diagnostics'], words: 'performance measurements (launch time, hangs, energy use)' },
  other_diagnostic_data: { apple: ['Diagnostics', 'Other Diagnostic Data'], play: ['App info and performance', 'Other app performance data'], words: 'other technical diagnostics' },
  other: { apple: ['Other Data', 'Other Data Types'], play: ['Personal info', 'Other info'], words: 'other information' },
} as const satisfies Record<string, { apple: readonly [string, string]; play: readonly [string, string]; words: string }>;
export type DataKind = keyof typeof DATA_KINDS;
export const DATA_KIND_IDS = Object.keys(DATA_KINDS) as [DataKind, ...DataKind[]];

/** Apple's category order on the App Store product page, used to sort entries. */
export const APPLE_CATEGORY_ORDER = [
  'Contact Info', 'Health & Fitness', 'Financial Info', 'Location', 'Sensitive Info', 'Contacts', 'User Content',
  'Browsing History', 'Search History', 'Identifiers', 'Purchases', 'Usage Data', 'Diagnostics', 'Other Data',
];

/** Why a processor receives data. `apple` / `play` are the names each store's form uses (null: the form has no such purpose). */
export const PURPOSES = {
  app_functionality: { apple: 'App Functionality', play: 'App functionality', words: 'to make the app work' },
  analytics: { apple: 'Analytics', play: 'Analytics', words: 'to understand how the app is used' },
  product_personalization: { apple: 'Product Personalization', play: 'Personalization', words: 'to personalise the app for you' },
  developer_advertising: { apple: "Developer's Advertising or Marketing", play: 'Advertising or marketing', words: 'to tell you about our own products' },
  third_party_advertising: { apple: 'Third-Party Advertising', play: 'Advertising or marketing', words: 'to show advertising' },
  developer_communications: { apple: 'App Functionality', play: 'Developer communications', words: 'to write to you about the app' },
  fraud_prevention: { apple: 'App Functionality', play: 'Fraud prevention, security, and compliance', words: 'to prevent fraud and abuse' },
  account_management: { apple: 'App Functionality', play: 'Account management', words: 'to manage your account' },
  other: { apple: 'Other Purposes', play: null, words: 'for other purposes' },
} as const satisfies Record<string, { apple: string; play: string | null; words: string }>;
export type Purpose = keyof typeof PURPOSES;
export const PURPOSE_IDS = Object.keys(PURPOSES) as [Purpose, ...Purpose[]];

/** What one processor receives: a data kind and why. `optional`: the user chooses whether to give it. */
export interface Receive {
  kind: DataKind;
  purposes: Purpose[];
  optional?: boolean;
}

export type ProcessorRole = 'subscriptions' | 'paywall' | 'analytics' | 'crash_reporting' | 'engagement' | 'messaging' | 'attribution' | 'advertising' | 'custom';

/**
 * Where a vendor processes data and what lets it leave the EEA, the UK and Switzerland (GDPR
 * Chapter V). Read from the vendor's own pages (`sources`, on `readOn`); docs/legal.md lists them.
 */
export interface ProcessingFacts {
  /**
   * Where the vendor processes the data: a Place (a region code, rendered in the reader's
   * language), or a string: the owner's own words, or the English names frozen before places
   * existed (those versions render as published).
   */
  locations: (string | Place)[];
  /**
   * The safeguard for a transfer out of the EEA/UK: `dpf` the vendor is certified under the EU-US
   * Data Privacy Framework (and its UK extension / Swiss framework where stated), `scc` the EU's
   * Standard Contractual Clauses in the vendor's DPA, `adequacy` the destination has an adequacy
   * decision, `eea` processed inside the EEA (no transfer).
   */
  mechanism: 'dpf' | 'scc' | 'adequacy' | 'eea';
  /**
   * With `dpf`: the frameworks the vendor's own statement names besides the EU-US Data Privacy
   * Framework, since a US organisation joins the UK Extension and the Swiss-US framework
   * separately. false: not stated where read, so transfers from the UK (or Switzerland) rest on
   * the Standard Contractual Clauses with the UK Addendum (or as the FDPIC recognises them).
   * Absent in versions frozen before it: they render as published (both named).
   */
  dpf?: DpfScope;
  /** The vendor's own pages that state the above. */
  sources: { title: string; url: string }[];
  /** `YYYY-MM-DD` the sources were read; absent when the owner stated the facts (`processors[].processing`). */
  readOn?: string;
}

/**
 * A processing location: `region` an ISO 3166 country or UN M.49 region code (`US`, `DE`, `001`
 * the world), `EU`, or `EEA`; the reader's language names it (Intl.DisplayNames; the EEA by
 * text/law.*). `note` qualifies it in the vendor's terms: `if_chosen` a region the app's owner
 * selects in the vendor's console (the default comes first), `cdn` a content delivery network's
 * locations worldwide, `vendor_facilities` other countries where the vendor or its agents have
 * facilities (both with region `001`).
 */
export interface Place {
  region: string;
  note?: PlaceNote;
}
export type PlaceNote = 'if_chosen' | 'cdn' | 'vendor_facilities';
/** A region code a Place takes: ISO 3166 alpha-2, UN M.49 numeric, or EU / EEA (the owner may give one instead of words). */
export const isRegionCode = (x: string) => /^([A-Z]{2}|\d{3}|EEA)$/.test(x);

/** Which DPF extensions a certified vendor also joined (ProcessingFacts.dpf). */
export interface DpfScope {
  uk: boolean;
  swiss: boolean;
}

export interface Preset {
  id: string;
  /** Where it processes and how data may leave the EEA; absent: not known (the policy says so). */
  processing?: ProcessingFacts;
  name: string;
  role: ProcessorRole;
  /** One plain sentence for the policy page. */
  sentence: string;
  privacyUrl: string | null;
  receives: Receive[];
  linkedToIdentity: boolean;
  usedForTracking: boolean;
}

const r = (kind: DataKind, ...purposes: Purpose[]): Receive => ({ kind, purposes });

/**
 * Where each vendor processes and its Chapter V safeguard, as read from its own pages on
 * `readOn` (docs/legal.md, "Sources", says how each was read). Where a page could not be read or
 * did not say, `locations` is empty (not confirmed) and `mechanism` is the conservative `scc`:
 * the policy then never claims a certification it could not check. A location qualified "(if …
 * is chosen)" is a region the app owner selects in the vendor's console; the default comes first.
 */
const READ_ON = '2026-11-27';
const US: Place = { region: 'US' };
const facts = (locations: Place[], mechanism: ProcessingFacts['mechanism'] | DpfScope, ...sources: [string, string][]): ProcessingFacts => ({
  locations,
  ...(typeof mechanism === 'string' ? { mechanism } : { mechanism: 'dpf', dpf: mechanism }),
  sources: sources.map(([title, url]) => ({ title, url })),
  readOn: READ_ON,
});
/** Google LLC's own statement: the EU-US and Swiss-US frameworks and the UK Extension (the page's first source: the policy links it). */
const GOOGLE_DPF: [string, string] = ['Google: Legal frameworks for data transfers', 'https://policies.google.com/privacy/frameworks'];
const GOOGLE_FIREBASE = facts(
  [US, { region: '001', note: 'vendor_facilities' }],
  { uk: true, swiss: true },
  GOOGLE_DPF,
  ['Firebase Data Processing and Security Terms', 'https://firebase.google.com/terms/data-processing-terms'],
  ['Firebase Service Specific Terms (2.1 Data Location)', 'https://firebase.google.com/terms/service-terms'],
);

/**
 * The built-in processors, as each vendor's default SDK set-up sends data (checked against
 * their own App Privacy guidance; an owner who turned features off or on overrides `receives`,
 * `purpose`, `linkedToIdentity` or `usedForTracking`). `appflows` describes the service itself:
 * what it receives is filled in from the app's published flows at publish time.
 */
export const PRESETS: Record<string, Preset> = {
  revenuecat: {
    id: 'revenuecat',
    processing: facts([US], 'scc', ['RevenueCat Privacy Policy', 'https://www.revenuecat.com/privacy']),
    name: 'RevenueCat',
    role: 'subscriptions',
    sentence: 'RevenueCat processes in-app purchases and subscriptions: it checks receipts with the app store and tells the app which features you have paid for.',
    privacyUrl: 'https://www.revenuecat.com/privacy/',
    receives: [r('user_id', 'app_functionality'), r('purchase_history', 'app_functionality', 'analytics')],
    linkedToIdentity: true,
    usedForTracking: false,
  },
  superwall: {
    id: 'superwall',
    processing: facts([US, { region: '001', note: 'cdn' }], 'scc', ['Superwall Sub-Processors List', 'https://superwall.com/legal/subprocessors']),
    name: 'Superwall',
    role: 'paywall',
    sentence: 'Superwall shows the subscription offer screens: it decides which offer to show and measures which ones lead to a purchase.',
    privacyUrl: 'https://superwall.com/privacy',
    receives: [
      r('user_id', 'app_functionality'),
      r('device_id', 'app_functionality', 'analytics'),
      r('product_interaction', 'app_functionality', 'analytics'),
      r('purchase_history', 'app_functionality', 'analytics'),
    ],
    linkedToIdentity: true,
    usedForTracking: false,
  },
  firebase: {
    id: 'firebase',
    processing: GOOGLE_FIREBASE,
    name: 'Firebase (Google)',
    role: 'analytics',
    sentence: 'Firebase, a Google service, measures how the app is used with pseudonymous app-instance identifiers.',
    privacyUrl: 'https://firebase.google.com/support/privacy',
    receives: [r('device_id', 'analytics'), r('product_interaction', 'analytics'), r('coarse_location', 'analytics')],
    linkedToIdentity: false,
    usedForTracking: false,
  },
  amplitude: {
    id: 'amplitude',
    processing: facts([US, { region: 'EU', note: 'if_chosen' }], { uk: false, swiss: false }, ['Amplitude: Create a new account (data storage location)', 'https://amplitude.com/docs/get-started/create-a-new-account']),
    name: 'Amplitude',
    role: 'analytics',
    sentence: 'Amplitude measures how the app is used, so we can see which features help and which confuse.',
    privacyUrl: 'https://amplitude.com/privacy',
    receives: [r('user_id', 'analytics'), r('device_id', 'analytics'), r('product_interaction', 'analytics')],
    linkedToIdentity: true,
    usedForTracking: false,
  },
  posthog: {
    id: 'posthog',
    processing: facts([US, { region: 'DE', note: 'if_chosen' }], { uk: true, swiss: true }, ['PostHog Privacy Policy (International transfer of personal information)', 'https://posthog.com/privacy'], ['PostHog: Controlling data storage', 'https://posthog.com/docs/privacy/data-storage']),
    name: 'PostHog',
    role: 'analytics',
    sentence: 'PostHog measures how the app is used, so we can see which features help and which confuse.',
    privacyUrl: 'https://posthog.com/privacy',
    receives: [r('user_id', 'analytics'), r('device_id', 'analytics'), r('product_interaction', 'analytics')],
    linkedToIdentity: true,
    usedForTracking: false,
  },
  sentry: {
    id: 'sentry',
    processing: facts([US, { region: 'DE', note: 'if_chosen' }], 'scc', ['Sentry: Data Storage Location (US or EU)', 'https://docs.sentry.io/organization/data-storage-location/'], ['Sentry Data Processing Addendum', 'https://sentry.io/legal/dpa/'], ['Sentry Privacy Policy', 'https://sentry.io/privacy/']),
    name: 'Sentry',
    role: 'crash_reporting',
    sentence: 'Sentry receives crash reports and performance measurements so we can find and fix bugs.',
    privacyUrl: 'https://sentry.io/privacy/',
    receives: [r('crash_data', 'app_functionality'), r('performance_data', 'app_functionality'), r('other_diagnostic_data', 'app_functionality')],
    linkedToIdentity: false,
    usedForTracking: false,
  },
  mixpanel: {
    id: 'mixpanel',
    processing: facts([US, { region: 'EU', note: 'if_chosen' }], 'scc', ['Mixpanel: EU Residency (US servers by default)', 'https://docs.mixpanel.com/docs/privacy/eu-residency']),
    name: 'Mixpanel',
    role: 'analytics',
    sentence: 'Mixpanel measures how the app is used, so we can see which features help and which confuse.',
    privacyUrl: 'https://mixpanel.com/legal/privacy-policy',
    receives: [r('user_id', 'analytics'), r('device_id', 'analytics'), r('product_interaction', 'analytics')],
    linkedToIdentity: true,
    usedForTracking: false,
  },
  onesignal: {
    id: 'onesignal',
    processing: facts([{ region: 'EU' }, US], { uk: false, swiss: false }, ['OneSignal: Data Protection & Compliance', 'https://documentation.onesignal.com/docs/en/data-questions']),
    name: 'OneSignal',
    role: 'messaging',
    sentence: 'OneSignal delivers our push notifications and in-app messages and tells us which ones were opened.',
    privacyUrl: 'https://onesignal.com/privacy_policy',
    receives: [r('device_id', 'app_functionality', 'developer_communications'), r('product_interaction', 'analytics')],
    // The push subscription is tied to the user id an app sets (external id): the cautious answer.
    linkedToIdentity: true,
    usedForTracking: false,
  },
  admob: {
    id: 'admob',
    processing: facts([US, { region: '001', note: 'vendor_facilities' }], { uk: true, swiss: true }, GOOGLE_DPF, ['Google AdMob: App Store data disclosure', 'https://developers.google.com/admob/ios/data-disclosure'], ['Google Privacy Policy', 'https://policies.google.com/privacy']),
    name: 'Google AdMob',
    role: 'advertising',
    sentence: 'Google AdMob shows ads in the app and measures how they perform.',
    privacyUrl: 'https://policies.google.com/privacy',
    // Google's own list: IP address (approximate location), crash logs, performance data, device ID, advertising data, product interactions.
    receives: [
      r('coarse_location', 'third_party_advertising', 'analytics'),
      r('device_id', 'third_party_advertising', 'analytics'),
      r('advertising_data', 'third_party_advertising', 'analytics'),
      r('product_interaction', 'third_party_advertising'),
      r('crash_data', 'analytics'),
      r('performance_data', 'third_party_advertising', 'analytics'),
    ],
    linkedToIdentity: true,
    usedForTracking: true,
  },
  appsflyer: {
    id: 'appsflyer',
    processing: facts([], 'scc', ['AppsFlyer: Privacy at AppsFlyer', 'https://www.appsflyer.com/trust/privacy/'], ['AppsFlyer iOS SDK reference (advertisingIdentifier)', 'https://dev.appsflyer.com/hc/docs/ios-sdk-reference-appsflyerlib']),
    name: 'AppsFlyer',
    role: 'attribution',
    sentence: 'AppsFlyer tells us which of our ad campaigns led to an install or a purchase (attribution).',
    privacyUrl: 'https://www.appsflyer.com/trust/privacy/',
    receives: [r('device_id', 'analytics', 'developer_advertising'), r('advertising_data', 'analytics', 'developer_advertising'), r('product_interaction', 'analytics', 'developer_advertising')],
    // Matching the advertising identifier with ad networks' data is tracking in Apple's sense.
    linkedToIdentity: true,
    usedForTracking: true,
  },
  crashlytics: {
    id: 'crashlytics',
    processing: { ...GOOGLE_FIREBASE, sources: [...GOOGLE_FIREBASE.sources, { title: 'Firebase: App Store data collection', url: 'https://firebase.google.com/docs/ios/app-store-data-collection' }] },
    name: 'Firebase Crashlytics',
    role: 'crash_reporting',
    sentence: 'Firebase Crashlytics, a Google service, receives crash reports so we can find and fix bugs.',
    privacyUrl: 'https://firebase.google.com/support/privacy',
    receives: [r('crash_data', 'app_functionality'), r('other_diagnostic_data', 'app_functionality'), r('device_id', 'app_functionality')],
    linkedToIdentity: false,
    usedForTracking: false,
  },
  appflows: {
    id: 'appflows',
    name: 'Appflows',
    role: 'engagement',
    sentence: 'Appflows runs the app’s hosted forms and flows (such as feedback, support, waitlist and referral pages) and stores what you send through them.',
    privacyUrl: null,
    receives: [],
    linkedToIdentity: false,
    usedForTracking: false,
  },
};

/** Older configs name the service by its former name. */
export const PRESET_ALIASES: Record<string, string> = { appmate: 'appflows' };

export const presetFor = (id: string): Preset | undefined => PRESETS[PRESET_ALIASES[id] ?? id];
export const PRESET_IDS = [...Object.keys(PRESETS), ...Object.keys(PRESET_ALIASES)];

/** Platform capabilities an app may use, and the data kind each means when its data leaves the device. */
export const CAPABILITIES = {
  health: { label: 'Health data (HealthKit / Health Connect)', kind: 'health' },
  motion: { label: 'Motion and fitness', kind: 'fitness' },
  location: { label: 'Location', kind: 'precise_location' },
  notifications: { label: 'Notifications', kind: 'device_id' },
  cloud_sync: { label: 'Cloud sync', kind: 'user_content' },
  camera: { label: 'Camera', kind: 'photos_videos' },
  photos: { label: 'Photo library', kind: 'photos_videos' },
  microphone: { label: 'Microphone', kind: 'audio' },
  speech_recognition: { label: 'Speech recognition', kind: 'audio' },
  contacts: { label: 'Contacts', kind: 'contacts' },
  calendar: { label: 'Calendar', kind: 'other' },
  bluetooth: { label: 'Bluetooth', kind: 'other' },
  face_id: { label: 'Face ID / Touch ID', kind: 'other' },
  other: { label: 'Other', kind: 'other' },
} as const satisfies Record<string, { label: string; kind: DataKind }>;
export type Capability = keyof typeof CAPABILITIES;
export const CAPABILITY_IDS = Object.keys(CAPABILITIES) as [Capability, ...Capability[]];
