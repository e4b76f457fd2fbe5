import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const dashboardAnalyticsMigrations: Record<string, Migration> = {
  /**
   * Why: the flow analytics pages and the overview chart cancel saves, attributed referrals and
   * promotion impressions and taps per day from daily roll-ups; their writers add to them from
   * now on, so the counters must first hold what arrived before (backfilled from the rows).
   */
  '0124_flow_analytics_rollups': {
    async up(db: Kysely<any>) {
      // A save: the cancel session's one exit (key '') by an action that keeps the subscriber (cancel.deeplink.ts SAVED_ACTIONS).
      await sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
        SELECT st.app_id, 'cancel.saves', substr(st.created_at, 1, 10), 0, COUNT(*)
        FROM flow_steps st JOIN flow_sessions s ON s.id = st.session_id
        WHERE s.flow_type = 'cancel' AND st.step = 'exit' AND st.key = '' AND st.detail IN ('return_to_app', 'open_offer', 'open_premium')
        GROUP BY 1, 2, 3`.execute(db);
      await sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
        SELECT app_id, 'referral.referrals', substr(attributed_at, 1, 10), 0, COUNT(*)
        FROM referrals WHERE status = 'attributed' AND attributed_at IS NOT NULL
        GROUP BY 1, 2, 3`.execute(db);
      await sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
        SELECT app_id, CASE event WHEN 'impression' THEN 'promotion.impressions' ELSE 'promotion.taps' END, substr(created_at, 1, 10), 0, COUNT(*)
        FROM promotion_events WHERE event IN ('impression', 'tapped')
        GROUP BY 1, 2, 3`.execute(db);
    },
  },
};
