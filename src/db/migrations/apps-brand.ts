import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const appsBrandMigrations: Record<string, Migration> = {
  /**
   * Why: app branding set once for every hosted page (#32 §4): an accent colour and a colour
   * scheme, used unless a flow's config sets its own. Nullable columns (no row rewrite on either
   * database); null = the built-in default.
   */
  '0131_apps_brand': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('apps').addColumn('accent_color', 'text').execute();
      await db.schema.alterTable('apps').addColumn('theme', 'text').execute();
    },
  },
};
