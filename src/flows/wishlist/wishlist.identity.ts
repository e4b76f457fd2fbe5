import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Who is voting, commenting or submitting. Only keyed hashes leave this file: raw emails used
 * for dedupe and raw IPs are never stored (the kernel already hands us the IP's HMAC).
 */
export interface Viewer {
  userId?: string;
  /** SDK `anonId` (or its alias `anonymousId`), else the hosted board's cookie id. */
  anonId?: string;
  email?: string;
  ipHash: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// One KeyObject per secret, made once: a string key is imported anew by every createHmac, which
// showed in the vote path's profile (#38). Same bytes (UTF-8), same hashes.
const keys = new Map<string, KeyObject>();
const keyOf = (secret: string) => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
};
const hmac = (secret: string, purpose: string, value: string) => createHmac('sha256', keyOf(secret)).update(`wishlist:${purpose}:${value}`).digest('hex');

export const emailHash = (secret: string, email: string) => hmac(secret, 'email', normalizeEmail(email));

/**
 * The dedupe key, strongest identity first (SPEC "Identity and vote dedupe"):
 * email mode with an email → the email; a host-app userId → the userId (works across devices);
 * otherwise the anonymous id combined with the hashed IP.
 */
export function voterKey(secret: string, mode: 'anonymous' | 'email', v: Viewer): string {
  if (mode === 'email' && v.email) return hmac(secret, 'voter', `e:${normalizeEmail(v.email)}`);
  if (v.userId) return hmac(secret, 'voter', `u:${v.userId}`);
  return hmac(secret, 'voter', `a:${v.anonId ?? ''}|${v.ipHash}`);
}

/**
 * The voter keys one end user can have left, for data rights (src/privacy): their email's (email
 * mode) and their userId's. An anonymous id alone was combined with the client's hashed address
 * (voterKey), so it cannot be matched afterwards and is not listed.
 */
export function subjectVoterKeys(secret: string, s: { email?: string; userId?: string }): string[] {
  const keys: string[] = [];
  if (s.email) keys.push(voterKey(secret, 'email', { email: s.email, ipHash: '' }));
  if (s.userId) keys.push(voterKey(secret, 'anonymous', { userId: s.userId, ipHash: '' }));
  return keys;
}

// ---------- the hosted board's anonymous cookie ----------

export const ANON_COOKIE = 'af_wl';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{16,64}$/;

export function readAnonCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ANON_COOKIE) {
      const value = rest.join('=');
      return COOKIE_VALUE.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export const newAnonId = () => randomBytes(16).toString('base64url');

/**
 * The embed lives in other sites' iframes, where only a `SameSite=None; Secure` cookie is sent;
 * browsers drop Secure cookies on plain http, so there the first-party Lax cookie is used.
 */
export function anonCookieHeader(value: string, opts: { secure: boolean; thirdParty: boolean }): string {
  const sameSite = opts.thirdParty && opts.secure ? 'None' : 'Lax';
  return `${ANON_COOKIE}=${value}; Path=/; Max-Age=${400 * 24 * 3600}; HttpOnly; SameSite=${sameSite}${opts.secure ? '; Secure' : ''}`;
}
