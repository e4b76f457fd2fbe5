import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const dashboardInboxMigrations: Record<string, Migration> = {
  /**
   * Why: the owner's inboxes (feedback, report, contact) need what crash reports already have: a
   * `status` (new / reviewed) the owner moves with one click, its time, and a status filter that
   * pages newest first by an index (ascending like the other paging indexes: inserts land at the
   * right edge; a backward scan serves newest-first pages). Existing rows start as `new`.
   *
   * And crash reports get their daily roll-up (`crash.reports`, added by the crash store in the
   * transaction that stores each report): backfilled here from the rows, as 0120 did for the rest.
   */
  '0121_dashboard_inboxes': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('form_submissions').addColumn('status', 'text', (c) => c.notNull().defaultTo('new')).execute();
      await db.schema.alterTable('form_submissions').addColumn('reviewed_at', 'text').execute();
      await sql`CREATE INDEX form_submissions_status_idx ON form_submissions (app_id, type, status, created_at, id)`.execute(db);
      await backfillCrashReports(db);
    },
  },
};

/** `crash.reports` per app and day from the stored reports (a folded repeat is no report of its own). */
export const backfillCrashReports = (db: Kysely<any>) =>
  sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
    SELECT app_id, 'crash.reports', substr(created_at, 1, 10), 0, COUNT(*) FROM crash_reports
    GROUP BY 1, 2, 3`.execute(db);
