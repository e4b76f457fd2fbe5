import { brandOfRow } from '../../kernel/pages/brand.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { VNode } from 'preact';
import { AppError } from '../../kernel/errors.js';
import { flowSlugSchema, type FlowService } from '../../kernel/flows/flows.service.js';
import { clientInfo } from '../../kernel/identity.js';
import type { RouteContext } from '../../kernel/module.js';
import { negotiate, type MessageKey } from '../../kernel/i18n.js';
import { MessagePage } from '../../kernel/pages/layout.js';
import { limitedPage, orPage, pageStepLimit } from '../../kernel/pages/page-routes.js';
import { sendHtml, sendPage } from '../../kernel/pages/render.js';
import { createSealer } from '../../kernel/pages/sealed.js';
import { wordsOf, type Words } from '../../kernel/pages/steps.js';
import { createPageTemplates } from '../../kernel/pages/templates.js';
import { actionLink, usableScheme } from '../../kernel/sessions/deep-link.js';
import { isBotAgent } from '../../links/links.agents.js';
import { checkAnswers } from './onboarding.answers.js';
import type { OnboardingPreview } from './onboarding.preview.js';
import { sessionLimit } from '../../kernel/sessions/sessions.routes.js';
import type { OnboardingConfig } from './onboarding.schema.js';
import type { OnboardingSessions, OpenFunnel } from './onboarding.sessions.js';
import type { OnboardingSubmissions } from './onboarding.submissions.js';
import { FunnelMessagePage, HandoffPage, InAppEndPage, PreviewEndPage } from './onboarding.end.js';
import type { FunnelUrls, Look } from './onboarding.shell.js';
import { IntroPage, StepPage } from './onboarding.views.js';
import { answersOf, endScheme, prefillOf, press, progressFrom, progressJson, screenOf, stepOfIssues, stepParam, type Progress, type Screen } from './onboarding.walk.js';
import { onboardingScreenOf } from './onboarding.screens.js';
import { answerKeys } from './onboarding.warnings.js';

/**
 * The hosted funnel (WIRE D "Onboarding (in-app)", SPEC "Onboarding"): `flowUrl` =
 * `/onboarding/<app>/s/<session>?t=<token>` (the SDK appends `&scheme=<urlScheme>`), and the
 * same under `/embed/onboarding/…`, whose pages alone may be framed by other sites. It walks
 * intro → one screen per step → the end (onboarding.walk.ts). Every button posts the screen's
 * form; the answer is a 303 to the next screen. The last step completes the funnel
 * (submissions.complete, in the session: its pinned version) and 303s to the end screen: in the
 * app a page meta-refreshing to `{scheme}://retention-flow/action?type=onboarding_complete&
 * session_id=…&claim_token=amob_…`, on the web the handoff (the token to the clipboard, then
 * the store).
 *
 * The session token is the capability on every URL and form, as on the cancel page (no
 * IP-bound form token: cancel.pages.tsx says why). The answers so far and the scheme travel
 * with the visitor, sealed (kernel/pages/sealed.ts, bound to the session): in every screen's
 * URL (`a=`) and form (hidden `a`); nothing is stored before the end but the steps seen.
 *
 * Speed: like cancel's, a screen without a carried answer or a message is rendered once per
 * pinned version, app look and screen, with placeholders for the session id, token and state.
 */

export interface OnboardingPagesDeps {
  sessions: OnboardingSessions;
  submissions: OnboardingSubmissions;
  flows: FlowService;
  preview: OnboardingPreview;
  secret: string;
  /** PUBLIC_RATE_LIMIT (submits per minute per client). */
  rateLimit: number;
}

type Fields = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const fieldsOf = (v: unknown): Fields => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : {});
const posted = (f: Fields) => ({ b: str(f.b) ?? '', o: list(f.o).filter((x): x is string => typeof x === 'string'), email: str(f.email) });
/** The `at` field: 0 (intro) to 20 (the last step). */
const atOf = (v: unknown) => (typeof v === 'string' && /^[0-9]{1,2}$/.test(v) ? Number(v) : undefined);

/** A placeholder claim token for the preview's deep link (never a real one). */
const PREVIEW_CLAIM = 'amob_CLAIM_TOKEN';

