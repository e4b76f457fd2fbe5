import { createId, isCuid } from '@paralleldrive/cuid2';
import { randomInt } from 'node:crypto';

export const newId = (): string => createId();
export const looksLikeId = (s: string): boolean => isCuid(s);

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniform random string over an alphabet (crypto RNG, no modulo bias). */
export function randomString(length: number, alphabet = BASE62): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
