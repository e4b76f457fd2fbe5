import type { App } from '../../apps/apps.schema.js';
import { destinationUrl } from '../../apps/apps.promotion.js';
import type { Decision } from './promotion.public.schema.js';
import type { DeferredAction, InstalledAction, NotInstalledAction, PromotionConfig, PromotionContent, PromotionDestination } from './promotion.schema.js';

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
      // A deferred action's path (AppMate's `route: '/today'`) joins the app's link base as named destinations do.
      return 'path' in a && a.path ? destinationUrl(meta, app.deepLinkScheme, a.path) : home;
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
export function localize(d: PromotionDestination, app: App, defaultLocale: string, language?: string, cardCta?: string) {
  let locale = defaultLocale;
  let over: PromotionContent | undefined;
  if (language) {
    // iOS identifiers use `_` (`de_DE`), BCP 47 `-` (`de-DE`): compared alike.
    const norm = (l: string) => l.toLowerCase().replace(/_/g, '-');
    const wanted = norm(language);
    const entries = Object.entries(d.localizations ?? {});
    const hit = entries.find(([l]) => norm(l) === wanted) ?? entries.find(([l]) => norm(l) === wanted.split('-')[0]);
    if (hit) [locale, over] = hit;
  }
  const c = { ...d.content, ...over };
  // The card's ctaLabel (AppMate's `card.ctaLabel`) labels the button of every destination that sets none.
  return { locale, title: c.title || app.name, subtitle: c.subtitle ?? null, body: c.body ?? null, ctaLabel: c.ctaLabel ?? cardCta ?? null, imageUrl: c.imageUrl ?? null };
}

/** The user a decision is made for, as far as the pure rules need it. */
export interface DecisionUser {
  platform?: string;
  appVersion?: string;
}

/** Which targeting rule of the flow the user misses (`platforms`, `countries`, ...), or null when targeted. */
export function targetingMiss(
  cfg: PromotionConfig,
  b: DecisionUser,
  country: string | null,
  lang: string | null,
  nowMs: number,
): 'schedule' | 'platforms' | 'countries' | 'languages' | 'minAppVersion' | 'maxAppVersion' | null {
  const t = cfg.targeting;
  if (!t) return null;
  if ((t.startAt && nowMs < Date.parse(t.startAt)) || (t.endAt && nowMs >= Date.parse(t.endAt))) return 'schedule';
  const v = b.appVersion?.match(/^\d+(\.\d+)*/)?.[0];
  if (t.platforms?.length && !(b.platform && (t.platforms as string[]).includes(b.platform))) return 'platforms';
  if (t.countries?.length && !(country && t.countries.includes(country))) return 'countries';
  if (t.languages?.length && !(lang && t.languages.includes(lang))) return 'languages';
  if (t.minAppVersion && !(v && compareVersions(v, t.minAppVersion) >= 0)) return 'minAppVersion';
  if (t.maxAppVersion && !(v && compareVersions(v, t.maxAppVersion) <= 0)) return 'maxAppVersion';
  return null;
}

/**
 * Why a destination cannot be shown, by its own settings alone (no counters, no user history),
 * or null. Live counters (maxImpressions, cooldownDays), installs and the store link come after.
 */
export function destinationMiss(
  d: PromotionDestination,
  dest: App | undefined,
  x: { appId: string; nowMs: number; country: string | null; lang: string | null },
): 'disabled' | 'unknown_app' | 'same_app' | 'not_started' | 'ended' | 'countries' | 'languages' | null {
  if (!d.enabled) return 'disabled';
  if (!dest) return 'unknown_app';
  if (dest.id === x.appId) return 'same_app';
  if (d.startAt && x.nowMs < Date.parse(d.startAt)) return 'not_started';
  if (d.endAt && x.nowMs >= Date.parse(d.endAt)) return 'ended';
  if (d.countries?.length && !(x.country && d.countries.includes(x.country))) return 'countries';
  if (d.languages?.length && !(x.lang && d.languages.includes(x.lang))) return 'languages';
  return null;
}

/** Whether a user without the app can be sent to a store for it. */
export const installable = (dest: App) => !!(dest.promotion?.appStoreId || dest.promotion?.storeUrl);

/** The destination a `show` decision carries (everything but the tracking token). */
export function shownDestination(cfg: PromotionConfig, d: PromotionDestination, app: App, installed: boolean, language?: string): Extract<Decision, { decision: 'show' }>['destination'] {
  const ia = d.installedAction ?? cfg.defaultInstalledAction;
  const na = d.notInstalledAction ?? cfg.defaultNotInstalledAction;
  const meta = app.promotion;
  return {
    appId: app.id,
    name: app.name,
    iconUrl: meta?.iconUrl ?? app.logoUrl ?? null,
    appStoreId: meta?.appStoreId ?? null,
    storeUrl: storeUrlOf(app, { type: 'sk_overlay' }),
    bundleId: app.bundleId,
    universalLink: meta?.universalLinkBase ?? null,
    installed: installed ? true : null,
    route: actionUrl(app, ia),
    installedAction: { type: ia.type, url: actionUrl(app, ia), webFallbackUrl: ('webFallbackUrl' in ia ? ia.webFallbackUrl : undefined) ?? null },
    notInstalledAction: { type: na.type, url: storeUrlOf(app, na) },
    content: localize(d, app, cfg.defaultLocale, language, cfg.card?.ctaLabel),
  };
}
