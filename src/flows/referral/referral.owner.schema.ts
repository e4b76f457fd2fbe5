import { z } from 'zod';

export const referralStatus = z.enum(['pending', 'attributed', 'expired']);
/** A referral as the owner API answers it (and the referral events carry it). */
export const referralSchema = z.object({
  id: z.string(),
  code: z.string(),
  referrerUserId: z.string(),
  status: referralStatus.describe('pending: a landing visit whose token is not redeemed yet; expired: its token ran out; attributed.'),
  source: z.enum(['link', 'code']).describe('link: through the invite page (token or deep link); code: typed.'),
  refereeUserId: z.string().nullable(),
  refereeAnonymousId: z.string().nullable(),
  attributedAt: z.string().nullable(),
  referrerRewarded: z.boolean(),
  refereeRewarded: z.boolean(),
  country: z.string().nullable(),
  createdAt: z.string(),
});
