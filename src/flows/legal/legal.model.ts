import { APPLE_CATEGORY_ORDER, CAPABILITIES, DATA_KINDS, PURPOSES, type Capability, type DataKind, type Purpose } from './legal.presets.js';
import { usesModel } from './legal.edition.js';
import type { Frozen, LegalConfig, PlatformItem, ResolvedProcessor } from './legal.schema.js';

/**
 * One model of the app's data flows, built from the asserted facts (config) and the frozen
 * processors: every statement of the policy about what stays on the device and what leaves it,
 * and every answer of the App Store and Play declarations, is derived from it (legal.policy.ts,
 * legal.declaration.ts), and legal.checks.ts looks for facts that contradict each other in it.
 */

/** Who gets the data: a processor (by its frozen id), the entity itself, or nobody (it stays on the device). */
export type Recipient = { type: 'processor'; id: string; name: string } | { type: 'entity'; name: string } | { type: 'device' };

export interface DataFlow {
  /** The kind of data; null for a free-text `localData` item (described, never declared). */
  kind: DataKind | null;
  purposes: Purpose[];
  recipient: Recipient;
  linked: boolean;
  tracking: boolean;
  leavesDevice: boolean;
  optional: boolean;
  /** The platform capability behind it, for platformData. */
  capability?: Capability;
  /** Where in the config the fact was asserted (`/processors/2`, `/platformData/0`, `/localData/1`). */
  path: string;
}

export interface LegalModel {
  flows: DataFlow[];
  /**
   * Whether the version was published before the model existed (edition 0, legal.edition.ts): its
   * pages and declarations are derived exactly as they were published (per-source linked answers,
   * an unqualified on-device list).
   */
  legacy: boolean;
}

type PlatformUse = NonNullable<LegalConfig['platformData']>[number];
/** Push notifications travel through the platform's push service: never listed as staying on the device. */
export const staysOnDevice = (x: PlatformUse) => !x.leavesDevice && x.mode !== 'push';

/** Where in the config a frozen processor was listed (an `appflows` added on its own: `/processors`). */
function processorPath(config: LegalConfig, id: string): string {
  const i = config.processors.findIndex((p) => p.id === id);
  return i >= 0 ? `/processors/${i}` : '/processors';
}

export function legalModel(config: LegalConfig, frozen: Frozen): LegalModel {
  const flows: DataFlow[] = [];
  const device: Recipient = { type: 'device' };
  (config.localData ?? []).forEach((_, i) => {
    flows.push({ kind: null, purposes: ['app_functionality'], recipient: device, linked: false, tracking: false, leavesDevice: false, optional: false, path: `/localData/${i}` });
  });
  for (const p of frozen.processors) {
    const recipient: Recipient = { type: 'processor', id: p.id, name: p.name };
    for (const r of p.receives) {
      flows.push({ kind: r.kind, purposes: r.purposes, recipient, linked: p.linkedToIdentity, tracking: p.usedForTracking, leavesDevice: true, optional: !!r.optional, path: processorPath(config, p.id) });
    }
  }
  (config.platformData ?? []).forEach((x: PlatformItem, i) => {
    const kind = CAPABILITIES[x.capability].kind;
    const path = `/platformData/${i}`;
    if (x.leavesDevice) {
      const entity: Recipient = { type: 'entity', name: config.entity.name };
      flows.push({ kind, purposes: x.purpose ?? ['app_functionality'], recipient: entity, linked: true, tracking: false, leavesDevice: true, optional: false, capability: x.capability, path });
    } else if (staysOnDevice(x)) {
      flows.push({ kind, purposes: ['app_functionality'], recipient: device, linked: false, tracking: false, leavesDevice: false, optional: false, capability: x.capability, path });
    }
  });
  return { flows, legacy: !usesModel(frozen) };
}

/*
 * What a processor does with the data beyond acting for the owner. Three questions with three
 * answers on purpose, each asked in one place only:
 * - showsAds: the policy's "the app shows advertising" claim. An ad network counts by its role
 *   too: an owner who narrowed AdMob's purposes (non-personalised ads, no tracking) still shows ads.
 * - sharesForAdvertising: the data is "shared" for cross-context behavioural advertising (CCPA
 *   § 1798.140(ah)), its purposes need consent (GDPR, ePrivacy), and a children's app may not
 *   promise "no behavioural advertising" (COPPA). Tracking counts (an attribution SDK matching the
 *   advertising ID shows no ads but shares); non-personalised ads alone do not.
 * - usesDataForItself: an independent controller, not only a processor (the policy names them):
 *   ad networks and attribution providers by their role, and anything that tracks.
 */
type Doing = Pick<ResolvedProcessor, 'role' | 'receives' | 'usedForTracking'>;
const forThirdPartyAds = (p: Doing) => p.receives.some((r) => r.purposes.includes('third_party_advertising'));
export const showsAds = (p: Doing) => p.role === 'advertising' || forThirdPartyAds(p);
export const sharesForAdvertising = (p: Doing) => p.usedForTracking || forThirdPartyAds(p);
export const usesDataForItself = (p: Doing) => p.usedForTracking || p.role === 'advertising' || p.role === 'attribution';
/** sharesForAdvertising for one flow of data: Play asks "shared" per data type, so per flow (a processor shares only what it tracks with or receives for ads). */
export const flowSharedForAdvertising = (f: DataFlow) => f.tracking || f.purposes.includes('third_party_advertising');

