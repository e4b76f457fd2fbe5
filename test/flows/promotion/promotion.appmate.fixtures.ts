/**
 * `update_app_promotion_draft` bodies built exactly as AppMate's MCP client documents its config
 * (fil-technology/appmate-mcp src/tools.ts, commit 9b826691):
 *
 *   { type: 'app_promotion', placement, mode, rotationStrategy?, presentation,
 *     destinations: [{ destinationAppId, enabled?, priority?, weight?, startAt?, endAt?, countries?, languages?,
 *       maxImpressions?, cooldownDays?, content?: { headline?, body?, cta?, artworkUrl? },
 *       localizations?: { [locale]: { headline?, body?, cta?, artworkUrl? } },
 *       installedAction?: { type, destinationKey?, universalUrl?, customSchemeUrl?, fallback?, webFallbackUrl? },
 *       notInstalledAction?: { type }, deferredAction?: { enabled, route?, expiresAfterHours?, fallbackRoute?, minAppVersion? } }],
 *     defaultInstalledAction?, defaultNotInstalledAction?,
 *     targeting?: { platforms?, countries?, languages?, minAppVersion?, maxAppVersion?, startAt?, endAt? },
 *     frequency?: { cooldownDays?, lifetimeImpressions?, avoidImmediateRepeat? }, defaultLocale?, card?: { dismissLabel?, ctaLabel? } }
 */
export const appmatePromotion = (ids: { focus: string; habit: string }) => ({
  type: 'app_promotion',
  placement: 'cleaning_completed',
  mode: 'rotating',
  rotationStrategy: 'smart',
  presentation: 'custom_card_then_apple_native',
  destinations: [
    {
      destinationAppId: ids.focus,
      enabled: true,
      priority: 1,
      weight: 1,
      content: { headline: 'Focus better', body: 'A deep-work timer.', cta: 'Get Focus', artworkUrl: 'https://focus.example/art.png' },
      localizations: { de: { headline: 'Besser fokussieren', body: 'Ein Timer für tiefe Arbeit.', cta: 'Focus holen', artworkUrl: 'https://focus.example/art-de.png' } },
      installedAction: { type: 'universal_link', universalUrl: 'https://focus.example/open/today', webFallbackUrl: 'https://focus.example/web/today' },
      notInstalledAction: { type: 'sk_overlay' },
      deferredAction: { enabled: true, route: '/today', expiresAfterHours: 48 },
    },
    {
      destinationAppId: ids.habit,
      enabled: true,
      priority: 0,
      content: { headline: 'Build habits' },
      installedAction: { type: 'named_destination', destinationKey: 'today' },
      notInstalledAction: { type: 'store_product_page' },
      deferredAction: { enabled: false },
    },
  ],
  defaultInstalledAction: { type: 'open_home' },
  defaultNotInstalledAction: { type: 'sk_overlay' },
  targeting: { platforms: ['ios'], startAt: '2026-01-01T00:00:00Z', endAt: '2030-01-01T00:00:00Z' },
  frequency: { cooldownDays: 14, lifetimeImpressions: 2, avoidImmediateRepeat: true },
  defaultLocale: 'en',
  card: { dismissLabel: 'Not now', ctaLabel: 'Try it' },
});

/** A single-destination body with the smallest documented deferred action (`{ enabled: true }`). */
export const appmatePromotionSingle = (destinationAppId: string) => ({
  type: 'app_promotion',
  placement: 'settings_more_apps',
  mode: 'single',
  presentation: 'apple_native',
  destinations: [{ destinationAppId, content: { headline: 'Try Calm' }, deferredAction: { enabled: true } }],
});
