import { z } from 'zod';
import { localeSchema, stringsSchema } from '../../kernel/i18n.js';
import { configUrl } from '../../kernel/web-url.js';
import { emailInput, formHero } from '../forms/forms.schema.js';
import { OPEN_FROM } from './legal.children-age.js';
import { fromClientShapes } from './legal.client-shapes.js';
import { CAPABILITY_IDS, DATA_KIND_IDS, PURPOSE_IDS, type Receive, type ProcessorRole, type ProcessingFacts } from './legal.presets.js';

const text = (max: number) => z.string().trim().max(max);
const line = (max: number) => z.string().trim().min(1).max(max);

/** A single value where a list is expected is taken as a one-item list (agents often send one). */
const list = <T extends z.ZodType>(item: T, min: number, max: number) => z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(item).min(min).max(max));

const purpose = z.enum(PURPOSE_IDS);
const purposes = list(purpose, 1, PURPOSE_IDS.length)
  .describe(
    'Why the data is used: `app_functionality`, `analytics`, `product_personalization`, `developer_advertising` (your own marketing), `third_party_advertising`, `developer_communications`, `fraud_prevention`, `account_management`, `other`. One value or a list. Mapped to Apple’s and Google’s purpose names.',
  );
const kinds = list(z.enum(DATA_KIND_IDS), 1, DATA_KIND_IDS.length)
  .describe(`What the processor receives, from: ${DATA_KIND_IDS.map((k) => `\`${k}\``).join(', ')}. Each maps to one Apple data type and one Google Play data type.`);

export const processorInput = z
  .object({
    id: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'must be a preset id or a short id of lowercase letters, digits, - and _')
      .describe(
        'A preset id (`revenuecat`, `superwall`, `firebase`, `amplitude`, `posthog`, `sentry`, `mixpanel`, `onesignal`, `admob`, `appsflyer`, `crashlytics`, `appflows`; `appmate` is accepted for `appflows`) whose canonical description fills in, or your own id for a custom processor (then give `name` and `receives`).',
      ),
    name: line(80).optional().describe('Display name. Required in practice for custom processors; overrides a preset’s name.'),
    purpose: purposes.optional().describe('Why it receives data. For a preset, replaces the purposes of every kind it receives; for a custom processor, applies to everything in `receives` (default `app_functionality`).'),
    receives: kinds.optional().describe('What it receives. For a preset, replaces the canonical list (say so when you turned a feature off or on); a custom processor without it cannot be declared and is listed under `unmappedProcessors`.'),
    privacyUrl: configUrl({ protocol: /^https$/, message: 'must be an https URL' }).optional().describe('Its privacy policy (https); presets bring their own.'),
    description: text(300).optional().describe('One plain sentence on what it does for the app, shown on the policy page; presets bring their own.'),
    linkedToIdentity: z.boolean().optional().describe('Whether what it receives is linked to the user’s identity (Apple’s “Data Linked to You”). Presets bring their own; custom default true (the cautious answer).'),
    usedForTracking: z
      .boolean()
      .optional()
      .describe('Whether it uses the data to track the user across other companies’ apps or websites, or shares it with data brokers. Presets bring their own; custom default: true only with purpose `third_party_advertising`.'),
    processing: z
      .object({
        locations: z.array(line(80)).min(1).max(10).describe('Countries or regions where it processes the data: a region code (ISO 3166 `DE`, `US`; `EU`, `EEA`), named in the reader’s language, or your own words, printed as given ("Deutschland").'),
        mechanism: z.enum(['eea', 'adequacy', 'dpf', 'scc']).describe('The GDPR Chapter V safeguard: `eea` inside the EEA (no transfer), `adequacy` a country with an adequacy decision, `dpf` certified under the EU-US Data Privacy Framework, `scc` Standard Contractual Clauses.'),
        dpf: z.object({ uk: z.boolean(), swiss: z.boolean() }).strict().optional().describe('With `dpf`: whether it also joined the UK Extension and the Swiss-US framework (default: neither, so transfers from the UK and Switzerland are said to rest on the SCCs).'),
      })
      .strict()
      .optional()
      .describe('Where it processes and the transfer safeguard, in your words, printed in the transfers section where the GDPR applies: for the Appflows you host yourself (your server’s country), a custom processor, or a preset configured differently (replaces its recorded facts). Without it a processor with no recorded facts is said to be unrecorded.'),
  })
  .strict();
export type ProcessorInput = z.infer<typeof processorInput>;

/** What `mode` may be for each capability that has one. */
export const PLATFORM_MODES = ['when_in_use', 'always', 'local', 'push'] as const;
const MODES_OF: Partial<Record<string, readonly string[]>> = { location: ['when_in_use', 'always'], notifications: ['local', 'push'] };

const platformItem = z
  .object({
    capability: z.enum(CAPABILITY_IDS).describe('The platform capability the app uses.'),
    label: line(80).optional().describe('Name shown for `other` (or a better name for any capability).'),
    use: text(300).optional().describe('What the app uses it for, in plain words ("to log your sleep").'),
    leavesDevice: z
      .boolean()
      .optional()
      .describe(
        'Default false: the data stays on the device (or in the user’s own private iCloud), is described on the policy page and is not declared as collected. true: it is sent to your servers, so it is declared (source: your entity name).',
      ),
    purpose: purposes.optional().describe('With leavesDevice: why (default `app_functionality`).'),
    access: z
      .array(z.enum(['read', 'write']))
      .min(1)
      .max(2)
      .optional()
      .describe('Whether the app reads the data, writes it, or both (Health: reads your steps, writes your workouts).'),
    mode: z
      .enum(PLATFORM_MODES)
      .optional()
      .describe('`when_in_use` or `always` for location; `local` (scheduled on the device) or `push` (sent through the platform’s push service) for notifications.'),
  })
  .strict()
  .refine((x) => !x.mode || MODES_OF[x.capability]?.includes(x.mode), { path: ['mode'], message: 'when_in_use / always fit location only, local / push notifications only' });
const platformData = list(z.union([z.enum(CAPABILITY_IDS), platformItem]), 0, 20).transform((items) => items.map((it) => (typeof it === 'string' ? { capability: it } : it)));
export type PlatformItem = z.infer<typeof platformItem>;

const declarations = z
  .object({
    sellsData: z.boolean().describe('Whether you sell user data (or share it for money or other value).'),
    advertising: z.boolean().describe('Whether the app shows advertising.'),
    analytics: z.boolean().describe('Whether you use analytics services to measure how the app is used (an analytics preset, or a custom processor with purpose `analytics`).'),
    tracking: z.boolean().describe('Whether you or a partner track users across other companies’ apps and websites (Apple’s ATT definition).'),
    profiling: z.boolean().describe('Whether you build profiles of users to make automated decisions about them.'),
  })
  .strict()
  .describe('Your answers to the questions a policy must address; the false ones become the negative claims (“We do not sell your data”).');

/** A contact person or office named in the policy. */
const person = z
  .object({
    name: line(160).describe('Name of the person or company.'),
    email: emailInput.optional().describe('Email address.'),
    address: text(300).optional().describe('Postal address, on one line.'),
  })
  .strict();

const LEGAL_BASES = ['consent', 'contract', 'legal_obligation', 'legitimate_interests'] as const;
/**
 * The purposes the GDPR sections name: the store purposes, plus crash reporting, which the policy
 * sets apart from app functionality (text edition 3 on) because the EDPB (Guidelines 2/2019 on
 * Art. 6(1)(b)) does not count it as necessary for the contract.
 */
export const GDPR_PURPOSE_IDS = [...PURPOSE_IDS, 'crash_reporting'] as const;
export type GdprPurpose = (typeof GDPR_PURPOSE_IDS)[number];
const gdprPurpose = z.enum(GDPR_PURPOSE_IDS);
const gdpr = z
  .object({
    consent: list(gdprPurpose, 1, GDPR_PURPOSE_IDS.length)
      .optional()
      .describe('Purposes the app asks consent for (a consent dialog before the SDK starts): their legal basis becomes consent (GDPR Art. 6(1)(a)) and the policy explains withdrawal. Third-party advertising and tracking processors are always on consent. `crash_reporting` is the crash and diagnostics data sent for app functionality (a crash reporter, the crash flow).'),
    legalBasis: z
      .partialRecord(gdprPurpose, z.enum(LEGAL_BASES))
      .optional()
      .describe('Legal basis per purpose, overriding the defaults (`app_functionality`, `account_management`, `developer_communications`: `contract`; `third_party_advertising`: `consent`; the others, `crash_reporting` included: `legitimate_interests`). Values: `consent`, `contract`, `legal_obligation`, `legitimate_interests`.'),
    retention: z
      .partialRecord(z.enum(DATA_KIND_IDS), line(200))
      .optional()
      .describe('How long each kind of data is kept, in your words ("90 days", "until you delete your account"), overriding the default period per category.'),
    authority: z
      .object({ name: line(200), url: configUrl({ protocol: /^https$/, message: 'must be an https URL' }) })
      .strict()
      .optional()
      .describe('The supervisory authority to name, overriding the one of your country (and German Land).'),
  })
  .strict();

const terms = z
  .object({
    subscriptions: z.boolean().optional().describe('Include the auto-renewing subscriptions section. Default: true when a `revenuecat` or `superwall` processor is listed.'),
    minimumAge: z.number().int().min(4).max(21).optional().describe('Minimum age to use the app.'),
    governingLaw: text(120).optional().describe('Law governing the terms; default `entity.jurisdiction`.'),
    appleStandardEula: z.boolean().optional().describe('Refer to Apple’s standard licence agreement (default true).'),
    enabled: z
      .boolean()
      .optional()
      .describe('Accepted from AppMate’s client; the terms page is always published, so `false` draws the warning `terms_always_published`.'),
    sections: z
      .array(z.object({ title: line(120), body: line(4000) }).strict())
      .max(20)
      .optional()
      .describe('Extra sections of your own, in order, after the generated ones (plain text; blank lines separate paragraphs).'),
  })
  .strict();

/** Keys publish writes into a version; an agent may send a published config back as a draft. */
const SERVER_KEYS = ['frozen'];
function dropServerKeys(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const out = { ...(v as Record<string, unknown>) };
  for (const k of SERVER_KEYS) delete out[k];
  return out;
}

export const legalConfigObject = z
  .object({
    type: z.literal('legal').optional(),
    entity: z
      .object({
        name: line(120).describe('Who is responsible for the app: you or your company, as it should appear in the policy.'),
        contactEmail: emailInput.optional().describe('Where users write for privacy requests (access, deletion). Strongly advised; without it a warning.'),
        address: text(300).optional().describe('Your postal address, shown under "Who is responsible" where a privacy law applies (GDPR Art. 13(1)(a) asks for the controller\'s contact details; COPPA for the operator\'s address).'),
        privacyRequestUrl: configUrl({ protocol: /^https$/, message: 'must be an https URL' })
          .optional()
          .describe('A web form (https) where users make privacy requests, including the US "Do Not Sell or Share My Personal Information" opt-out: printed in the US and GDPR rights sections beside the email. Advised when data is sold or shared (warning `us_opt_out_email_only`).'),
        tollFreeNumber: line(40)
          .regex(/^[+0-9][0-9 ()./-]{5,38}$/, 'must be a phone number of digits, spaces and + ( ) . / -')
          .optional()
          .describe('A toll-free telephone number for US privacy requests (Cal. Civ. Code § 1798.130(a)(1)): printed in the US section, and as the operator\'s telephone number in a children\'s app\'s COPPA notice (16 CFR 312.4(d)(1)).'),
        jurisdiction: text(120).optional().describe('Where you are established ("Germany", "California, USA"); shown in the policy and the default governing law of the terms.'),
        country: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code like DE, GB, CH or US')
          .optional()
          .describe('Country where you are established, as an ISO 3166-1 alpha-2 code (`DE`, `FR`, `GB`, `CH`, `US`). Decides which privacy laws the policy addresses (GDPR, UK GDPR, CCPA) and the supervisory authority it names; without it, `jurisdiction` is read (country or US state names).'),
        region: text(60)
          .optional()
          .describe('State or region within the country: for Germany the Land (`BY`, `Bayern`, `Berlin`, …) names its data protection authority; otherwise the policy names the federal state\'s authority generically with the official list.'),
        dpo: person.optional().describe('Your data protection officer, when you have one (GDPR Art. 37): named in the policy.'),
        euRepresentative: person.optional().describe('Your representative in the EU (GDPR Art. 27), needed when you are established outside the EU and offer the app there.'),
        ukRepresentative: person.optional().describe('Your representative in the UK (UK GDPR Art. 27), needed when you are established outside the UK and offer the app there.'),
        swissRepresentative: person
          .optional()
          .describe('Your representative in Switzerland (Swiss FADP Art. 14), needed when you are established abroad and regularly process, on a large scale, the data of people in Switzerland to offer them the app: named in the policy wherever the FADP applies (Art. 15 asks for the name and address).'),
      })
      .strict(),
    effectiveDate: z.iso
      .date()
      .optional()
      .describe('YYYY-MM-DD. Publish always stamps it to the publish day (UTC), so a value here only previews; a future one draws a warning.'),
    localData: list(line(200), 0, 30)
      .optional()
      .describe('What the app keeps only on the device ("sleep logs", "journal entries"). Described on the policy page, never declared as collected. AppMate’s `{ enabled, items }` is stored as `items` (nothing when enabled is false).'),
    processors: z
      .array(processorInput)
      .max(30)
      .default([])
      .describe('Third parties (and this service) that receive data from the app. Only data that leaves the device counts as collected.'),
    platformData: platformData
      .optional()
      .describe('Platform capabilities the app uses: `health`, `motion`, `location`, `notifications`, `cloud_sync`, `camera`, `photos`, `microphone`, `speech_recognition`, `contacts`, `calendar`, `bluetooth`, `face_id`, `other`; a bare id or `{ capability, use?, leavesDevice?, purpose?, access?, mode? }`. AppMate’s map form (`{ healthkit: { read, write }, location: \'whenInUse\', camera: false }`) is stored as this list; `\'none\'` and false leave a capability out.'),
    declarations,
    childrenDirected: z.boolean().optional().describe(`Whether the app is directed at children (under ${OPEN_FROM}). Omitted: the policy says nothing about children.`),
    medicalDisclaimer: z
      .union([z.boolean(), line(2000)])
      .optional()
      .describe('true adds the standard “not medical advice” section to the terms (and a line to the policy); a string replaces its text.'),
    terms: terms.optional().describe('Options of the generated terms of use.'),
    locales: z
      .array(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag like en or pt-BR'))
      .max(20)
      .optional()
      .describe('Languages you offer the policy in (informative; `locale` chooses the language of the pages). The first locale sets the frame\'s lang attribute when it is English.'),
    hero: formHero
      .optional()
      .describe('Look of the public pages: accentColor tints links and headings. The other hero keys of the form flows (theme, eyebrow, titleFont) are accepted, as AppMate sends them, and warned about: legal pages have no hero.'),
    audience: z
      .array(z.enum(['eea', 'uk', 'ch', 'us', 'worldwide']))
      .max(5)
      .optional()
      .describe('Where the app is offered, besides where you are established: `eea`, `uk` and `ch` add the GDPR / UK GDPR sections (legal bases, transfers, retention, rights, authority), `us` the US state privacy (CCPA/CPRA) section and, with `childrenDirected`, COPPA wording; `worldwide` all of them.'),
    gdpr: gdpr.optional().describe('GDPR choices: purposes the app asks consent for, legal bases, retention periods, the supervisory authority.'),
    englishAuthoritative: z
      .boolean()
      .optional()
      .describe('When the policy and terms are published in another language: true adds a notice that the English version, linked, prevails. Default false: the text in the reader\'s language is the policy.'),
    locale: localeSchema
      .optional()
      .describe('Language of the pages (frame and, where a translation exists, the generated policy and terms; otherwise the text stays English and is marked so). Default: the app\'s language. Frozen into each version at publish.'),
    strings: stringsSchema.optional(),
  })
  .strict();

