import type { Db } from '../../db/index.js';
import { subjectEmail, type SubjectData } from '../../kernel/subject.js';
import type { CrashStore } from './crash.store.js';

/**
 * Data rights for crash reports (kernel/subject.ts): reports sent with the user's email. Removing
 * a report takes it and its folded occurrences out of its group's counts (`crash_occurrences`
 * says how many occurrences went with the removed reports).
 */
export function crashSubjectData(store: CrashStore, db: Db): SubjectData {
  return {
    async export(appId, subject, on) {
      const email = subjectEmail(subject);
      return { crash_reports: email ? await store.subjectRows(appId, email, on) : [] };
    },
    async erase(appId, subject, trx) {
      const email = subjectEmail(subject);
      if (!email) return { crash_reports: 0, crash_occurrences: 0 };
      const ids = (await store.subjectRows(appId, email, trx)).map((r) => r.id);
      const r = await store.removeReports(appId, ids, trx);
      return { crash_reports: r.reports, crash_occurrences: r.occurrences };
    },
    async expire(appId, before, limit) {
      const ids = await store.expiredIds(appId, before, limit);
      if (ids.length === 0) return { crash_reports: 0, crash_occurrences: 0 };
      const r = await db.transaction().execute((trx) => store.removeReports(appId, ids, trx));
      return { crash_reports: r.reports, crash_occurrences: r.occurrences };
    },
  };
}
