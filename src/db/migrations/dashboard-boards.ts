import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const dashboardBoardsMigrations: Record<string, Migration> = {
  /**
   * Why: the dashboard's waitlist breakdowns (by source, by country) and the wishlist's ideas and
   * votes per day read daily counters (src/db/rollups.ts) that writers now add in their own
   * transactions; this fills them with what arrived before. Deleted rows cannot be counted back.
   */
  '0122_dashboard_boards': {
    async up(db: Kysely<any>) {
      const day = sql`substr(created_at, 1, 10)`;
      await sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
        SELECT app_id, 'waitlist.source:' || coalesce(nullif(source, ''), 'direct'), ${day}, 0, COUNT(*) FROM waitlist_signups
        GROUP BY 1, 2, 3`.execute(db);
      await sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
        SELECT app_id, 'waitlist.country:' || coalesce(nullif(country, ''), 'unknown'), ${day}, 0, COUNT(*) FROM waitlist_signups
        GROUP BY 1, 2, 3`.execute(db);
      await sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
        SELECT app_id, 'wishlist.ideas', ${day}, 0, COUNT(*) FROM wishlist_ideas
        GROUP BY 1, 2, 3`.execute(db);
      await sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
        SELECT i.app_id, 'wishlist.votes', substr(v.created_at, 1, 10), 0, COUNT(*) FROM wishlist_votes v JOIN wishlist_ideas i ON i.id = v.idea_id
        GROUP BY 1, 2, 3`.execute(db);
    },
  },
};
