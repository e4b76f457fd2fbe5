import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const crashMigrations: Record<string, Migration> = {
  /**
   * Why: crash reports (WIRE B.1 #20) and their grouping. Identical crashes (same app version,
   * exception name and top frames) share a fingerprint and one `crash_groups` row counting them,
   * so a storm reads as one line with a count. Repeats of one crash from one device within the
   * fold window bump `occurrences` on the report already stored instead of adding rows
   * (`device_key` is derived from the hashed IP and device fields, never the IP itself).
   */
  '0080_crash_reports': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('crash_groups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('app_version', 'text')
        .addColumn('exception_name', 'text')
        .addColumn('exception_reason', 'text')
        .addColumn('top_frames', 'text')
        .addColumn('occurrences', 'integer', (c) => c.notNull())
        .addColumn('reports', 'integer', (c) => c.notNull())
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('crash_groups_fingerprint_uq', ['app_id', 'fingerprint'])
        .execute();
      await sql`CREATE INDEX crash_groups_page_idx ON crash_groups (app_id, last_seen_at, id)`.execute(db);

      await db.schema
        .createTable('crash_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
        .addColumn('group_id', 'text', (c) => c.references('crash_groups.id').onDelete('set null'))
        .addColumn('fingerprint', 'text')
        .addColumn('device_key', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reviewed_at', 'text')
        .addColumn('message', 'text')
        .addColumn('exception_name', 'text')
        .addColumn('exception_reason', 'text')
        .addColumn('stack_trace', 'text')
        .addColumn('platform', 'text')
        .addColumn('os_version', 'text')
        .addColumn('device_model', 'text')
        .addColumn('app_version', 'text')
        .addColumn('build_number', 'text')
        .addColumn('crashed_at', 'text')
        .addColumn('metadata_json', 'text')
        .addColumn('attachments_json', 'text')
        .addColumn('email', 'text')
        .addColumn('source', 'text')
        .addColumn('country', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('occurrences', 'integer', (c) => c.notNull())
        .addColumn('last_occurred_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // Ascending keys scanned backwards for newest-first pages (see forms' 0011).
      await sql`CREATE INDEX crash_reports_page_idx ON crash_reports (app_id, created_at, id)`.execute(db);
      await sql`CREATE INDEX crash_reports_status_idx ON crash_reports (app_id, status, created_at, id)`.execute(db);
      await sql`CREATE INDEX crash_reports_group_idx ON crash_reports (group_id, created_at, id)`.execute(db);
      await sql`CREATE INDEX crash_reports_fold_idx ON crash_reports (app_id, fingerprint, device_key, created_at)`.execute(db);
    },
  },
  /**
   * Why: owner replies to contact submissions (WIRE `reply_to_contact_submission`). Every reply
   * is kept with its submission, whether it was mailed (`smtp`), only logged (no SMTP set up),
   * or refused by the mail server (`failed`, with the reason), so the list shows what was sent.
   */
  '0081_contact_replies': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('contact_replies')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('submission_id', 'text', (c) => c.notNull().references('form_submissions.id').onDelete('cascade'))
        .addColumn('to_email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('message_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX contact_replies_submission_idx ON contact_replies (app_id, submission_id, created_at, id)`.execute(db);
    },
  },
};
