import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const experimentMigrations: Record<string, Migration> = {
  /**
   * Why: owners split live traffic between published versions of a flow (#37 §1). One row per
   * experiment; its variants (key, version number, weight) are JSON because they never change
   * after creation. Counts are not here: they are daily roll-ups (daily_counts,
   * `experiment.exposed:<id>:<key>` / `experiment.converted:<id>:<key>`). The partial unique
   * index makes "one running experiment per flow" hold under concurrent creates on both databases.
   */
  '0160_experiments': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('experiments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
        .addColumn('flow_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull()) // running | stopped
        .addColumn('variants_json', 'text', (c) => c.notNull())
        .addColumn('winner_key', 'text')
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('stopped_at', 'text')
        .execute();
      await sql`CREATE UNIQUE INDEX experiments_running_idx ON experiments (flow_id) WHERE status = 'running'`.execute(db);
      await sql`CREATE INDEX experiments_app_idx ON experiments (app_id, flow_id, started_at)`.execute(db);
      // Distinct people exposed by a page view (waitlist): one row per experiment and assignment
      // unit; the insert that stores it adds the exposure counter, a repeat view adds nothing.
      await db.schema
        .createTable('experiment_visitors')
        .addColumn('experiment_id', 'text', (c) => c.notNull().references('experiments.id').onDelete('cascade'))
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('variant_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('experiment_visitors_pk', ['experiment_id', 'unit'])
        .execute();
    },
  },
};
