import type { AppRow } from '../../apps/apps.store.js';
// The CSV writer (formula guard, streaming) the forms module introduced; one day a kernel piece.
import type { AppService } from '../../apps/apps.service.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError, notFound, unprocessable } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { Mailer, MailLogger } from '../../kernel/mail.js';
import { checkFlowPreview } from '../../kernel/pages/preview.js';
import { decodeCursor, pageOf } from '../../kernel/pagination.js';
import { emailHash, voterKey, type Viewer } from './wishlist.identity.js';
import { PUBLIC_STATUSES, type IdeaStatus, type PublicIdea, type WishlistConfig } from './wishlist.schema.js';
import { createWishlistModeration } from './wishlist.moderation.js';
import { BOARD_SLUG, newCommentRow, newIdeaRow, toComment, toOwnerIdea, TYPE } from './wishlist.rows.js';
import type { Events } from '../../kernel/events/events.js';
import { COMMENT_CREATED, IDEA_SUBMITTED, type EventFlow } from './wishlist.events.js';
import { sqliteVoteCommit } from './wishlist.votes.sqlite.js';
import { postgresVoteCommit } from './wishlist.votes.pg.js';
import { pgShard } from '../../db/rollups.js';
import { COMMENT_CURSOR, createWishlistStore, IDEA_CURSOR, ideaSortKey, type IdeaRow } from './wishlist.store.js';


/** The board a page or API call acts on: the published config, or a draft behind a preview token. */
export interface Board {
  app: AppRow;
  flowId: string;
  config: WishlistConfig;
  preview: boolean;
  /** The board's flow slug and the published version served (null for a draft), as events carry them. */
  flow: EventFlow;
}

export interface ListInput {
  sort: 'votes' | 'new';
  status?: IdeaStatus;
  category?: string;
  /** Search text (title or body); blank means none. */
  q?: string;
  cursor?: string;
  limit: number;
}

type Action = 'submit' | 'vote' | 'comment';
const REQUIRE_KEY = { submit: 'requireEmailToSubmit', vote: 'requireEmailToVote', comment: 'requireEmailToComment' } as const;

export const toPublicIdea = (r: IdeaRow, hasVoted: boolean): PublicIdea => ({
  id: r.id,
  title: r.title,
  // Optional keys are left out rather than null: the iOS SDK decodes strictly.
  ...(r.body ? { body: r.body } : {}),
  ...(r.category ? { category: r.category } : {}),
  status: r.status as IdeaStatus,
  voteCount: r.vote_count,
  commentCount: r.comment_count,
  pinned: r.pinned === 1,
  author: r.author_name || 'Anonymous',
  createdAt: r.created_at,
  hasVoted,
});

