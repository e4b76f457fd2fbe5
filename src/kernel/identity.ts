import { createHmac, createSecretKey } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { CountryResponse } from 'maxmind';
import type { ClientInfo } from './operation.js';
import { firstValue } from './first-value.js';

/**
 * Privacy: the raw client IP is never stored or logged; what is persisted is its keyed hash
 * (HMAC with the server secret, so hashes can't be reversed by brute-forcing the IPv4 space
 * without the secret). `request.ip` honours X-Forwarded-For only when TRUST_PROXY says so
 * (Fastify trustProxy).
 */
export function ipHasher(secret: string): (ip: string) => string {
  const key = createSecretKey(Buffer.from(secret));
  const hmac = (ip: string) => createHmac('sha256', key).update(`ip:${ip}`).digest('hex');
  // A client sends many requests: recent hashes are remembered in this process's memory, at
  // most RECENT_IPS addresses for at most RECENT_MS (so raw addresses do not linger there),
  // and only real addresses (behind a trusted proxy the value comes from a header).
  const recent = new Map<string, string>();
  let since = Date.now();
  return (ip) => {
    const now = Date.now();
    if (recent.size >= RECENT_IPS || now - since > RECENT_MS) {
      recent.clear();
      since = now;
    }
    let h = recent.get(ip);
    if (h === undefined) {
      h = hmac(ip);
      if (isIP(ip)) recent.set(ip, h);
    }
    return h;
  };
}

const RECENT_MS = 60_000;
const RECENT_IPS = 10_000;
const hashers = new Map<string, (ip: string) => string>();

/** The request's hashed client IP (the rate limiter and the handler both ask; ipHasher remembers it). */
export function requestIpHash(request: FastifyRequest, secret: string): string {
  return hasherFor(secret)(request.ip);
}

function hasherFor(secret: string) {
  let hash = hashers.get(secret);
  if (!hash) hashers.set(secret, (hash = ipHasher(secret)));
  return hash;
}

/** A request's country from its client address and headers (any request: Fastify's or node's). */
export interface CountryLookup {
  (ip: string, request: { headers: IncomingHttpHeaders }): string | null;
}

/** Country from a trusted header set by the operator's CDN (e.g. CF-IPCountry), if configured. */
export function headerCountry(header: string | undefined): CountryLookup {
  return (_ip, request) => {
    if (!header) return null;
    const s = firstValue(request.headers[header])?.trim().toUpperCase();
    return s && /^[A-Z]{2}$/.test(s) && s !== 'XX' && s !== 'T1' ? s : null;
  };
}

/**
 * The trusted header first (the operator's CDN knows best), then the operator's MaxMind country
 * database (GEOIP_DB, a GeoLite2/GeoIP2 Country or City .mmdb), looked up in memory.
 */
export async function countryLookup(header: string | undefined, geoipDb: string | undefined): Promise<CountryLookup> {
  const fromHeader = headerCountry(header);
  if (!geoipDb) return fromHeader;
  const { open } = await import('maxmind'); // loaded only when an operator configures a database
  const reader = await open<CountryResponse>(geoipDb, { watchForUpdates: false });
  return (ip, request) => {
    const h = fromHeader(ip, request);
    if (h) return h;
    try {
      const r = reader.get(ip);
      const code = r?.country?.iso_code ?? r?.registered_country?.iso_code;
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    } catch {
      return null; // not an IP the reader understands
    }
  };
}

/** What operations know of the client: hashed address, user agent, country. */
function infoOf(ip: string, headers: IncomingHttpHeaders, secret: string, country: CountryLookup): ClientInfo {
  const ua = headers['user-agent'];
  const visitor = visitorOf(headers.cookie);
  return { ipHash: hasherFor(secret)(ip), userAgent: ua ? ua.slice(0, 512) : null, country: country(ip, { headers }), ...(visitor ? { visitor } : {}) };
}

/** First-party cookie a hosted page sets once per browser (a random id, no personal data): experiments' sticky unit for web visitors. */
export const VISITOR_COOKIE = 'af_vid';
const visitorOf = (cookie: string | undefined) => (cookie?.includes(VISITOR_COOKIE) ? /(?:^|;\s*)af_vid=([A-Za-z0-9]{16,64})(?:;|$)/.exec(cookie)?.[1] : undefined);

/** The same for a request a fast path answers before Fastify (kernel/fast-ops.ts), given the shared client-address rule. */
export function rawClientInfo(clientIp: (req: IncomingMessage) => string, secret: string, country: CountryLookup): (req: IncomingMessage) => ClientInfo {
  return (req) => infoOf(clientIp(req), req.headers, secret, country);
}

export function clientInfo(request: FastifyRequest, secret: string, country: CountryLookup): ClientInfo {
  return infoOf(request.ip, request.headers, secret, country);
}
