import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const flowScheduleMigrations: Record<string, Migration> = {
  /**
   * Why: an owner schedules a publish for later (#37 §2). The time lives in the database, so it
   * survives restarts and every node sees it; the node that publishes claims the row with a
   * compare-and-set in the publish transaction (exactly one new version with several nodes); a
   * short lease taken first (`claimed_until`) keeps the other nodes from even trying meanwhile.
   * A row with no `publish_at` only keeps why the last scheduled publish did not happen
   * (`error_json`), for the owner to see on the flow. A table of its own, not columns on `flows`:
   * the due-schedule scan reads a small table with its own index.
   */
  '0150_flow_schedule': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('flow_schedules')
        .addColumn('flow_id', 'text', (c) => c.primaryKey().references('flows.id').onDelete('cascade'))
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        // ISO-8601 UTC with milliseconds (toISOString), so text order is time order on both databases.
        .addColumn('publish_at', 'text')
        .addColumn('scheduled_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('error_json', 'text')
        .execute();
      await sql`CREATE INDEX flow_schedules_due_idx ON flow_schedules (publish_at) WHERE publish_at IS NOT NULL`.execute(db);
    },
  },
};
