import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Anti-forgery tokens for hosted pages' form posts (a form on another site must not be able
 * to make its visitors' browsers vote, submit or sign up here).
 *
 * The pages are anonymous and work without cookies (an embed's cookies are third-party and
 * often dropped), so the token is bound to what the server knows of the visitor without one:
 * the page it was rendered for (`scope`) and the visitor's hashed address. A site that fetches
 * one of our pages to lift a token gets one bound to its own server's address, useless from its
 * visitors' browsers. A visitor whose address changed between loading and posting (Wi-Fi to
 * cellular) or who posts a day later gets the form back with a fresh token and a short note.
 * The hidden field's name is FORM_TOKEN_FIELD; it is also accepted by nothing else.
 */
export const FORM_TOKEN_FIELD = '_token';
export const FORM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const mac = (secret: string, scope: string, client: string, issued: string) =>
  createHmac('sha256', secret).update(`form-token\n${scope}\n${client}\n${issued}`).digest('base64url').slice(0, 32);

export function formToken(secret: string, scope: string, client: string, now = Date.now()): string {
  const issued = Math.floor(now / 1000).toString(36);
  return `${issued}.${mac(secret, scope, client, issued)}`;
}

export function checkFormToken(secret: string, scope: string, client: string, token: unknown, now = Date.now()): boolean {
  if (typeof token !== 'string' || token.length > 64) return false;
  const [issued, given] = token.split('.');
  if (!issued || !given || !/^[0-9a-z]{1,10}$/.test(issued)) return false;
  const age = now - parseInt(issued, 36) * 1000;
  if (!(age >= -60_000 && age <= FORM_TOKEN_TTL_MS)) return false;
  const expected = Buffer.from(mac(secret, scope, client, issued));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** What a page says when a post's token failed (the form comes back with a fresh one). */
export const FORM_TOKEN_EXPIRED = 'This form has expired or was sent from another page. Please check it and send it again.';
