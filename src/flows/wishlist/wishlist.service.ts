import type { Readable } from 'node:stream';
import type { AppRow } from '../../apps/apps.store.js';
// The CSV writer (formula guard, streaming) the forms module introduced; one day a kernel piece.
import { csvStream, type CsvColumn } from '../../kernel/csv.js';
import type { AppService } from '../../apps/apps.service.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError, notFound, unprocessable } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { newId } from '../../kernel/ids.js';
import type { Mailer, MailLogger } from '../../kernel/mail.js';
import { decodeCursor, pageOf } from '../../kernel/pagination.js';
import { emailHash, signPreviewToken, verifyPreviewToken, voterKey, type Viewer } from './wishlist.identity.js';
import { PUBLIC_STATUSES, IDEA_STATUSES, type IdeaStatus, type OwnerIdea, type PublicComment, type PublicIdea, type WishlistConfig } from './wishlist.schema.js';
import { sqliteVoteCommit } from './wishlist.votes.sqlite.js';
import { COMMENT_CURSOR, createWishlistStore, IDEA_CURSOR, ideaSortKey, type CommentRow, type IdeaRow } from './wishlist.store.js';

export const TYPE = 'wishlist';
const PREVIEW_TTL_HOURS = 24;

/** The board a page or API call acts on: the published config, or a draft behind a preview token. */
export interface Board {
  app: AppRow;
  flowId: string;
  config: WishlistConfig;
  preview: boolean;
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

const toOwnerIdea = (r: IdeaRow): OwnerIdea => ({
  id: r.id,
  title: r.title,
  body: r.body,
  category: r.category,
  status: r.status as IdeaStatus,
  voteCount: r.vote_count,
  commentCount: r.comment_count,
  pinned: r.pinned === 1,
  author: r.author_name || 'Anonymous',
  email: r.email,
  source: r.source,
  country: r.country,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toComment = (c: CommentRow): PublicComment => ({
  id: c.id,
  body: c.body,
  author: c.author_name || (c.is_owner ? 'Team' : 'Anonymous'),
  isOwner: c.is_owner === 1,
  isOfficial: c.is_official === 1,
  createdAt: c.created_at,
});

/** Status names in the status mail when the board's config has no label of its own. */
const STATUS_MAIL_LABELS: Record<IdeaStatus, string> = { pending: 'Awaiting review', open: 'Open', planned: 'Planned', in_progress: 'In progress', done: 'Done', declined: 'Declined' };

const CSV_PAGE = 500;
/** WIRE A.1 export_wishlist_csv columns. */
const CSV_COLUMNS: CsvColumn<IdeaRow>[] = [
  { header: 'created_at', value: (r) => r.created_at },
  { header: 'status', value: (r) => r.status },
  { header: 'title', value: (r) => r.title },
  { header: 'votes', value: (r) => r.vote_count },
  { header: 'comments', value: (r) => r.comment_count },
  { header: 'category', value: (r) => r.category },
  { header: 'email', value: (r) => r.email },
  { header: 'author', value: (r) => r.author_name || 'Anonymous' },
  { header: 'country', value: (r) => r.country },
  { header: 'body', value: (r) => r.body },
];

/** A new idea row: counters at zero, everything not given empty. */
function newIdeaRow(appId: string, flowId: string, at: string, fields: Partial<IdeaRow> & Pick<IdeaRow, 'title' | 'status'>): IdeaRow {
  return {
    id: newId(),
    app_id: appId,
    flow_id: flowId,
    body: null,
    category: null,
    vote_count: 0,
    comment_count: 0,
    pinned: 0,
    author_name: null,
    email: null,
    email_hash: null,
    voter_key: null,
    source: null,
    country: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

function newCommentRow(appId: string, ideaId: string, at: string, fields: Pick<CommentRow, 'body' | 'author_name' | 'is_owner' | 'is_official' | 'voter_key'>): CommentRow {
  return { id: newId(), idea_id: ideaId, app_id: appId, deleted_at: null, created_at: at, ...fields };
}

export function createWishlistService(deps: {
  /** On SQLite, votes use group commit on the raw handle. */
  db: DbHandle;
  clock: Clock;
  secret: string;
  flows: FlowService;
  apps: AppService;
  webUrl: string;
  /** PUBLIC_RATE_LIMIT: per-minute submit limit per client; the routes derive the others. */
  rateLimit: number;
  /** Tells authors when their idea's status changes; only in `smtp` mode (see notifiesAuthors). */
  mailer?: Mailer;
  logger?: () => MailLogger | undefined;
}) {
  const { clock, secret, flows, apps } = deps;
  const store = createWishlistStore(deps.db.db);
  const { sqlite, durableWrite } = deps.db;
  const groupCommit = sqlite && durableWrite ? sqliteVoteCommit(sqlite, durableWrite) : undefined;
  // Every public call needs the app and its published config: the flows kernel's cached lookup.
  const publishedBoard = async (appSlug: string): Promise<Board> => {
    const p = await flows.publicFlow(appSlug, TYPE);
    return { app: p.app, flowId: p.flow.id, config: p.config, preview: false };
  };
  const now = () => clock.now().toISOString();
  /**
   * Whether authors hear back: only with a real mail server. Without SMTP_URL mail would only be
   * logged, so the board does not promise it. Voters are never mailed: a vote keeps no address
   * (only a keyed hash, wishlist.identity), so there is nobody to write to.
   */
  const notifiesAuthors = deps.mailer?.mode === 'smtp';

  /** "Your idea is now Planned": to the author's address, when they left one. Never fails the change. */
  async function tellAuthor(app: AppRow, idea: IdeaRow, status: IdeaStatus) {
    if (!notifiesAuthors || !idea.email || status === 'pending') return;
    // The labels the board shows (published config; the draft when it was never published).
    const config = await flows
      .publicFlow(app.slug, TYPE)
      .then((p) => p.config as WishlistConfig)
      .catch(() => flows.draft(app, TYPE).then((d) => d.config as WishlistConfig))
      .catch(() => undefined);
    const label = config?.statusLabels?.[status as Exclude<IdeaStatus, 'pending'>] ?? STATUS_MAIL_LABELS[status];
    const url = `${deps.webUrl}/wishlist/${app.slug}/ideas/${encodeURIComponent(idea.id)}`;
    const text = [
      `Hello${idea.author_name ? ` ${idea.author_name}` : ''},`,
      '',
      `the idea you suggested on the ${app.name} wishlist, "${idea.title}", is now: ${label}.`,
      '',
      `See it and its comments: ${url}`,
      '',
      `You get this because you left this address when you suggested the idea.`,
    ].join('\n');
    try {
      await deps.mailer!.send({ to: idea.email, subject: `${app.name}: your idea is now ${label}`, text });
    } catch (e) {
      deps.logger?.()?.info({ err: e instanceof Error ? e.message : String(e), ideaId: idea.id }, 'wishlist status mail not sent');
    }
  }
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

  async function ownerApp(accountId: string, idOrSlug: string) {
    return apps.resolve(accountId, idOrSlug);
  }

  async function ownerIdea(accountId: string, idOrSlug: string, ideaId: string) {
    const app = await ownerApp(accountId, idOrSlug);
    const idea = await store.idea(app.id, ideaId);
    if (!idea) throw notFound('Idea not found');
    return { app, idea };
  }

  return {
    rateLimit: deps.rateLimit,
    /** True when authors who leave an email are told of status changes (the form says so only then). */
    notifiesAuthors,

    /** The published board of an app (404 when none), or its draft when a valid preview token is given. */
    async board(appSlug: string, previewToken?: string): Promise<Board> {
      if (previewToken === undefined) return publishedBoard(appSlug);
      const app = await apps.resolvePublic(appSlug);
      if (verifyPreviewToken(secret, previewToken, clock.now()) !== app.id) throw notFound('This preview link is invalid or has expired');
      const d = await flows.draft(app, TYPE);
      return { app, flowId: d.flow.id, config: d.config, preview: true };
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
      await store.insertIdea(board.app.id, row);
      return { ok: true as const, pending: !autoApprove, idea: toPublicIdea(row, false) };
    },

    async vote(board: Board, ideaId: string, viewer: Viewer, on: boolean) {
      requireEmail(board.config, 'vote', viewer);
      const op = { appId: board.app.id, ideaId, voterKey: voterKey(secret, identityMode(board.config), viewer), on, now: now() };
      let voteCount: number | undefined;
      if (groupCommit) {
        voteCount = await groupCommit(op); // checks visibility inside its transaction
      } else {
        await visibleIdea(board, ideaId);
        voteCount = on ? await store.vote(op.appId, ideaId, op.voterKey, op.now) : await store.unvote(op.appId, ideaId, op.voterKey);
      }
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
      await visibleIdea(board, input.ideaId);
      const row = newCommentRow(board.app.id, input.ideaId, now(), {
        body: input.body,
        author_name: input.displayName || null,
        is_owner: 0,
        is_official: 0,
        voter_key: voterKey(secret, identityMode(board.config), viewer),
      });
      if (!(await store.insertComment(board.app.id, row))) throw notFound('Idea not found');
      return { ok: true as const, comment: toComment(row) };
    },

    // ---------- owner ----------

    async ownerList(accountId: string, idOrSlug: string, q: { status?: IdeaStatus; category?: string; sort: 'votes' | 'new'; limit: number; cursor?: string }) {
      const app = await ownerApp(accountId, idOrSlug);
      const rows = await store.listIdeas(app.id, {
        statuses: q.status ? [q.status] : IDEA_STATUSES,
        category: q.category,
        sort: q.sort,
        after: decodeCursor(q.cursor, IDEA_CURSOR[q.sort]),
        limit: q.limit,
      });
      const page = pageOf(rows, q.limit, (r) => ideaSortKey(q.sort, r));
      return { ideas: page.items.map(toOwnerIdea), nextCursor: page.nextCursor };
    },

    async ownerCreate(accountId: string, idOrSlug: string, input: { title: string; body?: string; category?: string; status: IdeaStatus; pinned?: boolean; author?: string }) {
      const app = await ownerApp(accountId, idOrSlug);
      const d = await flows.draft(app, TYPE).catch(() => {
        throw notFound('No wishlist yet: PUT a wishlist config first');
      });
      checkCategory(d.config, input.category);
      const row = newIdeaRow(app.id, d.flow.id, now(), {
        title: input.title,
        body: input.body || null,
        category: input.category ?? null,
        status: input.status,
        pinned: input.pinned ? 1 : 0,
        author_name: input.author || 'Team',
        source: 'owner',
      });
      await store.insertIdea(app.id, row);
      return { idea: toOwnerIdea(row) };
    },

    async ownerPatch(accountId: string, idOrSlug: string, ideaId: string, patch: { status?: IdeaStatus; pinned?: boolean }) {
      // Any status from any status (WIRE set_wishlist_idea_status): back to `pending` hides an idea
      // from the board; its votes and comments stay with it and show again when it is public.
      const { app, idea } = await ownerIdea(accountId, idOrSlug, ideaId);
      const changes = {
        ...(patch.status && patch.status !== idea.status ? { status: patch.status } : {}),
        ...(patch.pinned !== undefined && (patch.pinned ? 1 : 0) !== idea.pinned ? { pinned: patch.pinned ? 1 : 0 } : {}),
      };
      if (Object.keys(changes).length > 0) await store.updateIdea(app.id, ideaId, { ...changes, updated_at: now() });
      if (changes.status) await tellAuthor(app, idea, changes.status);
      return { idea: toOwnerIdea((await store.idea(app.id, ideaId))!) };
    },

    async ownerDelete(accountId: string, idOrSlug: string, ideaId: string) {
      const app = await ownerApp(accountId, idOrSlug);
      if (!(await store.deleteIdea(app.id, ideaId))) throw notFound('Idea not found');
      return { deleted: true as const, id: ideaId };
    },

    async ownerComment(accountId: string, idOrSlug: string, ideaId: string, input: { body: string; official: boolean; author?: string }) {
      const { app } = await ownerIdea(accountId, idOrSlug, ideaId);
      const row = newCommentRow(app.id, ideaId, now(), { body: input.body, author_name: input.author || 'Team', is_owner: 1, is_official: input.official ? 1 : 0, voter_key: null });
      if (!(await store.insertComment(app.id, row))) throw notFound('Idea not found');
      return { ok: true as const, comment: toComment(row) };
    },

    async ownerComments(accountId: string, idOrSlug: string, ideaId: string, limit: number, cursor?: string) {
      const { app } = await ownerIdea(accountId, idOrSlug, ideaId);
      const rows = await store.listComments(app.id, ideaId, limit, decodeCursor(cursor, COMMENT_CURSOR));
      const page = pageOf(rows, limit, (c) => [c.created_at, c.id]);
      return { comments: page.items.map(toComment), nextCursor: page.nextCursor };
    },

    async ownerDeleteComment(accountId: string, idOrSlug: string, commentId: string) {
      const app = await ownerApp(accountId, idOrSlug);
      if (!(await store.softDeleteComment(app.id, commentId, now()))) throw notFound('Comment not found');
      return { deleted: true as const, id: commentId };
    },

    /** Every idea, newest first, streamed as CSV (pages of 500 are read as the client reads). */
    async csv(accountId: string, idOrSlug: string): Promise<Readable> {
      const app = await ownerApp(accountId, idOrSlug);
      async function* everyIdea() {
        let after: (string | number)[] | undefined;
        for (;;) {
          const batch = await store.listIdeas(app.id, { statuses: IDEA_STATUSES, sort: 'new', after, limit: CSV_PAGE });
          const page = batch.slice(0, CSV_PAGE);
          yield* page;
          if (batch.length <= CSV_PAGE) return;
          after = ideaSortKey('new', page[page.length - 1]);
        }
      }
      return csvStream(CSV_COLUMNS, everyIdea());
    },

    async previewToken(accountId: string, idOrSlug: string, hours = PREVIEW_TTL_HOURS) {
      const app = await ownerApp(accountId, idOrSlug);
      await flows.draft(app, TYPE).catch(() => {
        throw notFound('No wishlist yet: PUT a wishlist config first');
      });
      const expiresAt = new Date(clock.now().getTime() + hours * 3600_000);
      const token = signPreviewToken(secret, app.id, expiresAt);
      const q = `p=${encodeURIComponent(token)}`;
      return {
        token,
        url: `${deps.webUrl}/wishlist/${app.slug}?${q}`,
        embedUrl: `${deps.webUrl}/embed/wishlist/${app.slug}?${q}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  };
}
export type WishlistService = ReturnType<typeof createWishlistService>;
