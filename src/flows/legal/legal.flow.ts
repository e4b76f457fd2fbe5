import { pagePath, type FlowTypeDef } from '../../kernel/flows/registry.js';
import { refuseContradictions } from './legal.checks.js';
import { freeze } from './legal.declaration.js';
import { legalConfig, type LegalConfig, type PublishedLegal } from './legal.schema.js';
import { LEGAL_TEMPLATES } from './legal.templates.js';
import { textStamp } from './text/index.js';
import { legalWarnings } from './legal.warnings.js';

/** Public URLs of an app's legal pages (WIRE C). */
export const legalUrls = (webUrl: string, appSlug: string) => ({
  privacy: `${webUrl}/legal/${appSlug}`,
  terms: `${webUrl}/legal/${appSlug}/terms`,
  appStorePrivacy: `${webUrl}/legal/${appSlug}/app-store-privacy`,
  playDataSafety: `${webUrl}/legal/${appSlug}/play-data-safety`,
});

export const legalFlow: FlowTypeDef<LegalConfig> = {
  type: 'legal',
  segment: 'legal',
  label: 'Legal',
  schema: legalConfig as never,
  primarySlug: 'legal',
  publicUrl: (p) => `${p.urls.web}/legal${pagePath({ ...p, primary: true })}`,
  multi: false,
  mcp: { get: 'get_legal_flow', update: 'update_legal_draft', publish: 'publish_legal_flow' },
  warnings: (config, ctx) => legalWarnings(config, ctx),
  templates: () => LEGAL_TEMPLATES,
  /**
   * Stamps the effective date (the publish day, UTC) and freezes every processor's description,
   * with what the app's published flows collect at this moment, into the version: version n's
   * pages and declaration never change afterwards, whatever later publishes or preset updates do.
   * Refuses (422 with paths) facts that would make the published outputs contradict each other
   * (legal.checks.ts); the draft, which only warned about them, stays as saved. The text's
   * language (the config's locale, else the app's) and edition are frozen too.
   */
  async beforePublish(config, ctx): Promise<PublishedLegal> {
    const flows = (await ctx.publishedFlows()).filter((f) => f.type !== 'legal');
    const frozen = { ...freeze(config, flows), ...textStamp(config.locale ?? ctx.app.locale) };
    refuseContradictions(config, frozen);
    return { ...config, type: 'legal', effectiveDate: ctx.now.toISOString().slice(0, 10), frozen } as PublishedLegal;
  },
  /** `privacy` and `terms` always point at the current version; `version` at this version's own page. */
  extras: (ctx) => ({
    ...legalUrls(ctx.webUrl, ctx.app.slug),
    versionUrl: ctx.versionNumber ? `${ctx.webUrl}/legal/${ctx.app.slug}/v/${ctx.versionNumber}` : null,
  }),
};
