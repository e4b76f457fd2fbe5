import { CAPABILITIES, presetFor, type DataKind, type Purpose } from './legal.presets.js';
import { legalModel, linkedPerType, listedOnDevice, platformFacts, sentAs, usesDataForItself, type LegalModel, type PlatformFact } from './legal.model.js';
import type { Frozen, LegalConfig, ResolvedProcessor } from './legal.schema.js';
import { isCrashReporting, lawsOf, type Laws } from './legal.law.js';
import { OPEN_FROM } from './legal.children-age.js';
import { basesBlocks, coppaBlocks, deviceAccessBlocks, retentionBlocks, rightsBlocks, transferBlocks, usBlocks, whoBlocks, type LawFacts } from './legal.policy.law.js';
import { fadpPurposesBlocks, fadpRightsBlocks } from './legal.policy.fadp.js';
import { editionFeatures, type EditionFeatures } from './legal.edition-features.js';
import { en } from './text/en.js';
import { lawEn } from './text/law.en.js';
import type { LawText } from './text/law.types.js';
import type { FlowType, Inline, LegalText, PresetId } from './text/types.js';

/**
 * The documents as data: sections of paragraphs and lists, composed only from the asserted facts
 * and the frozen processors. Which sentences apply is decided here; their words come from a
 * LegalText (text/), so every language says the same facts. The pages render them; tests read
 * them without HTML.
 */

export type { Inline } from './text/types.js';
/** A processor's block: the frozen facts plus its lines in the text's language. */
export type ProcessorBlock = ResolvedProcessor & { receivesLabel: string; receivesLine: string | null; throughLine: string | null; privacyLinkText: string };
export type Block = { p: Inline[] } | { list: Inline[][] } | { processor: ProcessorBlock };
export interface Section {
  id: string;
  title: string;
  blocks: Block[];
}

const p = (...parts: Inline[]): Block => ({ p: parts });
const mail = (email: string): Inline => ({ text: email, href: `mailto:${email}` });

export interface Facts {
  appName: string;
  config: LegalConfig;
  frozen: Frozen;
  /** The words to say it in; English when absent. */
  text?: LegalText;
  /** The law sections' words (edition 2 on); English when absent. */
  law?: LawText;
  /** Edition of the text (text/index.ts): 1, the default, has no law sections, as versions published before editions. */
  edition?: number;
}

/** The laws a version of this edition answers to: none before the law sections. */
const lawsFor = (c: LegalConfig, features: EditionFeatures): Laws => (features.lawSections ? lawsOf(c) : { gdpr: null, us: false });

type PlatformUse = NonNullable<LegalConfig['platformData']>[number];
/** "Health data (HealthKit / Health Connect) (read and write): to log your sleep". */
function capabilityText(T: LegalText, x: PlatformUse): string {
  return T.capability({
    label: x.label ?? T.capabilities[x.capability],
    access: x.access?.length ? T.list(x.access.map((a) => T.access[a])) : undefined,
    mode: x.mode && T.modes[x.mode],
    use: x.use,
  });
}
/** An on-device capability of which a processor receives a coarser sort (approximate location): said exactly. */
function onDeviceText(T: LegalText, f: PlatformFact): string {
  const sent = sentAs(f.item.capability);
  if (!f.coarser.length || !sent?.coarser) return capabilityText(T, f.item);
  return T.staysExceptCoarser({ capability: capabilityText(T, f.item), kept: T.kinds[sent.same[0]!], sent: T.kinds[sent.coarser[0]!], recipients: T.list(f.coarser) });
}

/** A device feature with where its data goes: from the model, or as published for a version frozen before it (legacy). */
function deviceFeatureText(T: LegalText, x: PlatformUse, f: PlatformFact, model: LegalModel): string {
  const capability = capabilityText(T, x);
  if (x.leavesDevice) return T.deviceFeature({ capability, where: 'sent' });
  if (x.mode === 'push') return T.deviceFeature({ capability, where: 'push' });
  if (model.legacy) return T.deviceFeature({ capability, where: 'device' });
  const sent = sentAs(x.capability);
  if (f.same.length) return T.deviceFeatureSentTo({ capability, recipients: T.list(f.same) });
  if (f.coarser.length && sent?.coarser) return T.deviceFeatureCoarser({ capability, kept: T.kinds[sent.same[0]!], sent: T.kinds[sent.coarser[0]!], recipients: T.list(f.coarser) });
  return T.deviceFeature({ capability, where: 'device' });
}

