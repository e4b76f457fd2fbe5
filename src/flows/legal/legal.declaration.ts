import { appleDataTypes, flowSharedForAdvertising, legalModel } from './legal.model.js';
import { APPLE_CATEGORY_ORDER, DATA_KINDS, PRESETS, PURPOSES, isRegionCode, presetFor, type DataKind, type Purpose, type Receive } from './legal.presets.js';
import type { Frozen, LegalConfig, ResolvedProcessor } from './legal.schema.js';
import { TEXT_EDITION } from './text/index.js';

/**
 * Pure derivation: asserted facts (a legal config) plus what the app's published Appflows flows
 * collect → resolved processors (frozen into a version at publish), Apple's App Privacy
 * declaration and Google Play's Data safety answers. No I/O, no clock.
 */

export interface PublishedFlowFacts {
  type: string;
  slug: string;
  versionNumber: number;
  config: any;
}

/** Flow types whose stored records (submissions, reports, sessions) keep the visitor's country. */
const COUNTRY_STORED = new Set(['waitlist', 'feedback', 'report', 'contact', 'crash', 'onboarding', 'referral', 'wishlist', 'cancel']);

const toggled = (t: { enabled?: boolean; required?: boolean } | undefined) => (t?.enabled ? { optional: !t.required } : undefined);

/**
 * What one published Appflows flow sends to the server (only what leaves the device), or
 * nothing. `linked`: the flow can tie it to a person (an email, or the host app's user id).
 */
export function flowCollects(type: string, c: any): { receives: Receive[]; linked: boolean } {
  const out: Receive[] = [];
  const add = (kind: DataKind, purposes: Purpose[], optional = false) => out.push({ kind, purposes, ...(optional ? { optional } : {}) });
  const email = (t: { enabled?: boolean; required?: boolean } | undefined) => {
    const e = toggled(t);
    if (e) add('email', ['app_functionality', 'developer_communications'], e.optional);
  };
  const custom = () => {
    if (Array.isArray(c?.fields) && c.fields.length > 0) add('user_content', ['app_functionality'], !c.fields.some((f: { required?: boolean }) => f.required));
  };
  switch (type) {
    case 'waitlist':
      add('email', ['app_functionality', 'developer_advertising']);
      custom();
      break;
    case 'feedback':
      add('user_content', ['app_functionality']);
      email(c?.emailField);
      custom();
      break;
    case 'report':
      add('customer_support', ['app_functionality']);
      email(c?.emailField);
      break;
    case 'contact': {
      const n = toggled(c?.nameField);
      if (n) add('name', ['app_functionality', 'developer_communications'], n.optional);
      email(c?.emailField);
      const m = toggled(c?.messageField);
      if (m) add('customer_support', ['app_functionality'], m.optional);
      custom();
      break;
    }
    case 'crash':
      // Reports carry the stack trace plus device model, OS and app version.
      add('crash_data', ['app_functionality']);
      add('other_diagnostic_data', ['app_functionality']);
      email(c?.emailField);
      break;
    case 'onboarding': {
      const steps: { kind?: string; required?: boolean }[] = Array.isArray(c?.steps) ? c.steps : [];
      const capture = steps.filter((s) => s.kind === 'email_capture');
      if (capture.length) add('email', ['app_functionality', 'developer_advertising'], capture.every((s) => s.required === false));
      if (steps.some((s) => s.kind === 'question')) add('user_content', ['product_personalization']);
      break;
    }
    case 'referral':
      add('user_id', ['app_functionality', 'fraud_prevention']);
      add('device_id', ['app_functionality', 'fraud_prevention']);
      break;
    case 'wishlist': {
      add('user_content', ['app_functionality']);
      const id = c?.identity;
      if (id?.mode === 'email') add('email', ['app_functionality'], !(id.requireEmailToSubmit || id.requireEmailToVote || id.requireEmailToComment));
      break;
    }
    case 'cancel':
      add('product_interaction', ['analytics']);
      break;
    case 'app_promotion':
      add('product_interaction', ['developer_advertising']);
      break;
    default:
      break;
  }
  // Each record these flows store carries the country looked up from the request's IP address
  // (kernel/identity.ts; the address itself is kept only as a keyed hash): an approximate
  // location in Apple's and Google's sense, declared (docs/legal.md, "Country from the IP").
  if (out.length && COUNTRY_STORED.has(type)) add('coarse_location', ['analytics']);
  // The SDK passes the host app's user id to cancel, referral, wishlist and promotions: linked.
  const linked = out.some((x) => x.kind === 'email' || x.kind === 'name' || x.kind === 'user_id') || ['cancel', 'referral', 'wishlist', 'app_promotion'].includes(type);
  return { receives: out, linked };
}

