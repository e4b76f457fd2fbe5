import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Timestamps are ISO-8601 UTC strings and JSON is text on both dialects, so every query
// behaves the same on SQLite and PostgreSQL and sorts the same way.
export const kernelMigrations: Record<string, Migration> = {
  // Why: accounts own apps; API tokens act for one account.
  '0001_accounts_tokens': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull().unique())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
    },
  },
  // Why: the app registry; slugs are global because public URLs are scoped by slug alone.
  '0002_apps': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('apps')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('bundle_id', 'text')
        .addColumn('deep_link_scheme', 'text')
        .addColumn('logo_url', 'text')
        .addColumn('promotion_json', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('apps_account_idx').on('apps').columns(['account_id', 'created_at']).execute();
    },
  },
  // Why: every flow has an editable draft and immutable published versions.
  '0003_flows': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('flows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('is_primary', 'integer', (c) => c.notNull())
        .addColumn('draft_json', 'text', (c) => c.notNull())
        .addColumn('draft_updated_at', 'text', (c) => c.notNull())
        .addColumn('current_version_id', 'text')
        .addColumn('published_version_number', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('flows_app_type_slug_uq', ['app_id', 'type', 'slug'])
        .execute();
      await db.schema
        .createTable('flow_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
        .addColumn('version_number', 'integer', (c) => c.notNull())
        .addColumn('config_json', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('flow_versions_flow_num_uq', ['flow_id', 'version_number'])
        .execute();
      // At most one primary per app and type, enforced by the database (partial unique index).
      await sql`CREATE UNIQUE INDEX flows_primary_uq ON flows (app_id, type) WHERE is_primary = 1`.execute(db);
    },
  },
  // Why: facts about the whole installation, first the fingerprint of the SECRET it was started
  // with, so a node with another SECRET refuses to start instead of counting one voter twice.
  '0004_instance_settings': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('instance_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};
