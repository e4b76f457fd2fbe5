import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go (#33 §3, SSRF guard): http(s) only, and only to public unicast
 * addresses — never loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local
 * (169.254/16 with the cloud metadata address, fe80::/10), multicast, unspecified, carrier-grade
 * NAT or reserved ranges, nor an IPv4 address hidden in IPv6 (mapped, NAT64, 6to4, Teredo).
 * Checked when an endpoint is saved and again at every delivery, on the very addresses the
 * socket connects to (`guardedLookup`), so a hostname that resolves elsewhere later (DNS
 * rebinding) is refused too. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) lifts the address rule.
 */

/** The range name of an address we refuse, or null when it is public unicast. */
export function refusedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  let ip = ipaddr.parse(address);
  // ::ffff:10.0.0.1 is 10.0.0.1.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === 'unicast' ? null : range;
}

/** Why a URL may not be an endpoint as written (scheme, credentials, a literal address), or null. */
export function urlProblem(raw: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'must be an http(s) URL';
  if (u.username || u.password) return 'must not carry a user name or password';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!host) return 'must name a host';
  if (!allowPrivate && isIP(host)) {
    const range = refusedRange(host);
    if (range) return `points to a ${range} address (${host}); webhooks go to public addresses only (WEBHOOK_ALLOW_PRIVATE=true allows private ones)`;
  }
  if (!allowPrivate && /^localhost\.?$|\.localhost\.?$/i.test(host)) return 'points to localhost; webhooks go to public addresses only';
  return null;
}

type Lookup = typeof dnsLookup;

/**
 * Whether the URL's host resolves to a refused address now (saving an endpoint). A host that does
 * not resolve is not refused here (it may exist later; its deliveries fail until it does).
 */
export async function destinationProblem(raw: string, allowPrivate: boolean, lookup: Lookup = dnsLookup): Promise<string | null> {
  const problem = urlProblem(raw, allowPrivate);
  if (problem || allowPrivate) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  const addresses = await new Promise<LookupAddress[]>((resolve) => lookup(host, { all: true }, (err, list) => resolve(err ? [] : list)));
  for (const a of addresses) {
    const range = refusedRange(a.address);
    if (range) return `resolves to a ${range} address (${a.address}); webhooks go to public addresses only (WEBHOOK_ALLOW_PRIVATE=true allows private ones)`;
  }
  return null;
}

export class RefusedDestination extends Error {
  readonly code = 'EREFUSEDDESTINATION';
}

/**
 * A `lookup` for http(s).request: resolves as usual, then refuses the connection when any
 * address of the host is refused (so the socket can only reach what was checked).
 */
export function guardedLookup(allowPrivate: boolean, lookup: Lookup = dnsLookup) {
  return (hostname: string, options: LookupAllOptions | object, callback: (...args: any[]) => void) => {
    lookup(hostname, { ...(options as object), all: true }, (err, addresses) => {
      if (err) return callback(err);
      if (!allowPrivate) {
        for (const a of addresses) {
          const range = refusedRange(a.address);
          if (range) return callback(new RefusedDestination(`${hostname} resolves to a ${range} address (${a.address}): refused`));
        }
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }));
      callback(null, first.address, first.family);
    });
  };
}
