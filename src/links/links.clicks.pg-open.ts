import type pg from 'pg';
import { pgStatement } from '../db/pg-statement.js';
import { dayOf, pgShard } from '../db/rollups.js';
import { CLICK_METRICS, linkMetrics, rollUp, type Click } from './links.settle.js';

/**
 * PostgreSQL: the clicks of a group on open links (enabled, no click limit, not expired) in one
 * statement, committed on its own: one round trip instead of four (BEGIN, the locking read, the
 * writes, COMMIT; links.clicks.pg.ts). Such a link sends every click to its destination, so
 * nothing needs deciding in JS between the read and the writes. The statement still decides
 * under the links' row locks, taken in id order: a link that is not open any more (disabled, a
 * limit or an expiry set, deleted, on this node or another) is left out, and its clicks go to
 * the locking transaction, which decides them exactly. Every row is an array parameter, so the
 * text never changes and the statement is prepared once per connection (db/pg-statement.ts).
 *
 * The writes are those of the locking path for a link whose clicks all redirect: counters moved
 * by the group's humans, bots and history rows; history rows numbered from the link's
 * history_count; per-destination counts; the daily roll-ups of the app and of the link.
 */
const OPEN_CLICKS = `WITH d AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[]) AS d (id, humans, bots, total)
  ), lk AS (
    SELECT l.id FROM links l JOIN d ON d.id = l.id
    WHERE l.status <> 'disabled' AND l.max_clicks IS NULL AND (l.expires_at IS NULL OR l.expires_at > $5)
    ORDER BY l.id FOR UPDATE OF l
  ), u AS (
    UPDATE links AS l SET click_count = l.click_count + d.humans, bot_click_count = l.bot_click_count + d.bots, history_count = l.history_count + d.total
    FROM lk JOIN d ON d.id = lk.id WHERE l.id = lk.id
    RETURNING l.id, l.app_id, l.history_count - d.total AS base, d.humans, d.bots
  ), h AS (
    INSERT INTO link_clicks (link_id, seq, created_at, target, country, is_bot)
    SELECT c.link_id, u.base + c.k, $5, c.target, c.country, c.is_bot
    FROM unnest($6::text[], $7::int[], $8::text[], $9::text[], $10::int[]) AS c (link_id, k, target, country, is_bot) JOIN u ON u.id = c.link_id
  ), r AS (
    INSERT INTO link_click_counts (link_id, target, country, is_bot, clicks)
    SELECT r.link_id, r.target, r.country, r.is_bot, r.n
    FROM unnest($11::text[], $12::text[], $13::text[], $14::int[], $15::int[]) AS r (link_id, target, country, is_bot, n) JOIN u ON u.id = r.link_id
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (link_id, target, country, is_bot) DO UPDATE SET clicks = link_click_counts.clicks + excluded.clicks
  ), daily AS (
    INSERT INTO daily_counts (app_id, metric, day, shard, n)
    SELECT x.app_id, x.metric, $16, $17, SUM(x.n) FROM (
      SELECT app_id, $18 AS metric, humans AS n FROM u
      UNION ALL SELECT app_id, $19 || id, humans FROM u
      UNION ALL SELECT app_id, $20, bots FROM u
      UNION ALL SELECT app_id, $21 || id, bots FROM u
    ) x WHERE x.n > 0 GROUP BY x.app_id, x.metric ORDER BY 1, 2
    ON CONFLICT (app_id, metric, day, shard) DO UPDATE SET n = daily_counts.n + excluded.n
  )
  SELECT id FROM u`;

/** Commits what it can of a group's clicks in one statement; resolves with the ids of the links it took. */
export function openLinkClicks(pool: pg.Pool) {
  const run = pgStatement<{ id: string }>(pool, OPEN_CLICKS);
  const own = linkMetrics('');
  return async (clicks: readonly Click[], now: string): Promise<Set<string>> => {
    const links = new Map<string, { humans: number; bots: number; total: number }>();
    const perClick = { link: [] as string[], k: [] as number[], target: [] as string[], country: [] as (string | null)[], bot: [] as number[] };
    for (const c of clicks) {
      let l = links.get(c.linkId);
      if (!l) links.set(c.linkId, (l = { humans: 0, bots: 0, total: 0 }));
      perClick.link.push(c.linkId);
      perClick.k.push(l.total++);
      perClick.target.push(c.target);
      perClick.country.push(c.country);
      perClick.bot.push(c.bot ? 1 : 0);
      if (c.bot) l.bots++;
      else l.humans++;
    }
    const counts = rollUp(clicks.map((c, i) => ({ link_id: c.linkId, seq: i, created_at: now, target: c.target, country: c.country, is_bot: c.bot ? 1 : 0 })));
    const ids = [...links.keys()];
    const rows = await run([
      ids,
      ids.map((id) => links.get(id)!.humans),
      ids.map((id) => links.get(id)!.bots),
      ids.map((id) => links.get(id)!.total),
      now,
      perClick.link,
      perClick.k,
      perClick.target,
      perClick.country,
      perClick.bot,
      counts.map((r) => r.link_id),
      counts.map((r) => r.target),
      counts.map((r) => r.country),
      counts.map((r) => r.is_bot),
      counts.map((r) => r.clicks),
      dayOf(now),
      pgShard(),
      CLICK_METRICS.clicks,
      own.clicks,
      CLICK_METRICS.bots,
      own.bots,
    ]);
    return new Set(rows.map((r) => r.id));
  };
}
