import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

/** Which hops of X-Forwarded-For to believe: none (false), or a predicate over (address, hop index). */
export type Trust = false | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as one predicate, given to Fastify (request.ip) and used by handlers that run
 * before Fastify (clientIp below), so both name the same client.
 *
 * - `true`: every hop (the left-most X-Forwarded-For address is the client).
 * - a hop count `n`: the socket peer and the n-1 proxies in front of it, as in Express and
 *   proxy-addr. Fastify 5 itself treats a bare number as "trust nothing", which would
 *   silently turn every client behind the proxy into one (one rate limit for everybody), so
 *   the count is passed to it as this predicate instead. Only use a count when the server
 *   cannot be reached except through the proxies.
 * - addresses / CIDRs / proxy-addr names (`loopback`, `uniquelocal`), comma-separated.
 */
export function trustFrom(setting: boolean | number | string): Trust {
  if (setting === false) return false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting.split(',').map((s) => s.trim()));
}

/** The client address as Fastify's request.ip gives it for the same trust (fastify/lib/request.js). */
export function clientIpOf(trust: Trust): (req: IncomingMessage) => string {
  if (!trust) return (req) => req.socket.remoteAddress ?? '';
  return (req) => {
    const hops = proxyAddr.all(req, trust);
    return hops[hops.length - 1] ?? '';
  };
}
