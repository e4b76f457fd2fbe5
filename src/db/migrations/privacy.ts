import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const privacyMigrations: Record<string, Migration> = {
  /**
   * Why: an app's optional retention period (src/privacy): the background sweep deletes raw
   * submissions older than `days`. No row = keep everything. A table of its own rather than a
   * column on apps, so the setting has its own operation and the apps table stays untouched.
   * Data-rights lookups add no index: they are rare and scan one app's rows through the existing
   * (app_id, …) indexes, while an index per identity column would tax every hot insert.
   */
  '0110_privacy_retention': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('app_retention')
        .addColumn('app_id', 'text', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('last_swept_at', 'text')
        .execute();
    },
  },
};
