import { z } from 'zod';

export const slugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'must contain only lowercase letters, digits and dashes')
  .describe(
    'URL slug, unique across the service; derived from the name when omitted. Words the service routes (`api`, `docs`, `waitlist`, `feedback`, …) and strings shaped like an app id (24 lowercase letters and digits, starting with a letter) are refused with 422.',
  );

const httpsUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .max(2000);

/** Promotion metadata other apps' promotions reference by app id. */
export const appPromotionMeta = z
  .object({
    appStoreId: z.string().max(40).regex(/^\d+$/, 'must be digits').optional().describe('Numeric App Store id.'),
    storeUrl: httpsUrl.optional().describe('Store product page URL.'),
    universalLinkBase: httpsUrl.optional().describe('Universal-link base that opens the app when installed.'),
    iconUrl: httpsUrl.optional(),
    destinations: z
      .record(z.string().regex(/^[a-z][a-z0-9_]*$/).max(60), z.string().max(500))
      .optional()
      .describe('Named deep-link destinations: name -> path or URL.'),
  })
  .strict();

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
      .describe('Custom URL scheme of the app, used for deep links (`<scheme>://retention-flow/action?...`).'),
    logoUrl: httpsUrl.optional().describe('Public logo image URL.'),
    promotion: appPromotionMeta.optional(),
  })
  .strict();
export type CreateApp = z.infer<typeof createAppBody>;

export const appSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  bundleId: z.string().nullable(),
  deepLinkScheme: z.string().nullable(),
  logoUrl: z.string().nullable(),
  promotion: appPromotionMeta.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type App = z.infer<typeof appSchema>;

export const appParams = z.object({
  idOrSlug: z.string().min(1).max(200).describe('App id or slug.'),
});
