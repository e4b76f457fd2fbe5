import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const webhookMigrations: Record<string, Migration> = {
  /**
   * Why: events leave Appflows (#33). `outbox_events` is written in the same transaction as the
   * data an event reports (src/db/outbox.ts), so an acknowledged write always has its event, also
   * across kill -9; a worker fans each event out to the app's subscribed endpoints
   * (`webhook_deliveries`, one row per endpoint and event, retried on a schedule) and to the
   * owner's e-mail notifications (`notification_queue`). Secrets are stored sealed with SECRET.
   */
  '0140_webhooks': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('outbox_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        // 0: not yet fanned out to deliveries and notifications; 1: done.
        .addColumn('fanned_out', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`CREATE INDEX outbox_events_pending_idx ON outbox_events (id) WHERE fanned_out = 0`.execute(db);
      await sql`CREATE INDEX outbox_events_app_idx ON outbox_events (app_id, created_at)`.execute(db);

      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        // JSON array of event types; ["*"] = every event.
        .addColumn('events_json', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('enabled', 'integer', (c) => c.notNull())
        // Sealed with SECRET (kernel/pages/sealed.ts); the previous one signs too until previous_until.
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('previous_secret_sealed', 'text')
        .addColumn('previous_until', 'text')
        // First failure of the current run of failures (null when the last attempt succeeded).
        .addColumn('failing_since', 'text')
        .addColumn('disabled_reason', 'text')
        .addColumn('disabled_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX webhook_endpoints_app_idx ON webhook_endpoints (app_id, created_at, id)`.execute(db);

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        // Null for `webhook.test` (its payload is in payload_json).
        .addColumn('event_id', 'text', (c) => c.references('outbox_events.id').onDelete('cascade'))
        .addColumn('event_type', 'text', (c) => c.notNull())
        // The exact body sent (the same on every attempt); null: built from the event when first sent.
        .addColumn('payload_json', 'text')
        .addColumn('status', 'text', (c) => c.notNull()) // pending | succeeded | failed
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        // A node sending it holds it until then (two nodes never send one delivery at once).
        .addColumn('locked_until', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('last_response', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(db);
      await sql`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at, id)`.execute(db);
      // Deleting an event (retention, a data-rights erase) cascades here: without it, a scan per event.
      await sql`CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id)`.execute(db);

      await db.schema
        .createTable('notification_settings')
        .addColumn('app_id', 'text', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
        .addColumn('email', 'text')
        .addColumn('events_json', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull()) // instant | daily
        .addColumn('last_sent_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('notification_queue')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('event_id', 'text', (c) => c.notNull().references('outbox_events.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await sql`CREATE INDEX notification_queue_pending_idx ON notification_queue (app_id, id) WHERE sent_at IS NULL`.execute(db);
      await sql`CREATE INDEX notification_queue_event_idx ON notification_queue (event_id)`.execute(db);
    },
  },
  /** Why: the daily digest goes out at 08:00 in the owner's time zone (an IANA name; null = UTC). */
  '0141_notification_time_zone': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('notification_settings').addColumn('time_zone', 'text').execute();
    },
  },
};
