import type { App } from '../../apps/apps.schema.js';
import { destinationUrl } from '../../apps/apps.promotion.js';
import type { DeferredAction, InstalledAction, NotInstalledAction, PromotionContent, PromotionDestination } from './promotion.schema.js';

/** Pure pieces of a decision: versions, action URLs, localized content. */

/** `2.10.1` >= `2.9`: numeric, part by part. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

/** The URL an installed-app action opens, resolved against the destination app's metadata. */
export function actionUrl(app: App, a: InstalledAction | DeferredAction): string | null {
  const meta = app.promotion;
  const home = meta?.universalLinkBase ?? (app.deepLinkScheme ? `${app.deepLinkScheme}://` : null);
  switch (a.type) {
    case 'open_home':
      return home;
    case 'named_destination': {
      const v = a.name ? meta?.destinations?.[a.name] : undefined;
      return v ? (destinationUrl(meta, app.deepLinkScheme, v) ?? home) : home;
    }
    case 'universal_link':
    case 'custom_scheme':
      return a.url ?? null;
    default:
      return null;
  }
}

/** A store URL for users without the app: the action's, else the app's storeUrl, else one from appStoreId. */
export const storeUrlOf = (app: App, a: NotInstalledAction) => (a.type === 'app_store_url' && a.url ? a.url : (app.promotion?.storeUrl ?? (app.promotion?.appStoreId ? `https://apps.apple.com/app/id${app.promotion.appStoreId}` : null)));

/** The request language's content: exact locale, then its language, else the default content. */
export function localize(d: PromotionDestination, app: App, defaultLocale: string, language?: string) {
  let locale = defaultLocale;
  let over: PromotionContent | undefined;
  if (language) {
    const wanted = language.toLowerCase();
    const entries = Object.entries(d.localizations ?? {});
    const hit = entries.find(([l]) => l.toLowerCase() === wanted) ?? entries.find(([l]) => l.toLowerCase() === wanted.split('-')[0]);
    if (hit) [locale, over] = hit;
  }
  const c = { ...d.content, ...over };
  return { locale, title: c.title || app.name, subtitle: c.subtitle ?? null, body: c.body ?? null, ctaLabel: c.ctaLabel ?? null, imageUrl: c.imageUrl ?? null };
}
