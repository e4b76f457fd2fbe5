import { z } from 'zod';
import { appParams } from '../apps/apps.schema.js';
import { urlProblem } from './webhooks.ssrf.js';

/**
 * Webhook endpoints (#33 §2): request and answer schemas. The body schemas are built per server
 * (`webhookBodies`) because two of their rules depend on it: event names are checked against the
 * event catalogue (kernel.events.catalog, filled from every module's `events`) when a request is
 * parsed, and the URL rule honours WEBHOOK_ALLOW_PRIVATE. The DNS half of the SSRF guard is async
 * and runs in the service (webhooks.service.ts).
 */

export const WEBHOOK_FORMATS = ['standard', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export interface BodyRules {
  /** Event types of the catalogue (read at parse time). */
  catalog: ReadonlyMap<string, unknown>;
  allowPrivate: boolean;
}

export function webhookBodies({ catalog, allowPrivate }: BodyRules) {
  const known = [...catalog.keys()].join(', ');
  const url = z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .superRefine((v, ctx) => {
      const problem = urlProblem(v, allowPrivate);
      if (problem) ctx.addIssue({ code: 'custom', message: `URL ${problem}` });
    })
    .describe('Where deliveries are POSTed: an http(s) URL on a public address (loopback, private and link-local addresses are refused unless the server sets WEBHOOK_ALLOW_PRIVATE=true). Redirects are not followed.');
  const eventType = z
    .string()
    .min(1)
    .max(100)
    .refine((t) => t === '*' || catalog.has(t), { error: (i) => `Unknown event type "${String(i.input)}" (the catalogue: ${known}, or "*")` });
  const events = z
    .array(eventType)
    .min(1)
    .max(100)
    .transform((list) => (list.includes('*') ? ['*'] : [...new Set(list)]))
    .describe(`Event types to receive, or ["*"] for every event. The catalogue: ${known}.`);
  const format = z.enum(WEBHOOK_FORMATS).describe('`standard` (Standard Webhooks JSON `{ type, timestamp, data }`), `slack` (`{ text, blocks }`) or `discord` (`{ content, embeds }`); every format is signed.');
  const description = z.string().trim().max(500).describe('A note for the owner.');
  const enabled = z.boolean().describe('Disabled endpoints receive nothing.');

  return {
    create: z
      .object({
        url,
        events: events.optional().describe('Event types to receive (default ["*"]: every event).'),
        format: format.optional().describe('Payload format (default `standard`).'),
        description: description.nullish(),
        enabled: enabled.optional().describe('Default true.'),
      })
      .strict(),
    patch: z
      .object({
        url: url.optional(),
        events: events.optional(),
        format: format.optional(),
        description: description.nullish().describe('A note for the owner; null clears it.'),
        enabled: enabled.optional().describe('true re-enables an endpoint disabled after failing (and forgets its failures).'),
      })
      .strict(),
  };
}
export type WebhookBodies = ReturnType<typeof webhookBodies>;
export type CreateWebhook = z.output<WebhookBodies['create']>;
export type PatchWebhook = z.output<WebhookBodies['patch']>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()).describe('Event types it receives; ["*"] = every event.'),
  format: z.enum(WEBHOOK_FORMATS),
  description: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  disabledReason: z.string().nullable().describe('Why Appflows disabled it (failing for 5 days), or null.'),
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable().describe('First failure of the current run of failed attempts, or null.'),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The Standard Webhooks body every delivery stores and the `standard` format sends. */
export const webhookBodySchema = z.object({
  type: z.string(),
  timestamp: z.string().describe('ISO 8601 time of the event.'),
  data: z.unknown(),
});

export const deliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  payload: webhookBodySchema.nullable().describe('The Standard Webhooks body (`slack` and `discord` endpoints get it reshaped at send time).'),
});
export type Delivery = z.infer<typeof deliverySchema>;

const idParam = z.string().min(1).max(64).describe('Id of the webhook endpoint.');
export const webhookParams = appParams.extend({ id: idParam });
export const deliveryParams = webhookParams.extend({ deliveryId: z.string().min(1).max(64).describe('Id of the delivery.') });

export const webhookAnswer = z.object({ webhook: webhookSchema });
export const webhookWithSecret = z.object({
  webhook: webhookSchema,
  secret: z.string().describe('The signing secret (`whsec_…`): shown only now; store it to verify signatures.'),
});
export const webhookList = z.object({ webhooks: z.array(webhookSchema) });
export const deliveryAnswer = z.object({ delivery: deliverySchema });
export const deliveryList = z.object({ deliveries: z.array(deliverySchema), nextCursor: z.string().nullable() });
