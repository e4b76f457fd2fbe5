import { z } from 'zod';
import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import { appmateWarnings } from './promotion.appmate.js';
import { promotionDecisionPreview } from './promotion.preview.js';
import { promotionConfig, type PromotionConfig } from './promotion.schema.js';
import { promotionTemplates } from './promotion.templates.js';
import { promotionIssues, promotionWarnings } from './promotion.warnings.js';

/** One flow per placement: the primary is `promotion`, others are addressed by flowSlug. */
export const promotionFlow: FlowTypeDef<PromotionConfig> = {
  type: 'app_promotion',
  segment: 'app-promotion',
  label: 'App promotion',
  schema: promotionConfig as never,
  primarySlug: 'promotion',
  multi: true,
  // SPEC: "App promotions use flowSlug to address a placement", and placements are named like
  // `after_onboarding`; a promotion has no hosted page, so its slug never sits in a URL path.
  flowSlug: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'must contain only lowercase letters, digits, dashes and underscores (a placement name such as after_onboarding)'),
  check: async (config, ctx) => promotionIssues(config, ctx.app.id, await ctx.accountApps()),
  // AppMate's documented shape is normalised by the schema; what it could not keep is warned from the body as sent.
  warnings: async (config, ctx) => [...appmateWarnings(ctx.input), ...promotionWarnings(config, await ctx.accountApps())],
  /** They promote the account's other apps; none when it has no other app (docs/promotion.md). */
  templates: (ctx) => promotionTemplates(ctx),
  mcp: { get: 'get_app_promotion_flow', update: 'update_app_promotion_draft', publish: 'publish_app_promotion_flow' },
  /** No hosted page: what resolve would decide for a sample user (records no decision or impression). */
  preview: async (config, ctx) => promotionDecisionPreview(config, { app: ctx.app, accountApps: await ctx.accountApps(), now: ctx.clock.now() }),
  previewScreens: () => [{ id: 'decision', label: 'Decision and card, for a sample user' }],
};
