import type { FlowContext, Warning } from '../../kernel/flows/registry.js';
import { legalFindings } from './legal.checks.js';
import { flowCollects, freeze } from './legal.declaration.js';
import { lawWarnings } from './legal.law.warnings.js';
import { PRESET_IDS, presetFor } from './legal.presets.js';
import type { LegalConfig } from './legal.schema.js';

/**
 * Advisory only; saving never fails on them. Codes:
 * - missing_contact_email: users have no address for privacy requests.
 * - unknown_processor: an id that is no preset and has no `receives` (a typo, or facts missing).
 * - duplicate_processor: the same processor listed twice (counted once).
 * - cancel_flow_without_processors: a cancel flow means subscriptions, yet no processor is listed.
 * - future_effective_date: publish stamps today anyway.
 * - appflows_not_listed: published flows collect data; the `appflows` processor is added anyway.
 * - the contradictions of legal.checks.ts (tracking_contradiction, tracking_without_processor,
 *   advertising_contradiction, advertising_without_processor, analytics_contradiction,
 *   sells_data_without_tracking, children_tracking, children_third_party_analytics,
 *   platform_data_also_sent, device_access_without_consent): every one a warning here; publish
 *   refuses those marked `refuse`.
 * - what privacy laws ask beyond the text (legal.law.warnings.ts): us_opt_out_email_only,
 *   children_consent_method, children_operator_contact.
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

  // Contradictions (legal.checks.ts): all advisory on a draft; publish refuses the hard ones.
  const frozen = freeze(c, flows);
  for (const f of legalFindings(c, frozen)) w(f.code, f.path, f.message);
  for (const f of lawWarnings(c, frozen)) w(f.code, f.path, f.message);
  if (c.terms?.enabled === false) {
    w('terms_always_published', '/terms/enabled', 'terms.enabled false is not honoured: the terms of use are always published with the privacy policy (at /legal/<app>/terms). Remove it, or keep the terms to what applies.');
  }
  return out;
}
