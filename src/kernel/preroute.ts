import type { FastifyServerFactory } from 'fastify';
import { metrics } from './metrics.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Trust } from './client-ip.js';
import { capConnections } from './connections.js';

/**
 * A handler that sees a request before Fastify does, for the rare route whose cost is mostly
 * Fastify's own lifecycle (the short-link redirect: bench/links.bench.ts). It returns true when
 * it took the request; it may still hand it to Fastify later with `fastify(req, res)` (to have a
 * page or an error rendered the usual way). Everything else goes to Fastify untouched.
 */
export type Preroute = (req: IncomingMessage, res: ServerResponse, fastify: (req: IncomingMessage, res: ServerResponse) => void) => boolean;

/**
 * Fastify's documented `serverFactory`: the plain HTTP/1.1 server Fastify would build
 * (lib/server.js: timeouts and keep-alive from Fastify's options), with `preroute()` asked
 * first. The service has no https/http2 options (TLS ends at the proxy). One difference: with
 * a serverFactory Fastify does not add its second listener for `localhost` (both 127.0.0.1 and
 * ::1), so HOST=localhost listens on whichever address it resolves to first (README). The preroute
 * is looked up per request: it is built after Fastify (it needs the services), and buildServer
 * drops it when the server begins closing.
 *
 * Slow clients (#34): `limits` caps the connections per client address (kernel/connections.ts) and
 * bounds how long a request may take to arrive: its headers (`headersTimeout`) and its headers and
 * body (`requestTimeout`, also Fastify's option of that name), or it is answered 408 and closed
 * (clientErrorHandler in kernel/http.ts). Node checks those deadlines every
 * `connectionsCheckingInterval` (30 s by default, which would let a 30 s deadline run to 60 s).
 */
export function serverWithPreroute(
  preroute: () => Preroute | undefined,
  limits: { maxConnectionsPerClient: number; trust: Trust; headersTimeout: number; requestTimeout: number },
): FastifyServerFactory {
  return (handler, options) => {
    // Fastify hands over its options with defaults filled in (fastify.js).
    const opts = options as { http?: object; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };
    const checkEvery = Math.max(100, Math.min(5000, Math.floor(limits.headersTimeout / 4)));
    const timeouts = { headersTimeout: limits.headersTimeout, requestTimeout: limits.requestTimeout, connectionsCheckingInterval: checkEvery };
    const server = createServer({ ...opts.http, ...timeouts }, (req, res) => {
      const take = preroute();
      if (!take || !take(req, res, handler)) handler(req, res);
      else metrics.fastPath();
    });
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = limits.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    if (opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    capConnections(server, { maxPerClient: limits.maxConnectionsPerClient, trust: limits.trust });
    return server;
  };
}
