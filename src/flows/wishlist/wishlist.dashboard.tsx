import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../apps/apps.schema.js';
import type { DbHandle } from '../../db/index.js';
import { sendAdmin } from '../../admin/admin.http.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import type { DashboardContext } from '../../kernel/module.js';
import { lastDays, readSeries } from '../../db/rollups.js';
import { FILTERS, IdeaPage, WishlistPage, type Filter } from './wishlist.dashboard.views.js';
import type { OwnerIdea, PublicComment } from './wishlist.schema.js';

const PAGE = 25;
const COMMENTS_PAGE = 100;
const owner = '/api/v1/apps/:idOrSlug/wishlist';

type Req = FastifyRequest<{ Params: { app: string; ideaId?: string; commentId?: string }; Querystring: Record<string, unknown>; Body: Record<string, unknown> | undefined }>;

/** Results the list and the idea page say back after a redirect (`?done=`), and the island announces. */
const DONE: Record<string, string> = {
  approved: 'Idea approved: it is on the board.',
  declined: 'Idea declined.',
  status: 'Status changed.',
  pinned: 'Idea pinned: it shows first on the board.',
  unpinned: 'Idea unpinned.',
  deleted: 'Idea deleted with its votes and comments.',
  replied: 'Reply posted.',
  'comment-deleted': 'Comment deleted.',
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Where a form returns: this app's wishlist pages only (never another site or app). */
function backTo(request: Req, slug: string, fallback: string): string {
  const b = str(request.body?.back);
  const base = `/admin/apps/${encodeURIComponent(slug)}/wishlist`;
  if (b && (b === base || b.startsWith(`${base}?`) || b.startsWith(`${base}/ideas/`)) && !/[\\\s]|\/\//.test(b.slice(1))) return b;
  return fallback;
}

const withDone = (url: string, done: string) => {
  const u = new URL(url, 'http://x');
  u.searchParams.set('done', done);
  return `${u.pathname}${u.search}`;
};

/** The island (islands/moderation.ts) asks for JSON; a plain form gets the redirect (post/redirect/get). */
const wantsJson = (request: FastifyRequest) => /application\/json/.test(request.headers.accept ?? '');

/**
 * /admin/apps/:app/wishlist: the moderation queue (pending first), every status, one idea with
 * its comments and the official reply, and the board preview. Every change is one of the
 * owner operations (wishlist.routes.ts) through `d.call`: the same rules as REST and MCP.
 */
export function registerWishlistDashboard(scope: FastifyInstance, d: DashboardContext, deps: { db: DbHandle; clock: Clock; webUrl: string }) {
  const appOf = (request: Req) => d.call<{ app: App }>(request, 'GET', '/api/v1/apps/:idOrSlug', { params: { idOrSlug: request.params.app } }).then((r) => r.app);

  /** Runs one change; answers JSON to the island, a redirect with `?done=` to a form; a refusal is the error page (or JSON). */
  async function act(request: Req, reply: FastifyReply, run: (app: App) => Promise<{ done: string; fallback: string; idea?: OwnerIdea; back?: string }>) {
    try {
      const app = await appOf(request);
      const r = await run(app);
      if (wantsJson(request)) return reply.send({ ok: true, done: r.done, message: DONE[r.done], idea: r.idea ?? null });
      return reply.redirect(withDone(r.back ?? backTo(request, app.slug, r.fallback), r.done), 303);
    } catch (e) {
      if (wantsJson(request) && e instanceof AppError) return reply.code(e.status).send(e.body());
      throw e;
    }
  }

  const list = (app: App) => `/admin/apps/${encodeURIComponent(app.slug)}/wishlist`;

  scope.get('/admin/apps/:app/wishlist', { schema: { hide: true } }, async (request: Req, reply) => {
    const q = request.query;
    const filter = (str(q.status) ?? 'pending') as Filter;
    if (!FILTERS.includes(filter)) throw new AppError(400, `Unknown status filter. Use one of: ${FILTERS.join(', ')}.`);
    if (q.cursor !== undefined && typeof q.cursor !== 'string') throw new AppError(400, 'Invalid page link');
    const app = await appOf(request);
    const page = await d.call<{ ideas: OwnerIdea[]; nextCursor: string | null }>(request, 'GET', `${owner}/ideas`, {
      params: { idOrSlug: app.id },
      query: { limit: PAGE, sort: filter === 'pending' ? 'new' : 'votes', ...(filter === 'all' ? {} : { status: filter }), ...(q.cursor ? { cursor: q.cursor } : {}) },
    });
    const { flows } = await d.call<{ flows: { type: string; publishedVersion: number | null }[] }>(request, 'GET', '/api/v1/apps/:idOrSlug/flows', { params: { idOrSlug: app.id } });
    const published = flows.some((f) => f.type === 'wishlist' && f.publishedVersion != null);
    const days = lastDays(deps.clock.now(), 30);
    const [ideas, votes] = await readSeries(deps.db.db, app.id, ['wishlist.ideas', 'wishlist.votes'], days);
    const here = `${list(app)}?status=${filter}${q.cursor ? `&cursor=${encodeURIComponent(String(q.cursor))}` : ''}`;
    return sendAdmin(
      reply,
      WishlistPage({
        owner: d.owner(request),
        app,
        sections: d.sections,
        filter,
        ideas: page.ideas,
        nextCursor: page.nextCursor,
        paged: !!q.cursor,
        here,
        notice: DONE[str(q.done) ?? ''],
        boardUrl: published ? `${deps.webUrl}/wishlist/${encodeURIComponent(app.slug)}` : undefined,
        chart: { days, ideas: ideas.values, votes: votes.values },
      }),
    );
  });

  const ideaPage = async (request: Req, reply: FastifyReply, extra: { error?: string; reply?: string; status?: number } = {}) => {
    const app = await appOf(request);
    const params = { idOrSlug: app.id, ideaId: request.params.ideaId };
    const { idea } = await d.call<{ idea: OwnerIdea }>(request, 'GET', `${owner}/ideas/:ideaId`, { params });
    const cursor = request.query.cursor;
    if (cursor !== undefined && typeof cursor !== 'string') throw new AppError(400, 'Invalid page link');
    // The API's cursor paging (a bad cursor is its 400).
    const { comments, nextCursor } = await d.call<{ comments: PublicComment[]; nextCursor: string | null }>(request, 'GET', `${owner}/ideas/:ideaId/comments`, {
      params,
      query: { limit: COMMENTS_PAGE, ...(cursor ? { cursor } : {}) },
    });
    const notice = DONE[str(request.query.done) ?? ''];
    return sendAdmin(reply, IdeaPage({ owner: d.owner(request), app, sections: d.sections, idea, comments, nextCursor, paged: !!cursor, notice, ...extra }), { status: extra.status });
  };
  scope.get('/admin/apps/:app/wishlist/ideas/:ideaId', { schema: { hide: true } }, (request: Req, reply) => ideaPage(request, reply));

  scope.post('/admin/apps/:app/wishlist/ideas/:ideaId/status', { schema: { hide: true } }, (request: Req, reply) =>
    act(request, reply, async (app) => {
      const status = str(request.body?.status);
      const { idea } = await d.call<{ idea: OwnerIdea }>(request, 'PATCH', `${owner}/ideas/:ideaId`, { params: { idOrSlug: app.id, ideaId: request.params.ideaId }, body: { status } });
      const done = status === 'open' ? 'approved' : status === 'declined' ? 'declined' : 'status';
      return { done, idea, fallback: `${list(app)}?status=${idea.status}` };
    }),
  );

  scope.post('/admin/apps/:app/wishlist/ideas/:ideaId/pin', { schema: { hide: true } }, (request: Req, reply) =>
    act(request, reply, async (app) => {
      const v = str(request.body?.pinned);
      if (v !== 'true' && v !== 'false') throw new AppError(422, 'pinned must be true or false', { issues: [{ path: '/pinned', message: 'must be true or false' }] });
      const { idea } = await d.call<{ idea: OwnerIdea }>(request, 'PATCH', `${owner}/ideas/:ideaId`, { params: { idOrSlug: app.id, ideaId: request.params.ideaId }, body: { pinned: v === 'true' } });
      return { done: idea.pinned ? 'pinned' : 'unpinned', idea, fallback: `${list(app)}?status=${idea.status}` };
    }),
  );

  scope.post('/admin/apps/:app/wishlist/ideas/:ideaId/delete', { schema: { hide: true } }, (request: Req, reply) =>
    act(request, reply, async (app) => {
      await d.call(request, 'DELETE', `${owner}/ideas/:ideaId`, { params: { idOrSlug: app.id, ideaId: request.params.ideaId } });
      // Never back to the deleted idea's own page.
      const back = backTo(request, app.slug, list(app));
      return { done: 'deleted', fallback: list(app), back: back.includes('/ideas/') ? list(app) : back };
    }),
  );

  scope.post('/admin/apps/:app/wishlist/ideas/:ideaId/comments', { schema: { hide: true } }, async (request: Req, reply) => {
    const body = str(request.body?.body) ?? '';
    try {
      return await act(request, reply, async (app) => {
        await d.call(request, 'POST', `${owner}/ideas/:ideaId/comments`, {
          params: { idOrSlug: app.id, ideaId: request.params.ideaId },
          body: { body, official: request.body?.official === 'true' },
        });
        return { done: 'replied', fallback: `${list(app)}/ideas/${encodeURIComponent(request.params.ideaId!)}` };
      });
    } catch (e) {
      // A refused reply (empty, too long) shows on the idea's page with what was typed, not on a bare error page.
      if (e instanceof AppError && e.status === 422) return ideaPage(request, reply, { error: `Reply not posted: ${e.message}${issueText(e)}`, reply: body, status: 422 });
      throw e;
    }
  });

  scope.post('/admin/apps/:app/wishlist/comments/:commentId/delete', { schema: { hide: true } }, (request: Req, reply) =>
    act(request, reply, async (app) => {
      await d.call(request, 'DELETE', `${owner}/comments/:commentId`, { params: { idOrSlug: app.id, commentId: request.params.commentId } });
      return { done: 'comment-deleted', fallback: list(app) };
    }),
  );

  // A signed, expiring link to the draft board (the API's preview token), opened at once.
  scope.post('/admin/apps/:app/wishlist/preview', { schema: { hide: true } }, async (request: Req, reply) => {
    const app = await appOf(request);
    const { url } = await d.call<{ url: string }>(request, 'POST', `${owner}/preview-token`, { params: { idOrSlug: app.id }, body: {} });
    return reply.redirect(url, 303);
  });
}

function issueText(e: AppError): string {
  const issues = (e.extra.issues as { path: string; message: string }[] | undefined) ?? [];
  return issues.length ? ` (${issues.map((i) => `${i.path.replace(/^\//, '')}: ${i.message}`).join('; ')})` : '';
}
