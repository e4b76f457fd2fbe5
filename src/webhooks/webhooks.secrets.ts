import { randomBytes } from 'node:crypto';
import { createSealer } from '../kernel/pages/sealed.js';

/**
 * Endpoint signing secrets (Standard Webhooks): `whsec_` + base64 of 24 random bytes; the HMAC
 * key is the base64-decoded part. Shown to the owner once (create, rotate); stored sealed with
 * SECRET (AES-256-GCM, bound to the endpoint id), so a copy of the database alone cannot forge
 * deliveries. A node needs SECRET to sign, as it does to read sessions.
 */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export function secretBox(serverSecret: string) {
  const sealer = createSealer(serverSecret, 'webhook-secret');
  return {
    seal: (secret: string, endpointId: string) => sealer.seal(secret, endpointId),
    /** The secret, or undefined when the sealed value is not this endpoint's (another SECRET, tampering). */
    open(sealed: string, endpointId: string): string | undefined {
      const v = sealer.open(sealed, endpointId);
      return typeof v === 'string' ? v : undefined;
    },
  };
}
