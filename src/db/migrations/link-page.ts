import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const linkPageMigrations: Record<string, Migration> = {
  /**
   * Why: clicks on a link page's links, counted per link, UTC day and bot flag (the owner's stats
   * read a handful of rows, whatever the traffic). A link is its list and URL (`link_key`, a
   * SHA-256 of both, so a 2000-character URL never becomes an index key); its URL and latest
   * label are kept on the row so links removed from the page still show in the stats. Rows are
   * added to by upsert in group commits (flows/link-page/link-page.clicks.ts); no visitor data.
   */
  '0090_link_page_clicks': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('link_page_clicks')
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('link_key', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('is_bot', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('clicks', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('link_page_clicks_pk', ['app_id', 'link_key', 'day', 'is_bot'])
        .execute();
      // Stats by day window: (app, day) ranges.
      await sql`CREATE INDEX link_page_clicks_day_idx ON link_page_clicks (app_id, day)`.execute(db);
    },
  },
};
