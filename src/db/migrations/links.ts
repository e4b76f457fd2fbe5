import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Short links. Codes are public (they are the URL), so they are unique across the service.
// Counters live on the link row so the redirect path enforces maxClicks with one row lock;
// the per-click history is kept separately and survives `resetClicks`.
export const linksMigrations: Record<string, Migration> = {
  // Why: the short links an app owner manages; click_count is the limit counter (resettable).
  '0030_links': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('ios_url', 'text')
        .addColumn('android_url', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('max_clicks', 'integer')
        .addColumn('click_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bot_click_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('history_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expired_behavior', 'text', (c) => c.notNull())
        .addColumn('expired_url', 'text')
        .addColumn('expired_message', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('links_app_created_idx').on('links').columns(['app_id', 'created_at', 'id']).execute();
    },
  },
  // Why: click history for stats (target, country, bot flag; never an IP). Keyed by
  // (link_id, seq), seq numbered from links.history_count under the link's row lock; on SQLite
  // the table is WITHOUT ROWID, i.e. clustered by link: a group of clicks appends to one
  // B-tree page instead of a table page plus an index page (the disk sync is the redirect's
  // bottleneck). No foreign key: the click recorder checks the link inside its own
  // transaction, and a deleted link's history is deleted with it.
  '0031_link_clicks': {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable('link_clicks')
        .addColumn('link_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('is_bot', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('link_clicks_pk', ['link_id', 'seq'])
        .$call((t) => (sqlite ? t.modifyEnd(sql`WITHOUT ROWID`) : t))
        .execute();
    },
  },
  // Why: stats read per-link counters instead of scanning the click history (a link with a
  // million clicks took ~0.7 s per stats request, blocking the event loop on SQLite). One row
  // per (link, target, country, bot flag); the click recorder adds to them in the transaction
  // that appends the history, so they always equal the history. country '' = unknown (a
  // primary-key column cannot be NULL on PostgreSQL). WITHOUT ROWID on SQLite: an upsert then
  // writes one B-tree page, not a table page plus a key index page. Backfilled from the history.
  '0032_link_click_counts': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('link_click_counts')
        .addColumn('link_id', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('is_bot', 'integer', (c) => c.notNull())
        .addColumn('clicks', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('link_click_counts_pk', ['link_id', 'target', 'country', 'is_bot'])
        .$call((t) => (db.getExecutor().adapter instanceof SqliteAdapter ? t.modifyEnd(sql`WITHOUT ROWID`) : t))
        .execute();
      await sql`INSERT INTO link_click_counts (link_id, target, country, is_bot, clicks)
        SELECT link_id, target, COALESCE(country, ''), is_bot, COUNT(*) FROM link_clicks
        GROUP BY link_id, target, COALESCE(country, ''), is_bot`.execute(db);
    },
  },
};
