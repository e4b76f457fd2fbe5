import type { Selectable } from 'kysely';
import { hotInsert } from '../../db/hot-insert.js';
import { writeOutbox, type OutboxEvent } from '../../db/outbox.js';
import type { Db, DbHandle } from '../../db/index.js';
import { chunks } from '../../kernel/subject.js';
import type { OnboardingSubmissionsTable } from '../../db/types.js';
import { olderThan, type After } from '../../kernel/keyset.js';

export type SubmissionRow = Selectable<OnboardingSubmissionsTable>;

const COLUMNS = [
  'id', 'app_id', 'flow_id', 'version_number', 'session_id', 'answers_json', 'email', 'source', 'country',
  'claim_hash', 'claim_expires_at', 'claimed_at', 'claimed_user_id', 'claimed_anonymous_id', 'created_at',
] as const satisfies readonly (keyof SubmissionRow)[];

/** Completed funnels, scoped by app. Completion is a durable group commit; a claim one atomic update. */
export function createOnboardingStore(handle: DbHandle) {
  const { db } = handle;
  return {
    /** Stores a completion with the outbox event it reports (written in its transaction), if any. */
    insert: hotInsert<SubmissionRow>(handle, 'onboarding_submissions', COLUMNS, undefined, { rollup: () => 'onboarding.completions' }),
    byClaimHash(appId: string, hash: string) {
      return db.selectFrom('onboarding_submissions').selectAll().where('app_id', '=', appId).where('claim_hash', '=', hash).executeTakeFirst();
    },
    /**
     * Stamps the first claim; false when somebody claimed it first (only one UPDATE can match).
     * The first claim's event (`event`, null when nobody listens) is written in its transaction.
     */
    async claim(id: string, at: string, userId: string | null, anonymousId: string | null, event: OutboxEvent | null = null): Promise<boolean> {
      const stamp = async (on: Db) => {
        const r = await on
          .updateTable('onboarding_submissions')
          .set({ claimed_at: at, claimed_user_id: userId, claimed_anonymous_id: anonymousId })
          .where('id', '=', id)
          .where('claimed_at', 'is', null)
          .executeTakeFirst();
        return Number(r.numUpdatedRows) === 1;
      };
      if (!event) return stamp(db);
      return db.transaction().execute(async (trx) => {
        const first = await stamp(trx);
        if (first) await writeOutbox(trx, [event]);
        return first;
      });
    },
    /**
     * Completions by this end user (data rights, src/privacy): the email they gave, the user or
     * anonymous id that claimed it, or one of their funnel sessions. Email compared lower-cased.
     */
    subjectRows(appId: string, who: { email?: string; userId?: string; anonymousId?: string; sessionIds: readonly string[] }, on: Db = db) {
      const { email, userId, anonymousId, sessionIds } = who;
      if (!email && !userId && !anonymousId && sessionIds.length === 0) return Promise.resolve([]);
      return on
        .selectFrom('onboarding_submissions')
        .selectAll()
        .where('app_id', '=', appId)
        .where((eb) =>
          eb.or([
            ...(email ? [eb(eb.fn('lower', ['email']), '=', email)] : []),
            ...(userId ? [eb('claimed_user_id', '=', userId)] : []),
            ...(anonymousId ? [eb('claimed_anonymous_id', '=', anonymousId)] : []),
            ...chunks(sessionIds).map((part) => eb('session_id', 'in', part)),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    async deleteIds(appId: string, ids: readonly string[], on: Db): Promise<number> {
      let n = 0;
      for (const part of chunks(ids)) n += Number((await on.deleteFrom('onboarding_submissions').where('app_id', '=', appId).where('id', 'in', part).executeTakeFirst()).numDeletedRows);
      return n;
    },
    /** Retention: ids of up to `limit` completions created before `before`, oldest first. */
    expiredIds(appId: string, before: string, limit: number, on: Db = db) {
      return on.selectFrom('onboarding_submissions').select('id').where('app_id', '=', appId).where('created_at', '<', before).orderBy('created_at').limit(limit).execute().then((r) => r.map((x) => x.id));
    },
    byId(id: string) {
      return db.selectFrom('onboarding_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
    page(appId: string, after: After | undefined, limit: number) {
      let q = db.selectFrom('onboarding_submissions').selectAll().where('app_id', '=', appId);
      if (after) q = q.where((eb) => olderThan(eb, after));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
    /** Completed and claimed per version (the funnel's last two stages). */
    counts(appId: string) {
      return db
        .selectFrom('onboarding_submissions')
        .select((eb) => ['version_number', eb.fn.countAll<number>().as('completed'), eb.fn.count<number>('claimed_at').as('claimed')])
        .where('app_id', '=', appId)
        .groupBy('version_number')
        .execute();
    },
  };
}
export type OnboardingStore = ReturnType<typeof createOnboardingStore>;
