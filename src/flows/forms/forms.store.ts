import type { Selectable } from 'kysely';
import type { Db, DbHandle } from '../../db/index.js';
import { chunks } from '../../kernel/subject.js';
import { hotInsert } from '../../db/hot-insert.js';
import type { FormSubmissionsTable } from '../../db/types.js';
import { olderThan, type After } from '../../kernel/keyset.js';
import { containsText } from './forms.search.js';

/** What the owner's `q` looks in. */
const SEARCHED = ['message', 'name', 'email', 'category'] as const;

export type SubmissionRow = Selectable<FormSubmissionsTable>;

/** Feedback, report and contact submissions; every query is scoped by app and type. */
const COLUMNS = [
  'id', 'app_id', 'flow_id', 'type', 'message', 'rating', 'category', 'name', 'email',
  'attributes_json', 'source', 'country', 'user_agent', 'created_at', 'status', 'reviewed_at',
] as const satisfies readonly (keyof SubmissionRow)[];

export function createFormStore(handle: DbHandle) {
  const { db } = handle;
  return {
    /**
     * Stores a submission; `event` builds its outbox event (the service's builder: it knows the app
     * and the flow), written in the row's transaction: an acknowledged submission always has its event.
     */
    insert: hotInsert<SubmissionRow>(handle, 'form_submissions', COLUMNS, undefined, { rollup: (r) => `${r.type}.submissions` }),
    transaction: <T>(fn: (trx: Db) => Promise<T>) => db.transaction().execute(fn),
    /** Feedback, report and contact submissions left with this address (data rights, src/privacy); email compared lower-cased. */
    subjectRows(appId: string, emailNormalized: string, on: Db = db) {
      return on
        .selectFrom('form_submissions')
        .selectAll()
        .where('app_id', '=', appId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', emailNormalized))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    /** Deletes these submissions of the app (their ids from subjectRows or expiredIds); answers how many per type. */
    async deleteIds(appId: string, ids: readonly string[], on: Db): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const part of chunks(ids)) {
        const rows = await on.deleteFrom('form_submissions').where('app_id', '=', appId).where('id', 'in', part).returning('type').execute();
        for (const r of rows) out[r.type] = (out[r.type] ?? 0) + 1;
      }
      return out;
    },
    /** Retention: ids of up to `limit` submissions created before `before`, oldest first. */
    expiredIds(appId: string, before: string, limit: number, on: Db = db) {
      return on.selectFrom('form_submissions').select('id').where('app_id', '=', appId).where('created_at', '<', before).orderBy('created_at').limit(limit).execute().then((r) => r.map((x) => x.id));
    },
    page(appId: string, type: string, opts: { after?: After; limit: number; category?: string; status?: string; q?: string }) {
      let q = db.selectFrom('form_submissions').selectAll().where('app_id', '=', appId).where('type', '=', type);
      if (opts.category) q = q.where('category', '=', opts.category);
      if (opts.status) q = q.where('status', '=', opts.status);
      if (opts.q) q = q.where((eb) => containsText(eb, SEARCHED, opts.q!));
      if (opts.after) q = q.where((eb) => olderThan(eb, opts.after!));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
    },
    get(appId: string, type: string, id: string) {
      return db.selectFrom('form_submissions').selectAll().where('app_id', '=', appId).where('type', '=', type).where('id', '=', id).executeTakeFirst();
    },
    /** Moves one submission's status; false when the app has no such submission of this type. */
    async setStatus(appId: string, type: string, id: string, status: string, reviewedAt: string | null): Promise<boolean> {
      const r = await db.updateTable('form_submissions').set({ status, reviewed_at: reviewedAt }).where('app_id', '=', appId).where('type', '=', type).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
export type FormStore = ReturnType<typeof createFormStore>;
