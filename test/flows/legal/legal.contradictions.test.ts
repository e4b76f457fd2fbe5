import { describe, expect, it } from 'vitest';
import { legalFindings, refuseContradictions } from '../../../src/flows/legal/legal.checks.js';
import { appStorePrivacy, freeze, playDataSafety, type Basis, type PublishedFlowFacts } from '../../../src/flows/legal/legal.declaration.js';
import { privacySections, type Section } from '../../../src/flows/legal/legal.policy.js';
import { DATA_KINDS, PRESETS, presetFor } from '../../../src/flows/legal/legal.presets.js';
import { legalConfig, type LegalConfig } from '../../../src/flows/legal/legal.schema.js';

// The contradiction table (#36): every preset alone and in pairs, with each platform capability,
// childrenDirected on and off, and declarations that agree with the processors, builds the policy,
// the App Store and the Play answers and finds no statement contradicting another. (Declarations
// that disagree with the processors are refused at publish: legal.publish.test.ts.)

const basis: Basis = { source: 'published', version: 1, effectiveDate: '2026-11-27', url: 'http://web.test/legal/x/v/1' };
const flows: PublishedFlowFacts[] = [
  { type: 'waitlist', slug: 'waitlist', versionNumber: 1, config: {} },
  { type: 'referral', slug: 'referral', versionNumber: 1, config: {} },
];
const presets = Object.keys(PRESETS).filter((id) => id !== 'appflows');
const pairs = presets.flatMap((a, i) => presets.slice(i + 1).map((b) => [a, b]));
const sets = [[], ...presets.map((p) => [p]), ...pairs, ['appflows'], ['firebase', 'appflows'], ['superwall', 'firebase']];
const capabilities: (string | { capability: string; mode?: string })[] = [
  'health', 'motion', 'location', { capability: 'location', mode: 'always' }, 'camera', 'photos', 'microphone', 'speech_recognition', 'contacts',
  'calendar', 'bluetooth', 'face_id', 'cloud_sync', 'notifications', { capability: 'notifications', mode: 'push' }, 'other',
];

/** The Apple data type a capability's own data is, when it leaves the device (its coarser form in brackets). */
const OWN_TYPE: Record<string, { same: string; coarser?: string }> = {
  health: { same: 'Health' },
  motion: { same: 'Fitness' },
  location: { same: 'Precise Location', coarser: 'Coarse Location' },
  camera: { same: 'Photos or Videos' },
  photos: { same: 'Photos or Videos' },
  microphone: { same: 'Audio Data' },
  speech_recognition: { same: 'Audio Data' },
  contacts: { same: 'Contacts' },
};
const LABELS: Record<string, string> = { health: 'Health data', motion: 'Motion and fitness', location: 'Location', camera: 'Camera', photos: 'Photo library', microphone: 'Microphone', speech_recognition: 'Speech recognition', contacts: 'Contacts' };

/** Declarations that agree with the processors listed (what the owner should assert). */
function agreeing(ids: string[], sellsData: boolean) {
  const ps = ids.map((id) => presetFor(id)!);
  const tracking = ps.some((p) => p.usedForTracking);
  return {
    sellsData: sellsData && tracking,
    advertising: ps.some((p) => p.role === 'advertising' || p.receives.some((r) => r.purposes.includes('third_party_advertising'))),
    analytics: ps.some((p) => p.role === 'analytics'),
    tracking,
    profiling: false,
  };
}

const texts = (s: Section | undefined) => (s ? s.blocks.flatMap((b) => ('list' in b ? b.list.map((i) => i.map((x) => (typeof x === 'string' ? x : x.text)).join('')) : [])) : []);
const all = (ss: Section[]) => JSON.stringify(ss);

function contradictions(config: LegalConfig): string[] {
  const frozen = freeze(config, flows);
  const apple = appStorePrivacy(config, frozen, basis);
  const play = playDataSafety(config, frozen, basis);
  const sections = privacySections({ appName: 'App', config, frozen });
  const out: string[] = [];
  const categories = new Set(apple.entries.map((e) => e.category));

  // A kind on the device list is received by no one; a coarser form that leaves is said exactly.
  const onDevice = texts(sections.find((s) => s.id === 'on-device'));
  for (const [cap, t] of Object.entries(OWN_TYPE)) {
    const listed = onDevice.filter((x) => x.startsWith(LABELS[cap]!));
    if (!listed.length) continue;
    if (categories.has(t.same)) out.push(`${cap} listed on the device while ${t.same} is declared`);
    if (t.coarser && categories.has(t.coarser) && !listed.every((x) => /approximate/.test(x))) out.push(`${cap} listed on the device unqualified while ${t.coarser} is declared`);
  }
  // Each Apple data type is answered once: linked or not, tracking or not.
  for (const c of categories) {
    const es = apple.entries.filter((e) => e.category === c);
    if (new Set(es.map((e) => e.linkedToIdentity)).size > 1) out.push(`${c} both linked and not linked`);
    if (new Set(es.map((e) => e.usedForTracking)).size > 1) out.push(`${c} both tracking and not`);
  }
  // Play collects exactly the types the App Store declares, and shares only what tracks or advertises (or is sold).
  const kinds = Object.values(DATA_KINDS);
  const playFromApple = new Set([...categories].map((c) => kinds.find((k) => k.apple[1] === c)!.play.join(' / ')));
  const playTypes = new Set(play.dataTypes.map((d) => `${d.category} / ${d.dataType}`));
  if ([...playFromApple].some((x) => !playTypes.has(x)) || [...playTypes].some((x) => !playFromApple.has(x))) out.push('Play and App Store collect different types');
  const sharedExpected = apple.usedForTracking || apple.entries.some((e) => e.purpose === 'Third-Party Advertising') || config.declarations.sellsData;
  if (play.dataShared !== sharedExpected) out.push('Play sharing disagrees with tracking / advertising');
  if (play.dataCollected === apple.dataNotCollected) out.push('Play collected disagrees with App Store not collected');
  // The policy's claims agree with the declarations.
  const claims = all(sections.filter((s) => s.id === 'claims'));
  if (claims.includes('We do not track you') === apple.usedForTracking) out.push('tracking claim disagrees with the App Store');
  if (claims.includes('We do not sell') === config.declarations.sellsData) out.push('selling claim disagrees with sellsData');
  if (claims.includes('shows no advertising') && categories.size && apple.entries.some((e) => e.purpose === 'Third-Party Advertising')) out.push('no-advertising claim with third-party advertising declared');
  if (claims.includes('do not use analytics services') && frozen.processors.some((p) => p.role === 'analytics')) out.push('no-analytics claim with an analytics service listed');
  if (apple.dataNotCollected && all(sections).includes('leaves your device, and who receives it') && !all(sections).includes('does not collect personal data')) out.push('not collected, yet the policy lists recipients');
  return out;
}

