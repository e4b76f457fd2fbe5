import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const referralMigrations: Record<string, Migration> = {
  /**
   * Why: the referral loop. One code per (app, user); codes are unique across the service (the
   * invite URL `/r/<code>` names no app). A referral is a landing visit (pending, with the hash
   * of its one-time clipboard token) or an attribution; a referee attributes once per app
   * (unique referee_key), and the referrer's reward flag is flipped once, under a per-referrer
   * lock, so the lifetime cap holds under concurrent claims.
   */
  '0060_referrals': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('referral_codes')
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('referral_codes_pk', ['app_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('referrals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('referrer_user_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('claim_hash', 'text', (c) => c.unique())
        .addColumn('claim_expires_at', 'text')
        .addColumn('referee_key', 'text')
        .addColumn('referee_user_id', 'text')
        .addColumn('referee_anonymous_id', 'text')
        .addColumn('attributed_at', 'text')
        .addColumn('referee_rewarded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('referrer_rewarded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('referrer_rewarded_at', 'text')
        .addColumn('ip_hash', 'text')
        .addColumn('country', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql`CREATE UNIQUE INDEX referrals_referee_uq ON referrals (app_id, referee_key)`.execute(db);
      await sql`CREATE INDEX referrals_page_idx ON referrals (app_id, created_at, id)`.execute(db);
      await sql`CREATE INDEX referrals_referrer_idx ON referrals (app_id, referrer_user_id, status, referrer_rewarded)`.execute(db);
    },
  },
};
