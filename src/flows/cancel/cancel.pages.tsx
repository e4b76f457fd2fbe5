import { brandOfRow } from '../../kernel/pages/brand.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { flowSlugSchema, type FlowService } from '../../kernel/flows/flows.service.js';
import { clientInfo } from '../../kernel/identity.js';
import type { RouteContext } from '../../kernel/module.js';
import { negotiate, type Translate } from '../../kernel/i18n.js';
import { MessagePage } from '../../kernel/pages/layout.js';
import { limitedPage, orPage, pageStepLimit } from '../../kernel/pages/page-routes.js';
import { sendHtml, sendPage } from '../../kernel/pages/render.js';
import { wordsOf, type Words } from '../../kernel/pages/steps.js';
import { createPageTemplates } from '../../kernel/pages/templates.js';
import { usableScheme } from '../../kernel/sessions/deep-link.js';
import { isBotAgent } from '../../links/links.agents.js';
import { deepLink } from './cancel.deeplink.js';
import { flowPath, type CancelPreview } from './cancel.preview.js';
import { sessionLimit } from '../../kernel/sessions/sessions.routes.js';
import type { CancelConfig } from './cancel.schema.js';
import type { CancelSessions, OpenSession } from './cancel.sessions.js';
import { CancelMessagePage, LeavePage, PreviewLeavePage, ScreenPage, type Leaving, type ScreenUrls, type ViewApp } from './cancel.views.js';
import { press, screenOf, viewed, type ExitButton, type Screen } from './cancel.walk.js';
import { cancelScreenOf } from './cancel.screens.js';

/**
 * The hosted cancel page (WIRE D): `flowUrl` = `/cancel/<app>/s/<session>?t=<token>` walks
 * intro → reasons → response → thanks (cancel.walk.ts). Every button posts the screen's form;
 * the answer is a 303 to the next screen, or, for an exit, a page that meta-refreshes to the
 * deep link. No JavaScript anywhere.
 *
 * The session token is the capability on every URL and form (query `t`, hidden field `t`).
 * The pages carry no IP-bound anti-forgery token (kernel/pages/form-token.ts): the session
 * token already is one. It is random (24 base62 characters), issued to one user's app, and a
 * site that wants to forge a post has no way to learn it, so a cross-site form cannot act on
 * anyone's session; binding to the address would only break the flow for people whose
 * address changes between screens (Wi-Fi to cellular inside the sheet).
 *
 * Speed: a screen's HTML depends only on the pinned version, the app and the screen, so it is
 * rendered once with placeholders for the session id and token and kept (bounded); a request
 * opens the session (one query), records its step (one insert) and fills in two values.
 */

export interface CancelPagesDeps {
  sessions: CancelSessions;
  flows: FlowService;
  preview: CancelPreview;
  secret: string;
  /** PUBLIC_RATE_LIMIT (submits per minute per client). */
  rateLimit: number;
}

/** Per-minute page requests per client: a walk is a handful of them; reloads and back-and-forth are fine. */
export const stepLimit = pageStepLimit;

type Query = Record<string, string | string[] | undefined>;
type Body = Record<string, string | string[] | undefined>;
const str = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

const stepQuery = (s: Screen) => (s.step === 'intro' ? '' : `&step=${s.step}${s.step === 'response' ? `&reason=${encodeURIComponent(s.reason)}` : ''}`);

/** A live session's URLs (ids and tokens are base62: nothing to encode). */
function sessionUrls(appSlug: string, id: string, token: string): ScreenUrls {
  const action = `/cancel/${encodeURIComponent(appSlug)}/s/${id}`;
  return { action, hidden: ['t', token], screen: (s) => `${action}?t=${token}${stepQuery(s)}` };
}

function previewUrls(appSlug: string, flowSlug: string | undefined, token: string): ScreenUrls {
  const action = flowPath(appSlug, flowSlug);
  return { action, hidden: ['p', token], screen: (s) => `${action}?p=${encodeURIComponent(token)}${stepQuery(s)}` };
}

/**
 * The dashboard's live preview of an unsaved draft (FlowTypeDef.preview): one screen
 * (cancel.screens.ts; the intro by default), as the preview link shows it. Its forms and links
 * carry a placeholder preview token, which the pages refuse: nothing can be recorded from it.
 */
export function cancelDraftView(config: CancelConfig, app: { slug: string; name: string; logo_url: string | null; accent_color?: string | null; theme?: string | null }, flowSlug: string, primarySlug: string, screen?: string) {
  const urls = previewUrls(app.slug, flowSlug === primarySlug ? undefined : flowSlug, 'preview');
  return <ScreenPage config={config} app={{ name: app.name, logoUrl: app.logo_url, ...brandOfRow(app) }} screen={cancelScreenOf(config, screen)} urls={urls} preview />;
}

/** Only http(s) URLs are ever emitted (the config schema already insists on https). */
function webUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where an exit goes. `external_url` from the SDK is a deep link the app opens in a browser
 * (type=external_url&url=…); a web session, or an app without a scheme, goes to the page itself.
 */