/** How to reach the owner, as inline text. */
function reach(T: LegalText, c: LegalConfig): Inline[] {
  return c.entity.contactEmail ? T.contactByEmail({ email: mail(c.entity.contactEmail) }) : [T.contactOtherwise];
}

/** Words once each, in first-seen order (two purposes may share words in a language). */
const unique = (w: string[]) => [...new Set(w)];

/**
 * A processor's description: the owner's own sentence, else the preset's or the generic one in
 * the text's language (the frozen `description` is the English default publish filled in, and
 * what edition 1 shows, as published).
 */
function describe(T: LegalText, c: LegalConfig, x: ResolvedProcessor, features: EditionFeatures): string {
  const own = c.processors.find((e) => e.id === x.id)?.description;
  if (own) return own;
  if (!features.translatedDescriptions) return x.description;
  if (x.preset) return T.presets[x.preset as PresetId] ?? x.description;
  return x.mapped
    ? T.customProcessor({ name: x.name, kinds: T.list(x.receives.map((r) => T.kinds[r.kind])), purposes: T.list(unique(x.receives.flatMap((r) => r.purposes).map((q) => T.purposes[q]))) })
    : T.customProcessorUnmapped({ name: x.name });
}

/** A purpose in a "Receives:" line; with `crashReportingPurpose` crash data for app functionality says crash reporting, as the legal bases do (legal.law.ts). */
function purposeWords(T: LegalText, x: ResolvedProcessor, kind: DataKind, q: Purpose, features: EditionFeatures): string {
  return features.crashReportingPurpose && q === 'app_functionality' && isCrashReporting(kind, x) ? T.purposeCrash : T.purposes[q];
}

/**
 * Whether what a processor receives is linked: with `linkedPerDataType` per data type as the App Store
 * answers it (a device ID another service links is "linked" here too); before, the processor's own
 * answer, as published.
 */
function linkedWords(T: LegalText, x: ResolvedProcessor, model: LegalModel, features: EditionFeatures): { linked: boolean; linkedKinds?: string } {
  if (!features.linkedPerDataType || model.legacy) return { linked: x.linkedToIdentity };
  const isLinked = linkedPerType(model);
  const linked = [...new Set(x.receives.filter((r) => isLinked(r.kind)).map((r) => r.kind))];
  if (!linked.length || linked.length === unique(x.receives.map((r) => r.kind)).length) return { linked: linked.length > 0 };
  return { linked: true, linkedKinds: T.list(linked.map((k) => T.kinds[k])) };
}

function processorBlock(T: LegalText, c: LegalConfig, x: ResolvedProcessor, model: LegalModel, features: EditionFeatures): ProcessorBlock {
  const flowWord = (type: string) => T.flowTypes[type as FlowType] ?? type.replace(/_/g, ' ');
  return {
    ...x,
    description: describe(T, c, x, features),
    receivesLabel: T.processorReceivesLabel,
    receivesLine:
      x.mapped && x.receives.length
        ? T.processorReceives({
            kinds: T.list(x.receives.map((r) => T.kinds[r.kind])),
            purposes: T.list(unique(x.receives.flatMap((r) => r.purposes.map((q) => purposeWords(T, x, r.kind, q, features))))),
            ...linkedWords(T, x, model, features),
            tracking: x.usedForTracking,
          })
        : null,
    throughLine: x.flows?.length ? T.processorThrough({ flows: x.flows.map((f) => T.flowName({ type: flowWord(f.type), slug: f.slug === f.type ? undefined : f.slug.replace(/_/g, ' ') })) }) : null,
    privacyLinkText: T.processorPrivacyLink({ name: x.name }),
  };
}

