import { z } from 'zod';
import { DEFAULT_WINDOW_HOURS } from './promotion.schema.js';
import { TOKEN_TTL_DAYS } from './promotion.token.js';
import { publicAppSlug } from '../../apps/apps.schema.js';
import { clientLocale } from '../../kernel/client-locale.js';

const id = (what: string) => z.string().trim().min(1).max(200).optional().describe(what);

export const EVENTS = ['impression', 'tapped', 'dismissed', 'installed', 'opened'] as const;
export type PromotionEvent = (typeof EVENTS)[number];

export const resolveBody = z.object({
  appSlug: publicAppSlug.describe('The source app (the one showing the promotion).'),
  placement: z.string().min(1).max(80).describe('The placement name of a published app_promotion flow (its `placement`).'),
  userId: id('The app’s user id: per-user frequency caps and rotation use it first.'),
  anonymousId: id('An install-scoped id, used when there is no userId.'),
  platform: z.string().trim().toLowerCase().max(20).optional().describe('ios, ipados, macos, android or web (targeting.platforms).'),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be a 2-letter country code').optional().describe('ISO 3166-1 alpha-2; default: the client’s country when the server knows it.'),
  language: clientLocale
    .optional()
    .describe('A language or locale (`de`, `pt-BR`, or the device identifier as it is: ICU keywords and BCP 47 extensions up to 100 characters are accepted and dropped): targeting uses its first part, content the best localization.'),
  appVersion: z.string().trim().max(40).optional().describe('Compared with targeting.minAppVersion / maxAppVersion.'),
  installed: z
    .array(z.string().trim().min(1).max(200))
    .max(50)
    .optional()
    .describe('Installed-state hints: app ids, bundle ids, App Store ids or URL schemes of apps the SDK found installed (e.g. by canOpenURL). With frequency.hideInstalled (default) such destinations are skipped; otherwise they are served with their installedAction and `installed: true`.'),
});
export type ResolveBody = z.infer<typeof resolveBody>;

const action = z.object({ type: z.string(), url: z.string().nullable().describe('The URL this action opens (resolved against the destination app), or null when the SDK decides (sk_overlay, open_home without links).') });

export const NONE_REASONS = ['unknown_placement', 'targeting', 'frequency_cap', 'no_eligible_destination'] as const;

const showDecision = z.object({
  decision: z.literal('show'),
  placement: z.string(),
  presentation: z.enum(['apple_native', 'custom_card_then_apple_native', 'store_product_page']),
  destination: z.object({
    appId: z.string(),
    name: z.string(),
    iconUrl: z.string().nullable(),
    appStoreId: z.string().nullable().describe('For the native overlay / store sheet.'),
    storeUrl: z.string().nullable().describe('The https fallback when nothing native can be shown.'),
    bundleId: z.string().nullable(),
    universalLink: z.string().nullable().describe('The app’s universalLinkBase: opens it when installed, else the web.'),
    installed: z.boolean().nullable().describe('true when a hint or an installed/opened event says the user has it, else null (unknown).'),
    route: z.string().nullable().describe('What to open when it is installed (installedAction resolved), else null.'),
    installedAction: action.extend({ webFallbackUrl: z.string().nullable().describe('An https page to open when the app cannot open `url` (the action’s webFallbackUrl), else null.') }),
    notInstalledAction: action,
    content: z
      .object({ locale: z.string(), title: z.string(), subtitle: z.string().nullable(), body: z.string().nullable(), ctaLabel: z.string().nullable(), imageUrl: z.string().nullable() })
      .describe('Localized: the request language’s localization (exact locale, then its language), else the default locale’s content; title defaults to the app name.'),
  }),
  card: z.record(z.string(), z.unknown()).nullable().describe('The config’s card with custom_card_then_apple_native, else null.'),
  trackingToken: z.string().describe(`Signed (HMAC-SHA256 with the server secret), self-contained, bound to this app, placement, destination and user; report funnel events with it for ${TOKEN_TTL_DAYS} days.`),
  expiresAt: z.string().describe('When the token stops being accepted.'),
});
const noneDecision = z.object({
  decision: z.literal('none'),
  reason: z.enum(NONE_REASONS).describe('unknown_placement: no published flow has this placement; targeting: the placement’s targeting excludes the request; frequency_cap: the user saw maxImpressionsPerWindow impressions of it in the window; no_eligible_destination: every destination is disabled, out of its window or targeting, capped, cooling down, installed, or without store data.'),
});
export const resolveResponse = z.discriminatedUnion('decision', [showDecision, noneDecision]);
export type Decision = z.infer<typeof resolveResponse>;

export const eventBody = z.object({
  trackingToken: z.string().min(1).max(2000).describe('From the decision (or the pending answer, for installed/opened in the destination app).'),
  event: z.enum(EVENTS).describe('impression (shown: counts against caps and frequency), tapped (leaves the deferred route pending for the destination app), dismissed, installed, opened.'),
});
export const eventResponse = z.object({
  ok: z.literal(true),
  event: z.enum(EVENTS),
  duplicate: z.boolean().describe('true when this event was already recorded for this token: nothing changed.'),
  counted: z.boolean().describe('Impressions: whether it counted against maxImpressions (false past the cap, and for other events).'),
});

export const pendingBody = z.object({
  appSlug: publicAppSlug.describe('The destination app, on its first launch.'),
  userId: id('Matched against the userId of the tap (apps that share an account system).'),
  anonymousId: id('Matched against the anonymousId of the tap.'),
});
export const pendingResponse = z.object({
  pending: z
    .object({
      route: z.string().describe('The deferred route to open.'),
      sourceAppId: z.string(),
      placement: z.string(),
      tappedAt: z.string(),
      matchedBy: z.enum(['user_id', 'anonymous_id', 'network']).describe('How the tap was matched: the same userId, the same anonymousId, else the same network (hashed client address): best effort.'),
      trackingToken: z.string().nullable().describe('The tap’s token: report installed / opened with it.'),
    })
    .nullable()
    .describe(`A tapped promotion towards this app in its window (default ${DEFAULT_WINDOW_HOURS} hours), returned once; null otherwise.`),
});
