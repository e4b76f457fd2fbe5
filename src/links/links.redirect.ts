import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CountryLookup } from '../kernel/identity.js';
import { isBotAgent, targetFor } from './links.agents.js';
import { disabledPage, endedPage, LINKS_CSS, notFoundPage } from './links.pages.js';
import { CODE_PATTERN } from './links.schema.js';
import type { LinkService } from './links.service.js';
import type { LinkRow } from './links.store.js';

export interface RedirectOptions {
  webUrl: string;
  shortLinkUrl: string;
  country: CountryLookup;
}

/**
 * Where redirects are served. Always `/l/<code>` on the web host, or the path of
 * SHORT_LINK_URL when it lives under WEB_URL. When SHORT_LINK_URL is on a host of its own
 * (`https://go.example.com`), `<path>/<code>` is also served, only for requests whose Host
 * is that host.
 */
export function redirectMounts(webUrl: string, shortLinkUrl: string): { prefix: string; host?: string }[] {
  const short = new URL(shortLinkUrl);
  const prefix = short.pathname.replace(/\/+$/, '');
  if (short.origin === new URL(webUrl).origin) return [{ prefix }];
  return [{ prefix: '/l' }, { prefix, host: short.host }];
}

const REDIRECT_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' };
const PAGE_HEADERS = {
  ...REDIRECT_HEADERS,
  'content-type': 'text/html; charset=utf-8',
  // The server-wide policy (server.ts), narrowed to what these pages use: one stylesheet.
  'content-security-policy': "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
};

type CodeRequest = FastifyRequest<{ Params: { code: string } }>;

export function registerLinkRedirects(app: FastifyInstance, links: LinkService, opts: RedirectOptions) {
  for (const { prefix, host } of redirectMounts(opts.webUrl, opts.shortLinkUrl)) {
    const cssHref = `${prefix}/links.css`;
    const constraints = host ? { host } : undefined;

    const page = (reply: FastifyReply, status: number, html: string) =>
      reply.code(status).headers(PAGE_HEADERS).send(html);
    const redirect = (reply: FastifyReply, location: string) => reply.code(302).headers(REDIRECT_HEADERS).header('location', location).send();
    const ended = (reply: FastifyReply, row: LinkRow) =>
      row.expired_behavior === 'redirect' && row.expired_url ? redirect(reply, row.expired_url) : page(reply, 410, endedPage(cssHref, row.expired_message));

    app.route({
      method: ['GET', 'HEAD'],
      url: `${prefix}/:code`,
      constraints,
      // The hot path: no per-request info logs, no schema work, no zod.
      logLevel: 'warn',
      schema: { hide: true },
      handler: async (request: CodeRequest, reply) => {
        const code = request.params.code.toLowerCase();
        const row = CODE_PATTERN.test(code) ? await links.lookup(code) : undefined;
        if (!row) return page(reply, 404, notFoundPage(cssHref));
        if (row.status === 'disabled') return page(reply, 410, disabledPage(cssHref));
        const ua = request.headers['user-agent'] ?? '';
        const target = targetFor(ua, row);
        const outcome = await links.record({
          linkId: row.id,
          bot: request.method === 'HEAD' || isBotAgent(ua),
          target,
          country: opts.country(request.ip, request),
        });
        switch (outcome) {
          case 'redirect':
            return redirect(reply, target === 'ios' ? row.ios_url! : target === 'android' ? row.android_url! : row.url);
          case 'ended':
            return ended(reply, row);
          case 'disabled':
            return page(reply, 410, disabledPage(cssHref));
          case 'gone':
            return page(reply, 404, notFoundPage(cssHref));
        }
      },
    });

    app.route({
      method: 'GET',
      url: cssHref,
      constraints,
      logLevel: 'warn',
      schema: { hide: true },
      handler: (_request, reply) => reply.header('cache-control', 'public, max-age=86400').type('text/css; charset=utf-8').send(LINKS_CSS),
    });
  }

  // Answered redirects wait for their commit; nothing queued is dropped on close.
  app.addHook('onClose', async () => links.close());
}
