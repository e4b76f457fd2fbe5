import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const sessionMigrations: Record<string, Migration> = {
  /**
   * Why: sessions of the hosted flows (the cancel flow's runtime, the onboarding funnel). A
   * session pins the published version it started on (a publish never changes what that user
   * sees). Its steps are rows keyed (session, step, key):
   * a reload or a double tap inserts nothing new (ON CONFLICT DO NOTHING), so every count is
   * per session. Steps carry the app, flow and version so stats group without a join.
   */
  '0040_flow_sessions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('flow_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
        .addColumn('flow_type', 'text', (c) => c.notNull())
        .addColumn('version_id', 'text', (c) => c.notNull())
        .addColumn('version_number', 'integer', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('platform', 'text')
        .addColumn('user_id', 'text')
        .addColumn('anonymous_id', 'text')
        .addColumn('locale', 'text')
        .addColumn('app_version', 'text')
        .addColumn('attributes_json', 'text')
        .addColumn('country', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX flow_sessions_page_idx ON flow_sessions (app_id, flow_type, created_at, id)`.execute(db);
      await db.schema
        .createTable('flow_steps')
        .addColumn('session_id', 'text', (c) => c.notNull().references('flow_sessions.id').onDelete('cascade'))
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('flow_id', 'text', (c) => c.notNull())
        .addColumn('version_number', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('flow_steps_pk', ['session_id', 'step', 'key'])
        .execute();
      await sql`CREATE INDEX flow_steps_stats_idx ON flow_steps (app_id, flow_id, version_number, step)`.execute(db);
    },
  },
};