/** Data kinds a processor may receive that mean a capability's data left the device. */
export const SENT_AS: Partial<Record<Capability, { same: DataKind[]; coarser?: DataKind[] }>> = {
  location: { same: ['precise_location'], coarser: ['coarse_location'] },
  health: { same: ['health'] },
  motion: { same: ['fitness'] },
  camera: { same: ['photos_videos'] },
  photos: { same: ['photos_videos'] },
  microphone: { same: ['audio'] },
  speech_recognition: { same: ['audio'] },
  contacts: { same: ['contacts'] },
};

/** Who receives a kind of data that leaves the device (names, in order of first mention). */
export function receiversOf(model: LegalModel, kinds: readonly DataKind[]): string[] {
  const names = model.flows.filter((f) => f.leavesDevice && f.kind && kinds.includes(f.kind)).map((f) => (f.recipient.type === 'device' ? '' : f.recipient.name));
  return [...new Set(names)];
}

/**
 * A capability described as staying on the device, with what of the same sort still leaves it:
 * `coarser` — a processor receives a coarser kind (approximate location while the precise one
 * stays): the policy must say exactly that; `same` — a processor receives that very kind: a
 * contradiction that refuses publishing (legal.checks.ts).
 */
export function onDeviceConflicts(model: LegalModel, path: string): { same: string[]; coarser: string[] } {
  const f = model.flows.find((x) => x.path === path && x.recipient.type === 'device');
  const sent = f?.capability ? SENT_AS[f.capability] : undefined;
  if (!sent) return { same: [], coarser: [] };
  return { same: receiversOf(model, sent.same), coarser: receiversOf(model, sent.coarser ?? []) };
}

/** One Apple data type as App Store Connect asks about it: purposes, then linked and tracking once for the type. */
export interface AppleDataType {
  category: string;
  group: string;
  purposes: string[];
  /** Apple's rule: linked if any collection of it is linked. */
  linkedToIdentity: boolean;
  usedForTracking: boolean;
  sources: string[];
}

/** The data that leaves the device, per Apple data type (in Apple's order). */
export function appleDataTypes(model: LegalModel): AppleDataType[] {
  const by = new Map<string, AppleDataType>();
  for (const f of model.flows) {
    if (!f.leavesDevice || !f.kind || f.recipient.type === 'device') continue;
    const [group, category] = DATA_KINDS[f.kind].apple;
    let t = by.get(category);
    if (!t) by.set(category, (t = { category, group, purposes: [], linkedToIdentity: false, usedForTracking: false, sources: [] }));
    for (const p of f.purposes) if (!t.purposes.includes(PURPOSES[p].apple)) t.purposes.push(PURPOSES[p].apple);
    t.linkedToIdentity ||= f.linked;
    t.usedForTracking ||= f.tracking;
    if (!t.sources.includes(f.recipient.name)) t.sources.push(f.recipient.name);
  }
  const order = (t: AppleDataType) => APPLE_CATEGORY_ORDER.indexOf(t.group);
  return [...by.values()].sort((a, b) => order(a) - order(b) || a.category.localeCompare(b.category)).map((t) => ({ ...t, purposes: t.purposes.sort(), sources: t.sources.sort() }));
}

/**
 * Whether a kind of data is "linked to you" as the App Store asks it, once per data type: a
 * processor's own line follows it (edition 3), so the policy never calls linked what the App Store
 * summary does not, nor the reverse.
 */
export function linkedPerType(model: LegalModel): (kind: DataKind) => boolean {
  const linked = new Set(appleDataTypes(model).filter((t) => t.linkedToIdentity).map((t) => t.category));
  return (kind) => linked.has(DATA_KINDS[kind].apple[1]);
}

/** A platform capability the policy describes, with who still receives data of its sort (see onDeviceConflicts). */
export interface PlatformFact {
  item: PlatformUse;
  path: string;
  stays: boolean;
  same: string[];
  coarser: string[];
}

/** The config's platform capabilities as the model sees them, in config order. */
export function platformFacts(config: LegalConfig, model: LegalModel): PlatformFact[] {
  return (config.platformData ?? []).map((item, i) => {
    const path = `/platformData/${i}`;
    const stays = model.flows.some((f) => f.path === path && f.recipient.type === 'device');
    return { item, path, stays, ...(stays ? onDeviceConflicts(model, path) : { same: [], coarser: [] }) };
  });
}

/**
 * What the policy lists under "What stays on your device": a capability a processor receives
 * the very data of is not (legacy versions listed it as they were published).
 */
export const listedOnDevice = (facts: PlatformFact[], model: LegalModel) => facts.filter((f) => f.stays && (model.legacy || f.same.length === 0));

/** The kinds `onDeviceConflicts` compares for a capability, for the policy's wording. */
export const sentAs = (capability: Capability) => SENT_AS[capability];
