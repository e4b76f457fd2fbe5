import { z } from 'zod';
import { defineEvent } from '../../kernel/events/events.js';
import { rewardPayload } from './referral.public.schema.js';
import { referralSchema } from './referral.owner.schema.js';

/** The events of the referral flow (#33): a friend attributed to a referrer, and a referrer's rewards granted. */
export const REFERRAL_ATTRIBUTED = 'referral.attributed';
export const REFERRAL_REWARD_CLAIMED = 'referral.reward.claimed';

const where = {
  app: z.string().describe('The app slug.'),
  flow: z.object({ slug: z.string(), version: z.number().int().describe('The published version whose rules applied.') }).describe('The referral flow.'),
};
const attributedData = referralSchema.extend(where);
const rewardData = z.object({
  ...where,
  referrerUserId: z.string(),
  newReferrals: z.number().int().describe('Rewards this claim granted (one per referral below).'),
  totalRewarded: z.number().int().describe('Rewards granted to this referrer so far, this claim included.'),
  cappedOut: z.number().int().describe('Attributed friends beyond maxRewardsPerReferrer, never rewarded.'),
  reward: rewardPayload.describe('The referrer reward, each.'),
  amountOwed: z.number().int().describe('newReferrals x the reward amount: what the app grants now.'),
  referrals: z.array(referralSchema).describe('The referrals this claim rewarded.'),
});
export type ReferralAttributed = z.infer<typeof attributedData>;
export type ReferralRewardClaimed = z.infer<typeof rewardData>;

export const referralEvents = [
  defineEvent({
    type: REFERRAL_ATTRIBUTED,
    description: 'A new user was attributed to a referrer (typed code or invite link), once per referee.',
    data: attributedData,
    summary: (d: ReferralAttributed) => `Referral: ${d.refereeUserId ?? d.refereeAnonymousId ?? 'a new user'} joined through ${d.referrerUserId}'s ${d.source === 'code' ? 'code' : 'invite link'}`,
    dashboardPath: () => 'referral',
  }),
  defineEvent({
    type: REFERRAL_REWARD_CLAIMED,
    description: 'A referrer’s app claimed the rewards they earned (only claims that granted at least one).',
    data: rewardData,
    summary: (d: ReferralRewardClaimed) =>
      `Referral reward: ${d.referrerUserId} earned ${d.amountOwed} ${d.amountOwed === 1 ? d.reward.unit : d.reward.unitPlural} for ${d.newReferrals} friend${d.newReferrals === 1 ? '' : 's'}`,
    dashboardPath: () => 'referral',
  }),
];
