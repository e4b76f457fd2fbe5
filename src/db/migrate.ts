import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../config.js';
import { sessionMigrations } from './migrations/sessions.js';
import { formsMigrations } from './migrations/forms.js';
import { kernelMigrations } from './migrations/kernel.js';
import { linksMigrations } from './migrations/links.js';
import { onboardingMigrations } from './migrations/onboarding.js';
import { promotionMigrations } from './migrations/promotion.js';
import { referralMigrations } from './migrations/referral.js';
import { wishlistMigrations } from './migrations/wishlist.js';
import { linkPageMigrations } from './migrations/link-page.js';
import { crashMigrations } from './migrations/crash.js';
import { adminMigrations } from './migrations/admin.js';
import { privacyMigrations } from './migrations/privacy.js';
import { rollupMigrations } from './migrations/rollups.js';
import { appsLocaleMigrations } from './migrations/apps-locale.js';
import { appsBrandMigrations } from './migrations/apps-brand.js';
import { dashboardAnalyticsMigrations } from './migrations/dashboard-analytics.js';
import { dashboardBoardsMigrations } from './migrations/dashboard-boards.js';
import { dashboardLinksMigrations } from './migrations/dashboard-links.js';
import { dashboardInboxMigrations } from './migrations/dashboard-inboxes.js';
import { webhookMigrations } from './migrations/webhooks.js';
import { flowScheduleMigrations } from './migrations/flow-schedule.js';
import { experimentMigrations } from './migrations/experiments.js';

/**
 * Every module's migrations, by name. Names sort in the order they run:
 * 0001-0009 kernel, 0010+ forms, 0020+ wishlist, 0030+ links, 0040+ flow sessions, 0050+ onboarding, 0060+ referral, 0070+ app promotion, 0080+ crash reports and contact replies, 0090+ link page, 0100+ owner dashboard, 0110+ privacy, 0120+ dashboard roll-ups, 0130+ app settings, 0140+ webhooks and notifications, 0150+ scheduled publish (room left between modules).
 */
const all: Record<string, Migration> = {
  ...kernelMigrations,
  ...formsMigrations,
  ...wishlistMigrations,
  ...linksMigrations,
  ...sessionMigrations,
  ...onboardingMigrations,
  ...referralMigrations,
  ...promotionMigrations,
  ...linkPageMigrations,
  ...crashMigrations,
  ...adminMigrations,
  ...privacyMigrations,
  ...rollupMigrations,
  ...appsLocaleMigrations,
  ...appsBrandMigrations,
  ...dashboardAnalyticsMigrations,
  ...dashboardBoardsMigrations,
  ...dashboardLinksMigrations,
  ...dashboardInboxMigrations,
  ...webhookMigrations,
  ...flowScheduleMigrations,
  ...experimentMigrations,
};

/**
 * Applies pending migrations in one transaction under a lock, so several processes starting
 * at once on one database migrate exactly once (PostgreSQL: an advisory lock; SQLite: BEGIN
 * IMMEDIATE). Our own small runner rather than Kysely's Migrator, which introspects every
 * schema of the database and fails when another schema is dropped meanwhile.
 */
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, schema?: string): Promise<string[]> {
  const isPg = dialect === 'postgres';
  return db.connection().execute(async (conn) => {
    if (isPg) {
      await sql`BEGIN`.execute(conn);
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`appflows-migrate:${schema ?? 'public'}`}))`.execute(conn);
    } else {
      await sql`BEGIN IMMEDIATE`.execute(conn);
    }
    try {
      await conn.schema
        .createTable('appflows_migrations')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('applied_at', 'text', (c) => c.notNull())
        .execute();
      const done = new Set((await conn.selectFrom('appflows_migrations').select('name').execute()).map((r) => r.name as string));
      const applied: string[] = [];
      for (const name of Object.keys(all).sort()) {
        if (done.has(name)) continue;
        await all[name].up(conn);
        await conn.insertInto('appflows_migrations').values({ name, applied_at: new Date().toISOString() }).execute();
        applied.push(name);
      }
      await sql`COMMIT`.execute(conn);
      return applied;
    } catch (e) {
      await sql`ROLLBACK`.execute(conn).catch(() => {});
      throw e;
    }
  });
}
