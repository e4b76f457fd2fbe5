import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const adminMigrations: Record<string, Migration> = {
  /**
   * Why: the owner dashboard. Owners are people who sign in (email + bcrypt hash) and act for
   * one account, the same account API tokens act for. Sessions live in the database (only a
   * SHA-256 of the cookie value is stored) so they can be revoked one by one or all at once.
   * Setup links let the first owner in without an open "first visitor becomes admin" page;
   * login failures are counted per key (hashed email, hashed address) for the backoff, in the
   * database so every node sees the same count.
   */
  '0100_owners_sessions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('owners')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('owner_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('owners.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .execute();
      await sql`CREATE INDEX owner_sessions_owner_idx ON owner_sessions (owner_id)`.execute(db);
      await db.schema
        .createTable('owner_setup_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('owner_login_failures')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failed_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .execute();
    },
  },
  /**
   * Why: post/redirect/get for "create API token". The new token must be shown exactly once, yet
   * a reload of the page after the POST must not create another. The POST stores the token as a
   * one-time flash on the session row and redirects; the next GET shows and clears it. The value
   * is encrypted with a key derived from the session cookie (which the database never holds), so
   * a database leak gives no usable token; it is cleared on read and ignored after 10 minutes.
   */
  '0101_owner_session_flash': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('owner_sessions').addColumn('flash', 'text').execute();
    },
  },
};
