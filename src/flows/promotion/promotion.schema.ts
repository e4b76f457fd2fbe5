import { z } from 'zod';
import { parseDestination } from '../../kernel/url-destination.js';
import { configUrl } from '../../kernel/web-url.js';
import { asciiUrl } from '../../kernel/ascii-url.js';
import { fromAppMate } from './promotion.appmate.js';

const text = (max: number) => z.string().trim().max(max);
/** The owner-URL rule (kernel/web-url.ts): https with a host, no user:pass@, no hidden or bidi characters. */
const httpsUrl = configUrl({ protocol: /^https$/, message: 'must be an https URL' });
const isoTime = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time (UTC or with an offset).');
const country = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in upper case (US, DE)');
const language = z.string().regex(/^[a-z]{2,3}$/, 'must be an ISO 639 language code in lower case (en, de)');
const locale = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a locale like en, de or pt-BR');
const version = z.string().regex(/^\d+(\.\d+){0,3}$/, 'must be a dotted version like 2.4 or 2.4.1');

export const DEFAULT_WINDOW_HOURS = 72;

/** The words on a destination's card, in the default locale; `localizations` override them per locale. */
export const promotionContent = z
  .object({
    title: text(80).optional().describe('Headline; defaults to the destination app’s name.'),
    subtitle: text(120).optional(),
    body: text(500).optional(),
    ctaLabel: text(40).optional().describe('Button label (e.g. "Get it").'),
    imageUrl: httpsUrl.optional().describe('Card artwork (https).'),
  })
  .strict();
export type PromotionContent = z.infer<typeof promotionContent>;

/** An absolute URL with the short-link rules (no javascript:, data:, user:pass@ …); scheme fit is checked per destination app. */
const appUrl = z
  .string()
  .max(2000)
  .superRefine((v, ctx) => {
    const p = parseDestination(v);
    if (!p.ok) ctx.addIssue({ code: 'custom', message: p.message });
  })
  .overwrite(asciiUrl); // stored in the ASCII form iOS 16 opens (kernel/ascii-url.ts)

/** An `itms-apps(s)://` store URL, with the short-link rules every non-web owner URL shares (no user:pass@, no hidden characters). */
const storeSchemeUrl = z
  .string()
  .max(2000)
  .regex(/^itms-apps?s?:\/\/\S+$/, 'must be https or itms-apps://')
  .superRefine((v, ctx) => {
    const p = parseDestination(v);
    if (!p.ok) ctx.addIssue({ code: 'custom', message: p.message });
  })
  .overwrite(asciiUrl); // stored in the ASCII form iOS 16 opens (kernel/ascii-url.ts)

/** Where the SDK goes when the app cannot open the action's URL (AppMate's `webFallbackUrl`); the decision carries it. */
const webFallbackUrl = httpsUrl.optional().describe('An https page to open when the app cannot open the action (returned as installedAction.webFallbackUrl).');

/** What opens when the user already has the destination app. */
export const installedAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('open_home'), webFallbackUrl }).strict().describe('Opens the app: its universalLinkBase, else `<deepLinkScheme>://`.'),
  z.object({ type: z.literal('named_destination'), name: z.string().regex(/^[a-z][a-z0-9_]*$/).max(60), webFallbackUrl }).strict().describe('One of the destination app’s named promotion destinations.'),
  z.object({ type: z.literal('universal_link'), url: httpsUrl, webFallbackUrl }).strict(),
  z.object({ type: z.literal('custom_scheme'), url: appUrl, webFallbackUrl }).strict().describe('A URL in the destination app’s own deepLinkScheme.'),
  z.object({ type: z.literal('none') }).strict(),
]);
export type InstalledAction = z.infer<typeof installedAction>;

/** What happens when the user does not have it. */
export const notInstalledAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sk_overlay') }).strict().describe('The native install overlay (SKOverlay), with appStoreId.'),
  z.object({ type: z.literal('store_product_page') }).strict().describe('The in-app store product page sheet (SKStoreProductViewController), falling back to storeUrl.'),
  z.object({ type: z.literal('app_store_url'), url: z.union([httpsUrl, storeSchemeUrl]).optional() }).strict().describe('Opens a store URL (default: the app’s storeUrl).'),
]);
export type NotInstalledAction = z.infer<typeof notInstalledAction>;

