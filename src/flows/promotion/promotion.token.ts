import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { rowId } from '../../db/row-id.js';

/** How long a decision's token is accepted: long enough for installed/opened after a deferred claim. */
export const TOKEN_TTL_DAYS = 30;

/** What a tracking token binds, and nothing else: the event endpoint needs no lookup to trust it. */
export interface TokenClaims {
  /** Source app id. */
  a: string;
  /** Flow (placement) id and the published version the decision came from. */
  f: string;
  v: string;
  /** Placement name. */
  p: string;
  /** Destination app id. */
  d: string;
  /** userId / anonymousId of the request, when given. */
  u?: string;
  an?: string;
  /** Nonce: the decision's id (events are unique per nonce and event name): a row id, 70 random bits after the time. */
  n: string;
  /** Issued at and expiry, Unix seconds. */
  iat: number;
  exp: number;
}

/**
 * Self-contained, HMAC-SHA256-signed tokens: `<base64url(JSON claims)>.<base64url(mac)>`, keyed
 * by a key derived from the server SECRET (so every node that shares SECRET verifies every
 * other node's tokens, and nothing is stored per decision).
 */
export function createTokenSigner(secret: string) {
  // A KeyObject, made once: a raw Buffer key is re-imported on every createHmac (measurable at launch rates).
  const key = createSecretKey(createHmac('sha256', secret).update('appflows:promotion-tracking-token:v1').digest());
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  // Insertion order = age: the oldest goes first when full.
  const verified = new Map<string, TokenClaims>();
  return {
    sign(claims: Omit<TokenClaims, 'n' | 'iat' | 'exp'>, now: Date, nonce = rowId(now.getTime())): { token: string; claims: TokenClaims } {
      const iat = Math.floor(now.getTime() / 1000);
      const full: TokenClaims = { ...claims, n: nonce, iat, exp: iat + TOKEN_TTL_DAYS * 86_400 };
      const body = Buffer.from(JSON.stringify(full)).toString('base64url');
      return { token: `${body}.${mac(body).toString('base64url')}`, claims: full };
    },
    /**
     * The claims of an authentic token (expired or not), or undefined for anything forged or
     * malformed. A decision's token comes back for each of its events (impression, then tapped,
     * installed…): the last VERIFIED_KEPT authentic tokens are remembered, so a repeat costs a
     * map lookup of the exact same string instead of a MAC, a base64 decode and a JSON parse.
     */
    verify(token: string): TokenClaims | undefined {
      const known = verified.get(token);
      if (known) return known;
      const claims = check(token);
      if (claims) {
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
      }
      return claims;
    },
  };

  function check(token: string): TokenClaims | undefined {
    const dot = token.indexOf('.');
    if (dot <= 0 || dot !== token.lastIndexOf('.')) return undefined;
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const want = mac(body);
    if (given.length !== want.length || !timingSafeEqual(given, want)) return undefined;
    try {
      const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
      const str = (v: unknown) => typeof v === 'string' && v.length > 0;
      if (!str(c.a) || !str(c.f) || !str(c.v) || !str(c.p) || !str(c.d) || !str(c.n) || !Number.isInteger(c.iat) || !Number.isInteger(c.exp)) return undefined;
      return Object.freeze(c);
    } catch {
      return undefined;
    }
  }
}

/** Authentic tokens remembered per process (a token and its claims: ~0.6 KB, so ~6 MB when full). */
const VERIFIED_KEPT = 10_000;
export type TokenSigner = ReturnType<typeof createTokenSigner>;
