import { z } from 'zod';
import { defineEvent } from '../../kernel/events/events.js';
import { ownerSignup } from './waitlist.schema.js';

/** The events waitlists send (webhooks, notifications: kernel/events), listed in the forms module. */

export const SIGNUP_CREATED = 'waitlist.signup.created';

/** `data`: the signup as the owner API lists it, with the app's slug and the waitlist that took it. */
export const signupCreatedData = ownerSignup.extend({
  app: z.string().describe('Slug of the app.'),
  flow: z.object({ slug: z.string(), version: z.number().int().nullable().describe('The published version the signup came through.') }).describe('The waitlist.'),
});
export type SignupCreatedData = z.infer<typeof signupCreatedData>;

export const WAITLIST_EVENTS = [
  defineEvent({
    type: SIGNUP_CREATED,
    description: 'Someone joined a waitlist. A repeat signup of an address already on that waitlist sends nothing.',
    data: signupCreatedData,
    summary: (d) => `New waitlist signup: ${d.email}${d.flow.slug === 'waitlist' ? '' : ` (${d.flow.slug})`}`,
    dashboardPath: () => 'waitlist',
  }),
];
