import { z } from 'zod';

/** A completion as the owner API answers it (and the onboarding events carry it). */
export const onboardingSubmission = z.object({
  id: z.string(),
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).describe('Step id -> option id, option ids or text.'),
  email: z.string().nullable(),
  source: z.string(),
  claimed: z.boolean(),
  claimedAt: z.string().nullable(),
  country: z.string().nullable(),
  versionNumber: z.number().int(),
  createdAt: z.string(),
});
