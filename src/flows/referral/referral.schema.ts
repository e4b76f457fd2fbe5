import { z } from 'zod';
import { localeSchema, stringsSchema } from '../../kernel/i18n.js';
import { configUrl } from '../../kernel/web-url.js';

const text = (max: number) => z.string().max(max);
const line = (max: number) => z.string().trim().min(1).max(max);

/** A reward: an amount of a unit the app grants (`{ amount: 2, unit: 'week' }` = two free weeks). */
export const reward = z
  .object({
    amount: z.number().int().min(1).max(100_000),
    unit: z.string().trim().min(1).max(20).describe('`week`, `month`, `day`, `credit`, … (the app decides what it grants).'),
    unitPlural: z.string().trim().min(1).max(24).optional(),
  })
  .strict();
export type Reward = z.infer<typeof reward>;

const rewards = z
  .object({
    referrer: reward.describe('What the person who shared gets per friend who installs.'),
    refereeEnabled: z.boolean().default(false).describe('Whether the new user gets a reward too.'),
    referee: reward.optional().describe('What the new user gets (with refereeEnabled).'),
    referrerLabel: text(80).optional(),
    refereeLabel: text(80).optional(),
  })
  .strict();

/**
 * The legacy rewards shape `{ referrerWeeks, refereeWeeks }` (older MCP installs) is accepted and
 * upgraded to `{ amount, unit: 'week' }` before validation; a config is stored in the new shape.
 */
function upgradeLegacy(v: unknown): unknown {
  if (!v || typeof v !== 'object' || !('rewards' in v)) return v;
  const r = (v as { rewards: unknown }).rewards;
  if (!r || typeof r !== 'object') return v;
  const { referrerWeeks, refereeWeeks, ...rest } = r as Record<string, unknown>;
  if (referrerWeeks === undefined && refereeWeeks === undefined) return v;
  const upgraded: Record<string, unknown> = { ...rest };
  if (referrerWeeks !== undefined && upgraded.referrer === undefined) upgraded.referrer = { amount: referrerWeeks, unit: 'week' };
  if (refereeWeeks !== undefined && upgraded.referee === undefined) {
    upgraded.referee = { amount: refereeWeeks, unit: 'week' };
    upgraded.refereeEnabled ??= Number(refereeWeeks) > 0;
  }
  if (upgraded.referee && (upgraded.referee as { amount?: unknown }).amount === 0) {
    delete upgraded.referee;
    upgraded.refereeEnabled = false;
  }
  return { ...(v as object), rewards: upgraded };
}

export const referralConfig = z.preprocess(
  upgradeLegacy,
  z
    .object({
      type: z.literal('referral').optional(),
      landing: z
        .object({
          eyebrow: text(40).optional(),
          title: line(120),
          subtitle: text(500),
          ctaLabel: line(40),
          appStoreUrl: configUrl({ protocol: /^https$/, message: 'must be an https URL' }).optional(),
          websiteUrl: configUrl({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional().describe('Where `fallback: website` sends people.'),
          fallback: z.enum(['app_store', 'website']).optional().describe('Where the invite page sends people without the app (default app_store).'),
          legal: text(500).optional(),
        })
        .strict(),
      share: z.object({ messageTemplate: line(500).describe('The share text; the invite link is appended.') }).strict(),
      rewards,
      maxRewardsPerReferrer: z.number().int().min(0).max(1_000_000).optional().describe('Lifetime rewards per referrer; 0 or omitted = unlimited.'),
      maxInvitesPerReferrer: z.number().int().min(0).max(1_000_000).optional().describe('Attributed friends per referrer; 0 or omitted = unlimited.'),
      maxReferralsPerDevice: z
        .number()
        .int()
        .min(0)
        .max(1_000_000)
        .optional()
        .describe('Attributions from one client (hashed address) to one referrer; 0 or omitted = unlimited. Caps obvious farming.'),
      locale: localeSchema.optional(),
      strings: stringsSchema.optional(),
    })
    .strict(),
);
export type ReferralConfig = z.infer<typeof referralConfig>;
