import { z } from 'zod';
import { defineEvent } from '../../kernel/events/events.js';
import { onboardingSubmission } from './onboarding.submission.schema.js';

/** The events of the onboarding funnel (#33): a funnel completed, and its result claimed by the app. */
export const ONBOARDING_COMPLETED = 'onboarding.completed';
export const ONBOARDING_CLAIMED = 'onboarding.claimed';

const where = {
  app: z.string().describe('The app slug.'),
  flow: z.object({ slug: z.string(), version: z.number().int().describe('The funnel version the answers were given on.') }).describe('The onboarding funnel.'),
};
const completedData = onboardingSubmission.extend({ ...where, sessionId: z.string().nullable().describe('The funnel session it completed, if it ran in one.') });
const claimedData = onboardingSubmission.extend({
  ...where,
  claimedUserId: z.string().nullable().describe('The userId the app claimed it with.'),
  claimedAnonymousId: z.string().nullable().describe('The anonymousId the app claimed it with.'),
});
export type OnboardingCompleted = z.infer<typeof completedData>;
export type OnboardingClaimed = z.infer<typeof claimedData>;

const answered = (d: { answers: Record<string, unknown> }) => {
  const n = Object.keys(d.answers).length;
  return `${n} answer${n === 1 ? '' : 's'}`;
};

export const onboardingEvents = [
  defineEvent({
    type: ONBOARDING_COMPLETED,
    description: 'Someone completed the web onboarding funnel: their answers and email are stored and a one-time claim token was issued to them (never sent).',
    data: completedData,
    summary: (d: OnboardingCompleted) => `Onboarding completed${d.email ? ` by ${d.email}` : ''} (${answered(d)}, version ${d.flow.version})`,
    dashboardPath: () => 'onboarding',
  }),
  defineEvent({
    type: ONBOARDING_CLAIMED,
    description: 'The app redeemed a completed funnel’s claim token (its first claim only): the user arrived in the app.',
    data: claimedData,
    summary: (d: OnboardingClaimed) => `Onboarding claimed in the app${d.email ? ` by ${d.email}` : ''}${d.claimedUserId ? ` (user ${d.claimedUserId})` : ''}`,
    dashboardPath: () => 'onboarding',
  }),
];
