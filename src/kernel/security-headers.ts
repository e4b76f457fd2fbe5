import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Security headers in three sets, each a constant computed once at start-up (per-request
 * middleware measured at half the throughput of a bare route: bench/kernel.bench.ts):
 *
 * - BASE_HEADERS on every response: what matters for any response a browser may see,
 *   per OWASP's REST Security Cheat Sheet (a CSP that forbids everything and all framing,
 *   HSTS, nosniff) plus `x-request-id`.
 * - DOCUMENT_HEADERS, added by the page renderer (kernel/pages/render.ts) and the docs UI:
 *   helmet's document-level set (opener/embedder policies, referrer, framing, legacy IE and
 *   Flash switches). They govern rendered documents only, and JSON and redirects are never
 *   rendered; a raw node:http server sending the whole set answered at half the rate of the
 *   same server without it (docs/decisions.md, "Security headers").
 * - REDIRECT_HEADERS for bodiless redirects (short links), which opt out of BASE_HEADERS.
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

/** Helmet's defaults; the CSP is the page's own (render.ts), cross-origin loads of our assets are fine. */
const HELMET = computeHelmetHeaders({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
const HSTS = HELMET['strict-transport-security'];

export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
};

export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(HELMET).filter(([k]) => !(k in BASE_HEADERS)),
);

/**
 * A 302 with an empty body is never rendered, so of all the above only HSTS applies; what a
 * redirect needs besides: no caching (every visit must reach us) and the referrer policy for
 * the hop.
 */
export const REDIRECT_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': HSTS,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sets its own security headers (bodiless redirects). */
    ownHeaders?: boolean;
  }
}

/** Route option for routes that answer with bodiless redirects and set REDIRECT_HEADERS themselves. */
export const bodilessRedirectRoute = { ownHeaders: true } as const;

/** BASE_HEADERS for a reply whose route opted out (a redirect route that renders a page after all). */
export function applyBaseHeaders(reply: FastifyReply) {
  reply.headers(BASE_HEADERS);
  reply.header('x-request-id', reply.request.id);
}

export function registerSecurityHeaders(app: FastifyInstance) {
  // One synchronous hook for the constant headers and the request id.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.ownHeaders) {
      reply.headers(BASE_HEADERS);
      reply.header('x-request-id', request.id);
    }
    done();
  });
}
