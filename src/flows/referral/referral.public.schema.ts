import { z } from 'zod';
import { publicAppSlug } from '../../apps/apps.schema.js';

export const CLAIM_PREFIX = 'amrf_';
export const CLAIM_TOKEN = /^amrf_[A-Za-z0-9]{32}$/;
export const CLAIM_TTL_DAYS = 7;

const id = (what: string) => z.string().trim().min(1).max(200).describe(what);

/** WIRE B.2 RewardPayload: `weeks` always present (0 for other units; SDK 0.5-0.8 require it). */
export const rewardPayload = z.object({
  amount: z.number().int(),
  unit: z.string(),
  unitPlural: z.string(),
  weeks: z.number().int().describe('The amount when the unit is week, else 0 (older SDKs read only this).'),
  label: z.string().nullable(),
});

export const codeBody = z.object({ appSlug: publicAppSlug, userId: id('The referrer’s user id in the app.') });
export const codeResponse = z.object({
  code: z.string().describe('8 characters, upper case, unambiguous alphabet.'),
  displayCode: z.string().describe('`XXXX-XXXX`.'),
  shareUrl: z.string().describe('WEB_URL/r/<code>.'),
  shareMessage: z.string().describe('The share template with the link appended.'),
  referrerReward: rewardPayload,
  referrerWeeks: z.number().int().describe('Legacy: the referrer reward in weeks (0 for other units).'),
  referrerLabel: z.string().nullable(),
});

export const claimIntentBody = z.object({ appSlug: publicAppSlug, code: z.string().max(40) });
export const claimIntentResponse = z.object({
  claimToken: z.string().describe(`\`${CLAIM_PREFIX}\` + 32 characters: the invite page puts it on the clipboard; valid ${CLAIM_TTL_DAYS} days, redeemed once.`),
  expiresAt: z.string(),
});

/** WIRE B.2 ReferralAttributeRequest: exactly one of code / claimToken (checked in the handler: 422). */
export const attributeBody = z.object({
  appSlug: publicAppSlug,
  code: z.string().max(40).optional().describe('A typed code: case, dashes and spaces do not matter.'),
  claimToken: z.string().trim().max(100).optional().describe('The clipboard token, `amrf_` prefix included.'),
  userId: z.string().max(200).nullish(),
  anonymousId: z.string().max(200).nullish(),
});
export const attributeResponse = z.object({
  attributed: z.boolean(),
  alreadyAttributed: z.boolean(),
  refereeReward: rewardPayload.nullable().describe('What the new user gets, or null when only the referrer is rewarded.'),
});

export const rewardsBody = z.object({ appSlug: publicAppSlug, userId: id('The referrer’s user id.') });
export const rewardsResponse = z.object({
  weeks: z.number().int().describe('Free weeks to grant now (SPEC; 0 for other units).'),
  amountOwed: z.number().int().describe('Units to grant now: newReferrals x the referrer reward.'),
  weeksOwed: z.number().int().describe('Legacy name of weeks (SDK <= 0.8 require it).'),
  reward: rewardPayload,
  newReferrals: z.number().int().describe('Rewards granted by this call; each earned reward is returned exactly once.'),
  referrerWeeksEach: z.number().int(),
  totalRewarded: z.number().int().describe('Rewards granted to this referrer so far, this call included.'),
  cappedOut: z.number().int().describe('Attributed friends beyond maxRewardsPerReferrer, never rewarded.'),
});
