import { z } from 'zod';
import { localeSchema } from '../kernel/i18n.js';
import { configUrl } from '../kernel/web-url.js';
import { APP_THEMES } from '../kernel/pages/brand.js';

/**
 * `appSlug` in a public request: any string a slug may be (up to 80 characters, as `slugSchema`),
 * with no pattern, so that a slug no app has is a 404 like any unknown app rather than a 422. One
 * schema for every public body and query, so none refuses a slug that app creation accepted.
 */
export const publicAppSlug = z.string().min(1).max(80).describe('The app’s slug.');

export const slugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'must contain only lowercase letters, digits and dashes')
  .describe(
    'URL slug, unique across the service; derived from the name when omitted. Words the service routes (`api`, `docs`, `waitlist`, `feedback`, …) and strings shaped like an app id (24 lowercase letters and digits, starting with a letter) are refused with 422.',
  );

/** The owner-URL rule every owner-set URL shares (kernel/web-url.ts): no user:pass@, no hidden or bidi characters. */
const httpsUrl = configUrl({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/** Promotion URLs are opened by other apps' users: https only (universal links need it anyway). */
const secureUrl = configUrl({ protocol: /^https$/, message: 'must be an https URL' });

/** Promotion metadata other apps' promotions reference by app id. */
export const appPromotionMeta = z
  .object({
    appStoreId: z.string().max(40).regex(/^\d+$/, 'must be digits').optional().describe('Numeric App Store id (the SDK opens the native install overlay with it).'),
    storeUrl: secureUrl.optional().describe('Store product page URL (https): the fallback when no native overlay can be shown.'),
    universalLinkBase: secureUrl.optional().describe('Universal-link base (https) that opens the app when installed; `open_home` and paths of named destinations resolve against it.'),
    iconUrl: secureUrl.optional().describe('App icon (https) shown on promotion cards.'),
    destinations: z
      .record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be snake_case').max(60), z.string().trim().min(1).max(500))
      .optional()
      .refine((r) => !r || Object.keys(r).length <= 50, 'at most 50 destinations')
      .describe(
        'Named deep-link destinations: name (snake_case) -> a path (`/recipes/today`, resolved against universalLinkBase, else the deepLinkScheme) or an absolute URL: https, the app’s own deepLinkScheme (`myapp://…`) or a store scheme (`itms-apps:`); every other scheme is a 422, as for short links.',
      ),
  })
  .strict();
export type AppPromotionMeta = z.infer<typeof appPromotionMeta>;

/** Branding every hosted page of the app uses unless a flow sets its own (kernel/pages/brand.ts). */
const accentColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #4f46e5')
  .describe(
    "Accent colour (`#rrggbb`) of every hosted page of the app (buttons, links, chips): cancel, onboarding, forms, waitlist, crash, wishlist, referral invite, legal, link page. A flow's own `hero.accentColor` wins. Text on it and accent-coloured text are picked for contrast, and a button that would not stand out from its card (under 3:1, e.g. a near-black accent on the dark theme) is drawn in a lighter or darker shade of it on that theme.",
  );
const theme = z
  .enum(APP_THEMES)
  .describe(
    "Colour scheme of every hosted page of the app: `light`, `dark`, or `auto` (follows the visitor's system setting, CSS only). A flow's own `hero.theme` wins. Unset: forms, waitlist, wishlist, legal and link page are light; cancel and onboarding follow the system.",
  );

export const createAppBody = z
  .object({
    name: z.string().trim().min(1).max(120).describe('Display name.'),
    slug: slugSchema.optional(),
    bundleId: z.string().min(1).max(200).optional().describe('iOS bundle id / Android package name.'),
    deepLinkScheme: z
      .string()
      .max(40)
      .regex(/^[a-z][a-z0-9+.-]*$/, 'must be a URL scheme (lowercase, starting with a letter)')
      .optional()
      .describe(
        'Custom URL scheme of the app, used for deep links (`<scheme>://retention-flow/action?...`). Web, store and contact schemes and every refused scheme (script, browser, OS, file-sharing, installer and remote-access schemes such as `javascript`, `microsoft-edge`, `ms-*`, `smb`, `ftp`, `ldap`, `itms-services`, `steam`, `vscode`, `ssh`: src/kernel/refused-schemes.ts) are refused with 422.',
      ),
    logoUrl: httpsUrl.optional().describe('Public logo image URL.'),
    locale: localeSchema.optional().describe("Default language of the app's hosted pages (en, de, fr, es, it, pt-BR, ja); a flow's own `locale` wins. Unset: English."),
    accentColor: accentColor.optional(),
    theme: theme.optional(),
    promotion: appPromotionMeta.optional(),
  })
  .strict();
export type CreateApp = z.infer<typeof createAppBody>;

/** PATCH: only sent keys change; `null` clears an optional field (`name` cannot be cleared). */
export const patchAppBody = z
  .object({
    name: createAppBody.shape.name.optional(),
    slug: slugSchema.optional().describe('A new slug (the old one stops working at once): 409 when taken, 422 when reserved.'),
    bundleId: createAppBody.shape.bundleId.unwrap().nullable().optional(),
    deepLinkScheme: createAppBody.shape.deepLinkScheme.unwrap().nullable().optional(),
    logoUrl: httpsUrl.nullable().optional().describe('Public logo image URL; null clears it.'),
    locale: localeSchema.nullable().optional().describe("Default language of the app's hosted pages; a flow's own `locale` wins; null clears it (English)."),
    accentColor: accentColor.nullable().optional().describe(`${accentColor.description} null clears it (the built-in indigo).`),
    theme: theme.nullable().optional().describe(`${theme.description} null clears it.`),
    promotion: appPromotionMeta
      .nullable()
      .optional()
      .describe('Promotion metadata, replaced as a whole (send every key you keep); null clears it. Validated as on create.'),
  })
  .strict();
export type PatchApp = z.infer<typeof patchAppBody>;

export const appSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  bundleId: z.string().nullable(),
  deepLinkScheme: z.string().nullable(),
  logoUrl: z.string().nullable(),
  locale: z.string().nullable().describe("Default language of the app's hosted pages, or null (English)."),
  accentColor: z.string().nullable().describe("Accent colour (`#rrggbb`) of the app's hosted pages unless a flow sets its own, or null (the built-in indigo)."),
  theme: z.enum(APP_THEMES).nullable().describe("Colour scheme of the app's hosted pages unless a flow sets its own (`light`, `dark`, `auto`), or null (each page's default)."),
  promotion: appPromotionMeta.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type App = z.infer<typeof appSchema>;

export const appParams = z.object({
  idOrSlug: z.string().min(1).max(200).describe('App id or slug.'),
});
