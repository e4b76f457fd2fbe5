import { z } from 'zod';

const identity = (what: string) => z.string().trim().min(1).max(200).optional().describe(what);

/** One end user of the app; at least one identity (422 otherwise). Every row matching any of them is theirs. */
export const subjectBody = z
  .object({
    email: z
      .string()
      .trim()
      .min(1)
      .max(254)
      .optional()
      .describe(
        'The address the user gave (matched trimmed and case-insensitively): waitlist signups, feedback/report/contact/crash submissions and contact replies, onboarding completions, wishlist ideas (contact email) and, through its keyed hash, wishlist votes and comments made in email mode.',
      ),
    userId: identity(
      'The host app’s user id (SDK `userId`): wishlist votes, comments and ideas made with it, referral code and referrals (as referrer or referee), onboarding completions claimed with it, cancel and onboarding sessions, app-promotion events.',
    ),
    anonymousId: identity(
      'The SDK’s anonymous id (`anonymousId` / `anonId`): referrals as referee, onboarding completions claimed with it, cancel and onboarding sessions, app-promotion events. Wishlist votes and comments made anonymously are keyed with the client’s hashed address as well, so an anonymous id alone cannot find them.',
    ),
  })
  .superRefine((s, ctx) => {
    if (!s.email && !s.userId && !s.anonymousId) ctx.addIssue({ code: 'custom', path: [], message: 'give at least one of email, userId, anonymousId' });
  });

const subjectOut = z.object({ email: z.string().optional(), userId: z.string().optional(), anonymousId: z.string().optional() }).describe('The identities searched for, trimmed.');

export const exportResponse = z.object({
  subject: subjectOut,
  data: z
    .record(z.string(), z.array(z.record(z.string(), z.unknown())))
    .describe(
      'Rows by kind, as stored (snake_case columns, ISO-8601 UTC times), oldest first: `waitlist_signups`, `feedback_submissions`, `report_submissions`, `contact_submissions`, `contact_replies`, `crash_reports`, `wishlist_ideas`, `wishlist_votes`, `wishlist_comments`, `referral_codes`, `referrals`, `onboarding_submissions`, `onboarding_sessions`, `onboarding_steps`, `cancel_sessions`, `cancel_steps`, `promotion_events`, `outbox_events` and `webhook_deliveries` (events and webhook delivery bodies that name the user). Every kind is present, empty when nothing matched. Capabilities (session tokens, claim hashes, tracking tokens) are left out.',
    ),
});

export const eraseResponse = z.object({
  ok: z.literal(true),
  subject: subjectOut,
  removed: z
    .record(z.string(), z.number().int())
    .describe(
      'Rows deleted by kind (the kinds of the export). `crash_occurrences`: occurrences taken out of crash groups with the removed reports. `wishlist_votes_on_erased_ideas`, `wishlist_comments_on_erased_ideas`: what other users had left on the user’s own ideas, removed with them. `referrals_anonymized`: referrals where the user was somebody else’s referee, kept in that referrer’s ledger (their reward cap counts them) with every referee field cleared. Counters (idea vote and comment counts, crash group counts) move in the same transaction.',
    ),
});

export const retentionResponse = z.object({
  days: z.number().int().nullable().describe('Raw submissions older than this many days are deleted by the background sweep; null keeps everything.'),
});

export const retentionBody = z.object({
  days: z
    .number()
    .int()
    .min(1)
    .max(36500)
    .nullable()
    .describe(
      'Days to keep raw submissions (1-36500), or null to keep them for ever. Swept: waitlist signups, feedback/report/contact submissions with their replies, crash reports (out of their group counts), onboarding completions, cancel and onboarding sessions with their steps. Kept: wishlist ideas, votes and comments (the public board), referral codes and referrals (the reward ledger), app-promotion events, short-link clicks.',
    ),
});
export const retentionSetResponse = retentionResponse.extend({ ok: z.literal(true) });
