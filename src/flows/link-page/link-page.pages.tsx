import { accentOf, brandOfRow, heroThemeOf } from '../../kernel/pages/brand.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRow } from '../../apps/apps.store.js';
import { AppError } from '../../kernel/errors.js';
import type { FlowService, PublishedFlow } from '../../kernel/flows/flows.service.js';
import { translator, type MessageKey } from '../../kernel/i18n.js';
import { sendBarePage, type Brand } from '../../kernel/pages/bare-page.js';
import { Layout } from '../../kernel/pages/layout.js';
import { sendPage } from '../../kernel/pages/render.js';
import { applyBaseHeaders, bodilessRedirectRoute, REDIRECT_HEADERS } from '../../kernel/security-headers.js';
import { isBotAgent } from '../../links/links.agents.js';
import type { PageClickRecorder } from './link-page.clicks.js';
import { Icon } from './link-page.icons.js';
import type { LinkKind, LinkPageConfig } from './link-page.schema.js';

/** `/p/<app>/go/<version>/<slot>`: slot `i<n>` is icon link n, `l<n>` link n of that published version. */
export const goPath = (appSlug: string, version: number, kind: LinkKind, index: number) => `/p/${encodeURIComponent(appSlug)}/go/${version}/${kind === 'icon' ? 'i' : 'l'}${index}`;

const THEMES = new Set(['minimal', 'gradient', 'dark']);

/**
 * The page. `href` is where a link points: the counted redirect `/p/<app>/go/…` on the live
 * page; the dashboard's preview of a draft passes the destination itself, so a click in the
 * preview records nothing.
 */
