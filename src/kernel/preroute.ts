import type { FastifyServerFactory } from 'fastify';
import { metrics } from './metrics.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

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
 */
export function serverWithPreroute(preroute: () => Preroute | undefined): FastifyServerFactory {
  return (handler, options) => {
    // Fastify hands over its options with defaults filled in (fastify.js).
    const opts = options as { http?: object; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };
    const server = createServer(opts.http ?? {}, (req, res) => {
      const take = preroute();
      if (!take || !take(req, res, handler)) handler(req, res);
      else metrics.fastPath();
    });
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    if (opts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };
}
