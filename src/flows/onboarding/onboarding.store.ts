import type { Selectable } from 'kysely';
import { hotInsert } from '../../db/hot-insert.js';
import type { DbHandle } from '../../db/index.js';
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
    insert: hotInsert<SubmissionRow>(handle, 'onboarding_submissions', COLUMNS),
    byClaimHash(appId: string, hash: string) {
      return db.selectFrom('onboarding_submissions').selectAll().where('app_id', '=', appId).where('claim_hash', '=', hash).executeTakeFirst();
    },
    /** Stamps the first claim; false when somebody claimed it first (only one UPDATE can match). */
    async claim(id: string, at: string, userId: string | null, anonymousId: string | null): Promise<boolean> {
      const r = await db
        .updateTable('onboarding_submissions')
        .set({ claimed_at: at, claimed_user_id: userId, claimed_anonymous_id: anonymousId })
        .where('id', '=', id)
        .where('claimed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
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
