import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { FormSubmissionsTable } from '../../db/types.js';
import { olderThan, type After } from './forms.paging.js';

export type SubmissionRow = Selectable<FormSubmissionsTable>;

/** Feedback, report and contact submissions; every query is scoped by app and type. */
export function createFormStore(db: Db) {
  return {
    insert(row: SubmissionRow) {
      return db.insertInto('form_submissions').values(row).execute();
    },
    page(appId: string, type: string, opts: { after?: After; limit: number; category?: string }) {
      let q = db.selectFrom('form_submissions').selectAll().where('app_id', '=', appId).where('type', '=', type);
      if (opts.category) q = q.where('category', '=', opts.category);
      if (opts.after) q = q.where((eb) => olderThan(eb, opts.after!));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
    },
  };
}
export type FormStore = ReturnType<typeof createFormStore>;
