/**
 * The delivery body convention the sender relies on (#33): `payload_json` of a delivery always
 * holds the Standard Webhooks body `{ type, timestamp, data }`; a `slack` or `discord` endpoint
 * gets it reshaped at send time. A delivery whose payload_json is null is built from its
 * outbox event. `webhook-id` is `msg_<event id>` (the same on every endpoint and every retry), or
 * `msg_<delivery id>` for a delivery without an event (`webhook.test`).
 */
export interface WebhookBody {
  type: string;
  /** ISO 8601 time of the event. */
  timestamp: string;
  data: unknown;
}

export const webhookBody = (type: string, timestamp: string, data: unknown): WebhookBody => ({ type, timestamp, data });

/**
 * The body as stored and sent, from the event's data as JSON text: built as text so `data` goes
 * out byte for byte as the outbox holds it (the same bytes as `JSON.stringify(webhookBody(…))`).
 */
export const webhookBodyJson = (type: string, timestamp: string, dataJson: string): string =>
  `{"type":${JSON.stringify(type)},"timestamp":${JSON.stringify(timestamp)},"data":${dataJson}}`;

export const webhookMessageId = (d: { id: string; event_id: string | null }) => `msg_${d.event_id ?? d.id}`;

/** The test event's type (declared in webhooks.events.ts). */
export const TEST_EVENT = 'webhook.test';
