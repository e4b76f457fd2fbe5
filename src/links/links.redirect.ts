import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CountryLookup } from '../kernel/identity.js';
import { MessagePage } from '../kernel/pages/layout.js';
import { sendPage } from '../kernel/pages/render.js';
import { applyBaseHeaders, bodilessRedirectRoute, REDIRECT_HEADERS } from '../kernel/security-headers.js';
import { isBotAgent, targetFor } from './links.agents.js';
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

const MESSAGES = {
  notFound: { title: 'Link not found', message: 'There is no link at this address.' },
  disabled: { title: 'This link is disabled', message: 'Its owner has turned it off.' },
  ended: { title: 'This link has ended', message: 'This link has expired or reached its limit.' },
};

/** A page instead of a redirect: the route opted out of the global headers, so it puts them back. */
function page(reply: FastifyReply, status: number, m: { title: string; message: string }) {
  applyBaseHeaders(reply);
  reply.header('x-robots-tag', 'noindex');
  return sendPage(reply, MessagePage(m), { status });
}

const redirect = (reply: FastifyReply, location: string) => reply.code(302).headers(REDIRECT_HEADERS).header('location', location).send();

const ended = (reply: FastifyReply, row: LinkRow) =>
  row.expired_behavior === 'redirect' && row.expired_url
    ? redirect(reply, row.expired_url)
    : page(reply, 410, { title: MESSAGES.ended.title, message: row.expired_message || MESSAGES.ended.message });

type CodeRequest = FastifyRequest<{ Params: { code: string } }>;

export function registerLinkRedirects(app: FastifyInstance, links: LinkService, opts: RedirectOptions) {
  for (const { prefix, host } of redirectMounts(opts.webUrl, opts.shortLinkUrl)) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `${prefix}/:code`,
      constraints: host ? { host } : undefined,
      // The hot path: no per-request info logs, no schema work, no zod, and only the headers a
      // bodiless redirect needs (kernel/security-headers.ts); pages get the full set.
      logLevel: 'warn',
      config: bodilessRedirectRoute,
      schema: { hide: true },
      handler: async (request: CodeRequest, reply) => {
        const code = request.params.code.toLowerCase();
        const row = CODE_PATTERN.test(code) ? await links.lookup(code) : undefined;
        if (!row) return page(reply, 404, MESSAGES.notFound);
        if (row.status === 'disabled') return page(reply, 410, MESSAGES.disabled);
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
            return page(reply, 410, MESSAGES.disabled);
          case 'gone':
            return page(reply, 404, MESSAGES.notFound);
        }
      },
    });
  }

  // Answered redirects wait for their commit; nothing queued is dropped on close.
  app.addHook('onClose', async () => links.drain());
}