/** Where the destination app lands on its first launch after a tapped promotion (POST /api/public/promotions/pending). */
export const deferredAction = z
  .object({
    type: z.enum(['open_home', 'named_destination', 'universal_link', 'custom_scheme']),
    name: z.string().regex(/^[a-z][a-z0-9_]*$/).max(60).optional().describe('With named_destination.'),
    url: appUrl.optional().describe('With universal_link (https) or custom_scheme.'),
    path: z
      .string()
      .regex(/^\/[^\s]*$/, 'must be a path starting with /')
      .max(500)
      .optional()
      .describe('With open_home: a path (`/today`) joined to the app’s universalLinkBase, else to `<deepLinkScheme>://`, as named destinations are (AppMate’s `route`).'),
    windowHours: z.number().int().min(1).max(720).default(DEFAULT_WINDOW_HOURS).describe(`How long after the tap the pending route may be claimed; default ${DEFAULT_WINDOW_HOURS} hours, at most 30 days.`),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.type === 'named_destination' && !d.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'named_destination needs a name' });
    if ((d.type === 'universal_link' || d.type === 'custom_scheme') && !d.url) ctx.addIssue({ code: 'custom', path: ['url'], message: `${d.type} needs a url` });
    if (d.type === 'universal_link' && d.url && !d.url.startsWith('https://')) ctx.addIssue({ code: 'custom', path: ['url'], message: 'must be an https URL' });
    if (d.path && d.type !== 'open_home') ctx.addIssue({ code: 'custom', path: ['path'], message: 'path goes with open_home' });
  });
export type DeferredAction = z.infer<typeof deferredAction>;

export const promotionDestination = z
  .object({
    destinationAppId: z.string().min(1).max(100).describe('Id of another app of the same account (422 otherwise).'),
    enabled: z.boolean().default(true),
    priority: z.number().int().min(0).max(1000).default(0).describe('Higher first: `single` shows the highest-priority eligible destination; `rotating` rotates among the eligible destinations of the highest eligible priority (a waterfall of tiers).'),
    weight: z.number().min(0).max(1000).default(1).describe('Share under rotationStrategy `weighted` (0 = never picked by weight).'),
    startAt: isoTime.optional(),
    endAt: isoTime.optional(),
    countries: z.array(country).max(250).optional().describe('Only users in these countries (request `country`, else the client’s country); empty or absent = everywhere. An unknown country does not match a list.'),
    languages: z.array(language).max(200).optional().describe('Only users with these languages (request `language`, its first part); empty or absent = all.'),
    maxImpressions: z.number().int().min(0).max(1_000_000_000).optional().describe('Lifetime cap on counted impressions of this destination at this placement (0 or absent = none). Counted exactly on `impression` events (an atomic conditional increment); once reached the destination is no longer served.'),
    cooldownDays: z.number().min(0).max(365).optional().describe('After a user’s impression of this destination (at any placement of the app), not shown to that user again for this many days.'),
    content: promotionContent.optional(),
    localizations: z.record(locale, promotionContent).optional().describe('Per-locale overrides of `content` (`de`, `pt-BR`); the request `language` picks one, else `defaultLocale`.'),
    installedAction: installedAction.optional().describe('Default: defaultInstalledAction.'),
    notInstalledAction: notInstalledAction.optional().describe('Default: defaultNotInstalledAction.'),
    deferredAction: deferredAction.optional().describe('Default: defaultDeferredAction; without one a tap leaves nothing pending.'),
  })
  .strict()
  .refine((d) => !d.startAt || !d.endAt || Date.parse(d.startAt) < Date.parse(d.endAt), { message: 'endAt must be after startAt', path: ['endAt'] });
export type PromotionDestination = z.infer<typeof promotionDestination>;

export const FREQUENCY_DEFAULTS = { windowDays: 14, maxImpressionsPerWindow: 4, hideInstalled: true } as const;

/**
 * WIRE A.2's "frequency defaults 14 / 4 / true", read as: a rolling window of 14 days, at most 4
 * impressions of this placement per user in it, and never promoting an app the user has.
 */