/** Union of receives by kind: purposes merged, optional only when optional everywhere. */
function mergeReceives(list: Receive[]): Receive[] {
  const by = new Map<DataKind, Receive>();
  for (const r of list) {
    const prev = by.get(r.kind);
    if (!prev) by.set(r.kind, { kind: r.kind, purposes: [...r.purposes], ...(r.optional ? { optional: true } : {}) });
    else {
      for (const p of r.purposes) if (!prev.purposes.includes(p)) prev.purposes.push(p);
      if (!r.optional) delete prev.optional;
    }
  }
  return [...by.values()];
}

/** The `appflows` processor for this app: what its published flows collect. */
export function appflowsProcessor(flows: PublishedFlowFacts[], override?: LegalConfig['processors'][number]): ResolvedProcessor {
  const p = PRESETS.appflows;
  const perFlow = flows
    .map((f) => ({ f, c: flowCollects(f.type, f.config) }))
    .filter((x) => x.c.receives.length > 0)
    .sort((a, b) => a.f.type.localeCompare(b.f.type) || a.f.slug.localeCompare(b.f.slug));
  const receives = mergeReceives(perFlow.flatMap((x) => x.c.receives));
  const country = receives.some((r) => r.kind === 'coarse_location') ? ' With what you send it records the country your connection comes from, looked up from your IP address (not your precise location).' : '';
  return {
    id: override?.id ?? 'appflows',
    preset: 'appflows',
    name: override?.name ?? p.name,
    role: p.role,
    description: override?.description ?? p.sentence + country,
    privacyUrl: override?.privacyUrl ?? null,
    receives,
    linkedToIdentity: override?.linkedToIdentity ?? perFlow.some((x) => x.c.linked),
    usedForTracking: override?.usedForTracking ?? false,
    mapped: true,
    flows: perFlow.map((x) => ({ type: x.f.type, slug: x.f.slug, version: x.f.versionNumber, kinds: x.c.receives.map((r) => r.kind) })),
  };
}

/**
 * Every processor with its canonical description filled in. The `appflows` processor always
 * reflects the app's published flows (an owner cannot narrow what the service itself collects),
 * and is added when the flows collect something and the owner did not list it.
 */
