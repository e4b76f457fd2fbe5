import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, WishlistCommentsTable, WishlistIdeasTable } from '../../db/types.js';
import type { CursorKey } from '../../kernel/pagination.js';
import type { IdeaStatus } from './wishlist.schema.js';

export type IdeaRow = Selectable<WishlistIdeasTable>;
export type CommentRow = Selectable<WishlistCommentsTable>;

export interface IdeaFilter {
  /** Statuses to include (the public board passes every status except pending). */
  statuses: readonly IdeaStatus[];
  category?: string;
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

/** Rows strictly after the cursor in the sort order (pinned desc, votes desc, newest, id). */
function afterCursor(eb: IdeasEb, sort: 'votes' | 'new', k: (string | number)[]) {
  if (sort === 'new') {
    const [c, id] = k as [string, string];
    return eb.or([eb('created_at', '<', c), eb.and([eb('created_at', '=', c), eb('id', '>', id)])]);
  }
  const [p, v, c, id] = k as [number, number, string, string];
  return eb.or([
    eb('pinned', '<', p),
    eb.and([eb('pinned', '=', p), eb('vote_count', '<', v)]),
    eb.and([eb('pinned', '=', p), eb('vote_count', '=', v), eb('created_at', '<', c)]),
    eb.and([eb('pinned', '=', p), eb('vote_count', '=', v), eb('created_at', '=', c), eb('id', '>', id)]),
  ]);
}

/** Every query is scoped by app id first: an idea id alone never reaches another app's data. */
export function createWishlistStore(db: Db) {
  return {
    insertIdea(appId: string, row: IdeaRow) {
      return db.insertInto('wishlist_ideas').values({ ...row, app_id: appId }).execute();
    },

    idea(appId: string, id: string) {
      return db.selectFrom('wishlist_ideas').selectAll().where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
    },

    listIdeas(appId: string, f: IdeaFilter) {
      let q = db.selectFrom('wishlist_ideas').selectAll().where('app_id', '=', appId).where('status', 'in', [...f.statuses]);
      if (f.category) q = q.where('category', '=', f.category);
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

    /**
     * Idempotent by constraint: the vote row is inserted or left alone, and the counter moves
     * only when a row was really inserted, in the same transaction. So vote_count always equals
     * the number of vote rows, however many identical requests race.
     */
    vote(appId: string, ideaId: string, voterKey: string, now: string): Promise<number | undefined> {
      const run = db.transaction().execute(async (trx) => {
        if ((await countOf(trx, appId, ideaId)) === undefined) return undefined;
        const r = await trx
          .insertInto('wishlist_votes')
          .values({ idea_id: ideaId, voter_key: voterKey, created_at: now })
          .onConflict((oc) => oc.columns(['idea_id', 'voter_key']).doNothing())
          .executeTakeFirst();
        if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0) {
          await trx.updateTable('wishlist_ideas').set((eb) => ({ vote_count: eb('vote_count', '+', 1) })).where('app_id', '=', appId).where('id', '=', ideaId).execute();
        }
        return countOf(trx, appId, ideaId);
      });
      // The idea was deleted between our read and our insert (PostgreSQL, READ COMMITTED).
      return run.catch((e) => (isForeignKeyViolation(e) ? undefined : Promise.reject(e)));
    },

    /** The mirror of vote: the counter moves only when a row was really deleted. */
    unvote(appId: string, ideaId: string, voterKey: string): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const r = await trx.deleteFrom('wishlist_votes').where('idea_id', '=', ideaId).where('voter_key', '=', voterKey).executeTakeFirst();
        if (Number(r.numDeletedRows) > 0) {
          await trx.updateTable('wishlist_ideas').set((eb) => ({ vote_count: eb('vote_count', '-', 1) })).where('app_id', '=', appId).where('id', '=', ideaId).execute();
        }
        return countOf(trx, appId, ideaId);
      });
    },

    hasVoted(appId: string, ideaId: string, voterKey: string) {
      return this.votedIn(appId, voterKey, [ideaId]).then((s) => s.has(ideaId));
    },

    updateIdea(appId: string, id: string, patch: Partial<Pick<IdeaRow, 'status' | 'pinned' | 'updated_at'>>) {
      return db.updateTable('wishlist_ideas').set(patch).where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
    },

    /** Removes the idea with its votes and comments (explicitly, not trusting FK pragmas alone). */
    deleteIdea(appId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const idea = await trx.selectFrom('wishlist_ideas').select('id').where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
        if (!idea) return false;
        await trx.deleteFrom('wishlist_votes').where('idea_id', '=', id).execute();
        await trx.deleteFrom('wishlist_comments').where('idea_id', '=', id).execute();
        await trx.deleteFrom('wishlist_ideas').where('app_id', '=', appId).where('id', '=', id).execute();
        return true;
      });
    },

    /** Inserts the comment and bumps the idea's comment_count in one transaction. */
    insertComment(appId: string, row: CommentRow) {
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('wishlist_comments').values({ ...row, app_id: appId }).execute();
        await trx.updateTable('wishlist_ideas').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('app_id', '=', appId).where('id', '=', row.idea_id).execute();
      });
    },

    /** Oldest first, soft-deleted excluded; keyset on (created_at, id). */
    listComments(appId: string, ideaId: string, limit: number, after?: (string | number)[]) {
      let q = db.selectFrom('wishlist_comments').selectAll().where('app_id', '=', appId).where('idea_id', '=', ideaId).where('deleted_at', 'is', null);
      if (after) {
        const [c, id] = after as [string, string];
        q = q.where((eb) => eb.or([eb('created_at', '>', c), eb.and([eb('created_at', '=', c), eb('id', '>', id)])]));
      }
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

/** The idea's vote count, or undefined when it does not exist (deleted meanwhile). */
async function countOf(trx: Db, appId: string, ideaId: string): Promise<number | undefined> {
  const row = await trx.selectFrom('wishlist_ideas').select('vote_count').where('app_id', '=', appId).where('id', '=', ideaId).executeTakeFirst();
  return row?.vote_count;
}