const screenQuery = (s: Screen, state: string) => `${s.kind === 'intro' ? '' : `&step=${stepParam(s)}`}&a=${state}`;

/** The preview link's URLs: the preview token is the capability on every form and link. */
function previewFunnelUrls(prefix: string, appSlug: string, token: string, state: string): FunnelUrls {
  const action = `${prefix}/${encodeURIComponent(appSlug)}`;
  return { action, capability: ['p', token], state, screen: (s) => `${action}?p=${encodeURIComponent(token)}${screenQuery(s, state)}` };
}

/**
 * The dashboard's live preview of an unsaved draft (FlowTypeDef.preview): one screen
 * (onboarding.screens.ts; the intro by default) as the preview link shows it. Its forms carry a
 * placeholder preview token the pages refuse (and no progress), so nothing can be started or
 * recorded from it; the handoff shows a placeholder claim token.
 */
export function onboardingDraftView(config: OnboardingConfig, app: { slug: string; name: string; logo_url: string | null; accent_color?: string | null; theme?: string | null }, screen?: string) {
  const look: Look = { app: { name: app.name, logoUrl: app.logo_url, ...brandOfRow(app) }, config, preview: true };
  const urls = previewFunnelUrls('/onboarding', app.slug, 'preview', '');
  const s = onboardingScreenOf(config, screen);
  if (s.kind === 'step') return <StepPage look={look} urls={urls} index={s.index} />;
  if (s.kind === 'handoff') return <HandoffPage look={look} claimToken={PREVIEW_HANDOFF_TOKEN} />;
  return <IntroPage look={look} urls={urls} />;
}

/** The handoff's placeholder claim token in the dashboard's preview (the shape of a real one, never valid). */
const PREVIEW_HANDOFF_TOKEN = `amob_${'PREVIEW0'.repeat(4)}`;

