import { unprocessable } from '../../kernel/errors.js';
import { deviceAccess, lawsOf } from './legal.law.js';
import { DATA_KINDS } from './legal.presets.js';
import { legalModel, platformFacts, sentAs, showsAds } from './legal.model.js';
import type { Frozen, LegalConfig } from './legal.schema.js';

/**
 * Facts that disagree with each other, found in the data-flow model (legal.model.ts). A draft
 * PUT saves and shows every finding as a warning; publish refuses (422 with the paths) those that
 * would make the published outputs contradict each other (`refuse`), since a policy that says one
 * thing while the App Store answers say another is worse than none.
 */
export interface Finding {
  code: string;
  path: string;
  message: string;
  /** true: publishing would contradict itself, so it is refused; false: advisory. */
  refuse: boolean;
}

export function legalFindings(c: LegalConfig, frozen: Frozen): Finding[] {
  const out: Finding[] = [];
  const add = (refuse: boolean, code: string, path: string, message: string) => out.push({ code, path, message, refuse });
  const model = legalModel(c, frozen);
  const resolved = frozen.processors;
  const index = (id: string) => c.processors.findIndex((p) => p.id === id);
  const at = (id: string) => (index(id) >= 0 ? `/processors/${index(id)}` : '/processors');
  const d = c.declarations;
  const trackers = resolved.filter((p) => p.usedForTracking);
  const advertisers = resolved.filter(showsAds);
  // Analytics services only: RevenueCat's purchase charts or the cancel flow's insights are
  // declared with the Analytics purpose, but are not "using analytics" in the policy's sense.
  const analysts = resolved.filter((p) => p.role === 'analytics');

  // The policy's claims against the processors (and so against the store answers).
  if (!d.tracking) for (const p of trackers) add(true, 'tracking_contradiction', at(p.id), `declarations.tracking is false, but ${p.name} is marked as used for tracking: the App Store answers would declare tracking while the policy denies it. Set declarations.tracking to true, or usedForTracking: false on the processor if you turned its tracking off.`);
  if (d.tracking && trackers.length === 0) add(true, 'tracking_without_processor', '/declarations/tracking', 'declarations.tracking is true, but no processor is used for tracking, so the App Store answers would declare none: list the one that tracks (usedForTracking: true), or set declarations.tracking to false.');
  if (!d.advertising) for (const p of advertisers) add(true, 'advertising_contradiction', at(p.id), `declarations.advertising is false, but ${p.name} receives data for third-party advertising: the policy would say the app shows no advertising while the store answers declare it.`);
  if (d.advertising && advertisers.length === 0) add(false, 'advertising_without_processor', '/declarations/advertising', 'declarations.advertising is true, but no advertising processor is listed: list the ad network with purpose third_party_advertising (house ads of your own need none).');
  if (!d.analytics) for (const p of analysts) add(true, 'analytics_contradiction', at(p.id), `declarations.analytics is false, but ${p.name} is an analytics service: the policy would deny analytics services while listing one.`);
  if (d.sellsData && !d.tracking) add(true, 'sells_data_without_tracking', '/declarations/sellsData', 'Selling or sharing user data with data brokers is tracking in Apple’s sense, so the App Store answers would contradict the policy: set declarations.tracking to true (and mark the recipient usedForTracking).');
  if (c.childrenDirected && (d.advertising || d.tracking || trackers.length)) {
    add(false, 'children_tracking', '/childrenDirected', 'The app is directed at children but shows ads or tracks: app stores and children’s privacy laws restrict both.');
  }
  if (c.childrenDirected && resolved.some((p) => p.role === 'analytics' && p.preset)) {
    add(false, 'children_third_party_analytics', '/childrenDirected', 'Apps for children may not send data to third-party analytics under App Store rules (Kids category, guideline 1.3).');
  }

  // Storing or reading an identifier on the device for a purpose the app could work without needs
  // consent in the EEA (ePrivacy Directive Art. 5(3) and its national laws, e.g. Germany § 25 TDDDG) and the UK (PECR reg. 6),
  // whatever the GDPR basis: a legitimate-interests basis for it would mislead. Advisory: only the
  // owner knows whether the app asks.
  const laws = lawsOf(c);
  if (laws.gdpr && (laws.gdpr.eu || laws.gdpr.uk)) {
    for (const { processor: p, unconsented } of deviceAccess(c, frozen)) {
      if (!unconsented.length) continue;
      const list = unconsented.join(', ');
      add(false, 'device_access_without_consent', at(p.id), `${p.name} stores or reads an identifier on the device for ${list}: in the EEA (ePrivacy Directive Art. 5(3), in Germany § 25 TDDDG) and the UK (PECR reg. 6) that needs the user's consent, so the policy's basis for it (${list}: not consent) would not hold. Ask for consent in the app and list ${list} in gdpr.consent, or set purposes on the processor if it is configured without such an identifier.`);
    }
  }

  // "Stays on the device" against what processors receive.
  for (const f of platformFacts(c, model)) {
    const sent = sentAs(f.item.capability);
    if (!f.stays || !sent) continue;
    if (f.same.length) {
      const kind = DATA_KINDS[sent.same[0]!].words;
      add(true, 'platform_data_also_sent', f.path, `${f.item.capability} is described as staying on the device, but ${f.same.join(', ')} receive${f.same.length > 1 ? '' : 's'} ${kind}: set leavesDevice: true on it, or correct the processor's receives.`);
    } else if (f.coarser.length && sent.coarser) {
      const same = DATA_KINDS[sent.same[0]!].words;
      const coarse = DATA_KINDS[sent.coarser[0]!].words;
      add(false, 'platform_data_also_sent', f.path, `${f.item.capability} stays on the device, but ${f.coarser.join(', ')} receive${f.coarser.length > 1 ? '' : 's'} ${coarse}: the policy says ${same} stays on the device and only ${coarse} is sent, to ${f.coarser.join(', ')}, and the store answers declare ${DATA_KINDS[sent.coarser[0]!].apple[1]}.`);
    }
  }
  return out;
}

/** Publish's refusal: a 422 listing every contradiction with its path (the draft stays as saved). */
export function refuseContradictions(c: LegalConfig, frozen: Frozen): void {
  const issues = legalFindings(c, frozen)
    .filter((f) => f.refuse)
    .map((f) => ({ path: f.path, message: `${f.code}: ${f.message}` }));
  if (issues.length) throw unprocessable(`The legal facts contradict each other, so publishing would contradict itself: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, issues);
}