export function privacySections({ appName, config: c, frozen, text: T = en, law: L = lawEn, edition = 1 }: Facts): Section[] {
  const out: Section[] = [];
  const who = c.entity.name;
  const app = appName;
  const contact = reach(T, c);
  const title = T.policyTitles;
  const features = editionFeatures(edition);
  const law: LawFacts = { T, L, laws: lawsFor(c, features), c, frozen, contact, features };
  out.push({
    id: 'who',
    title: title.who,
    blocks: [p(T.whoIsResponsible({ entity: who, jurisdiction: c.entity.jurisdiction || undefined, app })), p(...T.reachUs({ contact })), ...whoBlocks(law)],
  });

  // What stays and what leaves come from the data-flow model (legal.model.ts), as the declarations do.
  const model = legalModel(c, frozen);
  const platform = platformFacts(c, model);
  const onDevice = listedOnDevice(platform, model);
  if ((c.localData ?? []).length || onDevice.length) {
    const blocks: Block[] = [p(T.staysIntro({ entity: who }))];
    blocks.push({ list: [...(c.localData ?? []).map((x) => [x]), ...onDevice.map((f) => [model.legacy ? capabilityText(T, f.item) : onDeviceText(T, f)])] });
    if (onDevice.some((f) => f.item.capability === 'cloud_sync')) blocks.push(p(T.cloudSyncNote));
    blocks.push(p(T.deletingDeletes({ app })));
    out.push({ id: 'on-device', title: title['on-device'], blocks });
  }

  const leaving = platform.filter((f) => model.flows.some((x) => x.path === f.path && x.recipient.type === 'entity')).map((f) => f.item);
  const processors = frozen.processors;
  const blocks: Block[] = [];
  if (processors.length === 0 && leaving.length === 0) {
    blocks.push(p(T.nothingLeaves({ app })));
  } else {
    // Independent controllers are named: see usesDataForItself.
    const ownUse = features.namesIndependentControllers ? processors.filter(usesDataForItself).map((x) => x.name) : [];
    blocks.push(p(ownUse.length ? T.onlyListedLeavesSomeOwnUse({ names: ownUse }) : T.onlyListedLeaves));
    for (const x of processors) blocks.push({ processor: processorBlock(T, c, x, model, features) });
    if (leaving.length) {
      blocks.push(p(T.entityReceives({ entity: who })));
      blocks.push({
        list: leaving.map((x) => [T.entityReceivesItem({ kind: T.kinds[CAPABILITIES[x.capability].kind], capability: capabilityText(T, { ...x, use: undefined }), use: x.use })]),
      });
    }
    const optional = processors.flatMap((x) => x.receives).some((r) => r.optional);
    if (optional) blocks.push(p(T.optionalFields));
  }
  out.push({ id: 'leaves-device', title: title['leaves-device'], blocks });

  if ((c.platformData ?? []).length) {
    out.push({
      id: 'device-features',
      title: title['device-features'],
      blocks: [
        p(T.deviceFeaturesIntro({ app })),
        { list: (c.platformData ?? []).map((x) => [deviceFeatureText(T, x, platform.find((f) => f.item === x)!, model)]) },
      ],
    });
  }

  const bases = basesBlocks(law);
  if (bases.length) out.push({ id: 'legal-bases', title: L.titles['legal-bases'], blocks: bases });
  const purposes = fadpPurposesBlocks(law);
  if (purposes.length) out.push({ id: 'purposes', title: L.titles.purposes, blocks: purposes });
  const transfers = transferBlocks(law);
  if (transfers.length) out.push({ id: 'transfers', title: L.titles.transfers, blocks: transfers });

  const d = c.declarations;
  const claims = (['sellsData', 'advertising', 'tracking', 'analytics', 'profiling'] as const).map((k) => [T.claims[k][d[k] ? 'yes' : 'no']({ app })]);
  out.push({ id: 'claims', title: title.claims, blocks: [{ list: claims }, ...deviceAccessBlocks(law)] });

  if (c.childrenDirected !== undefined) {
    out.push({
      id: 'children',
      title: title.children,
      blocks: [p(...(c.childrenDirected ? (features.childrenWithoutMinimalDataClaim ? T.forChildrenPlain : T.forChildren)({ app, contact }) : T.notForChildren({ age: OPEN_FROM, app, contact }))), ...coppaBlocks(law)],
    });
  }

  if (c.medicalDisclaimer) out.push({ id: 'health', title: title.health, blocks: [p(T.noMedicalAdvice({ app }))] });

  const retention: Block[] = [];
  if ((c.localData ?? []).length || onDevice.length) retention.push(p(T.retentionOnDevice));
  if (processors.length || leaving.length) retention.push(p(T.retentionSent));
  retention.push(...retentionBlocks(law));
  if (retention.length) out.push({ id: 'retention', title: title.retention, blocks: retention });

  // Under the GDPR the rights section is the law's (objection set apart, the authority named).
  // Under US state law alone, the US section states the rights, its deadlines (45 days) and
  // whom to ask: the generic paragraph (30 days, "the data protection authority in Texas")
  // would contradict it, so it is left out.
  const gdprRights = [...rightsBlocks(law), ...fadpRightsBlocks(law)];
  const us = usBlocks(law);
  if (gdprRights.length || !us.length) {
    out.push({
      id: 'rights',
      title: title.rights,
      blocks: gdprRights.length ? gdprRights : [p(...T.rights({ contact })), ...(c.entity.jurisdiction ? [p(T.complain({ jurisdiction: c.entity.jurisdiction }))] : [])],
    });
  }
  if (us.length) out.push({ id: 'us-privacy', title: L.titles['us-privacy'], blocks: us });

  out.push({ id: 'changes', title: title.changes, blocks: [p(T.policyChanges)] });
  return out;
}