export function createWishlistService(deps: {
  /** Votes use group commit: on SQLite on the raw handle (wishlist.votes.sqlite.ts), on PostgreSQL through Kysely (wishlist.votes.pg.ts). */
  db: DbHandle;
  clock: Clock;
  secret: string;
  flows: FlowService;
  apps: AppService;
  webUrl: string;
  /** PUBLIC_RATE_LIMIT: per-minute submit limit per client; the routes derive the others. */
  rateLimit: number;
  /** The event catalogue: new ideas, status changes and comments are written with their outbox events. */
  events: Events;
  /** Tells authors when their idea's status changes; only in `smtp` mode (see notifiesAuthors). */
  mailer?: Mailer;
  logger?: () => MailLogger | undefined;
}) {
  const { clock, secret, flows, apps, events } = deps;
  const store = createWishlistStore(deps.db.db, deps.db.dialect === 'postgres' ? pgShard : undefined, deps.db.dialect === 'postgres');
  const { sqlite, durableWrite } = deps.db;
  const voteCommit = sqlite && durableWrite ? sqliteVoteCommit(sqlite, durableWrite) : postgresVoteCommit(deps.db.db, deps.db.pg!);
  // Every public call needs the app and its published config: the flows kernel's cached lookup.
  const publishedBoard = async (appSlug: string): Promise<Board> => {
    const p = await flows.publicFlow(appSlug, TYPE);
    return { app: p.app, flowId: p.flow.id, config: p.config, preview: false, flow: { slug: p.flow.slug, version: p.versionNumber } };
  };
  const now = () => clock.now().toISOString();
  /**
   * Whether authors hear back: only with a real mail server. Without SMTP_URL mail would only be
   * logged, so the board does not promise it. Voters are never mailed: a vote keeps no address
   * (only a keyed hash, wishlist.identity), so there is nobody to write to.
   */
  const notifiesAuthors = deps.mailer?.mode === 'smtp';
  const moderation = createWishlistModeration({ ...deps, store, notifiesAuthors, checkCategory: (config, category) => checkCategory(config, category) });

  const identityMode = (c: WishlistConfig) => c.identity?.mode ?? 'anonymous';

  /** 422 when email mode requires an email for this action and none was given (WIRE F.8). */
  function requireEmail(config: WishlistConfig, action: Action, viewer: Viewer) {
    if (identityMode(config) !== 'email' || !config.identity?.[REQUIRE_KEY[action]] || viewer.email) return;
    throw new AppError(422, 'email required', { reason: 'email_required', action, issues: [{ path: '/email', message: `an email is required to ${action} on this board` }] });
  }

  function checkCategory(config: WishlistConfig, category: string | undefined) {
    if (category && !(config.categories ?? []).some((c) => c.id === category)) {
      throw unprocessable(`Unknown category "${category}"`, [{ path: '/category', message: 'not a configured category id' }]);
    }
  }

  /** A public idea: exists in this app and is not waiting for moderation. */
  async function visibleIdea(board: Board, ideaId: string): Promise<IdeaRow> {
    const idea = await store.idea(board.app.id, ideaId);
    if (!idea || idea.status === 'pending') throw notFound('Idea not found');
    return idea;
  }

  async function listPage(board: Board, input: ListInput, viewer: Viewer) {
    if (input.status === 'pending') return { items: [], ideas: [], nextCursor: null };
    const statuses = input.status ? [input.status] : PUBLIC_STATUSES;
    const rows = await store.listIdeas(board.app.id, {
      statuses,
      category: input.category,
      search: input.q?.trim() || undefined,
      sort: input.sort,
      after: decodeCursor(input.cursor, IDEA_CURSOR[input.sort]),
      limit: input.limit,
    });
    const page = pageOf(rows, input.limit, (r) => ideaSortKey(input.sort, r));
    const voted = await store.votedIn(board.app.id, voterKey(secret, identityMode(board.config), viewer), page.items.map((r) => r.id));
    const ideas = page.items.map((r) => toPublicIdea(r, voted.has(r.id)));
    return { items: ideas, ideas, nextCursor: page.nextCursor };
  }

  return {
    rateLimit: deps.rateLimit,
    /** True when authors who leave an email are told of status changes (the form says so only then). */
    notifiesAuthors,

    /** The published board of an app (404 when none), or its draft when a valid preview token is given. */
    async board(appSlug: string, previewToken?: string): Promise<Board> {
      if (previewToken === undefined) return publishedBoard(appSlug);
      const app = await apps.resolvePublic(appSlug);
      if (!checkFlowPreview(secret, TYPE, previewToken, app.id, BOARD_SLUG, clock.now())) throw notFound('This preview link is invalid or has expired');
      const d = await flows.draft(app, TYPE);
      return { app, flowId: d.flow.id, config: d.config, preview: true, flow: { slug: d.flow.slug, version: null } };
    },

    list: listPage,

    async submit(board: Board, input: { title: string; body?: string; category?: string; displayName?: string; source?: string }, viewer: Viewer, country: string | null) {
      requireEmail(board.config, 'submit', viewer);
      checkCategory(board.config, input.category);
      const autoApprove = board.config.moderation?.autoApprove === true;
      const row = newIdeaRow(board.app.id, board.flowId, now(), {
        title: input.title,
        body: input.body || null,
        category: input.category ?? null,
        status: autoApprove ? 'open' : 'pending',
        author_name: input.displayName || null,
        // The author chose to give this address; the owner may use it to follow up.
        email: viewer.email ?? null,
        email_hash: viewer.email ? emailHash(secret, viewer.email) : null,
        voter_key: voterKey(secret, identityMode(board.config), viewer),
        source: input.source ?? null,
        country,
      });
      const event = events.event(board.app.id, IDEA_SUBMITTED, () => ({ ...toOwnerIdea(row), app: board.app.slug, flow: board.flow }), row.created_at);
      await store.insertIdea(board.app.id, row, event);
      return { ok: true as const, pending: !autoApprove, idea: toPublicIdea(row, false) };
    },

    async vote(board: Board, ideaId: string, viewer: Viewer, on: boolean) {
      requireEmail(board.config, 'vote', viewer);
      const op = { appId: board.app.id, ideaId, voterKey: voterKey(secret, identityMode(board.config), viewer), on, now: now() };
      const voteCount = await voteCommit(op); // checks the idea is public inside its transaction
      if (voteCount === undefined) throw notFound('Idea not found');
      return { ok: true as const, voted: on, voteCount };
    },

    /** One idea for the detail page, with the caller's vote. */
    async idea(board: Board, ideaId: string, viewer: Viewer) {
      const idea = await visibleIdea(board, ideaId);
      const key = voterKey(secret, identityMode(board.config), viewer);
      return toPublicIdea(idea, await store.hasVoted(board.app.id, ideaId, key));
    },

    async comments(board: Board, ideaId: string, limit: number, cursor?: string) {
      await visibleIdea(board, ideaId);
      const rows = await store.listComments(board.app.id, ideaId, limit, decodeCursor(cursor, COMMENT_CURSOR));
      const page = pageOf(rows, limit, (c) => [c.created_at, c.id]);
      return { comments: page.items.map(toComment), nextCursor: page.nextCursor };
    },

    async postComment(board: Board, input: { ideaId: string; body: string; displayName?: string }, viewer: Viewer) {
      requireEmail(board.config, 'comment', viewer);
      const idea = await visibleIdea(board, input.ideaId);
      const row = newCommentRow(board.app.id, input.ideaId, now(), {
        body: input.body,
        author_name: input.displayName || null,
        is_owner: 0,
        is_official: 0,
        voter_key: voterKey(secret, identityMode(board.config), viewer),
      });
      const event = events.event(board.app.id, COMMENT_CREATED, () => ({ ...toComment(row), app: board.app.slug, flow: board.flow, idea: { id: idea.id, title: idea.title } }), row.created_at);
      if (!(await store.insertComment(board.app.id, row, event))) throw notFound('Idea not found');
      return { ok: true as const, comment: toComment(row) };
    },

    // ---------- owner ----------

    /** The owner's side: moderation, comments, CSV, preview tokens (wishlist.moderation.ts). */
    ...moderation,
  };
}
export type WishlistService = ReturnType<typeof createWishlistService>;
