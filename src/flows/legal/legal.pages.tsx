import { accentOf, brandOfRow, schemeClassOf } from '../../kernel/pages/brand.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../kernel/errors.js';
import { translator, type Locale, type MessageKey } from '../../kernel/i18n.js';
import { longDay } from '../../kernel/i18n.format.js';
import { brandLookup, sendBarePage } from '../../kernel/pages/bare-page.js';
import { Layout } from '../../kernel/pages/layout.js';
import { sendPage } from '../../kernel/pages/render.js';
import { appStorePrivacy, playDataSafety } from './legal.declaration.js';
import { AppStoreView, Fill, PlayView } from './legal.declaration.views.js';
import { privacySections, termsSections, type Block, type Inline, type Section } from './legal.policy.js';
import type { AppRow } from '../../apps/apps.store.js';
import type { Frozen, LegalConfig } from './legal.schema.js';
import type { LegalDoc, LegalService } from './legal.service.js';
import { wordsOf } from './legal.words.js';
import { stampOf } from './legal.edition.js';
import { editionFeatures } from './legal.edition-features.js';
import { textsOf, textStamp, type Texts } from './text/index.js';

type Kind = 'privacy' | 'terms';
const TITLES: Record<Kind, MessageKey> = { privacy: 'lgPrivacy', terms: 'lgTerms' };

export type { Words } from './legal.words.js';

/** Paths of one app's legal pages; version paths when `version` is given. */
const paths = (slug: string, version?: number) => {
  const base = `/legal/${encodeURIComponent(slug)}`;
  const v = version ? `${base}/v/${version}` : base;
  return { privacy: v, terms: `${v}/terms`, appStore: `${v}/app-store-privacy`, play: `${v}/play-data-safety`, base };
};

function Text({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((x) =>
        typeof x === 'string' ? (
          x
        ) : (
          <a href={x.href} rel={/^https?:/.test(x.href) ? 'noopener noreferrer' : undefined}>
            {x.text}
          </a>
        ),
      )}
    </>
  );
}

function BlockView({ b }: { b: Block }) {
  if ('p' in b)
    return (
      <p>
        <Text parts={b.p} />
      </p>
    );
  if ('list' in b)
    return (
      <ul>
        {b.list.map((item) => (
          <li>
            <Text parts={item} />
          </li>
        ))}
      </ul>
    );
  const x = b.processor;
  return (
    <div class="processor">
      <h3>{x.name}</h3>
      <p>{x.description}</p>
      {x.receivesLine ? (
        <p>
          <strong>{x.receivesLabel}</strong> {x.receivesLine}
        </p>
      ) : null}
      {x.throughLine ? <p class="muted small">{x.throughLine}</p> : null}
      {x.privacyUrl ? (
        <p>
          <a href={x.privacyUrl} rel="noopener noreferrer">
            {x.privacyLinkText}
          </a>
        </p>
      ) : null}
    </div>
  );
}