describe('the contradiction table: presets, pairs, capabilities, children', () => {
  it(`${sets.length} processor sets × ${capabilities.length + 1} capabilities × children × selling: no output contradicts another`, () => {
    const found = new Map<string, string[]>();
    let cases = 0;
    for (const ids of sets) {
      for (const cap of [undefined, ...capabilities]) {
        for (const childrenDirected of [false, true]) {
          for (const sellsData of [false, true]) {
            const config = legalConfig.parse({
              entity: { name: 'Owner Ltd', contactEmail: 'privacy@owner.example' },
              localData: ['Notes'],
              processors: ids.map((id) => ({ id })),
              platformData: cap ? [cap] : [],
              declarations: agreeing(ids, sellsData),
              childrenDirected,
            }) as LegalConfig;
            cases++;
            const bad = contradictions(config);
            if (bad.length) found.set(`${ids.join('+') || 'none'} / ${JSON.stringify(cap ?? null)} / children ${childrenDirected} / sells ${sellsData}`, bad);
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(4000);
    expect([...found.entries()].slice(0, 20)).toEqual([]);
  });

  it('tracking, advertising and analytics flipped on or off against the processors: publish refuses, or nothing contradicts', () => {
    let refused = 0;
    let clean = 0;
    for (const ids of sets) {
      for (const flip of ['tracking', 'advertising', 'analytics'] as const) {
        for (const cap of [undefined, 'location', 'health']) {
          const declarations = agreeing(ids, false);
          declarations[flip] = !declarations[flip];
          const config = legalConfig.parse({ entity: { name: 'Owner Ltd' }, processors: ids.map((id) => ({ id })), platformData: cap ? [cap] : [], declarations }) as LegalConfig;
          const frozen = freeze(config, flows);
          if (legalFindings(config, frozen).some((f) => f.refuse)) {
            refused++;
            expect(() => refuseContradictions(config, frozen)).toThrow(/contradict/);
          } else {
            clean++;
            expect(contradictions(config), `${ids.join('+')} ${flip} ${cap}`).toEqual([]);
          }
        }
      }
    }
    // Turning a claim off while a processor does it is refused; turning advertising on without an ad network only warns.
    expect(refused).toBeGreaterThan(100);
    expect(clean).toBeGreaterThan(100);
  });

  // The two examples of the issue, by name (the table covers them too).
  it('Firebase + location: the policy says the precise location stays and Firebase receives an approximate one', () => {
    const config = legalConfig.parse({
      entity: { name: 'Owner Ltd' },
      processors: [{ id: 'firebase' }],
      platformData: ['location'],
      declarations: agreeing(['firebase'], false),
    }) as LegalConfig;
    const frozen = freeze(config, []);
    const sections = privacySections({ appName: 'App', config, frozen });
    const onDevice = texts(sections.find((s) => s.id === 'on-device'));
    expect(onDevice).toEqual(['Location — your precise location stays on your device; only your approximate location is sent, to Firebase (Google)']);
    expect(appStorePrivacy(config, frozen, basis).entries.map((e) => e.category)).toContain('Coarse Location');
    expect(contradictions(config)).toEqual([]);
  });

  it('Superwall (linked) + Firebase (not linked) both send a device ID: declared once, linked', () => {
    const config = legalConfig.parse({ entity: { name: 'Owner Ltd' }, processors: [{ id: 'superwall' }, { id: 'firebase' }], declarations: agreeing(['superwall', 'firebase'], false) }) as LegalConfig;
    const apple = appStorePrivacy(config, freeze(config, []), basis);
    const device = apple.entries.filter((e) => e.category === 'Device ID');
    expect(new Set(device.map((e) => e.source))).toEqual(new Set(['Superwall', 'Firebase (Google)']));
    expect(device.every((e) => e.linkedToIdentity)).toBe(true);
    expect((apple as { dataTypes?: { category: string; linkedToIdentity: boolean }[] }).dataTypes?.filter((t) => t.category === 'Device ID')).toEqual([
      expect.objectContaining({ category: 'Device ID', linkedToIdentity: true, sources: ['Firebase (Google)', 'Superwall'] }),
    ]);
  });
});
