import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet decides the security headers; we ask it once at start-up and apply the resulting
 * constant set on every response. @fastify/helmet re-runs the middleware per request, which
 * measured at half the throughput of a bare route (bench/kernel.bench.ts).
 */
export function computeHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: string | number | string[]) => void (headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v)),
    removeHeader: (k: string) => void delete headers[k.toLowerCase()],
    getHeader: (k: string) => headers[k.toLowerCase()],
  };
  helmet(options)({} as never, res as never, () => {});
  return headers;
}

/** The API's policy; pages replace the CSP with their own (kernel/pages/render.ts). */
export const API_HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'https:', 'data:'],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = API_HELMET) {
  const headers = computeHelmetHeaders(options);
  // One synchronous hook for the constant headers and the request id.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
