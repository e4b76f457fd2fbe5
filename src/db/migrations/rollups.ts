import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const rollupMigrations: Record<string, Migration> = {
  /**
   * Why: the dashboard's numbers per day (signups, submissions, clicks, …) must answer in
   * milliseconds on a database with millions of rows, so every hot write adds to a daily
   * counter in the transaction that stores its row (src/db/rollups.ts): the counters always
   * equal what arrived, and a chart reads at most a few hundred counter rows.
   *
   * `shard`: on PostgreSQL concurrent writers of one app and metric would queue on one row's
   * lock (held until each commit's WAL flush), so each statement picks one of 16 shards and
   * readers sum them. SQLite has one writer and always uses shard 0. WITHOUT ROWID on SQLite:
   * an upsert writes one B-tree page.
   *
   * Counters count arrivals: deleting a row later (erase, retention, moderation) does not
   * rewrite the history of what was received (docs/dashboard.md).
   */
  '0120_daily_counts': {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable('daily_counts')
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('daily_counts_pk', ['app_id', 'metric', 'day', 'shard'])
        .$call((t) => (sqlite ? t.modifyEnd(sql`WITHOUT ROWID`) : t))
        .execute();
      // What arrived before this migration, from the rows themselves.
      const backfill = (metric: ReturnType<typeof sql>, table: string, where = sql``) =>
        sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
          SELECT app_id, ${metric}, substr(created_at, 1, 10), 0, COUNT(*) FROM ${sql.table(table)} ${where}
          GROUP BY 1, 2, 3`.execute(db);
      await backfill(sql`'waitlist.signups'`, 'waitlist_signups');
      await backfill(sql`type || '.submissions'`, 'form_submissions');
      await backfill(sql`'onboarding.completions'`, 'onboarding_submissions');
      await backfill(sql`flow_type || '.sessions'`, 'flow_sessions');
    },
  },
};