export function leavingFor(button: ExitButton, scheme: string | null, source: string, sessionId: string): Leaving {
  const s = usableScheme(scheme);
  if (button.action === 'external_url') {
    const url = webUrl(button.url);
    if (!url) return { to: 'nowhere', action: 'external_url' };
    if (s && source === 'sdk') return { to: 'app', href: deepLink(s, button, sessionId), action: button.action };
    return { to: 'web', href: url };
  }
  return s ? { to: 'app', href: deepLink(s, button, sessionId), action: button.action } : { to: 'nowhere', action: button.action };
}

/** The label of the button a ref names, as the page shows it (the preview says which button would leave). */
function labelOf(c: CancelConfig, ref: string, button: ExitButton, t: Translate): string {
  if (ref === 'intro:secondary') return c.intro.secondaryButton || t('cancelKeepPlan');
  if (ref === 'thanks:return') return t('cancelBackToApp');
  if (ref === 'escape') return t('cancelEscape');
  return (button as { label?: string }).label ?? ref;
}

export function registerCancelPages(app: FastifyInstance, deps: CancelPagesDeps, ctx: RouteContext) {
  const { sessions, preview } = deps;
  // A screen's HTML depends only on the pinned version, the app's look and the screen: rendered once per those.
  const templates = createPageTemplates(['sid', 'tok'] as const);

  const viewApp = (o: OpenSession): ViewApp => ({ name: o.app.name, logoUrl: o.app.logoUrl, accentColor: o.app.accentColor, theme: o.app.theme });

  /** The screen's HTML for this session: rendered once per version, app look and screen. */
  function screenHtml(o: OpenSession, screen: Screen): string {
    const key = `${o.session.version_id}\n${screen.step}\n${screen.step === 'response' ? screen.reason : ''}\n${o.app.slug}\n${o.app.name}\n${o.app.logoUrl ?? ''}\n${o.app.accentColor ?? ''}\n${o.app.theme ?? ''}`;
    const { sid, tok } = templates.placeholders;
    return templates.html(key, () => <ScreenPage config={o.config} app={viewApp(o)} screen={screen} urls={sessionUrls(o.app.slug, sid, tok)} />, { sid: o.session.id, tok: o.session.token });
  }

  // Pages without a flow's config (a dead link, a rate limit) speak the visitor's language (Accept-Language).
  const visitor = (reply: FastifyReply) => wordsOf(null, negotiate(reply.request.headers['accept-language']));
  const message = (reply: FastifyReply, status: number, w: Words, title: string, text: string) => sendPage(reply, CancelMessagePage({ title, message: text, w }), { status });
  const gone = (reply: FastifyReply, w = visitor(reply)) => message(reply, 404, w, w.t('stepLinkExpired'), w.t('cancelGone'));
  const notAvailable = (reply: FastifyReply, w = visitor(reply)) => message(reply, 404, w, w.t('stepNotAvailable'), w.t('stepNotPublished'));
  const invalid = (reply: FastifyReply, w: Words, text: string, status = 400) => message(reply, status, w, w.t('stepDidntWork'), text);

  /** 404s become the page's 404, other refusals a page saying why; server errors go on to the error handler. */
  const orGone = <T,>(reply: FastifyReply, p: Promise<T>, onMissing: (reply: FastifyReply) => unknown = gone) => orPage(reply, p, onMissing, (r, text, status) => invalid(r, visitor(r), text, status));

  // People without JavaScript get a page, not the API's JSON, when they go too fast.
  const tooMany = (reply: FastifyReply, w = visitor(reply)) => message(reply, 429, w, w.t('stepTooMany'), w.t('tooManyBody'));
  const viewRoute = limitedPage(stepLimit(deps.rateLimit), 'cancel.view', tooMany);
  const stepRoute = { ...limitedPage(stepLimit(deps.rateLimit), 'cancel.step', tooMany), bodyLimit: 16 * 1024 };
  const sessionRoute = limitedPage(sessionLimit(deps.rateLimit), 'cancel.session', tooMany);

  type SessionRoute = { Params: { appSlug: string; sessionId: string }; Querystring: Query; Body: Body };
  type SessionReq = FastifyRequest<SessionRoute>;

  app.get<SessionRoute>('/cancel/:appSlug/s/:sessionId', viewRoute, async (request: SessionReq, reply) => {
    const q = request.query;
    const o = await orGone(reply, sessions.open(request.params.appSlug, request.params.sessionId, str(q.t)));
    if (!o) return reply;
    const screen = screenOf(o.config, str(q.step), str(q.reason));
    if (!screen) {
      const w = wordsOf(o.config);
      return invalid(reply, w, w.t('cancelNoScreen'));
    }
    const step = viewed(screen);
    if (step && request.method !== 'HEAD') await sessions.record(o.session, step.step, step.key, step.detail);
    return sendHtml(reply, screenHtml(o, screen));
  });

  app.post<SessionRoute>('/cancel/:appSlug/s/:sessionId', stepRoute, async (request: SessionReq, reply) => {
    const f = request.body ?? {};
    const o = await orGone(reply, sessions.open(request.params.appSlug, request.params.sessionId, str(f.t)));
    if (!o) return reply;
    const outcome = press(o.config, str(f.b) ?? '', list(f.reason));
    const urls = sessionUrls(o.app.slug, o.session.id, o.session.token);
    const w = wordsOf(o.config);
    if (outcome.kind === 'invalid') return invalid(reply, w, w.t(outcome.message));
    if (outcome.kind === 'retry') return sendPage(reply, <ScreenPage config={o.config} app={viewApp(o)} screen={{ step: 'reasons' }} urls={urls} error={outcome.message} />, { status: 422 });
    // One group commit for all of them; each is recorded once per session (a resubmission adds nothing).
    await sessions.recordAll(o.session, outcome.record);
    if (outcome.kind === 'screen') return reply.redirect(urls.screen(outcome.screen), 303);
    const leaving = leavingFor(outcome.button, o.app.deepLinkScheme, o.session.source, o.session.id);
    return sendPage(reply, <LeavePage app={viewApp(o)} leaving={leaving} w={w} />);
  });

  // ---------- without a session: the flow's own URL (a web session, or the owner's preview) ----------

  type FlowRoute = { Params: { appSlug: string; flowSlug?: string }; Querystring: Query; Body: Body };
  type FlowReq = FastifyRequest<FlowRoute>;
  const flowSlugOf = (request: FlowReq) => {
    const s = request.params.flowSlug;
    return s === undefined || flowSlugSchema.safeParse(s).success ? { ok: true as const, slug: s } : { ok: false as const };
  };

  async function previewScreen(request: FlowReq, reply: FastifyReply, token: string, flowSlug: string | undefined) {
    // The owner's own page: in English, like the dashboard.
    const owner = wordsOf(null);
    const d = await orGone(reply, preview.draft(request.params.appSlug, flowSlug, token), (r) => message(r, 404, owner, 'Preview not available', 'This preview link is invalid or has expired. Ask for a new one.'));
    if (!d) return reply;
    const { app: a, config } = d;
    const w = wordsOf(config);
    const urls = previewUrls(a.slug, flowSlug, token);
    const look: ViewApp = { name: a.name, logoUrl: a.logo_url, ...brandOfRow(a) };
    if (request.method === 'POST') {
      const f = request.body ?? {};
      const outcome = press(config, str(f.b) ?? '', list(f.reason));
      if (outcome.kind === 'invalid') return invalid(reply, w, w.t(outcome.message));
      if (outcome.kind === 'retry') return sendPage(reply, <ScreenPage config={config} app={look} screen={{ step: 'reasons' }} urls={urls} preview error={outcome.message} />, { status: 422 });
      if (outcome.kind === 'screen') return reply.redirect(urls.screen(outcome.screen), 303);
      const leaving = leavingFor(outcome.button, a.deep_link_scheme, 'sdk', 'SESSION_ID');
      return sendPage(reply, <PreviewLeavePage app={look} label={labelOf(config, outcome.ref, outcome.button, w.t)} leaving={leaving} back={urls.screen(outcome.from)} />);
    }
    const screen = screenOf(config, str(request.query.step), str(request.query.reason));
    if (!screen) return invalid(reply, w, w.t('cancelNoScreen'));
    return sendPage(reply, <ScreenPage config={config} app={look} screen={screen} urls={urls} preview />);
  }

  const showFlow = async (request: FlowReq, reply: FastifyReply) => {
    const slug = flowSlugOf(request);
    if (!slug.ok) return notAvailable(reply);
    const p = str(request.query.p);
    if (p !== undefined) return previewScreen(request, reply, p, slug.slug);
    const { appSlug } = request.params;
    // Link-preview fetchers and HEAD requests see the page exists, but start no session.
    if (request.method === 'HEAD' || isBotAgent(request.headers['user-agent'] ?? '')) {
      const flow = await orGone(reply, deps.flows.publicFlow(appSlug, 'cancel', slug.slug), notAvailable);
      if (!flow) return reply;
      const { intro, locale } = flow.config as CancelConfig;
      return sendPage(reply, MessagePage({ title: intro.title || flow.app.name, message: intro.subtitle, lang: locale }));
    }
    const started = await orGone(reply, sessions.startWeb(appSlug, slug.slug, clientInfo(request, deps.secret, ctx.country)), notAvailable);
    if (!started) return reply;
    return reply.redirect(sessions.pagePath(started.appSlug, started.sessionId, started.token), 303);
  };
  app.get<FlowRoute>('/cancel/:appSlug', sessionRoute, showFlow);
  app.get<FlowRoute>('/cancel/:appSlug/:flowSlug', sessionRoute, showFlow);

  // The preview's forms post here (hidden `p`); without a preview token there is nothing to post to.
  const previewPost = async (request: FlowReq, reply: FastifyReply) => {
    const slug = flowSlugOf(request);
    const p = str(request.body?.p);
    if (!slug.ok || p === undefined) return notAvailable(reply);
    return previewScreen(request, reply, p, slug.slug);
  };
  app.post<FlowRoute>('/cancel/:appSlug', stepRoute, previewPost);
  app.post<FlowRoute>('/cancel/:appSlug/:flowSlug', stepRoute, previewPost);
}
