import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../kernel/errors.js';
import { Layout, MessagePage } from '../../kernel/pages/layout.js';
import { sendPage } from '../../kernel/pages/render.js';
import { appStorePrivacy, playDataSafety, type AppStorePrivacy, type PlayDataSafety } from './legal.declaration.js';
import { privacySections, termsSections, type Block, type Inline, type Section } from './legal.policy.js';
import type { AppRow } from '../../apps/apps.store.js';
import type { Frozen, LegalConfig } from './legal.schema.js';
import type { LegalDoc, LegalService } from './legal.service.js';

type Kind = 'privacy' | 'terms';
const TITLES: Record<Kind, string> = { privacy: 'Privacy policy', terms: 'Terms of use' };

const longDate = (ymd: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));

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
      {x.mapped && x.receives.length ? (
        <p>
          <strong>Receives:</strong> {x.receivesText}, {x.purposesText}.
          {x.linkedToIdentity ? ' It can be linked to you.' : ' It is not linked to your identity.'}
          {x.usedForTracking ? ' It is used for tracking.' : ''}
        </p>
      ) : null}
      {x.flows?.length ? (
        <p class="muted small">Through: {x.flows.map((f) => (f.slug === f.type ? f.type : `${f.type} (${f.slug})`).replace(/_/g, ' ')).join(', ')}.</p>
      ) : null}
      {x.privacyUrl ? (
        <p>
          <a href={x.privacyUrl} rel="noopener noreferrer">
            {x.name} privacy policy
          </a>
        </p>
      ) : null}
    </div>
  );
}