const EULA = 'https://www.apple.com/legal/internet-services/itunes/dev/stdeula/';

/** Whether the subscription section applies: asserted, or a purchases processor is listed. */
export const sellsSubscriptions = (c: LegalConfig) => c.terms?.subscriptions ?? c.processors.some((x) => ['subscriptions', 'paywall'].includes(presetFor(x.id)?.role ?? ''));

export function termsSections({ appName, config: c, text: T = en, edition = 1 }: Facts, privacyUrl: string): Section[] {
  const who = c.entity.name;
  const app = appName;
  const contact = reach(T, c);
  const title = T.termsTitles;
  const out: Section[] = [];
  out.push({
    id: 'agreement',
    title: title.agreement,
    blocks: [
      p(T.agreement({ entity: who, jurisdiction: c.entity.jurisdiction || undefined, app })),
      ...(c.terms?.minimumAge ? [p(T.minimumAge({ age: c.terms.minimumAge, app }))] : []),
    ],
  });
  if (sellsSubscriptions(c)) {
    out.push({ id: 'subscriptions', title: title.subscriptions, blocks: [p(T.subscriptionsBilling), p(T.subscriptionsRenewal), p(T.subscriptionsRefunds)] });
  }
  out.push({ id: 'use', title: title.use, blocks: [p(T.useLawfully({ app })), p(T.mayChange({ entity: who, app }))] });
  if (c.medicalDisclaimer) {
    out.push({ id: 'medical', title: title.medical, blocks: [p(typeof c.medicalDisclaimer === 'string' ? c.medicalDisclaimer : T.medicalDefault({ app }))] });
  }
  out.push({ id: 'liability', title: title.liability, blocks: [p(T.asIs({ app, entity: who })), ...(editionFeatures(edition).liabilityCarveOuts ? [p(T.liabilityUnlimited)] : [])] });
  if (c.terms?.appleStandardEula ?? true) out.push({ id: 'eula', title: title.eula, blocks: [p(...T.appleEula({ href: EULA }))] });
  out.push({ id: 'privacy', title: title.privacy, blocks: [p(...T.privacyReference({ href: privacyUrl }))] });
  for (const [i, s] of (c.terms?.sections ?? []).entries()) {
    out.push({ id: `extra-${i + 1}`, title: s.title, blocks: s.body.split(/\n\s*\n/).map((para) => p(para.trim())) });
  }
  const law = c.terms?.governingLaw ?? c.entity.jurisdiction;
  if (law) out.push({ id: 'law', title: title.law, blocks: [p(T.governingLaw({ law }))] });
  out.push({ id: 'changes', title: title.changes, blocks: [p(...T.termsChanges({ contact }))] });
  return out;
}
