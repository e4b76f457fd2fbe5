import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../apps/apps.schema.js';
import type { Config } from '../config.js';
import type { DbHandle } from '../db/index.js';
import type { Clock } from '../kernel/clock.js';
import { registerOverview } from './admin.overview.js';
import { AppError } from '../kernel/errors.js';
import type { FlowRegistry } from '../kernel/flows/registry.js';
import { clientInfo } from '../kernel/identity.js';
import type { DashboardContext, DashboardSection, RouteContext } from '../kernel/module.js';
import { checkFormToken, formToken } from '../kernel/pages/form-token.js';
import { AppPage, AppsPage, formOfApp, type AppForm, type FlowItem } from './admin.apps.views.js';
import { onPromotionFields, promotionBody, PROMOTION_FIELDS } from './admin.apps.promotion.js';
import { liveLinksOf } from './admin.editor.live.js';
import { liveTab } from './admin.flow-tab.js';
import { CSRF_FIELD, CSRF_HEADER, cookieName, readCookie, sameOrigin, sendAdmin, sessionCookie } from './admin.http.js';
import { createOpRunner, fieldErrors, type OpRunner } from './admin.ops.js';
import { SESSION_DAYS, type OwnerService } from './admin.owners.js';
import { AccountPage, NoticePage, SetupPage, SignInPage, TokensPage, type TokenRow } from './admin.views.js';
import { formField, type FormBody } from '../kernel/first-value.js';

export interface AdminDeps {
  owners: OwnerService;
  db: DbHandle;
  clock: Clock;
  registry: FlowRegistry;
  config: Config;
}

export const str = formField;

const SIGNED_OUT = 'You are signed out.';
const FORGED = 'This form has expired or was sent from another site. Reload the page and try again.';

/** Where to go after signing in: a dashboard path only (never another site). */
const safeNext = (next: string) => (/^\/admin(\/[A-Za-z0-9_\-./?=&%]*)?$/.test(next) && !next.includes('//') && !next.includes('..') ? next : '/admin/apps');

export const ownerView = (request: FastifyRequest, owners: OwnerService) => ({ email: request.owner!.email, csrf: owners.csrfToken(request.owner!) });

