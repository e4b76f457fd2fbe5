import type { FastifyReply, FastifyRequest } from 'fastify';
import { h, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { DOCUMENT_HEADERS } from '../kernel/security-headers.js';
import { LiveContext } from './admin.editor.live.js';
import type { OwnerSession } from './admin.owners.js';

/**
 * HTTP plumbing of the dashboard: the session cookie, CSRF and page headers.
 *
 * Cookie: `HttpOnly; SameSite=Lax; Path=/`, plus `Secure` and the `__Host-` name prefix when
 * BASE_URL is https (a `__Host-` cookie cannot be set by a sibling subdomain or over http).
 */
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export function cookieName(secure: boolean) {
  return secure ? '__Host-appflows_owner' : 'appflows_owner';
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      const v = part.slice(i + 1).trim();
      return /^[A-Za-z0-9_-]{1,100}$/.test(v) ? v : undefined;
    }
  }
  return undefined;
}

export function sessionCookie(secure: boolean, value: string, maxAgeS: number): string {
  return [`${cookieName(secure)}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeS}`, ...(secure ? ['Secure'] : [])].join('; ');
}

/**
 * Dashboard pages: the hosted pages' policy, plus frames of our own origin (the live preview)
 * and nothing else. The preview itself may be framed by us only, runs no script and posts no form.
 */
const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');
const PREVIEW_CSP = ["default-src 'none'", "style-src 'self'", "img-src 'self' https: data:", "form-action 'none'", "base-uri 'none'", "frame-ancestors 'self'", 'sandbox allow-same-origin'].join('; ');

export function sendAdmin(reply: FastifyReply, page: VNode | string, opts: { status?: number; preview?: boolean } = {}) {
  // An app tab's live flow (the liveTab hook, admin.flow-tab.tsx) reaches AppShell through context.
  const html = typeof page === 'string' ? page : '<!doctype html>' + renderToString(h(LiveContext.Provider, { value: reply.request.liveTab }, page));
  reply
    .code(opts.status ?? 200)
    .headers(DOCUMENT_HEADERS)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', opts.preview ? PREVIEW_CSP : ADMIN_CSP)
    .header('x-frame-options', opts.preview ? 'SAMEORIGIN' : 'DENY')
    .header('cache-control', 'no-store');
  // `no-referrer` (the hosted pages' policy) makes browsers send `Origin: null` on our own form
  // posts, which the origin check must refuse; `same-origin` still tells other sites nothing.
  if (!opts.preview) reply.header('referrer-policy', 'same-origin');
  return reply.send(html);
}

/** Whether a request's Origin (when sent) is this server's: browsers send it on every cross-site POST. */
export function sameOrigin(request: FastifyRequest, baseUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = `${request.protocol}://${request.host}`;
  return origin === own || origin === new URL(baseUrl).origin;
}

declare module 'fastify' {
  interface FastifyRequest {
    owner?: OwnerSession;
    /** The flow of the app tab this request shows, when it is live (admin.flow-tab.tsx `liveTab`). */
    liveTab?: import('preact').ContextType<typeof LiveContext>;
  }
}