export function registerOnboardingPages(app: FastifyInstance, deps: OnboardingPagesDeps, ctx: RouteContext) {
  const { sessions, preview } = deps;
  const sealer = createSealer(deps.secret, 'onboarding:progress');
  const templates = createPageTemplates(['sid', 'tok', 'st'] as const);
  const seal = (p: Progress, bind: string) => sealer.seal(progressJson(p), bind);

  /** The progress a request carries (`a`), with the SDK's `scheme=` when it names a usable one. */
  function progressOf(config: OnboardingConfig, blob: unknown, bind: string, scheme?: unknown): Progress {
    const p = progressFrom(config, sealer.open(blob, bind));
    const given = usableScheme(str(scheme));
    return given ? { ...p, scheme: given } : p;
  }

  for (const embed of [false, true]) {
    const prefix = embed ? '/embed/onboarding' : '/onboarding';
    const send = (reply: FastifyReply, page: VNode, status = 200) => sendPage(reply, page, { status, frameable: embed });
    // Pages without a funnel's config (a dead link, a rate limit) speak the visitor's language (Accept-Language).
    const visitor = (reply: FastifyReply) => wordsOf(null, negotiate(reply.request.headers['accept-language']));
    const message = (reply: FastifyReply, status: number, w: Words, title: string, text: string) => send(reply, FunnelMessagePage({ title, message: text, lang: w.lang }), status);
    const gone = (reply: FastifyReply, w = visitor(reply)) => message(reply, 404, w, w.t('stepLinkExpired'), w.t('stepPageGone'));
    const notAvailable = (reply: FastifyReply, w = visitor(reply)) => message(reply, 404, w, w.t('stepNotAvailable'), w.t('stepNotPublished'));
    const invalid = (reply: FastifyReply, w: Words, text: string, status = 400) => message(reply, status, w, w.t('stepDidntWork'), text);
    /** `invalid` with a catalog key, in the funnel's language. */
    const refused = (reply: FastifyReply, config: OnboardingConfig, key: MessageKey) => {
      const w = wordsOf(config);
      return invalid(reply, w, w.t(key));
    };
    const orGone = <T,>(reply: FastifyReply, p: Promise<T>, onMissing: (reply: FastifyReply) => unknown = gone) => orPage(reply, p, onMissing, (r, text, status) => invalid(r, visitor(r), text, status));
    const tooMany = (reply: FastifyReply, w = visitor(reply)) => message(reply, 429, w, w.t('stepTooMany'), w.t('tooManyBody'));
    const viewRoute = limitedPage(pageStepLimit(deps.rateLimit), 'onboarding.view', tooMany);
    const stepRoute = { ...limitedPage(pageStepLimit(deps.rateLimit), 'onboarding.step', tooMany), bodyLimit: 16 * 1024 };
    const sessionRoute = limitedPage(sessionLimit(deps.rateLimit), 'onboarding.session', tooMany);

    /** A live session's URLs (ids, tokens and sealed states are base62 / base64url: nothing to encode). */
    const sessionUrls = (appSlug: string, id: string, token: string, state: string): FunnelUrls => {
      const action = `${prefix}/${encodeURIComponent(appSlug)}/s/${id}`;
      return { action, capability: ['t', token], state, screen: (s) => `${action}?t=${token}${screenQuery(s, state)}` };
    };
    const previewUrls = (appSlug: string, token: string, state: string): FunnelUrls => previewFunnelUrls(prefix, appSlug, token, state);
    const lookOf = (o: OpenFunnel): Look => ({ app: { name: o.app.name, logoUrl: o.app.logoUrl, accentColor: o.app.accentColor, theme: o.app.theme }, config: o.config, embed });

    /** A screen (intro or step) of a live session; cached unless it shows a carried answer or a message. */
    function sendScreen(reply: FastifyReply, o: OpenFunnel, screen: Screen, progress: Progress, extra: { error?: MessageKey; email?: string } = {}, status = 200) {
      const state = seal(progress, o.session.id);
      const index = screen.kind === 'step' ? screen.index : -1;
      const prefill = extra.email !== undefined ? extra.email : index >= 0 ? prefillOf(o.config, progress, index) : undefined;
      const render = (urls: FunnelUrls) =>
        screen.kind === 'intro' ? <IntroPage look={lookOf(o)} urls={urls} /> : <StepPage look={lookOf(o)} urls={urls} index={index} prefill={prefill} error={extra.error} />;
      if (prefill !== undefined || extra.error) return send(reply, render(sessionUrls(o.app.slug, o.session.id, o.session.token, state)), status);
      const key = `${embed ? 1 : 0}\n${o.session.version_id}\n${stepParam(screen)}\n${o.app.slug}\n${o.app.name}\n${o.app.logoUrl ?? ''}\n${o.app.accentColor ?? ''}\n${o.app.theme ?? ''}`;
      const { sid, tok, st } = templates.placeholders;
      return sendHtml(reply, templates.html(key, () => render(sessionUrls(o.app.slug, sid, tok, st)), { sid: o.session.id, tok: o.session.token, st: state }), { status, frameable: embed });
    }

    type SessionRoute = { Params: { appSlug: string; sessionId: string }; Querystring: Fields; Body: unknown };
    type SessionReq = FastifyRequest<SessionRoute>;

    app.get<SessionRoute>(`${prefix}/:appSlug/s/:sessionId`, viewRoute, async (request: SessionReq, reply) => {
      const q = request.query;
      const o = await orGone(reply, sessions.open(request.params.appSlug, request.params.sessionId, str(q.t)));
      if (!o) return reply;
      const screen = screenOf(o.config, str(q.step));
      if (!screen) return refused(reply, o.config, 'onboardingNoScreen');
      const progress = progressOf(o.config, q.a, o.session.id, q.scheme);
      if (screen.kind === 'done') {
        if (!progress.claimToken) return refused(reply, o.config, 'onboardingNoScreen');
        const scheme = endScheme(progress, o.session.source, o.app.deepLinkScheme);
        if (scheme) return send(reply, <InAppEndPage look={lookOf(o)} href={actionLink(scheme, 'onboarding_complete', o.session.id, [['claim_token', progress.claimToken]])} />);
        // "Open {app}" only ever uses the app's own scheme on file (the token must not reach another app).
        const openHref = o.app.deepLinkScheme ? actionLink(o.app.deepLinkScheme, 'onboarding_complete', o.session.id, [['claim_token', progress.claimToken]]) : undefined;
        return send(reply, <HandoffPage look={lookOf(o)} claimToken={progress.claimToken} openHref={openHref} />);
      }
      if (request.method !== 'HEAD') {
        if (screen.kind === 'intro') await sessions.record(o.session, 'opened');
        else await sessions.record(o.session, 'reached', answerKeys(o.config)[screen.index].step);
      }
      return sendScreen(reply, o, screen, progress);
    });

    app.post<SessionRoute>(`${prefix}/:appSlug/s/:sessionId`, stepRoute, async (request: SessionReq, reply) => {
      const f = fieldsOf(request.body);
      const o = await orGone(reply, sessions.open(request.params.appSlug, request.params.sessionId, str(f.t)));
      if (!o) return reply;
      const at = atOf(f.at);
      if (at === undefined) return refused(reply, o.config, 'onboardingNoScreen');
      const progress = progressOf(o.config, f.a, o.session.id);
      const outcome = press(o.config, at, posted(f), progress);
      if (outcome.kind === 'invalid') return refused(reply, o.config, outcome.message);
      if (outcome.kind === 'retry') return sendScreen(reply, o, { kind: 'step', index: outcome.index }, progress, { error: outcome.message, email: outcome.email }, 422);
      const urls = (p: Progress) => sessionUrls(o.app.slug, o.session.id, o.session.token, seal(p, o.session.id));
      if (outcome.kind === 'screen') return reply.redirect(urls(outcome.progress).screen(outcome.screen), 303);

      const done = outcome.progress;
      const scheme = endScheme(done, o.session.source, o.app.deepLinkScheme);
      const { answers, email } = answersOf(o.config, done);
      let result;
      try {
        result = await deps.submissions.complete(
          {
            appSlug: o.app.slug,
            sessionId: o.session.id,
            token: o.session.token,
            answers,
            email,
            source: scheme ? 'app' : embed ? 'embed' : 'web',
            website: str(f.website) || undefined,
          },
          clientInfo(request, deps.secret, ctx.country),
        );
      } catch (e) {
        // An answer the carried progress lacks (a step reached by URL): back to that step, with why.
        const issues = e instanceof AppError && e.status === 422 ? (e.extra.issues as { path: string; message: string }[] | undefined) : undefined;
        if (!issues?.length) return orGone(reply, Promise.reject(e), notAvailable);
        const to = stepOfIssues(o.config, issues);
        return sendScreen(reply, o, { kind: 'step', index: to.index }, done, { error: to.message }, 422);
      }
      const end: Progress = { scheme: done.scheme, answers: [], claimToken: result.claimToken, expiresAt: result.expiresAt };
      return reply.redirect(urls(end).screen({ kind: 'done' }), 303);
    });

    // ---------- without a session: the funnel's own URL (a web session, or the owner's preview) ----------

    type FlowRoute = { Params: { appSlug: string; flowSlug?: string }; Querystring: Fields; Body: unknown };
    type FlowReq = FastifyRequest<FlowRoute>;
    // One funnel per app: a flow slug (the SDK may append the primary's) is accepted and ignored.
    const slugOk = (request: FlowReq) => request.params.flowSlug === undefined || flowSlugSchema.safeParse(request.params.flowSlug).success;

    async function previewScreen(request: FlowReq, reply: FastifyReply, token: string) {
      // The owner's own page: in English, like the dashboard.
      const d = await orGone(reply, preview.draft(request.params.appSlug, undefined, token), (r) => message(r, 404, wordsOf(null), 'Preview not available', 'This preview link is invalid or has expired. Ask for a new one.'));
      if (!d) return reply;
      const { app: a, config } = d;
      const bind = `p:${token}`;
      const look: Look = { app: { name: a.name, logoUrl: a.logo_url, ...brandOfRow(a) }, config, embed, preview: true };
      const page = (screen: Screen, progress: Progress, extra: { error?: MessageKey; email?: string } = {}, status = 200) => {
        const urls = previewUrls(a.slug, token, seal(progress, bind));
        if (screen.kind === 'intro') return send(reply, <IntroPage look={look} urls={urls} />, status);
        if (screen.kind === 'step') {
          const prefill = extra.email !== undefined ? extra.email : prefillOf(config, progress, screen.index);
          return send(reply, <StepPage look={look} urls={urls} index={screen.index} prefill={prefill} error={extra.error} />, status);
        }
        const scheme = progress.scheme ?? usableScheme(a.deep_link_scheme);
        const { answers, email } = answersOf(config, progress);
        const deepLink = scheme ? actionLink(scheme, 'onboarding_complete', 'SESSION_ID', [['claim_token', PREVIEW_CLAIM]]) : null;
        return send(reply, <PreviewEndPage look={look} answers={answers} email={email} deepLink={deepLink} back={urls.screen({ kind: 'step', index: config.steps.length - 1 })} />, status);
      };

      if (request.method === 'POST') {
        const f = fieldsOf(request.body);
        const at = atOf(f.at);
        if (at === undefined) return refused(reply, config, 'onboardingNoScreen');
        const progress = progressOf(config, f.a, bind);
        const outcome = press(config, at, posted(f), progress);
        if (outcome.kind === 'invalid') return refused(reply, config, outcome.message);
        if (outcome.kind === 'retry') return page({ kind: 'step', index: outcome.index }, progress, { error: outcome.message, email: outcome.email }, 422);
        if (outcome.kind === 'screen') return reply.redirect(previewUrls(a.slug, token, seal(outcome.progress, bind)).screen(outcome.screen), 303);
        // The checks completion would make, and nothing stored.
        const { answers, email } = answersOf(config, outcome.progress);
        const { issues } = checkAnswers(config, answers, email);
        if (issues.length) {
          const to = stepOfIssues(config, issues);
          return page({ kind: 'step', index: to.index }, outcome.progress, { error: to.message }, 422);
        }
        return reply.redirect(previewUrls(a.slug, token, seal(outcome.progress, bind)).screen({ kind: 'done' }), 303);
      }
      const screen = screenOf(config, str(request.query.step));
      if (!screen) return refused(reply, config, 'onboardingNoScreen');
      return page(screen, progressOf(config, request.query.a, bind, request.query.scheme));
    }

    const showFunnel = async (request: FlowReq, reply: FastifyReply) => {
      if (!slugOk(request)) return notAvailable(reply);
      const p = str(request.query.p);
      if (p !== undefined) return previewScreen(request, reply, p);
      const { appSlug } = request.params;
      // Link-preview fetchers and HEAD requests see the page exists, but start no session.
      if (request.method === 'HEAD' || isBotAgent(request.headers['user-agent'] ?? '')) {
        const flow = await orGone(reply, deps.flows.publicFlow(appSlug, 'onboarding'), notAvailable);
        if (!flow) return reply;
        const { intro, locale } = flow.config as OnboardingConfig;
        return send(reply, MessagePage({ title: intro.title || flow.app.name, message: intro.subtitle, lang: locale }));
      }
      const started = await orGone(reply, sessions.startWeb(appSlug, undefined, clientInfo(request, deps.secret, ctx.country)), notAvailable);
      if (!started) return reply;
      // A scheme given to the funnel's own URL travels on (validated; an unusable one is dropped).
      const scheme = usableScheme(str(request.query.scheme));
      const path = `${embed ? '/embed' : ''}${sessions.pagePath(started.appSlug, started.sessionId, started.token)}`;
      return reply.redirect(scheme ? `${path}&scheme=${encodeURIComponent(scheme)}` : path, 303);
    };
    app.get<FlowRoute>(`${prefix}/:appSlug`, sessionRoute, showFunnel);
    app.get<FlowRoute>(`${prefix}/:appSlug/:flowSlug`, sessionRoute, showFunnel);

    // The preview's forms post here (hidden `p`); without a preview token there is nothing to post to.
    const previewPost = async (request: FlowReq, reply: FastifyReply) => {
      const p = str(fieldsOf(request.body).p);
      if (!slugOk(request) || p === undefined) return notAvailable(reply);
      return previewScreen(request, reply, p);
    };
    app.post<FlowRoute>(`${prefix}/:appSlug`, stepRoute, previewPost);
    app.post<FlowRoute>(`${prefix}/:appSlug/:flowSlug`, stepRoute, previewPost);
  }
}