function DocShell(p: { doc: LegalDoc; title: MessageKey; archived: boolean; active: 'privacy' | 'terms' | 'appStore' | 'play'; children: preact.ComponentChildren; historyOf?: Kind; textLang?: string }) {
  const { doc } = p;
  const { t, date: longDate, locale } = wordsOf(doc.config);
  const title = t(p.title);
  const here = paths(doc.app.slug, p.archived ? doc.version : undefined);
  const cur = paths(doc.app.slug);
  const next = doc.history.find((h) => h.version === doc.version + 1);
  const lang = doc.config.locale ?? (doc.config.locales?.[0]?.startsWith('en') ? doc.config.locales[0] : 'en');
  const nav: [typeof p.active, string, string][] = [
    ['privacy', t('lgPrivacy'), here.privacy],
    ['terms', t('lgTerms'), here.terms],
    ['appStore', t('lgAppStore'), here.appStore],
    ['play', t('lgPlay'), here.play],
  ];
  const effective = longDate(doc.effectiveDate);
  return (
    <Layout
      title={`${title} · ${doc.app.name}`}
      description={t('lgDescription', { doc: title, app: doc.app.name, date: effective })}
      styles={['legal.css']}
      accent={accentOf(doc.config.hero?.accentColor, brandOfRow(doc.app))}
      bodyClass={['legal-doc', schemeClassOf(brandOfRow(doc.app))].filter(Boolean).join(' ')}
      lang={lang}
      siteName={doc.app.name}
    >
      <main class="doc">
        <header class="doc-head">
          {/* The app's name, not its logo: these pages load nothing from another origin (a visit stays unseen by third parties). */}
          <p class="doc-app">{doc.app.name}</p>
          <h1>{title}</h1>
          <p class="doc-meta">
            <Fill text={t('lgEffective')} slots={{ date: <time datetime={doc.effectiveDate}>{effective}</time> }} /> · {doc.version ? t('lgVersion', { n: doc.version }) : t('lgDraft')}
          </p>
          {/* Generated text still in English (no translation, or the English version asked for): a reader of another language is told so. */}
          {locale !== 'en' && p.historyOf && (p.textLang ?? 'en') === 'en' ? <p class="doc-meta">{t('lgEnglishOnly')}</p> : null}
          <nav class="doc-nav" aria-label={t('lgNav')}>
            {nav.map(([key, label, href]) => (key === p.active ? <span aria-current="page">{label}</span> : <a href={href}>{label}</a>))}
          </nav>
        </header>
        {p.archived ? (
          <aside class="notice" role="note">
            <p>
              <strong>{t('lgEarlier')}</strong>{' '}
              {next ? t('lgWasInEffectUntil', { n: doc.version, from: effective, until: longDate(next.effectiveDate) }) : t('lgWasInEffect', { n: doc.version, from: effective })}{' '}
              <a href={p.active === 'terms' ? cur.terms : p.active === 'privacy' ? cur.privacy : p.active === 'appStore' ? cur.appStore : cur.play}>{t('lgReadCurrent', { n: doc.current })}</a>
            </p>
          </aside>
        ) : null}
        {p.children}
        {p.historyOf ? (
          <section class="history" aria-labelledby="history">
            <h2 id="history">{t('lgHistory')}</h2>
            <ol reversed>
              {doc.history.map((h) => {
                const v = paths(doc.app.slug, h.version);
                const href = p.historyOf === 'terms' ? v.terms : v.privacy;
                return (
                  <li value={h.version}>
                    {h.version === doc.version ? (
                      <span aria-current="page">{t('lgVersion', { n: h.version })}</span>
                    ) : (
                      <a href={href}>{t('lgVersion', { n: h.version })}</a>
                    )}{' '}
                    — {t('lgHistoryEntry', { date: longDate(h.effectiveDate) })}
                    {h.version === doc.current ? ` ${t('lgCurrent')}` : ''}
                  </li>
                );
              })}
            </ol>
          </section>
        ) : null}
      </main>
    </Layout>
  );
}

/**
 * The generated policy or terms in the text's language (marked so for readers and screen readers);
 * a translation the owner keeps subordinate to English says so first, linking the English version.
 */
function Sections({ sections, lang, notice }: { sections: Section[]; lang: string; notice?: Inline[] }) {
  return (
    <article class="doc-body" lang={lang}>
      {notice ? (
        <aside class="notice" role="note">
          <p>
            <Text parts={notice} />
          </p>
        </aside>
      ) : null}
      {sections.map((s) => (
        <section id={s.id} aria-labelledby={`${s.id}-h`}>
          <h2 id={`${s.id}-h`}>{s.title}</h2>
          {s.blocks.map((b) => (
            <BlockView b={b} />
          ))}
        </section>
      ))}
    </article>
  );
}

/** A translated sentence with elements in its slots (`{date}` -> a <time>), in the language's word order. */
/**
 * Whether the client prefers HTML to JSON. Browsers list text/html first (JSON only through
 * their `*∕*;q=0.8`); curl, fetch() and SDKs send `*∕*` or JSON and get JSON. A tie is JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const q = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [type, ...params] = part.trim().split(';');
    const qp = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(type.trim(), Number.isFinite(value) ? value : 0);
  }
  const any = q.get('*/*') ?? 0;
  const html = q.get('text/html') ?? q.get('text/*') ?? any;
  const json = q.get('application/json') ?? q.get('application/*') ?? any;
  return html > json;
}

