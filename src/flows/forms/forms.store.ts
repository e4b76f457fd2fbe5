import type { Selectable } from 'kysely';
import type { DbHandle } from '../../db/index.js';
import { hotInsert } from '../../db/hot-insert.js';
import type { FormSubmissionsTable } from '../../db/types.js';
import { olderThan, type After } from '../../kernel/keyset.js';

export type SubmissionRow = Selectable<FormSubmissionsTable>;

/** Feedback, report and contact submissions; every query is scoped by app and type. */
const COLUMNS = [
  'id', 'app_id', 'flow_id', 'type', 'message', 'rating', 'category', 'name', 'email',
  'attributes_json', 'source', 'country', 'user_agent', 'created_at',
] as const satisfies readonly (keyof SubmissionRow)[];

export function createFormStore(handle: DbHandle) {
  const { db } = handle;
  return {
    insert: hotInsert<SubmissionRow>(handle, 'form_submissions', COLUMNS),
    page(appId: string, type: string, opts: { after?: After; limit: number; category?: string }) {
      let q = db.selectFrom('form_submissions').selectAll().where('app_id', '=', appId).where('type', '=', type);
      if (opts.category) q = q.where('category', '=', opts.category);
      if (opts.after) q = q.where((eb) => olderThan(eb, opts.after!));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
    },
  };
}
export type FormStore = ReturnType<typeof createFormStore>;
