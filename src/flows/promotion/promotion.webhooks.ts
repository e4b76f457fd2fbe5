import { z } from 'zod';
import { defineEvent } from '../../kernel/events/events.js';

/**
 * The events app promotion sends to webhooks and notifications (#33; promotion.events.ts is the
 * funnel's own event writer): an install of a promoted app, reported by the destination app.
 */
export const PROMOTION_INSTALLED = 'promotion.installed';

const installedData = z.object({
  app: z.string().describe('The slug of the app that showed the promotion.'),
  flow: z.object({ slug: z.string().nullable(), version: z.number().int().nullable() }).describe('The promotion flow and the published version that chose the destination.'),
  destinationApp: z.object({ id: z.string(), slug: z.string().nullable(), name: z.string().nullable() }).describe('The promoted app that was installed.'),
  id: z.string(),
  createdAt: z.string(),
  placement: z.string(),
  destinationAppId: z.string(),
  event: z.string().describe('`installed`.'),
  counted: z.boolean().nullable().describe('Impressions only: whether it counted against the cap; null here.'),
  userId: z.string().nullable(),
  anonymousId: z.string().nullable(),
  deferredRoute: z.string().nullable(),
  claimedAt: z.string().nullable(),
});
export type PromotionInstalled = z.infer<typeof installedData>;

export const promotionEvents = [
  defineEvent({
    type: PROMOTION_INSTALLED,
    description: 'A promoted app was installed from a promotion (the first `installed` event of its tracking token).',
    data: installedData,
    summary: (d: PromotionInstalled) => `Promotion: ${d.destinationApp.name ?? d.destinationAppId} installed from placement "${d.placement}"${d.userId ? ` (user ${d.userId})` : ''}`,
    dashboardPath: () => 'promotion',
  }),
];
