import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { VNode } from 'preact';
import type { Config } from '../../config.js';
import { AppError } from '../../kernel/errors.js';
import { clientInfo, type CountryLookup } from '../../kernel/identity.js';
import type { Clock } from '../../kernel/clock.js';
import { translator, type Locale, type MessageKey, type Translate } from '../../kernel/i18n.js';
import { sendBarePage, type Brand } from '../../kernel/pages/bare-page.js';
import { checkFormToken, FORM_TOKEN_FIELD, formToken } from '../../kernel/pages/form-token.js';
import { sendPage } from '../../kernel/pages/render.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import { anonCookieHeader, newAnonId, readAnonCookie, type Viewer } from './wishlist.identity.js';
import { postCommentBody, publicListQuery, submitBody, voteBody } from './wishlist.schema.js';
import { wishlistLimits } from './wishlist.routes.js';
import type { Board, WishlistService } from './wishlist.service.js';
import { BoardPage, ROADMAP_STATUSES, type BoardProps } from './wishlist.board.js';
import { IdeaPage, ideaHref, ProblemPage, SubmittedPage, withQuery, type BoardUrls } from './wishlist.views.js';
import { brandOfRow } from '../../kernel/pages/brand.js';

/** How many ideas each roadmap column shows (most votes first). */
const ROADMAP_COLUMN_LIMIT = 50;

type Req = FastifyRequest<{ Params: { appSlug: string; ideaId?: string }; Querystring: Record<string, string | undefined>; Body: Record<string, string | undefined> }>;

/**
 * A refusal of the service in the page's words (its messages are the API's English): the known
 * ones by name, anything else as a plain "please try again".
 */
function plain(e: AppError, t: Translate): string {
  if (e.message === 'email required') return t('wlEmailToAct');
  if (e.status === 404) return t('wlIdeaNotFoundBody');
  if (e.message.startsWith('Unknown category')) return t('wlUnknownCategory');
  return t('somethingWrong');
}

/** Empty form fields mean "not given". */
const given = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

/**
 * The hosted board (`/wishlist/<slug>`) and its embed (`/embed/wishlist/<slug>`): the same pages,
 * but only the embed may be framed by other sites. Every form posts back here and works without
 * JavaScript; public/wishlist.js upgrades votes to in-place updates through the public API.
 */