/**
 * The dashboard's live preview of an unsaved draft (FlowTypeDef.preview): the privacy policy,
 * the terms or a store declaration (`screen`, LEGAL_SCREENS) as publishing it today would freeze
 * it (the same `freeze` of the app's published flows as beforePublish and the owner's
 * `?draft=true` declarations), version "draft", effective today.
 */
export function legalDraftView(config: LegalConfig, app: AppRow, frozen: Frozen, today: string, screen?: string) {
  const doc: LegalDoc = { app, config, frozen, version: 0, effectiveDate: today, publishedAt: today, current: 0, history: [] };
  const facts = { appName: app.name, config, frozen };
  const basis = { source: 'draft' as const, version: null, effectiveDate: null, url: null };
  if (screen === 'app-store' || screen === 'play') {
    return (
      <DocShell doc={doc} title={screen === 'app-store' ? 'lgAppStore' : 'lgPlayTitle'} archived={false} active={screen === 'app-store' ? 'appStore' : 'play'}>
        {screen === 'app-store' ? <AppStoreView d={appStorePrivacy(config, frozen, basis)} w={wordsOf(config)} /> : <PlayView d={playDataSafety(config, frozen, basis)} w={wordsOf(config)} />}
      </DocShell>
    );
  }
  const kind: Kind = screen === 'terms' ? 'terms' : 'privacy';
  const texts = textsOf(textStamp(config.locale ?? app.locale));
  const all = { ...facts, ...textFacts(texts) };
  return (
    <DocShell doc={doc} title={TITLES[kind]} archived={false} active={kind} textLang={texts.text.lang}>
      <Sections sections={kind === 'privacy' ? privacySections(all) : termsSections(all, paths(app.slug).privacy)} lang={texts.text.lang} notice={prevails(config, texts, '?lang=en')} />
    </DocShell>
  );
}

const textFacts = (x: Texts) => ({ text: x.text, law: x.law, edition: x.edition });
/** The "English prevails" notice, on a translation when the owner keeps English authoritative (`englishPrevailsNotice`). */
const prevails = (config: LegalConfig, x: Texts, href: string) => (config.englishAuthoritative && x.text.lang !== 'en' && editionFeatures(x.edition).englishPrevailsNotice ? x.law.englishPrevails({ href }) : undefined);

/** The legal pages in the dashboard's preview (ids as `legalDraftView` takes them). */
export const LEGAL_SCREENS = [
  { id: 'privacy', label: 'Privacy policy' },
  { id: 'terms', label: 'Terms of use' },
  { id: 'app-store', label: 'App Store privacy declaration' },
  { id: 'play', label: 'Google Play data safety' },
];

/**
 * Public legal pages under WEB_URL (no login, no redirect, no cookies, nothing from another
 * origin; printable). The privacy policy and terms of the current version, every published
 * version at /v/<n>, and the store declarations (JSON for programs, HTML for browsers).
 */
