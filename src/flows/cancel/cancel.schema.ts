import { z } from 'zod';
import { localeSchema, stringsSchema } from '../../kernel/i18n.js';
import { configUrl } from '../../kernel/web-url.js';

const text = (max: number) => z.string().max(max);
const label = z.string().trim().min(1).max(60).describe('Button label.');
export const snakeId = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be snake_case (a-z, 0-9, _; starting with a letter)').max(60);

/** A public https URL (external_url actions open it in a browser). */
export const publicHttpsUrl = configUrl({ protocol: /^https$/, message: 'must be a public https URL' })
  .refine((u) => !/^https:\/\/(localhost|127\.|10\.|192\.168\.|\[::1\])/i.test(u), 'must be a public https URL');

/** Button = label + action + the action's parameters (camelCase; deep links use snake_case). */
export const cancelButton = z.discriminatedUnion('action', [
  z.object({ label, action: z.literal('return_to_app').describe('Close the flow, back to where the user was.') }).strict(),
  z.object({ label, action: z.literal('manage_subscription').describe('Open the platform subscription-management UI (the escape hatch).') }).strict(),
  z.object({ label, action: z.literal('open_offer'), offerId: z.string().trim().min(1).max(120).describe('Promo offer id the app presents.') }).strict(),
  z.object({ label, action: z.literal('open_premium'), paywallId: z.string().trim().min(1).max(120).optional().describe('Paywall variant; default paywall when omitted.') }).strict(),
  z
    .object({
      label,
      action: z.literal('open_support'),
      supportTopic: z.string().trim().min(1).max(120).optional(),
      message: z.string().max(1000).optional().describe('Prefilled support message.'),
    })
    .strict(),
  z.object({ label, action: z.literal('open_feature'), featureId: z.string().trim().min(1).max(120).describe('Screen/feature id the app recognises.') }).strict(),
  z.object({ label, action: z.literal('external_url'), url: publicHttpsUrl }).strict(),
  z.object({ label, action: z.literal('none').describe('Record the click, do nothing.') }).strict(),
]);
export type CancelButton = z.infer<typeof cancelButton>;
export const NAVIGATING_ACTIONS = ['manage_subscription', 'open_offer', 'open_premium', 'open_support', 'open_feature', 'external_url'] as const;

export const cancelResponse = z
  .object({
    title: text(120),
    body: text(2000),
    badge: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .describe('Badge on the hosted page’s offer card, above the title: the deal at a glance (`50% off for 3 months`, `1 month free`). Unset: no badge.'),
    primaryButton: cancelButton,
    secondaryButton: cancelButton.optional(),
    showThanksScreen: z.boolean().optional().describe('Opt-in: record the click and show a thanks screen instead of firing the deep link.'),
  })
  .strict();

export const cancelConfig = z
  .object({
    type: z.enum(['cancel', 'pre_cancel']).optional().describe('Always `cancel` once saved (`pre_cancel` is the legacy name).'),
    intro: z
      .object({
        title: text(120),
        subtitle: text(500),
        primaryButton: text(60).describe('Label of the button that continues to the reasons.'),
        secondaryButton: text(60).describe('Label of the button that keeps the subscription.'),
      })
      .strict(),
    reasonScreen: z
      .object({
        title: text(120),
        subtitle: text(500),
        reasons: z
          .array(
            z
              .object({
                id: snakeId,
                label: z.string().trim().min(1).max(80),
                iconName: z.string().max(60).optional().describe('Icon beside the reason: the app draws it natively (an SF Symbol name); the hosted page draws Lucide, Remix Icon and common SF Symbol names (`circle-dollar-sign`, `ri-time-line`, `clock`) and shows nothing for a name it does not know. `emoji` wins when both are set.'),
                emoji: z.string().max(16).optional().describe('Emoji beside the reason, shown as written (wins over iconName).'),
              })
              .strict(),
          )
          .min(1)
          .max(12)
          .superRefine((reasons, ctx) => {
            const seen = new Set<string>();
            reasons.forEach((r, i) => {
              if (seen.has(r.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate reason id "${r.id}"` });
              seen.add(r.id);
            });
          }),
        autoAdvance: z.boolean().optional(),
        selectMode: z.enum(['single', 'multi']).optional().describe('`multi` skips per-reason responses and goes straight to the thanks screen.'),
      })
      .strict(),
    responses: z.record(snakeId, cancelResponse).default({}).describe('Reason id -> response screen.'),
    showBackButton: z.boolean().optional().describe('Default true.'),
    locale: localeSchema.optional(),
    strings: stringsSchema.optional(),
  })
  .strict();
export type CancelConfig = z.infer<typeof cancelConfig>;
