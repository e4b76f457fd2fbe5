import { z } from 'zod';
import type { EventDef } from './events.js';

/** The three Standard Webhooks headers every delivery carries (docs/webhooks.md: how to verify). */
const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: '`msg_<id>`: the same on every retry of one event to one endpoint. Deduplicate on it: after a crash a delivery may arrive twice.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix time in seconds of this attempt; refuse values far from your clock (5 minutes) against replays.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed by the base64-decoded part of the endpoint secret (`whsec_…`). Two signatures for 24 h after a secret rotation; one valid signature is enough.',
    schema: { type: 'string' },
  },
];

/** A zod schema as JSON Schema for an OpenAPI 3.1 document (2020-12, without its own `$schema`). */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/**
 * The OpenAPI 3.1 top-level `webhooks` object (#33 §1): one entry per event of the catalogue,
 * named by its type, with the Standard Webhooks body `{ type, timestamp, data }` (data: the
 * event's own schema) and the signature headers. Slack and Discord endpoints get the same event
 * reshaped (docs/webhooks.md).
 */
export function eventWebhooks(catalog: ReadonlyMap<string, EventDef>): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [type, def] of catalog) {
    out[type] = {
      post: {
        summary: def.description,
        tags: ['Webhook events'],
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'timestamp', 'data'],
                properties: {
                  type: { const: type },
                  timestamp: { type: 'string', format: 'date-time', description: 'When it happened (ISO 8601).' },
                  data: jsonSchema(def.data),
                },
              },
            },
          },
        },
        responses: {
          '2XX': { description: 'Any 2xx acknowledges the delivery; anything else (or no answer within 10 s) is retried.' },
        },
      },
    };
  }
  return out;
}
