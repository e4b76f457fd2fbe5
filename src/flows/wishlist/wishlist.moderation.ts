import type { Readable } from 'node:stream';
import type { AppRow } from '../../apps/apps.store.js';
import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import { csvStream, type CsvColumn } from '../../kernel/csv.js';
import { notFound } from '../../kernel/errors.js';
import { PREVIEW_TTL_HOURS, signFlowPreview } from '../../kernel/pages/preview.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { Mailer, MailLogger } from '../../kernel/mail.js';
import { decodeCursor, pageOf } from '../../kernel/pagination.js';
import { IDEA_STATUSES, type IdeaStatus, type WishlistConfig } from './wishlist.schema.js';
import { BOARD_SLUG, newCommentRow, newIdeaRow, toComment, toOwnerIdea, TYPE } from './wishlist.rows.js';
import type { Events } from '../../kernel/events/events.js';
import { COMMENT_CREATED, IDEA_STATUS_CHANGED, IDEA_SUBMITTED, type EventFlow } from './wishlist.events.js';
import { COMMENT_CURSOR, IDEA_CURSOR, ideaSortKey, type IdeaRow, type WishlistStore } from './wishlist.store.js';

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

/** The owner's side of a board: list and moderate ideas (any status from any status), comments, CSV, preview tokens. */
export function createWishlistModeration(deps: {
  store: WishlistStore;
  clock: Clock;
  secret: string;
  flows: FlowService;
  apps: AppService;
  webUrl: string;
  events: Events;
  mailer?: Mailer;
  logger?: () => MailLogger | undefined;
  /** Whether authors who left an email hear of status changes (wishlist.service.ts). */
  notifiesAuthors: boolean;
  checkCategory(config: WishlistConfig, category: string | undefined): void;
}) {
  const { store, clock, secret, flows, apps, events, notifiesAuthors, checkCategory } = deps;
  const now = () => clock.now().toISOString();
  /**
   * Where the owner's changes happen, as events carry it: the board (one per app, so its slug is
   * always the type's primary slug) and no version (the owner writes outside the published flow).
   */
  const ownerFlow: EventFlow = { slug: TYPE, version: null };

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
      const event = await events.eventFresh(app.id, IDEA_SUBMITTED, () => ({ ...toOwnerIdea(row), app: app.slug, flow: ownerFlow }), row.created_at);
      await store.insertIdea(app.id, row, event);
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
      if (Object.keys(changes).length > 0) {
        const at = now();
        // The idea as this change leaves it (its counters as read just above), written with the change.
        const event = changes.status
          ? await events.eventFresh(app.id, IDEA_STATUS_CHANGED, () => ({ ...toOwnerIdea({ ...idea, ...changes, updated_at: at }), app: app.slug, flow: ownerFlow, from: idea.status, to: changes.status }), at)
          : null;
        await store.updateIdea(app.id, ideaId, { ...changes, updated_at: at }, event);
      }
      if (changes.status) await tellAuthor(app, idea, changes.status);
      return { idea: toOwnerIdea((await store.idea(app.id, ideaId))!) };
    },

    async ownerGet(accountId: string, idOrSlug: string, ideaId: string) {
      return { idea: toOwnerIdea((await ownerIdea(accountId, idOrSlug, ideaId)).idea) };
    },

    async ownerDelete(accountId: string, idOrSlug: string, ideaId: string) {
      const app = await ownerApp(accountId, idOrSlug);
      if (!(await store.deleteIdea(app.id, ideaId))) throw notFound('Idea not found');
      return { deleted: true as const, id: ideaId };
    },

    async ownerComment(accountId: string, idOrSlug: string, ideaId: string, input: { body: string; official: boolean; author?: string }) {
      const { app, idea } = await ownerIdea(accountId, idOrSlug, ideaId);
      const row = newCommentRow(app.id, ideaId, now(), { body: input.body, author_name: input.author || 'Team', is_owner: 1, is_official: input.official ? 1 : 0, voter_key: null });
      const event = await events.eventFresh(app.id, COMMENT_CREATED, () => ({ ...toComment(row), app: app.slug, flow: ownerFlow, idea: { id: idea.id, title: idea.title } }), row.created_at);
      if (!(await store.insertComment(app.id, row, event))) throw notFound('Idea not found');
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
          yield page;
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
      const token = signFlowPreview(secret, TYPE, app.id, BOARD_SLUG, expiresAt);
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
