import type { FlowContext, Warning } from '../../kernel/flows/registry.js';
import { flowCollects, resolveProcessors } from './legal.declaration.js';
import { PRESET_IDS, presetFor } from './legal.presets.js';
import type { LegalConfig } from './legal.schema.js';

/** Data kinds a processor receives that mean a platform capability's data left the device. */
const SENT_AS: Partial<Record<string, string[]>> = {
  location: ['precise_location', 'coarse_location'],
  health: ['health'],
  motion: ['fitness'],
  camera: ['photos_videos'],
  photos: ['photos_videos'],
  microphone: ['audio'],
  speech_recognition: ['audio'],
  contacts: ['contacts'],
};

/**
 * Advisory only; saving never fails on them. Codes:
 * - missing_contact_email: users have no address for privacy requests.
 * - unknown_processor: an id that is no preset and has no `receives` (a typo, or facts missing).
 * - duplicate_processor: the same processor listed twice (counted once).
 * - cancel_flow_without_processors: a cancel flow means subscriptions, yet no processor is listed.
 * - future_effective_date: publish stamps today anyway.
 * - appflows_not_listed: published flows collect data; the `appflows` processor is added anyway.
 * - tracking_contradiction / tracking_without_processor, advertising_contradiction /
 *   advertising_without_processor, analytics_contradiction, sells_data_without_tracking,
 *   children_tracking, children_third_party_analytics: facts that disagree with each other.
 * - platform_data_also_sent: a capability described as staying on the device (AppMate's map has no
 *   `leavesDevice`) while a processor receives that kind of data (location and Firebase's coarse location).
 * - terms_always_published: `terms.enabled: false` (AppMate's client) cannot be honoured.
 * - hero_field_unused: a form flow's hero key (theme, eyebrow, titleFont) on a legal page, which has no hero.
 */
export async function legalWarnings(c: LegalConfig, ctx: FlowContext): Promise<Warning[]> {
  const out: Warning[] = [];
  const w = (code: string, path: string, message: string) => out.push({ code, path, message });
  for (const key of ['theme', 'eyebrow', 'titleFont'] as const) {
    if (c.hero?.[key] !== undefined) w('hero_field_unused', `/hero/${key}`, `Legal pages have no hero: hero.${key} is kept but not shown (hero.accentColor tints links and headings).`);
  }
  if (!c.entity.contactEmail) {
    w('missing_contact_email', '/entity/contactEmail', 'No contact email: users need an address for privacy requests (access, deletion). Set entity.contactEmail.');
  }
  const seen = new Map<string, number>();
  c.processors.forEach((p, i) => {
    const preset = presetFor(p.id);
    const key = preset?.id ?? p.id;
    if (seen.has(key)) w('duplicate_processor', `/processors/${i}/id`, `Processor "${p.id}" is already listed at /processors/${seen.get(key)}; it counts once.`);
    else seen.set(key, i);
    if (!preset && !p.receives) {
      w('unknown_processor', `/processors/${i}/id`, `"${p.id}" is not a preset (${PRESET_IDS.join(', ')}). For a custom processor give name and receives, or it cannot be declared.`);
    }
  });
  if (c.processors.length === 0 && (await ctx.hasFlow('cancel'))) {
    w('cancel_flow_without_processors', '/processors', 'This app has a cancel flow, so it sells subscriptions, but no processor is listed: add the one handling purchases (e.g. revenuecat).');
  }
  const today = ctx.clock.now().toISOString().slice(0, 10);
  if (c.effectiveDate && c.effectiveDate > today) {
    w('future_effective_date', '/effectiveDate', `effectiveDate ${c.effectiveDate} is in the future; publishing stamps today's date (${today}, UTC) instead.`);
  }

  const flows = await ctx.publishedFlows();
  if (!c.processors.some((p) => presetFor(p.id)?.id === 'appflows')) {
    const collecting = flows.filter((f) => flowCollects(f.type, f.config).receives.length > 0).map((f) => f.type);
    if (collecting.length) {
      w('appflows_not_listed', '/processors', `Published ${[...new Set(collecting)].join(', ')} flows send data to Appflows; it is declared anyway, but list { "id": "appflows" } so the policy reads as you intend.`);
    }
  }

  const resolved = resolveProcessors(c, flows);
  const index = (id: string) => c.processors.findIndex((p) => p.id === id);
  const at = (id: string) => (index(id) >= 0 ? `/processors/${index(id)}` : '/processors');
  const d = c.declarations;
  const trackers = resolved.filter((p) => p.usedForTracking);
  const advertisers = resolved.filter((p) => p.role === 'advertising' || p.receives.some((r) => r.purposes.includes('third_party_advertising')));
  // Analytics services only: RevenueCat's purchase charts or the cancel flow's insights are
  // declared with the Analytics purpose, but are not "using analytics" in the policy's sense.
  const analysts = resolved.filter((p) => p.role === 'analytics');
  if (!d.tracking) for (const p of trackers) w('tracking_contradiction', at(p.id), `declarations.tracking is false, but ${p.name} is marked as used for tracking.`);
  if (d.tracking && trackers.length === 0) w('tracking_without_processor', '/declarations/tracking', 'declarations.tracking is true, but no processor is used for tracking: list the one that tracks (usedForTracking: true).');
  if (!d.advertising) for (const p of advertisers) w('advertising_contradiction', at(p.id), `declarations.advertising is false, but ${p.name} receives data for third-party advertising.`);
  if (d.advertising && advertisers.length === 0) w('advertising_without_processor', '/declarations/advertising', 'declarations.advertising is true, but no advertising processor is listed: list the ad network with purpose third_party_advertising.');
  if (!d.analytics) for (const p of analysts) w('analytics_contradiction', at(p.id), `declarations.analytics is false, but ${p.name} is an analytics service.`);
  if (d.sellsData && !d.tracking) w('sells_data_without_tracking', '/declarations/sellsData', 'Selling or sharing user data with data brokers is tracking in Apple’s sense: declarations.tracking should be true.');
  if (c.childrenDirected && (d.advertising || d.tracking || trackers.length)) {
    w('children_tracking', '/childrenDirected', 'The app is directed at children but shows ads or tracks: app stores and children’s privacy laws restrict both.');
  }
  (c.platformData ?? []).forEach((x, i) => {
    const kinds = SENT_AS[x.capability];
    const sender = !x.leavesDevice && kinds && resolved.find((p) => p.receives.some((r) => kinds.includes(r.kind)));
    if (sender) {
      w('platform_data_also_sent', `/platformData/${i}`, `${x.capability} is described as staying on the device, but ${sender.name} receives ${sender.receives.filter((r) => kinds.includes(r.kind)).map((r) => r.kind).join(', ')}: set leavesDevice or correct the processor.`);
    }
  });
  if (c.terms?.enabled === false) {
    w('terms_always_published', '/terms/enabled', 'terms.enabled false is not honoured: the terms of use are always published with the privacy policy (at /legal/<app>/terms). Remove it, or keep the terms to what applies.');
  }
  if (c.childrenDirected && resolved.some((p) => p.role === 'analytics' && p.preset)) {
    w('children_third_party_analytics', '/childrenDirected', 'Apps for children may not send data to third-party analytics under App Store rules (Kids category, guideline 1.3).');
  }
  return out;
}
