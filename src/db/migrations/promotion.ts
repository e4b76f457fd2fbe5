import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const promotionMigrations: Record<string, Migration> = {
  /**
   * Why: app promotion. Funnel events are rows, one per (tracking token, event) — the unique key
   * makes them idempotent; a tapped row also holds the pending deferred route and its one-time
   * claim. Impressions count against maxImpressions through a per-(placement flow, destination)
   * counter that only ever grows under its cap (a conditional upsert), so caps are exact across
   * nodes. Decisions served are counted per day in memory and added here about once a second.
   */
  '0070_promotions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('promotion_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('flow_id', 'text', (c) => c.notNull())
        .addColumn('placement', 'text', (c) => c.notNull())
        .addColumn('destination_app_id', 'text', (c) => c.notNull())
        .addColumn('token_id', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('user_key', 'text')
        .addColumn('user_id', 'text')
        .addColumn('anonymous_id', 'text')
        .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('deferred_route', 'text')
        .addColumn('tracking_token', 'text')
        .addColumn('pending_until', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('ip_hash', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql`CREATE UNIQUE INDEX promotion_events_token_uq ON promotion_events (token_id, event)`.execute(db);
      // Covering: the resolve's one read (a user's recent events) is answered from the index alone.
      await sql`CREATE INDEX promotion_events_user_idx ON promotion_events (app_id, user_key, created_at, event, flow_id, destination_app_id)`.execute(db);
      await sql`CREATE INDEX promotion_events_page_idx ON promotion_events (app_id, created_at, id)`.execute(db);
      // Partial: only taps with a deferred route are ever looked up by destination, and the other events skip this index's write.
      await sql`CREATE INDEX promotion_events_pending_idx ON promotion_events (destination_app_id, pending_until) WHERE pending_until IS NOT NULL`.execute(db);
      await db.schema
        .createTable('promotion_caps')
        .addColumn('flow_id', 'text', (c) => c.notNull())
        .addColumn('destination_app_id', 'text', (c) => c.notNull())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('impressions', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('promotion_caps_pk', ['flow_id', 'destination_app_id'])
        .execute();
      await db.schema
        .createTable('promotion_decisions')
        .addColumn('flow_id', 'text', (c) => c.notNull())
        .addColumn('destination_app_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('decisions', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('promotion_decisions_pk', ['flow_id', 'destination_app_id', 'day'])
        .execute();
      await sql`CREATE INDEX promotion_decisions_app_idx ON promotion_decisions (app_id, day)`.execute(db);
    },
  },
};
