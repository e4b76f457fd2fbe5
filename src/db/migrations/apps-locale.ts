import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const appsLocaleMigrations: Record<string, Migration> = {
  /**
   * Why: an app's default language (#20): its hosted pages speak it unless a flow's config sets
   * its own `locale`. A nullable column (no row rewrite on either database); null = English.
   */
  '0130_apps_locale': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('apps').addColumn('locale', 'text').execute();
    },
  },
};