export function registerLegalPages(app: FastifyInstance, deps: { legal: LegalService; apps: Parameters<typeof brandLookup>[0] }) {
  const { legal } = deps;
  const brand = brandLookup(deps.apps);
  const route = { schema: { hide: true } };
  const CACHE = 'public, max-age=60';

  // In the visitor's language, with the app's name when the app exists (no logo: nothing from another origin).
  const missing = (request: FastifyRequest, reply: FastifyReply, slug: string) =>
    sendBarePage(request, reply, { status: 404, title: 'lgNotFoundTitle', message: 'lgNotFoundBody', brand: brand(slug).then((b) => b && { ...b, logoUrl: null }) });

  /** Loads a document, or answers the 404 page (unknown app, nothing published, no such version). */
  async function load(request: FastifyRequest, reply: FastifyReply, slug: string, v?: string): Promise<LegalDoc | undefined> {
    if (v !== undefined && !/^[1-9][0-9]{0,6}$/.test(v)) {
      await missing(request, reply, slug);
      return undefined;
    }
    try {
      return v === undefined ? await legal.current(slug) : await legal.version(slug, Number(v));
    } catch (e) {
      if (e instanceof AppError && e.status === 404) {
        await missing(request, reply, slug);
        return undefined;
      }
      throw e;
    }
  }

  type P = { appSlug: string; n?: string };
  const doc = (kind: Kind) => async (request: FastifyRequest<{ Params: P; Querystring: { lang?: string } }>, reply: FastifyReply) => {
    const d = await load(request, reply, request.params.appSlug, request.params.n);
    if (!d) return reply;
    const archived = request.params.n !== undefined;
    // The version's frozen language and edition; `?lang=en` reads a translated version's English original.
    const stamp = stampOf(d.frozen);
    const texts = textsOf(request.query.lang === 'en' ? { ...stamp, lang: 'en' } : stamp);
    const facts = { appName: d.app.name, config: d.config, frozen: d.frozen, ...textFacts(texts) };
    // An archived version's terms refer to the privacy policy of the same version.
    const sections = kind === 'privacy' ? privacySections(facts) : termsSections(facts, paths(d.app.slug, archived ? d.version : undefined).privacy);
    return sendPage(
      reply,
      <DocShell doc={d} title={TITLES[kind]} archived={archived && d.version !== d.current} active={kind} historyOf={kind} textLang={texts.text.lang}>
        <Sections sections={sections} lang={texts.text.lang} notice={prevails(d.config, texts, '?lang=en')} />
      </DocShell>,
      { cache: CACHE },
    );
  };

  const declaration = (which: 'appStore' | 'play') => async (request: FastifyRequest<{ Params: P; Querystring: { format?: string } }>, reply: FastifyReply) => {
    const format = request.query.format;
    const html = format === 'html' || (format !== 'json' && prefersHtml(request.headers.accept));
    reply.header('vary', 'Accept');
    if (!html) {
      const ok = request.params.n === undefined || /^[1-9][0-9]{0,6}$/.test(request.params.n);
      const d = ok
        ? await (request.params.n === undefined ? legal.current(request.params.appSlug) : legal.version(request.params.appSlug, Number(request.params.n))).catch((e) =>
            e instanceof AppError && e.status === 404 ? undefined : Promise.reject(e),
          )
        : undefined;
      reply.header('access-control-allow-origin', '*').header('cache-control', CACHE);
      if (!d) return reply.code(404).send({ error: 'No published legal flow (or version) for this app' });
      const basis = legal.basisOf(d);
      return reply.send(which === 'appStore' ? appStorePrivacy(d.config, d.frozen, basis) : playDataSafety(d.config, d.frozen, basis));
    }
    const d = await load(request, reply, request.params.appSlug, request.params.n);
    if (!d) return reply;
    const archived = request.params.n !== undefined && d.version !== d.current;
    const basis = legal.basisOf(d);
    return sendPage(
      reply,
      <DocShell doc={d} title={which === 'appStore' ? 'lgAppStore' : 'lgPlayTitle'} archived={archived} active={which}>
        {which === 'appStore' ? <AppStoreView d={appStorePrivacy(d.config, d.frozen, basis)} w={wordsOf(d.config)} /> : <PlayView d={playDataSafety(d.config, d.frozen, basis)} w={wordsOf(d.config)} />}
      </DocShell>,
      { cache: CACHE },
    );
  };

  app.get('/legal/:appSlug', route, doc('privacy'));
  app.get('/legal/:appSlug/terms', route, doc('terms'));
  app.get('/legal/:appSlug/v/:n', route, doc('privacy'));
  app.get('/legal/:appSlug/v/:n/terms', route, doc('terms'));
  app.get('/legal/:appSlug/app-store-privacy', route, declaration('appStore'));
  app.get('/legal/:appSlug/v/:n/app-store-privacy', route, declaration('appStore'));
  app.get('/legal/:appSlug/play-data-safety', route, declaration('play'));
  app.get('/legal/:appSlug/v/:n/play-data-safety', route, declaration('play'));
}