export function resolveProcessors(config: LegalConfig, flows: PublishedFlowFacts[]): ResolvedProcessor[] {
  const out: ResolvedProcessor[] = [];
  let hasAppflows = false;
  const seen = new Set<string>();
  for (const p of config.processors) {
    const preset = presetFor(p.id);
    const key = preset?.id ?? p.id;
    if (seen.has(key)) continue; // duplicates warn (legal.warnings.ts) and count once
    seen.add(key);
    if (preset?.id === 'appflows') {
      hasAppflows = true;
      out.push(appflowsProcessor(flows, p));
      continue;
    }
    if (preset) {
      const receives = (p.receives ?? preset.receives.map((r) => r.kind)).map((kind): Receive => ({
        kind,
        purposes: p.purpose ?? preset.receives.find((r) => r.kind === kind)?.purposes ?? ['app_functionality'],
      }));
      out.push({
        id: p.id,
        preset: preset.id,
        name: p.name ?? preset.name,
        role: preset.role,
        description: p.description ?? preset.sentence,
        privacyUrl: p.privacyUrl ?? preset.privacyUrl,
        receives,
        linkedToIdentity: p.linkedToIdentity ?? preset.linkedToIdentity,
        usedForTracking: p.usedForTracking ?? preset.usedForTracking,
        mapped: true,
        ...(preset.processing ? { processing: preset.processing } : {}),
      });
      continue;
    }
    const purposes: Purpose[] = p.purpose ?? ['app_functionality'];
    const name = p.name ?? p.id;
    out.push({
      id: p.id,
      preset: null,
      name,
      role: purposes.includes('third_party_advertising') ? 'advertising' : purposes.includes('analytics') ? 'analytics' : 'custom',
      description: p.description ?? (p.receives ? `${name} receives ${words(p.receives)} ${purposeWords(purposes)}.` : `${name} receives data from the app.`),
      privacyUrl: p.privacyUrl ?? null,
      receives: (p.receives ?? []).map((kind) => ({ kind, purposes: [...purposes] })),
      linkedToIdentity: p.linkedToIdentity ?? true,
      usedForTracking: p.usedForTracking ?? purposes.includes('third_party_advertising'),
      mapped: !!p.receives,
    });
  }
  if (!hasAppflows) {
    const own = appflowsProcessor(flows);
    if (own.receives.length > 0) out.push(own);
  }
  // The owner's statement of where a processor processes (a self-hosted Appflows, a custom vendor) replaces the recorded one.
  for (const x of out) {
    const own = config.processors.find((p) => (presetFor(p.id)?.id ?? p.id) === (x.preset ?? x.id))?.processing;
    // A region code the owner gave (`DE`, `EU`) is a Place, named in the reader's language; other words are theirs, kept as given.
    if (own) x.processing = { locations: own.locations.map((l) => (isRegionCode(l) ? { region: l } : l)), mechanism: own.mechanism, ...(own.mechanism === 'dpf' ? { dpf: own.dpf ?? { uk: false, swiss: false } } : {}), sources: [] };
  }
  return out;
}

/** What a version freezes (publish adds the text's language); a draft's declarations derive from it as today's edition. */
export function freeze(config: LegalConfig, flows: PublishedFlowFacts[]): Frozen {
  return {
    processors: resolveProcessors(config, flows),
    edition: TEXT_EDITION,
    flows: flows.filter((f) => f.type !== 'legal').map((f) => ({ type: f.type, slug: f.slug, version: f.versionNumber })).sort((a, b) => a.type.localeCompare(b.type) || a.slug.localeCompare(b.slug)),
  };
}

/** Plain-English list: "your email address, an account or user ID and crash reports". */
export function words(kinds: readonly DataKind[]): string {
  const w = kinds.map((k) => DATA_KINDS[k].words);
  return w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} and ${w[w.length - 1]}`;
}
export function purposeWords(purposes: readonly Purpose[]): string {
  const w = [...new Set(purposes.map((p) => PURPOSES[p].words))];
  return w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} and ${w[w.length - 1]}`;
}

export interface Basis {
  /** `published`: derived from a frozen version; `draft`: a preview of the current draft. */
  source: 'published' | 'draft';
  version: number | null;
  effectiveDate: string | null;
  /** The policy page of that version (null for a draft). */
  url: string | null;
}

export interface AppleEntry {
  /** Apple's data type name ("Email Address"). */
  category: string;
  /** Apple's category heading the type sits under ("Contact Info"). */
  group: string;
  /** Apple's purpose name ("App Functionality"). */
  purpose: string;
  linkedToIdentity: boolean;
  usedForTracking: boolean;
  /** Name of the processor causing it. */
  source: string;
}

export interface UnmappedProcessor {
  id: string;
  name: string;
  reason: string;
}

const unmapped = (ps: ResolvedProcessor[]): UnmappedProcessor[] =>
  ps.filter((p) => !p.mapped).map((p) => ({ id: p.id, name: p.name, reason: 'not a preset and no `receives` given: say what it receives to declare it' }));

/**
 * Apple's App Privacy answers: one entry per (data type, purpose, source), all derived from the
 * data-flow model (legal.model.ts). Only data leaving the device is there; `dataNotCollected` only
 * when nothing does and no processor is left unmapped. Linked and tracking are answered once per
 * data type, as App Store Connect asks them (linked if any collection of it is linked), so a type
 * can never be both; `dataTypes` gives that form directly. A version frozen before the model
 * (`legacy`) keeps its published per-source answers and has no `dataTypes`.
 */
