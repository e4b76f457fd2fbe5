import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const dashboardLinksMigrations: Record<string, Migration> = {
  /**
   * Why: the short links dashboard charts clicks per day (humans and bots, per app and per link)
   * from daily roll-ups the click recorder now keeps (links.settle.ts `clickBumps`); this fills
   * them with the clicks stored before. Humans count as the link stats do (sent to a destination,
   * not the ended page), bots all. Deleted links took their history with them, so the app-level
   * counters start from what is still stored.
   */
  '0123_link_click_rollups': {
    async up(db: Kysely<any>) {
      const backfill = (metric: ReturnType<typeof sql>, where: ReturnType<typeof sql>) =>
        sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
          SELECT l.app_id, ${metric}, substr(c.created_at, 1, 10), 0, COUNT(*)
          FROM link_clicks c JOIN links l ON l.id = c.link_id
          WHERE ${where}
          GROUP BY 1, 2, 3`.execute(db);
      const human = sql`c.is_bot = 0 AND c.target <> 'expired'`;
      const bot = sql`c.is_bot <> 0`;
      await backfill(sql`'links.clicks'`, human);
      await backfill(sql`'links.bot_clicks'`, bot);
      await backfill(sql`'link.clicks:' || l.id`, human);
      await backfill(sql`'link.bot_clicks:' || l.id`, bot);
    },
  },
};