/** Sign-in, setup link, sign-out, account, API tokens and apps. The flow editor is in admin.editor.routes.ts. */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps, ctx: RouteContext, more: (scope: FastifyInstance, ops: OpRunner, sections: DashboardSection[]) => void) {
  const { owners, config } = deps;
  const secure = config.baseUrl.startsWith('https://');
  const cookie = cookieName(secure);
  const ops = createOpRunner(ctx.operations, ctx.deps);
  const sections = ctx.capabilities.flatMap((c) => c.dashboardSections ?? []);
  const ipHash = (request: FastifyRequest) => clientInfo(request, ctx.deps.secret, ctx.deps.country).ipHash;
  // Sign-in and setup forms are posted before any session exists: their anti-forgery token is
  // the hosted pages' one (kernel/pages/form-token.ts), bound to the form and the address.
  const preToken = (request: FastifyRequest, scope: string) => formToken(ctx.deps.secret, `admin:${scope}`, ipHash(request));
  const preTokenOk = (request: FastifyRequest, scope: string) =>
    sameOrigin(request, config.baseUrl) && checkFormToken(ctx.deps.secret, `admin:${scope}`, ipHash(request), str(request.body as FormBody, '_token'));

  const startSession = (reply: FastifyReply, token: string) => reply.header('set-cookie', sessionCookie(secure, token, SESSION_DAYS * 86_400));
  const endCookie = (reply: FastifyReply) => reply.header('set-cookie', sessionCookie(secure, '', 0));

  // ---- before a session ----
  app.register(async (pub) => {
    pub.get('/admin/login', { schema: { hide: true } }, async (request, reply) => {
      if (await owners.session(readCookie(request, cookie))) return reply.redirect('/admin/apps', 303);
      const q = request.query as { next?: string; out?: string };
      return sendAdmin(reply, SignInPage({ token: preToken(request, 'login'), next: q.next ? safeNext(q.next) : undefined, status: q.out ? SIGNED_OUT : undefined }));
    });

    pub.post('/admin/login', { schema: { hide: true } }, async (request, reply) => {
      const body = request.body as FormBody | undefined;
      const page = (status: number, error: string) =>
        sendAdmin(reply, SignInPage({ token: preToken(request, 'login'), email: str(body, 'email'), next: str(body, 'next') || undefined, error }), { status });
      if (!preTokenOk(request, 'login')) return page(403, FORGED);
      try {
        const { token } = await owners.signIn({ email: str(body, 'email'), password: str(body, 'password') }, { ipHash: ipHash(request), userAgent: request.headers['user-agent'] ?? null });
        startSession(reply, token);
        return reply.redirect(safeNext(str(body, 'next')), 303);
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
        return page(e.status, e.message);
      }
    });

    const setupGone = (reply: FastifyReply) =>
      sendAdmin(reply, NoticePage({ title: 'Setup link not valid', message: 'This setup link was used or has expired. Sign in, or restart the server to print a new link while no owner exists.', link: { href: '/admin/login', label: 'Sign in' } }), {
        status: 410,
      });

    pub.get('/admin/setup', { schema: { hide: true } }, async (request, reply) => {
      const t = String((request.query as { t?: string }).t ?? '');
      if (!(await owners.setupLinkValid(t))) return setupGone(reply);
      return sendAdmin(reply, SetupPage({ token: preToken(request, 'setup'), link: t }));
    });

    pub.post('/admin/setup', { schema: { hide: true } }, async (request, reply) => {
      const t = String((request.query as { t?: string }).t ?? '');
      const body = request.body as FormBody | undefined;
      const again = (status: number, errors: Record<string, string>, error?: string) =>
        sendAdmin(reply, SetupPage({ token: preToken(request, 'setup'), link: t, email: str(body, 'email'), errors, error }), { status });
      if (!preTokenOk(request, 'setup')) return again(403, {}, FORGED);
      try {
        const { token } = await owners.completeSetup(t, { email: str(body, 'email'), password: str(body, 'password') }, request.headers['user-agent'] ?? null);
        startSession(reply, token);
        return reply.redirect('/admin/apps', 303);
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        if (e.status === 410) return setupGone(reply);
        const f = fieldErrors(e, ['email', 'password']);
        return again(e.status, f.errors, f.error);
      }
    });
  });

  // ---- signed in ----
  app.register(async (s) => {
    s.addHook('preHandler', async (request, reply) => {
      const session = await owners.session(readCookie(request, cookie));
      const wantsJson = !/text\/html/.test(request.headers.accept ?? '') && request.method !== 'GET' && /json/.test(request.headers['content-type'] ?? '');
      if (!session) {
        if (wantsJson) return reply.code(401).send({ error: 'Sign in first' });
        if (request.method === 'GET') return reply.redirect(`/admin/login?next=${encodeURIComponent(request.url)}`, 303);
        return sendAdmin(reply, NoticePage({ title: 'Signed out', message: 'Your session has ended. Sign in again.', link: { href: '/admin/login', label: 'Sign in' } }), { status: 401 });
      }
      request.owner = session;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const given = (request.headers[CSRF_HEADER] as string | undefined) ?? str(request.body as FormBody | undefined, CSRF_FIELD);
        if (!sameOrigin(request, config.baseUrl) || !owners.checkCsrf(session, given)) {
          if (wantsJson) return reply.code(403).send({ error: FORGED });
          return sendAdmin(reply, NoticePage({ title: 'Request refused', message: FORGED, owner: ownerView(request, owners), link: { href: '/admin/apps', label: 'Back to the dashboard' } }), { status: 403 });
        }
      }
    });

    // Every flow's tab says where that flow lives (admin.flow-tab.tsx).
    s.addHook('preHandler', liveTab({ registry: deps.registry, sections, ops, urls: { webUrl: config.webUrl, baseUrl: config.baseUrl } }));

    // Refusals from the operations (an unknown app: 404) are pages here, not the API's JSON.
    s.setErrorHandler(async (err, request, reply) => {
      const e = err as unknown as AppError;
      const status = e instanceof AppError ? e.status : ((err as { statusCode?: number }).statusCode ?? 500);
      if (status >= 500) request.log.error({ err }, 'dashboard request failed');
      if (/json/.test(request.headers['content-type'] ?? '') && request.method !== 'GET') return reply.code(status).send(e instanceof AppError ? e.body() : { error: 'Request failed' });
      const message = status >= 500 ? 'Something went wrong on the server. Try again.' : (err as Error).message;
      return sendAdmin(reply, NoticePage({ title: status === 404 ? 'Not found' : 'Request failed', message, owner: request.owner ? ownerView(request, owners) : undefined, link: { href: '/admin/apps', label: 'Back to your apps' } }), { status });
    });

    s.get('/admin', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/admin/apps', 303));

    s.post('/admin/logout', { schema: { hide: true } }, async (request, reply) => {
      await owners.signOut(request.owner!);
      endCookie(reply);
      return reply.redirect('/admin/login?out=1', 303);
    });

    s.post('/admin/logout-everywhere', { schema: { hide: true } }, async (request, reply) => {
      await owners.signOutEverywhere(request.owner!);
      endCookie(reply);
      return reply.redirect('/admin/login?out=1', 303);
    });

    s.get('/admin/account', { schema: { hide: true } }, async (request, reply) =>
      sendAdmin(reply, AccountPage({ owner: ownerView(request, owners), sessions: await owners.activeSessions(request.owner!) })),
    );

    // ---- API tokens: the same operations as /api/v1/tokens ----
    const tokensPage = async (request: FastifyRequest, reply: FastifyReply, extra: { created?: { token: string; name: string }; name?: string; error?: string; notice?: string; status?: number } = {}) => {
      const { tokens } = await ops.call<{ tokens: TokenRow[] }>(request, 'GET', '/api/v1/tokens', {});
      return sendAdmin(reply, TokensPage({ owner: ownerView(request, owners), tokens, ...extra }), { status: extra.status });
    };

    s.get('/admin/api-tokens', { schema: { hide: true } }, async (request, reply) => {
      const revoked = String((request.query as { revoked?: string }).revoked ?? '');
      // A token created by the POST just before: shown on this one page view, then gone (a reload shows the list only).
      const flash = (await owners.takeFlash(readCookie(request, cookie) ?? '', request.owner!)) as { created?: { token: string; name: string } } | undefined;
      const created = flash?.created && typeof flash.created.token === 'string' && typeof flash.created.name === 'string' ? flash.created : undefined;
      return tokensPage(request, reply, { created, notice: /^[A-Za-z0-9]{8}$/.test(revoked) ? `Token ${revoked} revoked: it no longer works.` : undefined });
    });

    s.post('/admin/api-tokens', { schema: { hide: true } }, async (request, reply) => {
      const name = str(request.body as FormBody, 'name');
      try {
        const t = await ops.call<{ token: string; name: string }>(request, 'POST', '/api/v1/tokens', { body: { name } });
        // Post/redirect/get: the token travels to the next page in a one-time, session-bound flash (never in the URL).
        await owners.putFlash(readCookie(request, cookie) ?? '', request.owner!, { created: { token: t.token, name: t.name } });
        return reply.redirect('/admin/api-tokens', 303);
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        const f = fieldErrors(e, ['name']);
        return tokensPage(request, reply, { name, error: f.errors.name ?? f.error, status: e.status });
      }
    });

    s.post('/admin/api-tokens/:prefix/revoke', { schema: { hide: true } }, async (request, reply) => {
      const { prefix } = request.params as { prefix: string };
      try {
        await ops.call(request, 'DELETE', '/api/v1/tokens/:prefix', { params: { prefix } });
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        return tokensPage(request, reply, { error: e.message, status: e.status });
      }
      return reply.redirect(`/admin/api-tokens?revoked=${encodeURIComponent(prefix)}`, 303);
    });

    // ---- apps: the same operations as /api/v1/apps ----
    const APP_FIELDS = ['name', 'slug', 'bundleId', 'deepLinkScheme', 'logoUrl', 'locale', 'accentColor', 'theme', ...Object.keys(PROMOTION_FIELDS)];
    const formValues = (body: FormBody | undefined): AppForm => Object.fromEntries(APP_FIELDS.map((k) => [k, str(body, k).trim()]));

    s.get('/admin/apps', { schema: { hide: true } }, async (request, reply) => {
      const { apps } = await ops.call<{ apps: App[] }>(request, 'GET', '/api/v1/apps', {});
      // Each app's live flows with their pages ("where is my page", from the same flow list the API answers).
      const live = Object.fromEntries(
        await Promise.all(
          apps.map(async (a) => [a.id, liveLinksOf(deps.registry.types(), a.slug, (await ops.call<{ flows: Parameters<typeof liveLinksOf>[2] }>(request, 'GET', '/api/v1/apps/:idOrSlug/flows', { params: { idOrSlug: a.id } })).flows)] as const),
        ),
      );
      return sendAdmin(reply, AppsPage({ owner: ownerView(request, owners), apps, live }));
    });

    s.post('/admin/apps', { schema: { hide: true } }, async (request, reply) => {
      const v = formValues(request.body as FormBody);
      // Empty inputs are "not given" (the API derives the slug from the name).
      const body = Object.fromEntries(Object.entries(v).filter(([k, x]) => x !== '' && !(k in PROMOTION_FIELDS)));
      try {
        const { app: created } = await ops.call<{ app: App }>(request, 'POST', '/api/v1/apps', { body });
        return reply.redirect(`/admin/apps/${created.slug}?created=1`, 303);
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        const { apps } = await ops.call<{ apps: App[] }>(request, 'GET', '/api/v1/apps', {});
        const f = fieldErrors(e, APP_FIELDS);
        return sendAdmin(reply, AppsPage({ owner: ownerView(request, owners), apps, form: v, errors: f.errors, error: f.error }), { status: e.status });
      }
    });

    const flowItems = async (request: FastifyRequest, a: App): Promise<FlowItem[]> => {
      const { flows } = await ops.call<{ flows: { type: string; slug: string; name: string; status: string; publishedVersion: number | null; isPrimary: boolean; publicUrl: string | null }[] }>(
        request,
        'GET',
        '/api/v1/apps/:idOrSlug/flows',
        { params: { idOrSlug: a.id } },
      );
      return deps.registry.types().map((d) => ({
        type: d.segment,
        label: d.label,
        multi: d.multi,
        flows: flows.filter((f) => f.type === d.type).sort((x, y) => Number(y.isPrimary) - Number(x.isPrimary)),
      }));
    };

    const appPage = async (request: FastifyRequest, reply: FastifyReply, idOrSlug: string, extra: { form?: AppForm; errors?: Record<string, string>; error?: string; notice?: string; status?: number } = {}) => {
      const { app: a } = await ops.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug } });
      return sendAdmin(
        reply,
        AppPage({ owner: ownerView(request, owners), app: a, form: extra.form ?? formOfApp(a), errors: extra.errors, error: extra.error, notice: extra.notice, canEdit: !!ops.find('PATCH', '/api/v1/apps/:idOrSlug'), types: await flowItems(request, a), sections }),
        { status: extra.status },
      );
    };

    s.get('/admin/apps/:app', { schema: { hide: true } }, async (request, reply) => {
      const q = request.query as { created?: string; saved?: string };
      return appPage(request, reply, (request.params as { app: string }).app, { notice: q.created ? 'App created.' : q.saved ? 'App saved.' : undefined });
    });

    s.post('/admin/apps/:app', { schema: { hide: true } }, async (request, reply) => {
      const idOrSlug = (request.params as { app: string }).app;
      const v = formValues(request.body as FormBody);
      // The form shows every field: an emptied optional field clears it (null), as the API's PATCH does.
      const body: Record<string, unknown> = { name: v.name, bundleId: v.bundleId || null, deepLinkScheme: v.deepLinkScheme || null, logoUrl: v.logoUrl || null, locale: v.locale || null, accentColor: v.accentColor || null, theme: v.theme || null };
      if (v.slug) body.slug = v.slug;
      const promotion = promotionBody(v);
      if ('error' in promotion) return appPage(request, reply, idOrSlug, { form: v, errors: { promoDestinations: promotion.error }, status: 422 });
      body.promotion = promotion.value;
      try {
        const { app: saved } = await ops.call<{ app: App }>(request, 'PATCH', '/api/v1/apps/:idOrSlug', { params: { idOrSlug }, body });
        return reply.redirect(`/admin/apps/${saved.slug}?saved=1`, 303);
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500 || e.status === 404) throw e;
        const f = fieldErrors(onPromotionFields(e), APP_FIELDS);
        return appPage(request, reply, idOrSlug, { form: v, errors: f.errors, error: f.error, status: e.status });
      }
    });

    more(s, ops, sections);

    // Other capabilities' dashboard pages (Capability.dashboard), in this signed-in, CSRF-checked scope.
    const dashboard: DashboardContext = {
      call: (request, method, path, raw) => ops.call(request, method, path, raw),
      owner: (request) => ({ ...ownerView(request, owners), accountId: request.owner!.accountId }),
      sections,
      flash: {
        put: (request, data) => owners.putFlash(readCookie(request, cookie) ?? '', request.owner!, data),
        take: (request) => owners.takeFlash(readCookie(request, cookie) ?? '', request.owner!),
      },
    };
    registerOverview(s, dashboard, { db: deps.db, clock: deps.clock, capabilities: ctx.capabilities });
    for (const c of ctx.capabilities) c.dashboard?.(s, dashboard);
  });
}
