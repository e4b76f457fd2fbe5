import { z } from 'zod';
import { htmlEmail } from '../../kernel/email.js';
import { publicAppSlug } from '../../apps/apps.schema.js';

export const CLAIM_PREFIX = 'amob_';
/** `amob_` + 32 base62 characters: 190 bits. */
export const CLAIM_TOKEN = /^amob_[A-Za-z0-9]{32}$/;
export const CLAIM_TTL_DAYS = 7;

export const completeBody = z.object({
  appSlug: publicAppSlug,
  sessionId: z.string().max(64).optional().describe('The funnel session (from POST /api/public/onboarding/sessions or the hosted page).'),
  token: z.string().max(64).optional().describe('That session’s token; required with sessionId.'),
  answers: z
    .record(z.string().max(80), z.union([z.string().max(2000), z.array(z.string().max(200)).max(20)]))
    .default({})
    .describe('Step id -> the option id (single), option ids (multi) or text. Unknown steps and options are refused.'),
  email: htmlEmail.optional(),
  source: z.string().max(20).optional().describe('`web` (default), `embed`, `app`, …'),
  website: z.string().max(200).optional().describe('Honeypot: leave empty.'),
});
export type CompleteBody = z.infer<typeof completeBody>;

export const completeResponse = z.object({
  ok: z.literal(true),
  submissionId: z.string(),
  claimToken: z.string().describe(`One-time token \`${CLAIM_PREFIX}<32 characters>\`, valid ${CLAIM_TTL_DAYS} days; the app redeems it with POST /api/public/onboarding/claim.`),
  expiresAt: z.string(),
});

/** WIRE B.2 ClaimRequest: the token with its prefix, trimmed. */
export const claimBody = z.object({
  appSlug: publicAppSlug,
  claimToken: z.string().trim().max(100),
  userId: z.string().max(200).nullish(),
  anonymousId: z.string().max(200).nullish(),
});

/** WIRE B.2 ClaimResponse (timestamps as ISO strings; answers always an object). */
export const claimResponse = z.object({
  answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  email: z.string().optional(),
  completedAt: z.string(),
  claimedAt: z.string(),
  alreadyClaimed: z.boolean(),
});
