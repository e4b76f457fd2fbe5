import type { FastifyReply } from 'fastify';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { DOCUMENT_HEADERS } from '../security-headers.js';

/** Same strict policy as the API, but pages may load our own scripts and styles and post forms to us. */
export function pageCsp(frameable: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' https: data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    // Only embed pages may be framed, by any site; everything else refuses framing.
    frameable ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ');
}

const EMBED_FRAME_SCRIPT = '<script src="/assets/embed-frame.js" defer></script>';

// Computed once: the policy is a constant per kind of page.
const POLICY = { framed: pageCsp(true), own: pageCsp(false) };

export interface PageOptions {
  status?: number;
  /** Embeds only: allow framing by other sites. */
  frameable?: boolean;
  /** Cache-Control; pages with per-visitor state must stay private. */
  cache?: string;
}

export function sendPage(reply: FastifyReply, page: VNode, opts: PageOptions = {}) {
  return sendHtml(reply, '<!doctype html>' + renderToString(page), opts);
}

/** A document rendered ahead of time (pages that cache their HTML), with the same headers as sendPage. */
export function sendHtml(reply: FastifyReply, html: string, opts: PageOptions = {}) {
  reply
    .code(opts.status ?? 200)
    .headers(DOCUMENT_HEADERS)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', opts.frameable ? POLICY.framed : POLICY.own)
    .header('cache-control', opts.cache ?? 'no-store');
  if (opts.frameable) reply.removeHeader('x-frame-options');
  else reply.header('x-frame-options', 'DENY');
  // Every embed reports its height to the host page (public/embed-frame.js; host side: embed.js).
  return reply.send(opts.frameable ? html.replace('</head>', EMBED_FRAME_SCRIPT + '</head>') : html);
}