export function registerWishlistPages(
  app: FastifyInstance,
  wishlist: WishlistService,
  config: Config,
  country: CountryLookup,
  deps: { clock: Clock; brand: (appSlug: string) => Promise<Brand | undefined> },
) {
  const limits = wishlistLimits(wishlist.rateLimit);

  for (const embed of [false, true]) {
    const prefix = embed ? '/embed/wishlist' : '/wishlist';

    /**
     * A page with no board to speak for it (unknown app, unpublished board, rate limit): in the
     * visitor's language (Accept-Language), with the app's name and logo when the app exists.
     */
    const bare = (request: Req, reply: FastifyReply, status: number, title: MessageKey, message: MessageKey) =>
      sendBarePage(request, reply, { status, title, message, brand: deps.brand(request.params.appSlug), frameable: embed });
    // The same budgets as the public API's (one per client and action, whichever route spends
    // it); over it, a page (not the API's JSON) for people posting without JavaScript.
    const limited = (max: number, action: string) => ({
      config: publicLimit(max, action),
      schema: { hide: true },
      errorHandler: (err: { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
        if (err.statusCode !== 429) throw err;
        return bare(request as Req, reply, 429, 'tooManyTitle', 'tooManyBody');
      },
    });
    const voteLimit = limited(limits.vote, 'wishlist.vote');
    const submitLimit = limited(limits.write, 'wishlist.submit');
    const commentLimit = limited(limits.write, 'wishlist.comment');

    /** Page context: the board (or a 404 page), the links' kept query, the visitor's identity. */
    async function open(request: Req, reply: FastifyReply) {
      const q = request.query;
      const keep: Record<string, string> = {};
      if (embed && q.compact === '1') keep.compact = '1';
      if (q.p) keep.p = q.p;
      const urls: BoardUrls = { base: `${prefix}/${request.params.appSlug}`, appSlug: request.params.appSlug, keep };
      let board: Board;
      try {
        board = await wishlist.board(request.params.appSlug, q.p);
      } catch (e) {
        if (e instanceof AppError && e.status === 404) {
          await bare(request, reply, 404, 'wlBoardNotFoundTitle', q.p !== undefined && e.message !== 'App not found' ? 'wlPreviewExpired' : 'wlBoardNotFoundBody');
          return undefined;
        }
        throw e;
      }
      const viewer: Viewer = { anonId: anonId(request, reply), ipHash: clientInfo(request, config.secret, country).ipHash };
      // Every form of this board posts a token bound to the board and the visitor's address.
      const scope = `${prefix}\n${request.params.appSlug}`;
      urls.token = formToken(config.secret, scope, viewer.ipHash);
      const tokenOk = request.method !== 'POST' || checkFormToken(config.secret, scope, viewer.ipHash, request.body?.[FORM_TOKEN_FIELD]);
      const locale: Locale = board.config.locale ?? 'en';
      const t = translator(locale, board.config.strings);
      const common = { config: board.config, appName: board.app.name, appLogo: board.app.logo_url, appBrand: brandOfRow(board.app), urls, compact: !!keep.compact, preview: board.preview, notifies: wishlist.notifiesAuthors, t, locale, now: deps.clock.now() };
      // Where a no-JS vote returns to: this board view (a form post re-rendering the board has none).
      // (`voted`, which only says where the focus goes back to, is not carried along.)
      const self = request.method === 'GET' ? withQuery(request.url.split('?')[0], { ...q, voted: undefined }) : withQuery(urls.base, keep);
      return { board, urls, viewer, common, self, tokenOk };
    }

    /** The board cookie: read it, or set a fresh one (SameSite=None on https embeds, see identity). */
    function anonId(request: Req, reply: FastifyReply): string {
      const existing = readAnonCookie(request.headers.cookie);
      if (existing) return existing;
      const id = newAnonId();
      reply.header('set-cookie', anonCookieHeader(id, { secure: request.protocol === 'https', thirdParty: embed }));
      return id;
    }

    type Ctx = NonNullable<Awaited<ReturnType<typeof open>>>;
    const page = (reply: FastifyReply, vnode: VNode, status = 200) => sendPage(reply, vnode, { status, frameable: embed });

    async function renderBoard(request: Req, reply: FastifyReply, ctx: Ctx, form: { values?: Record<string, string>; error?: string } = {}, status = 200) {
      // The filter form sends its empty fields ("All", no search): they mean "not given".
      const filled = Object.fromEntries(Object.entries(request.query).filter(([, v]) => v !== undefined && v !== ''));
      const parsed = publicListQuery.safeParse({ ...filled, appSlug: request.params.appSlug });
      const q = parsed.success ? parsed.data : publicListQuery.parse({ appSlug: request.params.appSlug });
      let list;
      try {
        list = await wishlist.list(ctx.board, q, ctx.viewer);
      } catch (e) {
        if (!(e instanceof AppError && e.status === 400)) throw e; // a stale cursor: start over
        list = await wishlist.list(ctx.board, { ...q, cursor: undefined }, ctx.viewer);
      }
      const view = request.query.view === 'roadmap' ? 'roadmap' : 'list';
      let roadmap: BoardProps['roadmap'];
      if (view === 'roadmap') {
        // One column per status, most votes first; the search and category filters apply.
        const column = (status: (typeof ROADMAP_STATUSES)[number]) =>
          wishlist.list(ctx.board, { sort: 'votes', status, category: q.category, q: q.q, limit: ROADMAP_COLUMN_LIMIT }, ctx.viewer).then((r) => r.ideas);
        const [planned, in_progress, done] = await Promise.all(ROADMAP_STATUSES.map(column));
        roadmap = { planned, in_progress, done };
      }
      const focusId = typeof request.query.voted === 'string' ? request.query.voted : undefined;
      return page(
        reply,
        <BoardPage
          {...ctx.common}
          {...form}
          ideas={list.ideas}
          nextCursor={list.nextCursor}
          sort={q.sort}
          status={q.status}
          category={q.category}
          q={q.q || undefined}
          view={view}
          roadmap={roadmap}
          focusId={focusId}
          self={ctx.self}
        />,
        status,
      );
    }

    async function renderIdea(reply: FastifyReply, ctx: Ctx, ideaId: string, error?: string, status = 200, focusVote = false) {
      const idea = await wishlist.idea(ctx.board, ideaId, ctx.viewer).catch((e) => (e instanceof AppError && e.status === 404 ? undefined : Promise.reject(e)));
      const t = ctx.common.t;
      if (!idea) return page(reply, <ProblemPage {...ctx.common} title={t('wlIdeaNotFoundTitle')} message={t('wlIdeaNotFoundBody')} />, 404);
      const { comments } = await wishlist.comments(ctx.board, ideaId, 200);
      return page(reply, <IdeaPage {...ctx.common} idea={idea} comments={comments} self={ideaHref(ctx.urls, ideaId)} error={error} focusVote={focusVote} />, status);
    }

    const problem = (reply: FastifyReply, ctx: Ctx, e: unknown) => {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      const t = ctx.common.t;
      return page(reply, <ProblemPage {...ctx.common} title={t('wlDidntWork')} message={plain(e, t)} />, e.status);
    };

    const readOnly = (reply: FastifyReply, ctx: Ctx) =>
      page(reply, <ProblemPage {...ctx.common} title={ctx.common.t('wlPreviewOnlyTitle')} message={ctx.common.t('wlPreviewOnlyBody')} />, 403);

    const showBoard = async (request: Req, reply: FastifyReply) => {
      const ctx = await open(request, reply);
      return ctx && renderBoard(request, reply, ctx);
    };
    app.get(`${prefix}/:appSlug`, { schema: { hide: true } }, showBoard);
    // The SDK opens `/wishlist/<app>/<flowSlug>`; one board per app, so the slug is ignored.
    app.get(`${prefix}/:appSlug/:flowSlug`, { schema: { hide: true } }, showBoard);

    app.get(`${prefix}/:appSlug/ideas/:ideaId`, { schema: { hide: true } }, async (request: Req, reply) => {
      const ctx = await open(request, reply);
      return ctx && renderIdea(reply, ctx, request.params.ideaId!, undefined, 200, request.query.voted === request.params.ideaId);
    });

    app.post(`${prefix}/:appSlug/vote`, voteLimit, async (request: Req, reply) => {
      const ctx = await open(request, reply);
      if (!ctx) return;
      if (ctx.board.preview) return readOnly(reply, ctx);
      if (!ctx.tokenOk) return renderBoard(request, reply, ctx, { error: ctx.common.t('formExpired') }, 403);
      const f = request.body ?? {};
      const body = voteBody.safeParse({ appSlug: ctx.urls.appSlug, ideaId: f.ideaId, email: given(f.email) });
      if (!body.success) return page(reply, <ProblemPage {...ctx.common} title={ctx.common.t('wlDidntWork')} message={ctx.common.t('wlCheckEmail')} />, 422);
      try {
        await wishlist.vote(ctx.board, body.data.ideaId, { ...ctx.viewer, email: body.data.email }, f.on !== '0');
      } catch (e) {
        return problem(reply, ctx, e);
      }
      // Only ever redirect back into this board (no open redirect).
      const back = f.back && f.back.startsWith(`${ctx.urls.base}`) && !f.back.startsWith('//') ? f.back : withQuery(ctx.urls.base, ctx.urls.keep);
      // Back on the same idea, whose vote button takes the focus again (`voted`: its `autofocus`),
      // which also scrolls it into view. No `#idea-<id>` fragment: browsers skip autofocus when
      // the URL has a fragment target (HTML "flush autofocus candidates").
      const [path, query = ''] = back.split('#')[0].split('?');
      const params = new URLSearchParams(query);
      params.set('voted', body.data.ideaId);
      return reply.redirect(`${path}?${params}`, 303);
    });

    app.post(`${prefix}/:appSlug/submit`, submitLimit, async (request: Req, reply) => {
      const ctx = await open(request, reply);
      if (!ctx) return;
      if (ctx.board.preview) return readOnly(reply, ctx);
      const f = request.body ?? {};
      const values = { title: f.title ?? '', body: f.body ?? '', category: f.category ?? '', displayName: f.displayName ?? '', email: f.email ?? '' };
      if (!ctx.tokenOk) return renderBoard(request, reply, ctx, { values, error: ctx.common.t('formExpired') }, 403);
      // Honeypot filled: a bot. Pretend it worked and store nothing.
      if (given(f.website)) return page(reply, <SubmittedPage {...ctx.common} pending />);
      const parsed = submitBody.safeParse({
        appSlug: ctx.urls.appSlug,
        title: f.title ?? '',
        body: given(f.body),
        category: given(f.category),
        displayName: given(f.displayName),
        email: given(f.email),
        source: embed ? 'embed' : 'web',
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue.path[0] ?? '');
        const t = ctx.common.t;
        const message = field === 'title' ? t('wlNeedTitle') : field === 'email' ? t('wlCheckEmail') : t('checkField');
        return renderBoard(request, reply, ctx, { values, error: message }, 422);
      }
      try {
        const r = await wishlist.submit(ctx.board, parsed.data, { ...ctx.viewer, email: parsed.data.email }, clientInfo(request, config.secret, country).country);
        return page(reply, <SubmittedPage {...ctx.common} pending={r.pending} />);
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 422) throw e;
        return renderBoard(request, reply, ctx, { values, error: e.message === 'email required' ? ctx.common.t('wlEmailToSubmit') : plain(e, ctx.common.t) }, 422);
      }
    });

    app.post(`${prefix}/:appSlug/ideas/:ideaId/comments`, commentLimit, async (request: Req, reply) => {
      const ctx = await open(request, reply);
      if (!ctx) return;
      if (ctx.board.preview) return readOnly(reply, ctx);
      const ideaId = request.params.ideaId!;
      const ideaUrl = ideaHref(ctx.urls, ideaId);
      if (!ctx.tokenOk) return renderIdea(reply, ctx, ideaId, ctx.common.t('formExpired'), 403);
      const f = request.body ?? {};
      if (given(f.website)) return reply.redirect(ideaUrl, 303);
      const parsed = postCommentBody.safeParse({ appSlug: ctx.urls.appSlug, ideaId, body: f.body ?? '', displayName: given(f.displayName), email: given(f.email) });
      if (!parsed.success) return renderIdea(reply, ctx, ideaId, ctx.common.t('wlNeedComment'), 422);
      try {
        await wishlist.postComment(ctx.board, parsed.data, { ...ctx.viewer, email: parsed.data.email });
      } catch (e) {
        if (e instanceof AppError && e.status === 422) return renderIdea(reply, ctx, ideaId, ctx.common.t('wlEmailToComment'), 422);
        return problem(reply, ctx, e);
      }
      return reply.redirect(`${ideaUrl}#comment-form`, 303);
    });
  }
}
