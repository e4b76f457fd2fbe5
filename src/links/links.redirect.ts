import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CountryLookup } from '../kernel/identity.js';
import { MessagePage } from '../kernel/pages/layout.js';
import { sendPage } from '../kernel/pages/render.js';
import type { Preroute } from '../kernel/preroute.js';
import { applyBaseHeaders, bodilessRedirectRoute, REDIRECT_HEADERS } from '../kernel/security-headers.js';
import { isBotAgent, targetFor } from './links.agents.js';
import { CODE_PATTERN } from './links.schema.js';
import type { LinkService } from './links.service.js';
import type { ClickOutcome, ClickTarget } from './links.settle.js';
import type { LinkRow } from './links.store.js';

export interface RedirectOptions {
  webUrl: string;
  shortLinkUrl: string;
  country: CountryLookup;
  /** The client address as request.ip would give it (kernel/client-ip.ts). */
  clientIp: (req: IncomingMessage) => string;
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

/** The code a redirect URL names, for the fast path: only plain `<prefix>/<code>[?query]`; anything else is Fastify's. */
export function codeOf(url: string, host: string | undefined, mounts: { prefix: string; host?: string }[]): string | undefined {
  for (const m of mounts) {
    if ((m.host !== undefined && m.host !== host) || !url.startsWith(m.prefix) || url.charCodeAt(m.prefix.length) !== 47 /* / */) continue;
    const query = url.indexOf('?');
    const code = url.slice(m.prefix.length + 1, query < 0 ? undefined : query).toLowerCase();
    if (CODE_PATTERN.test(code)) return code;
  }
  return undefined;
}

const MESSAGES = {
  notFound: { title: 'Link not found', message: 'There is no link at this address.' },
  disabled: { title: 'This link is disabled', message: 'Its owner has turned it off.' },
  ended: { title: 'This link has ended', message: 'This link has expired or reached its limit.' },
};

/** What one visit of a link settled to. */
interface Visit {
  row: LinkRow;
  target: ClickTarget;
  outcome: ClickOutcome;
}

/** Records a visit of an existing, enabled link (group commit: resolves once durable) and says what the visitor gets. */
async function recordVisit(links: LinkService, row: LinkRow, req: IncomingMessage, opts: RedirectOptions): Promise<Visit> {
  const ua = req.headers['user-agent'] ?? '';
  const target = targetFor(ua, row);
  const outcome = await links.record({
    linkId: row.id,
    bot: req.method === 'HEAD' || isBotAgent(ua),
    target,
    country: opts.country(opts.clientIp(req), req),
  });
  return { row, target, outcome };
}

const destination = ({ row, target }: Visit) => (target === 'ios' ? row.ios_url! : target === 'android' ? row.android_url! : row.url);

/** A page instead of a redirect: the route opted out of the global headers, so it puts them back. */
function page(reply: FastifyReply, status: number, m: { title: string; message: string }) {
  applyBaseHeaders(reply);
  reply.header('x-robots-tag', 'noindex');
  return sendPage(reply, MessagePage(m), { status });
}

const redirect = (reply: FastifyReply, location: string) => reply.code(302).headers(REDIRECT_HEADERS).header('location', location).send();

function answer(reply: FastifyReply, visit: Visit) {
  const { row } = visit;
  switch (visit.outcome) {
    case 'redirect':
      return redirect(reply, destination(visit));
    case 'ended':
      return row.expired_behavior === 'redirect' && row.expired_url
        ? redirect(reply, row.expired_url)
        : page(reply, 410, { title: MESSAGES.ended.title, message: row.expired_message || MESSAGES.ended.message });
    case 'disabled':
      return page(reply, 410, MESSAGES.disabled);
    case 'gone':
      return page(reply, 404, MESSAGES.notFound);
  }
}

type CodeRequest = FastifyRequest<{ Params: { code: string } }>;

/**
 * The redirect routes (Fastify) and, in front of them, a preroute for the hot case: a cached,
 * enabled link whose click ends in a plain 302. That case skips Fastify's request lifecycle,
 * which cost more than the click itself (docs/links.md, "Fast path"); it sends exactly what
 * the route would (REDIRECT_HEADERS, location, content-length), after the same durable commit.
 * Every other request (a cache miss, an unknown or disabled code, a visit that ends in a
 * page, an error) is Fastify's: a visit the fast path already recorded is handed over with
 * its outcome, so the route answers it without recording it twice.
 */
export function registerLinkRedirects(app: FastifyInstance, links: LinkService, opts: RedirectOptions): Preroute {
  const mounts = redirectMounts(opts.webUrl, opts.shortLinkUrl);
  const handedOver = new WeakMap<IncomingMessage, Promise<Visit>>();

  for (const { prefix, host } of mounts) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `${prefix}/:code`,
      constraints: host ? { host } : undefined,
      // No per-request info logs, no schema work, no zod, and only the headers a bodiless
      // redirect needs (kernel/security-headers.ts); pages get the full set.
      logLevel: 'warn',
      config: bodilessRedirectRoute,
      schema: { hide: true },
      handler: async (request: CodeRequest, reply) => {
        let visit = handedOver.get(request.raw);
        if (!visit) {
          const code = request.params.code.toLowerCase();
          const row = CODE_PATTERN.test(code) ? await links.lookup(code) : undefined;
          if (!row) return page(reply, 404, MESSAGES.notFound);
          if (row.status === 'disabled') return page(reply, 410, MESSAGES.disabled);
          visit = recordVisit(links, row, request.raw, opts);
        }
        return answer(reply, await visit);
      },
    });
  }

  // Answered redirects wait for their commit; nothing queued is dropped on close. (Once
  // closing, the server stops asking this preroute: Fastify answers new requests, 503.)
  app.addHook('onClose', async () => links.drain());

  // What the route sends for a bodiless 302 (Fastify adds content-length: 0, except to HEAD).
  const sendRedirect = (req: IncomingMessage, res: ServerResponse, location: string) => {
    res.writeHead(302, req.method === 'HEAD' ? { ...REDIRECT_HEADERS, location } : { ...REDIRECT_HEADERS, location, 'content-length': '0' });
    res.end();
  };
  const giveBack = (req: IncomingMessage, res: ServerResponse, visit: Promise<Visit>, fastify: (req: IncomingMessage, res: ServerResponse) => void) => {
    handedOver.set(req, visit);
    fastify(req, res);
  };

  return (req, res, fastify) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const code = codeOf(req.url ?? '', req.headers.host, mounts);
    const row = code === undefined ? undefined : links.cached(code)?.row;
    if (!row || row.status === 'disabled') return false;
    const visit = recordVisit(links, row, req, opts);
    // Anonymous callbacks: named per-request closures cost a defineProperty each under tsx.
    visit.then(
      (v) => {
        if (v.outcome !== 'redirect') return giveBack(req, res, visit, fastify);
        try {
          sendRedirect(req, res, destination(v));
        } catch {
          // A destination that Node refuses as a header (a row written around the API): the
          // route answers it (500) instead of the process dying; a half-sent answer is cut.
          if (!res.headersSent) giveBack(req, res, visit, fastify);
          else res.destroy();
        }
      },
      () => giveBack(req, res, visit, fastify),
    );
    return true;
  };
}
