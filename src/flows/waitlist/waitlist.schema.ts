import { z } from 'zod';
import { clientLocale } from '../../kernel/client-locale.js';
import { localeSchema, stringsSchema } from '../../kernel/i18n.js';
import { attributes, customFields, emailInput, formHero, hexColor, introShape, submitCommon, successObject, text, theme, webUrl } from '../forms/forms.schema.js';

export const TEMPLATE_IDS = ['minimal_email_only', 'feature_tease', 'launching_soon', 'pro_upsell', 'private_beta', 'early_access_referral', 'beta_qualify'] as const;

export const waitlistHero = z
  .object({
    theme: theme.optional(),
    eyebrow: formHero.shape.eyebrow,
    accentColor: hexColor.optional().describe('Tints the submit button, the eyebrow chip and the gradient blob.'),
    showCount: z.boolean().optional().describe('Shows an “N on the waitlist” pill once N is at least 3.'),
    heroImage: webUrl.optional().describe('Image URL (https; http images are blocked by the page’s CSP).'),
    bullets: z
      .array(z.object({ icon: text(40).optional().describe('An emoji (shown as written) or a Lucide / Remix Icon name (`map`, `cloud`, `ri-shield-check-line`), drawn as an icon; an unknown name shows no icon, and a bullet without one renders without it.'), title: z.string().trim().min(1).max(80), body: text(300).optional() }).strict())
      .max(5)
      .optional()
      .describe('0-5 selling points, one per row.'),
  })
  .strict()
  .describe('Omit for the minimal look.');

export const waitlistConfig = z
  .object({
    type: z.literal('waitlist').optional().describe('Always `waitlist` once saved.'),
    intro: z.object({ ...introShape, emailPlaceholder: text(120) }).strict(),
    // Half a button is saved (AppMate's update_waitlist_draft expects `{ ok, warnings: [partial_cta] }`, WIRE A.1)
    // and shown as none: "both or neither" holds for what the page and the public config show (shownSuccess).
    success: successObject.describe('Shown after signing up. ctaLabel and ctaUrl add a button only together; one without the other is saved with the warning `partial_cta` and no button is shown.'),
    hero: waitlistHero.optional(),
    fields: customFields.optional(),
    locale: localeSchema.optional(),
    strings: stringsSchema.optional(),
    templateId: z.string().max(60).optional().describe(`Analytics tag; starter templates use ${TEMPLATE_IDS.join(', ')}.`),
  })
  .strict();
export type WaitlistConfig = z.infer<typeof waitlistConfig>;

/** The success screen as shown: a button needs both its label and its URL, else there is none. */
export function shownSuccess(s: WaitlistConfig['success']): WaitlistConfig['success'] {
  if (!!s.ctaLabel === !!s.ctaUrl) return s;
  const { ctaLabel: _label, ctaUrl: _url, ...rest } = s;
  return rest;
}

const tag = (max: number) => z.string().trim().max(max).optional();

export const signupBody = z
  .object({
    ...submitCommon,
    flowSlug: submitCommon.flowSlug.describe('Which waitlist; omitted (or "waitlist") = the primary.'),
    type: z.literal('waitlist').optional(),
    email: emailInput.describe('Required. One signup per address per waitlist (case-insensitive).'),
    locale: clientLocale.optional(),
    platform: tag(20).describe('e.g. `ios`, `web`.'),
    appVersion: tag(40),
    referrer: tag(500).describe('Referring page or campaign.'),
    attributes: attributes.optional(),
    area: tag(100).describe('Where the person is, in words (e.g. `Berlin, DE`), as the client knows it.'),
    approxLat: z.number().min(-90).max(90).nullish().describe('Approximate latitude; stored rounded to 2 decimals (about 1 km). Sent together with approxLon; null = none.'),
    approxLon: z.number().min(-180).max(180).nullish().describe('Approximate longitude; stored rounded to 2 decimals. Sent together with approxLat; null = none.'),
  })
  .refine((b) => (b.approxLat == null) === (b.approxLon == null), {
    message: 'approxLat and approxLon go together',
    path: ['approxLon'],
  })
  .describe('Waitlist signup.');
export type SignupBody = z.infer<typeof signupBody>;

/** A signup as the owner API answers it (the list, and the `waitlist.signup.created` event's data). */
export const ownerSignup = z.object({
  id: z.string(),
  email: z.string(),
  source: z.string().nullable(),
  country: z.string().nullable().describe('2-letter ISO code or null.'),
  userAgent: z.string().nullable().describe('Raw User-Agent, up to 512 characters.'),
  locale: z.string().nullable(),
  platform: z.string().nullable(),
  appVersion: z.string().nullable(),
  referrer: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()).nullable().describe('Custom-field answers keyed by field id.'),
  area: z.string().nullable().describe('Approximate place in words, as the client sent it.'),
  approxLat: z.number().nullable().describe('Latitude rounded to 2 decimals (about 1 km), or null.'),
  approxLon: z.number().nullable().describe('Longitude rounded to 2 decimals, or null.'),
  geohash: z.string().nullable().describe('5-character geohash (about 5 km) of the rounded coordinates, or null.'),
  flowSlug: z.string().nullable().describe('Which waitlist.'),
  createdAt: z.string(),
});
