import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const formsMigrations: Record<string, Migration> = {
  // Why: waitlist signups and feedback/report/contact submissions, listed newest first by
  // keyset (created_at, id); one signup per email per waitlist is enforced by a unique key.
  '0010_forms': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('waitlist_signups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull())
        .addColumn('source', 'text')
        .addColumn('country', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('locale', 'text')
        .addColumn('platform', 'text')
        .addColumn('app_version', 'text')
        .addColumn('referrer', 'text')
        .addColumn('attributes_json', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('waitlist_signups_flow_email_uq', ['flow_id', 'email_normalized'])
        .execute();
      await sql`CREATE INDEX waitlist_signups_page_idx ON waitlist_signups (app_id, created_at DESC, id DESC)`.execute(db);
      await sql`CREATE INDEX waitlist_signups_flow_page_idx ON waitlist_signups (flow_id, created_at DESC, id DESC)`.execute(db);

      await db.schema
        .createTable('form_submissions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('rating', 'integer')
        .addColumn('category', 'text')
        .addColumn('name', 'text')
        .addColumn('email', 'text')
        .addColumn('attributes_json', 'text')
        .addColumn('source', 'text')
        .addColumn('country', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX form_submissions_page_idx ON form_submissions (app_id, type, created_at DESC, id DESC)`.execute(db);
      await sql`CREATE INDEX form_submissions_category_idx ON form_submissions (app_id, type, category, created_at DESC, id DESC)`.execute(db);
    },
  },
  /**
   * The paging indexes ascending. Rows arrive newest last, so an ascending index takes each
   * insert at its right edge (SQLite's quick balance, PostgreSQL's rightmost-leaf fast path);
   * the descending ones put every insert at the left edge of the range, which cost SQLite
   * 36 vs 26 us of CPU per signup in groups of 5 (bench note in docs/benchmarks.md). Both
   * databases scan an ascending index backwards for the newest-first pages, so no sort appears
   * (test/flows/forms/forms.indexes.test.ts checks the plans).
   */
  '0011_page_indexes_ascending': {
    async up(db: Kysely<any>) {
      const create = (name: string, table: string, columns: string[]) =>
        sql`CREATE INDEX ${sql.id(name)} ON ${sql.id(table)} (${sql.join(columns.map((c) => sql.id(c)))})`.execute(db);
      if (db.getExecutor().adapter instanceof SqliteAdapter) {
        // SQLite has no ALTER INDEX … RENAME; the migration holds the database's write lock anyway.
        for (const [name, table, columns] of PAGE_INDEXES) {
          await sql`DROP INDEX ${sql.id(name)}`.execute(db);
          await create(name, table, columns);
        }
        return;
      }
      // PostgreSQL: build the new indexes first (reads go on meanwhile), then swap names, so the
      // exclusive lock a DROP takes is held only for the short end of the transaction.
      for (const [name, table, columns] of PAGE_INDEXES) await create(`${name}_asc`, table, columns);
      for (const [name] of PAGE_INDEXES) {
        await sql`DROP INDEX ${sql.id(name)}`.execute(db);
        await sql`ALTER INDEX ${sql.id(`${name}_asc`)} RENAME TO ${sql.id(name)}`.execute(db);
      }
    },
  },
  // Why: WIRE's list_waitlist_signups rows carry an approximate place (area, approxLat,
  // approxLon, geohash) for programmatic (SDK) signups. Nullable: web signups have none.
  '0012_signup_geo': {
    async up(db: Kysely<any>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema.alterTable('waitlist_signups').addColumn('area', 'text').execute();
      // double precision: an 8-byte float on both databases (`real` is 4 bytes on PostgreSQL).
      await db.schema.alterTable('waitlist_signups').addColumn('approx_lat', 'double precision').execute();
      await db.schema.alterTable('waitlist_signups').addColumn('approx_lon', 'double precision').execute();
      await db.schema.alterTable('waitlist_signups').addColumn('geohash', 'text').execute();
    },
  },
};

const PAGE_INDEXES: [name: string, table: string, columns: string[]][] = [
  ['waitlist_signups_page_idx', 'waitlist_signups', ['app_id', 'created_at', 'id']],
  ['waitlist_signups_flow_page_idx', 'waitlist_signups', ['flow_id', 'created_at', 'id']],
  ['form_submissions_page_idx', 'form_submissions', ['app_id', 'type', 'created_at', 'id']],
  ['form_submissions_category_idx', 'form_submissions', ['app_id', 'type', 'category', 'created_at', 'id']],
];
