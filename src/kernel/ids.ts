import { createId } from '@paralleldrive/cuid2';
import { randomInt } from 'node:crypto';

export const newId = (): string => createId();

/**
 * The exact shape of a `newId()` (cuid2 at its default length: a letter, then 23 lowercase
 * letters or digits). App slugs of this shape are refused, so an id and a slug never collide.
 */
export const ID_SHAPE = /^[a-z][a-z0-9]{23}$/;
export const looksLikeId = (s: string): boolean => ID_SHAPE.test(s);

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniform random string over an alphabet (crypto RNG, no modulo bias). */
export function randomString(length: number, alphabet = BASE62): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