function DocShell(p: { doc: LegalDoc; title: string; archived: boolean; active: 'privacy' | 'terms' | 'appStore' | 'play'; children: preact.ComponentChildren; historyOf?: Kind }) {
  const { doc } = p;
  const here = paths(doc.app.slug, p.archived ? doc.version : undefined);
  const cur = paths(doc.app.slug);
  const next = doc.history.find((h) => h.version === doc.version + 1);
  const lang = doc.config.locales?.[0]?.startsWith('en') ? doc.config.locales[0] : 'en';
  const nav: [typeof p.active, string, string][] = [
    ['privacy', 'Privacy policy', here.privacy],
    ['terms', 'Terms of use', here.terms],
    ['appStore', 'App Store privacy', here.appStore],
    ['play', 'Play Data safety', here.play],
  ];
  return (
    <Layout title={`${p.title} · ${doc.app.name}`} description={`${p.title} of ${doc.app.name}, effective ${longDate(doc.effectiveDate)}.`} styles={['legal.css']} accent={doc.config.hero?.accentColor} bodyClass="legal-doc" lang={lang}>
      <main class="doc">
        <header class="doc-head">
          <p class="doc-app">{doc.app.name}</p>
          <h1>{p.title}</h1>
          <p class="doc-meta">
            Effective <time datetime={doc.effectiveDate}>{longDate(doc.effectiveDate)}</time> · {doc.version ? `Version ${doc.version}` : 'Draft (not published)'}
          </p>
          <nav class="doc-nav" aria-label="Legal documents">
            {nav.map(([key, label, href]) => (key === p.active ? <span aria-current="page">{label}</span> : <a href={href}>{label}</a>))}
          </nav>
        </header>
        {p.archived ? (
          <aside class="notice" role="note">
            <p>
              <strong>This is an earlier version.</strong> Version {doc.version} was in effect from {longDate(doc.effectiveDate)}
              {next ? ` until ${longDate(next.effectiveDate)}` : ''}.{' '}
              <a href={p.active === 'terms' ? cur.terms : p.active === 'privacy' ? cur.privacy : p.active === 'appStore' ? cur.appStore : cur.play}>Read the current version (version {doc.current})</a>.
            </p>
          </aside>
        ) : null}
        {p.children}
        {p.historyOf ? (
          <section class="history" aria-labelledby="history">
            <h2 id="history">Version history</h2>
            <ol reversed>
              {doc.history.map((h) => {
                const v = paths(doc.app.slug, h.version);
                const href = p.historyOf === 'terms' ? v.terms : v.privacy;
                return (
                  <li value={h.version}>
                    {h.version === doc.version ? (
                      <span aria-current="page">Version {h.version}</span>
                    ) : (
                      <a href={href}>Version {h.version}</a>
                    )}{' '}
                    — effective {longDate(h.effectiveDate)}
                    {h.version === doc.current ? ' (current)' : ''}
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

function Sections({ sections }: { sections: Section[] }) {
  return (
    <article class="doc-body">
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

const yes = (b: boolean) => (b ? 'Yes' : 'No');

function AppStoreView({ d }: { d: AppStorePrivacy }) {
  const box = (title: string, hint: string, list: AppStorePrivacy['entries']) => {
    const types = [...new Set(list.map((e) => e.category))];
    return types.length ? (
      <div class="label-box">
        <h3>{title}</h3>
        <p class="muted small">{hint}</p>
        <ul class="chips">
          {types.map((t) => (
            <li>{t}</li>
          ))}
        </ul>
      </div>
    ) : null;
  };
  return (
    <article class="doc-body">
      <section aria-labelledby="summary-h">
        <h2 id="summary-h">App Privacy summary</h2>
        {d.dataNotCollected ? (
          <div class="label-box">
            <h3>Data Not Collected</h3>
            <p class="muted small">The developer does not collect any data from this app.</p>
          </div>
        ) : (
          <div class="label-grid">
            {box('Data Used to Track You', 'May be used to track you across apps and websites owned by other companies.', d.entries.filter((e) => e.usedForTracking))}
            {box('Data Linked to You', 'May be collected and linked to your identity.', d.entries.filter((e) => e.linkedToIdentity))}
            {box('Data Not Linked to You', 'May be collected but is not linked to your identity.', d.entries.filter((e) => !e.linkedToIdentity))}
          </div>
        )}
      </section>
      {d.entries.length ? (
        <section aria-labelledby="entries-h">
          <h2 id="entries-h">Details</h2>
          <div class="table-wrap" tabIndex={0} role="region" aria-labelledby="entries-h">
            <table>
              <thead>
                <tr>
                  <th scope="col">Data type</th>
                  <th scope="col">Purpose</th>
                  <th scope="col">Linked to you</th>
                  <th scope="col">Tracking</th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {d.entries.map((e) => (
                  <tr>
                    <td data-label="Data type">
                      <span>
                        {e.category} <span class="muted small">({e.group})</span>
                      </span>
                    </td>
                    <td data-label="Purpose">{e.purpose}</td>
                    <td data-label="Linked to you">{yes(e.linkedToIdentity)}</td>
                    <td data-label="Tracking">{yes(e.usedForTracking)}</td>
                    <td data-label="Source">{e.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      <Unmapped list={d.unmappedProcessors} />
    </article>
  );
}

function Unmapped({ list }: { list: { id: string; name: string }[] }) {
  return list.length ? (
    <section aria-labelledby="unmapped-h">
      <h2 id="unmapped-h">Also receives data</h2>
      <p>These services receive data from the app but are not described in detail here: {list.map((x) => x.name).join(', ')}.</p>
    </section>
  ) : null;
}

function PlayView({ d }: { d: PlayDataSafety }) {
  return (
    <article class="doc-body">
      <section aria-labelledby="play-h">
        <h2 id="play-h">Data safety summary</h2>
        <ul>
          <li>{d.dataCollected ? 'The app collects data.' : 'No data collected.'}</li>
          <li>{d.dataShared ? 'The app shares data with third parties.' : 'No data shared with third parties.'}</li>
        </ul>
        {d.dataTypes.length ? (
          <div class="table-wrap" tabIndex={0} role="region" aria-labelledby="play-h">
            <table>
              <thead>
                <tr>
                  <th scope="col">Data type</th>
                  <th scope="col">Shared</th>
                  <th scope="col">Optional</th>
                  <th scope="col">Purposes</th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {d.dataTypes.map((t) => (
                  <tr>
                    <td data-label="Data type">
                      <span>
                        {t.dataType} <span class="muted small">({t.category})</span>
                      </span>
                    </td>
                    <td data-label="Shared">{yes(t.shared)}</td>
                    <td data-label="Optional">{yes(t.optional)}</td>
                    <td data-label="Purposes">{t.purposes.join(', ')}</td>
                    <td data-label="Source">{t.sources.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <Unmapped list={d.unmappedProcessors} />
    </article>
  );
}

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
 * The dashboard's live preview of an unsaved draft (FlowTypeDef.preview): the privacy policy as
 * publishing it today would freeze it (the same `freeze` of the app's published flows as
 * beforePublish and the owner's `?draft=true` declarations), version "draft", effective today.
 */
export function legalDraftView(config: LegalConfig, app: AppRow, frozen: Frozen, today: string) {
  const doc: LegalDoc = { app, config, frozen, version: 0, effectiveDate: today, publishedAt: today, current: 0, history: [] };
  return (
    <DocShell doc={doc} title={TITLES.privacy} archived={false} active="privacy">
      <Sections sections={privacySections({ appName: app.name, config, frozen })} />
    </DocShell>
  );
}

/**
 * Public legal pages under WEB_URL (no login, no redirect, no cookies, nothing from another
 * origin; printable). The privacy policy and terms of the current version, every published
 * version at /v/<n>, and the store declarations (JSON for programs, HTML for browsers).
 */
export function registerLegalPages(app: FastifyInstance, deps: { legal: LegalService }) {
  const { legal } = deps;
  const route = { schema: { hide: true } };
  const CACHE = 'public, max-age=60';

  const missing = (reply: FastifyReply) =>
    sendPage(reply, MessagePage({ title: 'Not found', message: 'There is no published privacy policy or terms at this address. Check the link, or ask the app’s developer.' }), { status: 404 });

  /** Loads a document, or answers the 404 page (unknown app, nothing published, no such version). */
  async function load(reply: FastifyReply, slug: string, v?: string): Promise<LegalDoc | undefined> {
    if (v !== undefined && !/^[1-9][0-9]{0,6}$/.test(v)) {
      missing(reply);
      return undefined;
    }
    try {
      return v === undefined ? await legal.current(slug) : await legal.version(slug, Number(v));
    } catch (e) {
      if (e instanceof AppError && e.status === 404) {
        missing(reply);
        return undefined;
      }
      throw e;
    }
  }

  type P = { appSlug: string; n?: string };
  const doc = (kind: Kind) => async (request: FastifyRequest<{ Params: P }>, reply: FastifyReply) => {
    const d = await load(reply, request.params.appSlug, request.params.n);
    if (!d) return reply;
    const archived = request.params.n !== undefined;
    const facts = { appName: d.app.name, config: d.config, frozen: d.frozen };
    // An archived version's terms refer to the privacy policy of the same version.
    const sections = kind === 'privacy' ? privacySections(facts) : termsSections(facts, paths(d.app.slug, archived ? d.version : undefined).privacy);
    return sendPage(
      reply,
      <DocShell doc={d} title={TITLES[kind]} archived={archived && d.version !== d.current} active={kind} historyOf={kind}>
        <Sections sections={sections} />
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
    const d = await load(reply, request.params.appSlug, request.params.n);
    if (!d) return reply;
    const archived = request.params.n !== undefined && d.version !== d.current;
    const basis = legal.basisOf(d);
    return sendPage(
      reply,
      <DocShell doc={d} title={which === 'appStore' ? 'App Store privacy' : 'Google Play Data safety'} archived={archived} active={which}>
        {which === 'appStore' ? <AppStoreView d={appStorePrivacy(d.config, d.frozen, basis)} /> : <PlayView d={playDataSafety(d.config, d.frozen, basis)} />}
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
