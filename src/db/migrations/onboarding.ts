import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const onboardingMigrations: Record<string, Migration> = {
  /**
   * Why: completed onboarding funnels. Each holds the answers and email, and the hash of its
   * one-time claim token (the token itself is never stored): the app redeems it on first launch,
   * the first claim stamps claimed_at atomically (UPDATE … WHERE claimed_at IS NULL).
   */
  '0050_onboarding_submissions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('onboarding_submissions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
        .addColumn('version_number', 'integer', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('answers_json', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('claim_hash', 'text', (c) => c.notNull().unique())
        .addColumn('claim_expires_at', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text')
        .addColumn('claimed_user_id', 'text')
        .addColumn('claimed_anonymous_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX onboarding_submissions_page_idx ON onboarding_submissions (app_id, created_at, id)`.execute(db);
    },
  },
};
