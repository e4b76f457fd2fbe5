import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Timestamps are ISO text and booleans 0/1 on both dialects (see kernel.ts).
export const wishlistMigrations: Record<string, Migration> = {
  // Why: the public feature board. vote_count and comment_count are denormalised for the list
  // sorts; the service changes them only in the same transaction as the row they count.
  '0020_wishlist': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('wishlist_ideas')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('category', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('author_name', 'text')
        // Contact email the author chose to give (the owner sees it); never the dedupe input alone.
        .addColumn('email', 'text')
        .addColumn('email_hash', 'text')
        .addColumn('voter_key', 'text')
        .addColumn('source', 'text')
        .addColumn('country', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // One index per board sort (votes: pinned, votes, newest, id; new: newest, id).
      await db.schema
        .createIndex('wishlist_ideas_votes_idx')
        .on('wishlist_ideas')
        .columns(['app_id', 'pinned desc', 'vote_count desc', 'created_at desc', 'id'])
        .execute();
      await db.schema.createIndex('wishlist_ideas_new_idx').on('wishlist_ideas').columns(['app_id', 'created_at desc', 'id']).execute();

      // The primary key is the dedupe constraint: one vote per voter per idea.
      await db.schema
        .createTable('wishlist_votes')
        .addColumn('idea_id', 'text', (c) => c.notNull().references('wishlist_ideas.id').onDelete('cascade'))
        .addColumn('voter_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('wishlist_votes_pk', ['idea_id', 'voter_key'])
        .execute();
      await sql`CREATE INDEX wishlist_votes_voter_idx ON wishlist_votes (voter_key, idea_id)`.execute(db);

      await db.schema
        .createTable('wishlist_comments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('idea_id', 'text', (c) => c.notNull().references('wishlist_ideas.id').onDelete('cascade'))
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('author_name', 'text')
        .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_official', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('voter_key', 'text')
        .addColumn('deleted_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wishlist_comments_idea_idx').on('wishlist_comments').columns(['idea_id', 'created_at', 'id']).execute();
    },
  },
  // Why: every query on votes names the idea (hasVoted looks up (idea_id, voter_key) pairs for
  // a page of ideas), so the primary key serves them all; the extra voter index only cost one
  // more random page written per vote (the hot write path).
  '0021_drop_votes_voter_idx': {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex('wishlist_votes_voter_idx').execute();
    },
  },
  // Why: on SQLite, votes become a WITHOUT ROWID table clustered by (idea_id, voter_key): a
  // vote writes one B-tree instead of a rowid table plus its key index, and an unvote no longer
  // dirties a random page of the rowid table too. PostgreSQL keeps its heap table.
  '0022_votes_clustered': {
    async up(db: Kysely<any>) {
      if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
      await sql`CREATE TABLE wishlist_votes_new (
        idea_id TEXT NOT NULL REFERENCES wishlist_ideas (id) ON DELETE CASCADE,
        voter_key TEXT NOT NULL,
        created_at TEXT NOT NULL,
        CONSTRAINT wishlist_votes_pk PRIMARY KEY (idea_id, voter_key)
      ) WITHOUT ROWID`.execute(db);
      await sql`INSERT INTO wishlist_votes_new (idea_id, voter_key, created_at) SELECT idea_id, voter_key, created_at FROM wishlist_votes`.execute(db);
      await sql`DROP TABLE wishlist_votes`.execute(db);
      await sql`ALTER TABLE wishlist_votes_new RENAME TO wishlist_votes`.execute(db);
    },
  },
};