export const promotionFrequency = z
  .object({
    windowDays: z.number().min(1).max(365).default(FREQUENCY_DEFAULTS.windowDays).describe('Length of the rolling per-user window, in days (default 14).'),
    maxImpressionsPerWindow: z.number().int().min(0).max(100).default(FREQUENCY_DEFAULTS.maxImpressionsPerWindow).describe('At most this many impressions of this placement per user (userId, else anonymousId) in the window (default 4); 0 = no per-user cap. Users with neither id are not capped.'),
    hideInstalled: z.boolean().default(FREQUENCY_DEFAULTS.hideInstalled).describe('Never promote an app the user has (an `installed` hint in the request, or an `installed`/`opened` event of that user); default true. When false, installed apps get their installedAction.'),
    lifetimeImpressions: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe('At most this many impressions of this placement per user, ever (within the kept event history); 0 or absent = no lifetime cap. Beside the window cap.'),
  })
  .strict();

export const promotionTargeting = z
  .object({
    platforms: z.array(z.enum(['ios', 'ipados', 'macos', 'android', 'web'])).max(5).optional().describe('Only requests with one of these `platform` values; absent = all.'),
    countries: z.array(country).max(250).optional(),
    languages: z.array(language).max(200).optional(),
    minAppVersion: version.optional().describe('Only requests whose `appVersion` is at least this (a request without appVersion does not match).'),
    maxAppVersion: version.optional(),
    startAt: isoTime.optional().describe('The placement shows nothing before this time (reason `targeting`).'),
    endAt: isoTime.optional().describe('The placement shows nothing from this time on (reason `targeting`).'),
  })
  .strict()
  .refine((t) => !t.startAt || !t.endAt || Date.parse(t.startAt) < Date.parse(t.endAt), { message: 'endAt must be after startAt', path: ['endAt'] });

export const promotionCard = z
  .object({
    style: z.enum(['compact', 'banner', 'fullscreen']).default('compact'),
    title: text(80).optional().describe('Card heading above the destination (e.g. "More from us").'),
    dismissLabel: text(40).optional(),
    ctaLabel: text(40).optional().describe('The card’s button label, for every destination whose content sets none.'),
    accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #4f46e5').optional(),
    showRating: z.boolean().optional(),
  })
  .strict()
  .describe('The custom card shown before the native overlay (presentation custom_card_then_apple_native).');

/** Ours, or AppMate's documented shape normalised into ours first (promotion.appmate.ts). */
export const promotionConfig = z.preprocess(
  fromAppMate,
  z
    .object({
      type: z.literal('app_promotion').optional(),
      placement: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$/, 'must be 1-80 letters, digits, _ . - (e.g. after_onboarding)').describe('The name the SDK resolves (`placement` in POST /api/public/promotions/resolve); unique among the app’s promotion flows.'),
      mode: z.enum(['single', 'rotating']).default('single').describe('single: always the highest-priority eligible destination; rotating: rotationStrategy among the top eligible tier.'),
      rotationStrategy: z.enum(['smart', 'even', 'weighted']).default('smart').describe('smart: per user, the destination seen (or served) least recently: never an immediate repeat while another is eligible, all before any repeats; even: the least-served destination (per node, counts within 1 of each other); weighted: smooth weighted round robin by weight (per node, each within 1 of its exact share).'),
      presentation: z.enum(['apple_native', 'custom_card_then_apple_native', 'store_product_page']).default('apple_native').describe('apple_native: the native install overlay (default, recommended); custom_card_then_apple_native: our card first (card, content), then the overlay; store_product_page: the store sheet, with storeUrl as the fallback.'),
      destinations: z.array(promotionDestination).min(1).max(20),
      defaultInstalledAction: installedAction.default({ type: 'open_home' }),
      defaultNotInstalledAction: notInstalledAction.default({ type: 'sk_overlay' }),
      defaultDeferredAction: deferredAction.optional(),
      targeting: promotionTargeting.optional().describe('Who may see this placement at all (before any destination rule).'),
      frequency: promotionFrequency.default({ ...FREQUENCY_DEFAULTS }),
      defaultLocale: locale.default('en').describe('The locale `content` is written in; used when the request language has no localization.'),
      card: promotionCard.optional(),
    })
    .strict()
    .superRefine((c, ctx) => {
      const seen = new Set<string>();
      c.destinations.forEach((d, i) => {
        if (seen.has(d.destinationAppId)) ctx.addIssue({ code: 'custom', path: ['destinations', i, 'destinationAppId'], message: 'listed twice' });
        seen.add(d.destinationAppId);
      });
    }),
);
export type PromotionConfig = z.infer<typeof promotionConfig>;
