import type { App } from '../../apps/apps.schema.js';
import type { Issue } from '../../kernel/errors.js';
import type { Warning } from '../../kernel/flows/registry.js';
import { actionUrl } from './promotion.decision.js';
import type { PromotionConfig } from './promotion.schema.js';

/**
 * Rules that need the account's apps (422, FlowTypeDef.check): every destination is another app
 * of the same account, and a custom-scheme action uses that app's own deepLinkScheme.
 */
export function promotionIssues(c: PromotionConfig, sourceAppId: string, apps: App[]): Issue[] {
  const byId = new Map(apps.map((a) => [a.id, a]));
  const issues: Issue[] = [];
  c.destinations.forEach((d, i) => {
    const path = `/destinations/${i}`;
    const app = byId.get(d.destinationAppId);
    if (d.destinationAppId === sourceAppId) issues.push({ path: `${path}/destinationAppId`, message: 'an app cannot promote itself' });
    else if (!app) issues.push({ path: `${path}/destinationAppId`, message: 'no app of this account has this id' });
    if (!app) return;
    for (const key of ['installedAction', 'deferredAction'] as const) {
      const a = d[key];
      if (a?.type === 'custom_scheme' && a.url) {
        const scheme = a.url.slice(0, a.url.indexOf(':')).toLowerCase();
        if (!app.deepLinkScheme || scheme !== app.deepLinkScheme.toLowerCase()) {
          issues.push({ path: `${path}/${key}/url`, message: app.deepLinkScheme ? `must use the app's own scheme (${app.deepLinkScheme}://…)` : 'the destination app has no deepLinkScheme: set it with PATCH /api/v1/apps/{idOrSlug}' });
        }
      }
    }
  });
  return issues;
}

/**
 * Advisory only.
 * - destination_without_store_data: the destination app has neither appStoreId nor storeUrl, so
 *   users without it cannot install it (the resolve skips it until it has).
 * - unknown_named_destination: a named_destination action names none of the app's destinations.
 * - all_destinations_disabled: nothing can be served.
 * - weights_sum_to_zero: a weighted rotation whose enabled weights are all 0 serves nothing.
 * - card_unused: a card with a presentation that never shows it.
 * - deferred_without_route: the deferred action resolves to nothing for that app (no
 *   universalLinkBase, no deepLinkScheme), so a tap would silently leave nothing pending.
 */
export function promotionWarnings(c: PromotionConfig, apps: App[]): Warning[] {
  const byId = new Map(apps.map((a) => [a.id, a]));
  const out: Warning[] = [];
  c.destinations.forEach((d, i) => {
    const app = byId.get(d.destinationAppId);
    if (!app) return;
    if (!app.promotion?.appStoreId && !app.promotion?.storeUrl) {
      out.push({ code: 'destination_without_store_data', path: `/destinations/${i}/destinationAppId`, message: `${app.name} has no appStoreId or storeUrl: users without it cannot install it, so it is skipped. Set them with PATCH /api/v1/apps/${app.slug}.` });
    }
    for (const key of ['installedAction', 'deferredAction'] as const) {
      const a = d[key];
      if (a?.type === 'named_destination' && a.name && !app.promotion?.destinations?.[a.name]) {
        out.push({ code: 'unknown_named_destination', path: `/destinations/${i}/${key}/name`, message: `${app.name} has no promotion destination "${a.name}"; it opens the app's home instead.` });
      }
    }
    const deferred = d.deferredAction ?? c.defaultDeferredAction;
    if (d.enabled && deferred && actionUrl(app, deferred) === null) {
      out.push({
        code: 'deferred_without_route',
        path: d.deferredAction ? `/destinations/${i}/deferredAction` : '/defaultDeferredAction',
        message: `${app.name} has no universalLinkBase and no deepLinkScheme, so this deferred action opens nothing and a tap leaves nothing pending. Set one with PATCH /api/v1/apps/${app.slug}, or name a URL.`,
      });
    }
  });
  const enabled = c.destinations.filter((d) => d.enabled);
  if (enabled.length === 0) out.push({ code: 'all_destinations_disabled', path: '/destinations', message: 'Every destination is disabled: this placement never shows anything.' });
  else if (c.mode === 'rotating' && c.rotationStrategy === 'weighted' && enabled.every((d) => d.weight === 0)) {
    out.push({ code: 'weights_sum_to_zero', path: '/destinations', message: 'The weights of the enabled destinations sum to zero: a weighted rotation serves nothing.' });
  }
  if (c.card && c.presentation !== 'custom_card_then_apple_native') {
    out.push({ code: 'card_unused', path: '/card', message: 'The card is only shown with presentation custom_card_then_apple_native.' });
  }
  return out;
}