function LinkPage({ app, version, c, href }: { app: AppRow; version: number; c: LinkPageConfig; href?: (kind: LinkKind, index: number, url: string) => string }) {
  const go = href ?? ((kind: LinkKind, index: number) => goPath(app.slug, version, kind, index));
  const theme = heroThemeOf(c.hero?.theme, [...THEMES], brandOfRow(app));
  const description = c.header.description || undefined;
  const t = translator(c.locale, c.strings);
  return (
    <Layout
      lang={c.locale ?? 'en'}
      title={c.header.title === app.name ? app.name : `${c.header.title} · ${app.name}`}
      description={description}
      accent={accentOf(c.hero?.accentColor, brandOfRow(app))}
      bodyClass={`theme-${theme}`}
      styles={['link-page.css']}
      icon={app.logo_url}
      image={app.logo_url}
      siteName={app.name}
    >
      <main class="shell lp">
        <header class="lp-head">
          {app.logo_url ? (
            <img class="lp-logo" src={app.logo_url} alt="" width={88} height={88} />
          ) : (
            <span class="lp-logo lp-initial" aria-hidden="true">
              {[...app.name.trim()][0]?.toUpperCase() ?? '·'}
            </span>
          )}
          <p class="lp-app">{app.name}</p>
          {c.hero?.eyebrow ? <span class="eyebrow">{c.hero.eyebrow}</span> : null}
          <h1>{c.header.title}</h1>
          {description ? <p class="muted lp-desc">{description}</p> : null}
        </header>
        {c.iconLinks.length ? (
          <nav aria-label={t('lpProfiles')}>
            <ul class="lp-icons">
              {c.iconLinks.map((l, i) => (
                <li>
                  <a class="lp-icon" href={go('icon', i, l.url)} title={l.label}>
                    <Icon name={l.icon} />
                    <span class="visually-hidden">{l.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {c.links.length ? (
          <nav aria-label={t('lpLinks')}>
            <ul class="lp-links">
              {c.links.map((l, i) => (
                <li>
                  <a class="lp-link" href={go('link', i, l.url)}>
                    <span class="lp-label">{l.label}</span>
                    {l.sublabel ? <span class="lp-sub">{l.sublabel}</span> : null}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {c.legal ? <p class="legal lp-legal">{c.legal}</p> : null}
      </main>
    </Layout>
  );
}

/** The dashboard's live preview of an unsaved draft (FlowTypeDef.preview): links go straight to their URLs (no click is counted). */
export const linkPageDraftView = (c: LinkPageConfig, app: AppRow) => <LinkPage app={app} version={0} c={c} href={(_k, _i, url) => url} />;

const NOT_PUBLISHED = { title: 'notPublishedTitle', message: 'notPublishedBody' } as const;
const NO_LINK = { title: 'lpNoLinkTitle', message: 'lpNoLinkBody' } as const;

/** A page on a redirect route (which opted out of the global headers): they are put back. */
function message(request: FastifyRequest, reply: FastifyReply, status: number, m: { title: MessageKey; message: MessageKey }, brand: Promise<Brand | undefined>, c?: LinkPageConfig) {
  applyBaseHeaders(reply);
  reply.header('x-robots-tag', 'noindex');
  return sendBarePage(request, reply, { status, ...m, brand, locale: c?.locale });
}

type PageReq = FastifyRequest<{ Params: { appSlug: string; flowSlug?: string } }>;
type GoReq = FastifyRequest<{ Params: { appSlug: string; version: string; slot: string } }>;

/**
 * `WEB_URL/p/<appSlug>`: the published link page, server-rendered, no script. Its links point
 * at `/p/<appSlug>/go/<version>/<slot>`, which counts the click (bots apart) and 302s to the
 * destination that version of the page showed. Versions are immutable, so an edit can never
 * send a click from an older copy of the page (a cache, a screenshot's URL, a shared link) to
 * another destination; a destination the owner has since removed from the page is not served
 * any more: such a click goes to the current page instead, uncounted.
 */
export function registerLinkPagePages(app: FastifyInstance, deps: { flows: FlowService; clicks: PageClickRecorder; brand: (slug: string) => Promise<Brand | undefined> }) {
  const { flows, clicks } = deps;
  const published = (appSlug: string, flowSlug?: string) =>
    flows.publicFlow(appSlug, 'link_page', flowSlug).catch((e) => (e instanceof AppError && e.status === 404 ? undefined : Promise.reject(e))) as Promise<PublishedFlow | undefined>;

  // Published versions never change: one read per (app, version), kept (bounded).
  const versions = new Map<string, Promise<LinkPageConfig | undefined>>();
  const versionConfig = (p: PublishedFlow, n: number): Promise<LinkPageConfig | undefined> => {
    if (n === p.versionNumber) return Promise.resolve(p.config as LinkPageConfig);
    const key = `${p.app.id}\n${n}`;
    let v = versions.get(key);
    if (!v) {
      v = flows.publishedVersion(p.app, 'link_page', n).then(
        (r) => r.config as LinkPageConfig,
        (e) => (e instanceof AppError && e.status === 404 ? undefined : Promise.reject(e)),
      );
      if (versions.size >= 1000) versions.delete(versions.keys().next().value!);
      versions.set(key, v);
      v.catch(() => versions.delete(key));
    }
    return v;
  };

  // With a flow slug too: the SDK's shake menu opens `/p/<app>[/<flowSlug>]` like every other menu
  // type (WIRE B.1 #22). There is one link page per app; any label names it (WIRE F.10).
  const page = async (request: PageReq, reply: FastifyReply) => {
    const p = await published(request.params.appSlug, request.params.flowSlug);
    if (!p) return sendBarePage(request, reply, { status: 404, ...NOT_PUBLISHED, brand: deps.brand(request.params.appSlug) });
    // Shared caches may keep it a minute: its links name their version, so an old copy still counts right.
    return sendPage(reply, <LinkPage app={p.app} version={p.versionNumber} c={p.config as LinkPageConfig} />, { cache: 'public, max-age=60' });
  };
  app.get('/p/:appSlug', { schema: { hide: true } }, page);
  app.get('/p/:appSlug/:flowSlug', { schema: { hide: true } }, page);

  app.route({
    method: ['GET', 'HEAD'],
    url: '/p/:appSlug/go/:version/:slot',
    logLevel: 'warn',
    config: bodilessRedirectRoute,
    schema: { hide: true },
    handler: async (request: GoReq, reply) => {
      const { appSlug, version, slot } = request.params;
      const p = await published(appSlug);
      if (!p) return message(request, reply, 404, NOT_PUBLISHED, deps.brand(appSlug));
      const m = /^([il])(\d{1,2})$/.exec(slot);
      const config = m && /^[1-9]\d{0,8}$/.test(version) ? await versionConfig(p, Number(version)) : undefined;
      let kind: LinkKind = m?.[1] === 'i' ? 'icon' : 'link';
      let item = config && m ? (kind === 'icon' ? config.iconLinks : config.links)[Number(m[2])] : undefined;
      if (!item) return message(request, reply, 404, NO_LINK, Promise.resolve({ name: p.app.name, logoUrl: p.app.logo_url, ...brandOfRow(p.app) }), p.config as LinkPageConfig);
      if (config !== p.config) {
        // An older version's link: served only while the page still shows its destination, and
        // counted as that link of the current page (its list and label now).
        const current = p.config as LinkPageConfig;
        const url = item.url;
        const same = (kind === 'icon' ? current.iconLinks : current.links).find((l) => l.url === url);
        const other = same ? undefined : (kind === 'icon' ? current.links : current.iconLinks).find((l) => l.url === url);
        if (!same && !other) return reply.code(302).headers(REDIRECT_HEADERS).header('location', `/p/${encodeURIComponent(p.app.slug)}`).send();
        if (other) kind = kind === 'icon' ? 'link' : 'icon';
        item = same ?? other!;
      }
      const ua = request.headers['user-agent'] ?? '';
      await clicks.record({ appId: p.app.id, kind, url: item.url, label: item.label, bot: request.method === 'HEAD' || isBotAgent(ua) });
      // The WHATWG form: percent-encoded and punycoded, always a valid Location header.
      return reply.code(302).headers(REDIRECT_HEADERS).header('location', new URL(item.url).href).send();
    },
  });
}
