import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import { promotionConfig, type PromotionConfig } from './promotion.schema.js';
import { promotionIssues, promotionWarnings } from './promotion.warnings.js';

/** One flow per placement: the primary is `promotion`, others are addressed by flowSlug. */
export const promotionFlow: FlowTypeDef<PromotionConfig> = {
  type: 'app_promotion',
  segment: 'app-promotion',
  label: 'App promotion',
  schema: promotionConfig as never,
  primarySlug: 'promotion',
  multi: true,
  check: async (config, ctx) => promotionIssues(config, ctx.app.id, await ctx.accountApps()),
  warnings: async (config, ctx) => promotionWarnings(config, await ctx.accountApps()),
  mcp: { get: 'get_app_promotion_flow', update: 'update_app_promotion_draft', publish: 'publish_app_promotion_flow' },
};