export const legalConfig = z
  .preprocess((v, ctx) => fromClientShapes(dropServerKeys(v), ctx), legalConfigObject)
  .describe(
    'Privacy policy and terms composed from facts you assert; the service never infers what your app does. AppMate’s documented shapes are accepted too and stored in this shape: `localData: { enabled, items }`, `platformData` as a map (`{ healthkit: { read, write }, notifications: \'local\' | \'push\', icloud: true, location: \'none\' | \'whenInUse\' | \'always\', camera: false, … }`, \'none\' / false = not used), `terms: { enabled, appleStandardEula, customClauses: [{ heading, body }] }`. The generated pages, App Store privacy declaration and Play Data safety answers are a careful starting point, not legal advice: have them reviewed for your situation. `frozen` (written by publish) is ignored on PUT.',
  );
export type LegalConfig = z.infer<typeof legalConfigObject>;

/** A processor with everything filled in, as a published version freezes it. */
export interface ResolvedProcessor {
  id: string;
  /** The preset it came from (aliases resolved), or null for a custom processor. */
  preset: string | null;
  name: string;
  role: ProcessorRole;
  description: string;
  privacyUrl: string | null;
  receives: Receive[];
  linkedToIdentity: boolean;
  usedForTracking: boolean;
  /** false: not enough facts to declare it (a custom processor without `receives`). */
  mapped: boolean;
  /** Frozen at publish from the preset (or the owner's entry); absent in versions published before it existed. */
  processing?: ProcessingFacts;
  /** For `appflows`: the published flows behind each kind. */
  flows?: { type: string; slug: string; version: number; kinds: string[] }[];
}

/** What publish writes into a version so its pages and declaration never change afterwards. */
export interface Frozen {
  processors: ResolvedProcessor[];
  /** Published flows of the app at publish time (type, slug, version). */
  flows: { type: string; slug: string; version: number }[];
  /** The version's edition (legal.edition.ts): how its pages and declarations render. Absent in versions stored before the single stamp. */
  edition?: number;
  /** Language of the generated text at publish (text/index.ts). */
  lang?: string;
  /** Stored by earlier releases instead of `edition` (the data-flow model's revision); read only by legal.edition.ts. */
  model?: number;
  /** Stored by earlier releases instead of `edition` and `lang`; read only by legal.edition.ts. */
  text?: { lang: string; edition: number };
}

export type PublishedLegal = LegalConfig & { type: 'legal'; effectiveDate: string; frozen: Frozen };
