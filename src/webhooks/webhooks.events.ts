import { z } from 'zod';
import { defineEvent } from '../kernel/events/events.js';
import { TEST_EVENT } from './webhooks.payload.js';

/** Sent only by `POST …/webhooks/{id}/test`, to that one endpoint: never fanned out from the outbox. */
export const webhookTestEvent = defineEvent({
  type: TEST_EVENT,
  description: 'A test delivery the owner asked for (POST /api/v1/apps/{idOrSlug}/webhooks/{id}/test); sent to that endpoint only.',
  data: z.object({
    message: z.string().describe('A short human-readable message.'),
    webhookId: z.string().describe('The endpoint it was sent to.'),
    appId: z.string(),
    appSlug: z.string(),
  }),
  summary: (d) => `Test event from Appflows for ${d.appSlug}: ${d.message}`,
  dashboardPath: () => 'integrations',
});
