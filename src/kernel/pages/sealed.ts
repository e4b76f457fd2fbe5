import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * State a page hands to the browser and gets back (in a URL or a hidden field) without keeping
 * it: JSON sealed with AES-256-GCM under a key derived from SECRET and a purpose, bound to what
 * it belongs to (a session id) as associated data. Nobody can read it (an email in a URL stays out
 * of logs and history in clear), change it, or move it to another session; an unreadable value
 * is simply absent. Output: base64url of IV (12 bytes) | ciphertext | tag (16 bytes), safe in
 * URLs and HTML as it is.
 */
export interface Sealer {
  seal(value: unknown, bind: string): string;
  /** The value, or undefined when the blob is missing, too long, tampered with or bound to something else. */
  open(blob: unknown, bind: string): unknown;
}

export function createSealer(secret: string, purpose: string, maxLength = 8192): Sealer {
  const key = createHmac('sha256', secret).update(`sealed:${purpose}`).digest();
  return {
    seal(value, bind) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      c.setAAD(Buffer.from(bind));
      const body = Buffer.concat([c.update(JSON.stringify(value), 'utf8'), c.final()]);
      return Buffer.concat([iv, body, c.getAuthTag()]).toString('base64url');
    },
    open(blob, bind) {
      if (typeof blob !== 'string' || blob.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(blob)) return undefined;
      const raw = Buffer.from(blob, 'base64url');
      if (raw.length < 12 + 16 + 1) return undefined;
      try {
        const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        d.setAAD(Buffer.from(bind));
        d.setAuthTag(raw.subarray(raw.length - 16));
        const text = Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString('utf8');
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    },
  };
}
