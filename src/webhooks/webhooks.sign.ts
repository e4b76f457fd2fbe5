import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (#33 §2): `webhook-signature` is `v1,<base64 HMAC-SHA256 of
 * "<webhook-id>.<webhook-timestamp>.<body>">` keyed by the secret's base64-decoded bytes
 * (the `standardwebhooks` package computes it, so receivers using any of its libraries verify
 * what we send). During a rotation the previous secret signs too and both signatures go in the
 * one header, space-separated: a receiver still holding the old secret keeps verifying.
 */
export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(msgId: string, at: Date, body: string, secrets: readonly string[]): SignedHeaders {
  if (!secrets.length) throw new Error('no signing secret');
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(msgId, at, body)).join(' '),
  };
}
