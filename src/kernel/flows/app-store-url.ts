import type { TemplateContext } from './registry.js';

/**
 * The app's own store page from its promotion metadata, when it has one: templates whose page
 * sends people without the app to the store (onboarding handoff, referral invite) fill it in
 * rather than ship a made-up link to someone else's app.
 */
export function appStoreUrlOf(ctx: TemplateContext): string | undefined {
  const promotion = ctx.app?.promotion;
  if (promotion?.storeUrl) return promotion.storeUrl;
  return promotion?.appStoreId ? `https://apps.apple.com/app/id${promotion.appStoreId}` : undefined;
}