export function appStorePrivacy(config: LegalConfig, frozen: Frozen, basis: Basis) {
  const model = legalModel(config, frozen);
  const types = new Map(appleDataTypes(model).map((t) => [t.category, t]));
  const seen = new Map<string, AppleEntry>();
  for (const f of model.flows) {
    if (!f.leavesDevice || !f.kind || f.recipient.type === 'device') continue;
    const [group, category] = DATA_KINDS[f.kind].apple;
    const source = f.recipient.name;
    for (const purpose of new Set(f.purposes.map((x) => PURPOSES[x].apple))) {
      const key = `${category}\n${purpose}\n${source}`;
      const prev = seen.get(key);
      if (prev) {
        prev.linkedToIdentity ||= f.linked;
        prev.usedForTracking ||= f.tracking;
      } else seen.set(key, { category, group, purpose, linkedToIdentity: f.linked, usedForTracking: f.tracking, source });
    }
  }
  if (!model.legacy) {
    for (const e of seen.values()) {
      const t = types.get(e.category)!;
      e.linkedToIdentity = t.linkedToIdentity;
      e.usedForTracking = t.usedForTracking;
    }
  }
  const order = (e: AppleEntry) => APPLE_CATEGORY_ORDER.indexOf(e.group);
  const entries = [...seen.values()].sort((a, b) => order(a) - order(b) || a.category.localeCompare(b.category) || a.purpose.localeCompare(b.purpose) || a.source.localeCompare(b.source));
  const unmappedProcessors = unmapped(frozen.processors);
  return {
    basis,
    dataNotCollected: entries.length === 0 && unmappedProcessors.length === 0,
    entries,
    ...(model.legacy ? {} : { dataTypes: [...types.values()] }),
    unmappedProcessors,
    /** Apple asks about tracking separately: any entry used for tracking means an ATT prompt. */
    usedForTracking: entries.some((e) => e.usedForTracking),
  };
}
export type AppStorePrivacy = ReturnType<typeof appStorePrivacy>;

export interface PlayDataType {
  /** Google's data category ("Personal info"). */
  category: string;
  /** Google's data type ("Email address"). */
  dataType: string;
  collected: true;
  /** Transferred to a third party for its own use (Google: service providers acting for you are not sharing). */
  shared: boolean;
  /** The user can choose not to give it. */
  optional: boolean;
  purposes: string[];
  sources: string[];
}

/**
 * Google Play's Data safety answers from the same facts. A processor acting on your behalf is
 * not "sharing" in Google's sense; data it uses for tracking or third-party advertising is.
 */
export function playDataSafety(config: LegalConfig, frozen: Frozen, basis: Basis) {
  const by = new Map<string, PlayDataType>();
  for (const f of legalModel(config, frozen).flows) {
    if (!f.leavesDevice || !f.kind || f.recipient.type === 'device') continue;
    const [category, dataType] = DATA_KINDS[f.kind].play;
    const key = `${category}\n${dataType}`;
    const shared = flowSharedForAdvertising(f);
    const purposes = f.purposes.map((x) => PURPOSES[x].play).filter((x): x is NonNullable<typeof x> => !!x);
    const source = f.recipient.name;
    const prev = by.get(key);
    if (!prev) by.set(key, { category, dataType, collected: true, shared, optional: f.optional, purposes: [...new Set(purposes)], sources: [source] });
    else {
      prev.shared ||= shared;
      prev.optional &&= f.optional;
      for (const x of purposes) if (!prev.purposes.includes(x)) prev.purposes.push(x);
      if (!prev.sources.includes(source)) prev.sources.push(source);
    }
  }
  const dataTypes = [...by.values()].sort((a, b) => a.category.localeCompare(b.category) || a.dataType.localeCompare(b.dataType));
  const unmappedProcessors = unmapped(frozen.processors);
  return {
    basis,
    dataCollected: dataTypes.length > 0 || unmappedProcessors.length > 0,
    dataShared: dataTypes.some((d) => d.shared) || config.declarations.sellsData,
    dataTypes,
    unmappedProcessors,
    /** Questions of the form the facts do not answer; answer them yourself. */
    unanswered: [
      'Is all of the user data collected by your app encrypted in transit?',
      'Do you provide a way for users to request that their data is deleted?',
    ],
  };
}
export type PlayDataSafety = ReturnType<typeof playDataSafety>;
