import type { App } from '../../apps/apps.schema.js';
import type { FlowTemplate, TemplateContext } from '../../kernel/flows/registry.js';
import { FREQUENCY_DEFAULTS, type InstalledAction, type PromotionConfig, type PromotionDestination } from './promotion.schema.js';

/** Users without it can install it: resolve skips a destination with neither (destination_without_store_data). */
const installable = (a: App) => !!(a.promotion?.appStoreId || a.promotion?.storeUrl);

/**
 * The apps a template may promote, best first: every app of the account but the one the flow is
 * for, installable ones first, then any with promotion metadata, oldest first within each.
 * Empty when the account has a single app (whether or not the caller named it): a promotion's
 * destination must be another app of the same account (promotionIssues), so no template could
 * save anywhere; docs/promotion.md says so.
 */
export function promotableApps(ctx: TemplateContext): App[] {
  if (ctx.accountApps.length < 2) return [];
  const others = ctx.accountApps.filter((a) => a.id !== ctx.app?.id);
  const rank = (a: App) => (installable(a) ? 0 : a.promotion ? 1 : 2);
  return others.map((a, i) => ({ a, i })).sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i).map((x) => x.a);
}

/** Where a tap lands in the destination app: its first named destination when it has one, else its home. */
function landing(a: App): InstalledAction & { type: 'open_home' | 'named_destination' } {
  const name = Object.keys(a.promotion?.destinations ?? {})[0];
  return name ? { type: 'named_destination', name } : { type: 'open_home' };
}

/** A destination with the schema's defaults written out, so the template is the whole config. */
const destination = (a: App, rest: Partial<PromotionDestination> = {}): PromotionDestination => ({ destinationAppId: a.id, enabled: true, priority: 0, weight: 1, ...rest });

/** The fields every promotion config has once parsed (their defaults), for the templates to override. */
const base = (placement: string): Omit<PromotionConfig, 'destinations'> => ({
  type: 'app_promotion',
  placement,
  mode: 'single',
  rotationStrategy: 'smart',
  presentation: 'apple_native',
  defaultInstalledAction: { type: 'open_home' },
  defaultNotInstalledAction: { type: 'sk_overlay' },
  frequency: { ...FREQUENCY_DEFAULTS },
  defaultLocale: 'en',
});

/**
 * Starting points for a promotion placement (served by GET /api/v1/flow-templates?app=): each
 * promotes the account's other apps (promotableApps), so it saves as it is. `placement` is the name
 * the SDK resolves; each template uses its own, so several can be published side by side.
 */
export function promotionTemplates(ctx: TemplateContext): FlowTemplate<PromotionConfig>[] {
  const apps = promotableApps(ctx);
  const first = apps[0];
  if (!first) return [];
  // Rotations show only apps users can install, when there are any (else every app: the warning then says why).
  const many = (apps.some(installable) ? apps.filter(installable) : apps).slice(0, 20); // 20: the schema's most destinations
  return [
    {
      id: 'after_onboarding',
      name: 'After onboarding: try our other app',
      description: `Once, right after a new user finishes onboarding, suggest ${first.name} with the native install overlay.`,
      config: {
        ...base('after_onboarding'),
        destinations: [
          destination(first, {
            cooldownDays: 30,
            content: { subtitle: 'From the makers of this app', body: `Enjoying the app? ${first.name} is made by the same small team.`, ctaLabel: 'Get it' },
          }),
        ],
        frequency: { windowDays: 30, maxImpressionsPerWindow: 1, hideInstalled: true },
      },
    },
    {
      id: 'home_cross_sell_card',
      name: 'Cross-sell card on the home screen',
      description: `A “More from us” card on the home screen that rotates through your other apps (${many.map((a) => a.name).join(', ')}), at most twice a fortnight per user.`,
      config: {
        ...base('home_card'),
        mode: 'rotating',
        rotationStrategy: 'smart',
        presentation: 'custom_card_then_apple_native',
        destinations: many.map((a) => destination(a, { cooldownDays: 7, content: { body: `Try ${a.name}, from the team behind this app.`, ctaLabel: 'Take a look' } })),
        frequency: { windowDays: 14, maxImpressionsPerWindow: 2, hideInstalled: true },
        card: { style: 'banner', title: 'More from us', dismissLabel: 'Not now', accentColor: '#4f46e5', showRating: true },
      },
    },
    {
      id: 'deep_link_handoff',
      name: 'Deep link into the other app',
      description: `Send people to the right screen of ${first.name}: opened there if they have it, else the store, then landed there on first launch.`,
      config: {
        ...base('deep_link_handoff'),
        presentation: 'store_product_page',
        destinations: [
          destination(first, {
            content: { title: `Continue in ${first.name}`, body: 'It picks up exactly where you need it.', ctaLabel: 'Open' },
            installedAction: landing(first),
            deferredAction: { ...landing(first), windowHours: 72 },
          }),
        ],
        // Users who have the app are the point here: they are sent straight in, not hidden.
        frequency: { windowDays: 7, maxImpressionsPerWindow: 3, hideInstalled: false },
      },
    },
    {
      id: 'settings_more_apps',
      name: '“More apps” in Settings',
      description: 'A “More apps by us” row in Settings: the user asked, so no per-user cap; shows each of your other apps in turn with the store sheet.',
      config: {
        ...base('settings_more_apps'),
        mode: 'rotating',
        rotationStrategy: 'even',
        presentation: 'store_product_page',
        destinations: many.map((a) => destination(a)),
        frequency: { windowDays: 1, maxImpressionsPerWindow: 0, hideInstalled: true },
      },
    },
  ];
}
