import { sql, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/index.js';
import { chunks } from '../../kernel/subject.js';
import type { Database, WishlistCommentsTable, WishlistIdeasTable } from '../../db/types.js';
import { afterKeys } from '../../kernel/keyset.js';
import type { CursorKey } from '../../kernel/pagination.js';
import { bump } from '../../db/rollups.js';
import { writeOutbox, type OutboxEvent } from '../../db/outbox.js';
import type { IdeaStatus } from './wishlist.schema.js';

export type IdeaRow = Selectable<WishlistIdeasTable>;
export type CommentRow = Selectable<WishlistCommentsTable>;

export interface IdeaFilter {
  /** Statuses to include (the public board passes every status except pending). */
  statuses: readonly IdeaStatus[];
  category?: string;
  /** Words to find in the title or the body (case-insensitive substring; see searchPattern). */
  search?: string;
  sort: 'votes' | 'new';
  /** Keys of the last row of the previous page (see ideaSortKey). */
  after?: (string | number)[];
  limit: number;
}

/** Sort keys in list order; the cursor carries them for keyset paging. */
export const ideaSortKey = (sort: 'votes' | 'new', r: IdeaRow): (string | number)[] =>
  sort === 'votes' ? [r.pinned, r.vote_count, r.created_at, r.id] : [r.created_at, r.id];
/** What each sort's cursor carries (ideaSortKey), checked when a cursor comes back. */
export const IDEA_CURSOR = { votes: ['count', 'count', 'time', 'id'], new: ['time', 'id'] } as const satisfies Record<'votes' | 'new', readonly CursorKey[]>;
/** Comments page on (created_at, id). */
export const COMMENT_CURSOR = ['time', 'id'] as const;

type IdeasEb = ExpressionBuilder<Database, 'wishlist_ideas'>;

/**
 * A LIKE pattern matching the text anywhere, with LIKE's own wildcards (`%`, `_`) and the escape
 * character taken literally: a search for "100%" finds "100%", not everything starting with 100.
 * Lower-cased here and compared with lower(column) on both databases (SQLite's lower() folds ASCII
 * letters only, so "Ä" and "ä" match on PostgreSQL but not on SQLite).
 */
export const searchPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matchesSearch(text: string) {
  const pattern = searchPattern(text);
  const esc = sql.raw("'\\'");
  return sql<SqlBool>`(lower(title) like ${pattern} escape ${esc} or lower(coalesce(body, '')) like ${pattern} escape ${esc})`;
}

/** Rows strictly after the cursor in the sort order (pinned desc, votes desc, newest, id). */
function afterCursor(eb: IdeasEb, sort: 'votes' | 'new', k: (string | number)[]) {
  if (sort === 'new') return afterKeys(eb, [['created_at', 'desc', k[0]], ['id', 'asc', k[1]]]);
  return afterKeys(eb, [
    ['pinned', 'desc', k[0]],
    ['vote_count', 'desc', k[1]],
    ['created_at', 'desc', k[2]],
    ['id', 'asc', k[3]],
  ]);
}

/**
 * Every query is scoped by app id first: an idea id alone never reaches another app's data.
 * `shard`: the daily-counter shard a write adds to (rollups.ts: pgShard on PostgreSQL, 0 on SQLite).
 * `lockRows`: PostgreSQL, where writers lock an idea's row before its votes (SQLite has one writer).
 * Votes are written by the group commits of wishlist.votes.sqlite.ts and wishlist.votes.pg.ts.
 */
export function createWishlistStore(db: Db, shard: () => number = () => 0, lockRows = false) {
  return {
    /** The idea, its `wishlist.ideas` daily counter and its outbox event (kernel/events), in one transaction. */
    insertIdea(appId: string, row: IdeaRow, event: OutboxEvent | null = null) {
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('wishlist_ideas').values({ ...row, app_id: appId }).execute();
        await bump(trx, [{ appId, metric: 'wishlist.ideas', at: row.created_at }], shard());
        await writeOutbox(trx, [event]);
      });
    },

    idea(appId: string, id: string) {
      return db.selectFrom('wishlist_ideas').selectAll().where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
    },

    listIdeas(appId: string, f: IdeaFilter) {
      let q = db.selectFrom('wishlist_ideas').selectAll().where('app_id', '=', appId).where('status', 'in', [...f.statuses]);
      if (f.category) q = q.where('category', '=', f.category);
      if (f.search) {
        q = q.where(matchesSearch(f.search));
      }
      if (f.after) {
        const after = f.after;
        q = q.where((eb) => afterCursor(eb, f.sort, after));
      }
      q = f.sort === 'votes' ? q.orderBy('pinned', 'desc').orderBy('vote_count', 'desc') : q;
      return q.orderBy('created_at', 'desc').orderBy('id', 'asc').limit(f.limit + 1).execute();
    },

    /** Which of these ideas the voter has voted on. */
    async votedIn(appId: string, voterKey: string, ideaIds: string[]): Promise<Set<string>> {
      if (ideaIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('wishlist_votes')
        .innerJoin('wishlist_ideas', 'wishlist_ideas.id', 'wishlist_votes.idea_id')
        .select('wishlist_votes.idea_id')
        .where('wishlist_ideas.app_id', '=', appId)
        .where('wishlist_votes.voter_key', '=', voterKey)
        .where('wishlist_votes.idea_id', 'in', ideaIds)
        .execute();
      return new Set(rows.map((r) => r.idea_id));
    },

    hasVoted(appId: string, ideaId: string, voterKey: string) {
      return this.votedIn(appId, voterKey, [ideaId]).then((s) => s.has(ideaId));
    },

    /** The change and its outbox event (a status change), in one transaction when there is an event. */
    async updateIdea(appId: string, id: string, patch: Partial<Pick<IdeaRow, 'status' | 'pinned' | 'updated_at'>>, event: OutboxEvent | null = null) {
      const update = (on: Db) => on.updateTable('wishlist_ideas').set(patch).where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
      if (!event) return update(db);
      return db.transaction().execute(async (trx) => {
        const r = await update(trx);
        if (Number(r.numUpdatedRows) > 0) await writeOutbox(trx, [event]);
        return r;
      });
    },

    /**
     * Removes the idea with its votes and comments (explicitly, not trusting FK pragmas alone).
     * PostgreSQL: the idea's row lock first, as vote groups take it (wishlist.votes.pg.ts) before
     * touching vote rows; deleting the votes first would deadlock with a group's unvote.
     */
    deleteIdea(appId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const idea = await trx
          .selectFrom('wishlist_ideas')
          .select('id')
          .where('app_id', '=', appId)
          .where('id', '=', id)
          .$if(lockRows, (q) => q.forUpdate())
          .executeTakeFirst();
        if (!idea) return false;
        await trx.deleteFrom('wishlist_votes').where('idea_id', '=', id).execute();
        await trx.deleteFrom('wishlist_comments').where('idea_id', '=', id).execute();
        await trx.deleteFrom('wishlist_ideas').where('app_id', '=', appId).where('id', '=', id).execute();
        return true;
      });
    },

    /**
     * What one end user left on this app's board (data rights, src/privacy): ideas they submitted
     * (their contact email, its keyed hash, or their voter key), their votes and their comments.
     */
    async subjectRows(appId: string, who: { email?: string; emailHash?: string; voterKeys: readonly string[] }, on: Db = db) {
      const { email, emailHash, voterKeys } = who;
      const keys = [...voterKeys];
      const ideas =
        email || emailHash || keys.length
          ? await on
              .selectFrom('wishlist_ideas')
              .selectAll()
              .where('app_id', '=', appId)
              .where((eb) =>
                eb.or([
                  ...(email ? [eb(eb.fn('lower', ['email']), '=', email)] : []),
                  ...(emailHash ? [eb('email_hash', '=', emailHash)] : []),
                  ...(keys.length ? [eb('voter_key', 'in', keys)] : []),
                ]),
              )
              .orderBy('created_at')
              .orderBy('id')
              .execute()
          : [];
      if (keys.length === 0) return { ideas, votes: [], comments: [] };
      const votes = await on
        .selectFrom('wishlist_votes')
        .innerJoin('wishlist_ideas', 'wishlist_ideas.id', 'wishlist_votes.idea_id')
        .selectAll('wishlist_votes')
        .where('wishlist_ideas.app_id', '=', appId)
        .where('wishlist_votes.voter_key', 'in', keys)
        .orderBy('wishlist_votes.created_at')
        .execute();
      const comments = await on.selectFrom('wishlist_comments').selectAll().where('app_id', '=', appId).where('voter_key', 'in', keys).orderBy('created_at').orderBy('id').execute();
      return { ideas, votes, comments };
    },

    /**
     * Erases them in the caller's transaction, keeping every idea's vote_count and comment_count
     * equal to its rows: the user's votes and comments first (their ideas' counters move), then
     * their ideas, with the votes and comments others left on those ideas.
     */
    async eraseSubject(appId: string, who: { email?: string; emailHash?: string; voterKeys: readonly string[] }, on: Db, opts: { lockRows: boolean }) {
      const { ideas, votes, comments } = await this.subjectRows(appId, who, on);
      if (opts.lockRows) {
        // PostgreSQL: lock every idea this erase touches, in id order, before changing anything.
        // A vote or comment holds its idea's key-share lock (the foreign key) while it waits to
        // bump the counter; decrementing first and deleting the idea afterwards would deadlock
        // with it. Votes and comments on these ideas now wait for the erase instead.
        const touched = [...new Set([...ideas.map((i) => i.id), ...votes.map((v) => v.idea_id), ...comments.map((c) => c.idea_id)])].sort();
        for (const part of chunks(touched)) await on.selectFrom('wishlist_ideas').select('id').where('app_id', '=', appId).where('id', 'in', part).orderBy('id').forUpdate().execute();
      }
      const perIdea = (rows: { idea_id: string }[]) => rows.reduce((m, r) => m.set(r.idea_id, (m.get(r.idea_id) ?? 0) + 1), new Map<string, number>());
      for (const ideaId of perIdea(votes).keys()) {
        const r = await on.deleteFrom('wishlist_votes').where('idea_id', '=', ideaId).where('voter_key', 'in', [...who.voterKeys]).executeTakeFirst();
        const removed = Number(r.numDeletedRows);
        if (removed > 0) await on.updateTable('wishlist_ideas').set((eb) => ({ vote_count: eb('vote_count', '-', removed) })).where('app_id', '=', appId).where('id', '=', ideaId).execute();
      }
      // Counted from what the delete returns (not from the read above): a comment soft-deleted
      // meanwhile was already taken out of its idea's count.
      const gone: { idea_id: string; deleted_at: string | null }[] = [];
      for (const part of chunks(comments.map((c) => c.id))) gone.push(...(await on.deleteFrom('wishlist_comments').where('app_id', '=', appId).where('id', 'in', part).returning(['idea_id', 'deleted_at']).execute()));
      for (const [ideaId, n] of perIdea(gone.filter((c) => c.deleted_at === null))) {
        await on.updateTable('wishlist_ideas').set((eb) => ({ comment_count: eb('comment_count', '-', n) })).where('app_id', '=', appId).where('id', '=', ideaId).execute();
      }
      let othersVotes = 0;
      let othersComments = 0;
      for (const part of chunks(ideas.map((i) => i.id))) {
        othersVotes += Number((await on.deleteFrom('wishlist_votes').where('idea_id', 'in', part).executeTakeFirst()).numDeletedRows);
        othersComments += Number((await on.deleteFrom('wishlist_comments').where('app_id', '=', appId).where('idea_id', 'in', part).executeTakeFirst()).numDeletedRows);
        await on.deleteFrom('wishlist_ideas').where('app_id', '=', appId).where('id', 'in', part).execute();
      }
      return { ideas: ideas.length, votes: votes.length, comments: comments.length, othersVotes, othersComments };
    },

    /** Inserts the comment, bumps the idea's comment_count and writes its outbox event in one transaction; false when the idea was deleted meanwhile. */
    insertComment(appId: string, row: CommentRow, event: OutboxEvent | null = null): Promise<boolean> {
      const run = db.transaction().execute(async (trx) => {
        await trx.insertInto('wishlist_comments').values({ ...row, app_id: appId }).execute();
        await trx.updateTable('wishlist_ideas').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('app_id', '=', appId).where('id', '=', row.idea_id).execute();
        await writeOutbox(trx, [event]);
        return true;
      });
      // The idea was deleted (owner, data-rights erase) between our read and our insert.
      return run.catch((e) => (isForeignKeyViolation(e) ? false : Promise.reject(e)));
    },

    /** Oldest first, soft-deleted excluded; keyset on (created_at, id). */
    listComments(appId: string, ideaId: string, limit: number, after?: (string | number)[]) {
      let q = db.selectFrom('wishlist_comments').selectAll().where('app_id', '=', appId).where('idea_id', '=', ideaId).where('deleted_at', 'is', null);
      if (after) q = q.where((eb) => afterKeys(eb, [['created_at', 'asc', after[0]], ['id', 'asc', after[1]]]));
      return q.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(limit + 1).execute();
    },

    /** Soft delete; the count drops only for the request that actually deleted it. */
    softDeleteComment(appId: string, commentId: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const c = await trx.selectFrom('wishlist_comments').select('idea_id').where('app_id', '=', appId).where('id', '=', commentId).where('deleted_at', 'is', null).executeTakeFirst();
        if (!c) return false;
        const r = await trx.updateTable('wishlist_comments').set({ deleted_at: now }).where('app_id', '=', appId).where('id', '=', commentId).where('deleted_at', 'is', null).executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await trx.updateTable('wishlist_ideas').set((eb) => ({ comment_count: eb('comment_count', '-', 1) })).where('app_id', '=', appId).where('id', '=', c.idea_id).execute();
        return true;
      });
    },
  };
}
export type WishlistStore = ReturnType<typeof createWishlistStore>;

const isForeignKeyViolation = (e: unknown) => {
  const code = (e as { code?: string } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};
