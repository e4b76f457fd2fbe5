import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/index.js';
import type { LinkClicksTable } from '../db/types.js';
import { writeOutbox } from '../db/outbox.js';
import { aggregate, pgShard, type Bump } from '../db/rollups.js';
import { LINK_LIMIT_REACHED, limitReachedData, reachesLimit, type LimitEvents } from './links.events.js';
import { byLink, clickBumps, rollUp, settle, type ClickOutcome, type Commit, type LinkCounters } from './links.settle.js';
import { retryRolledBack } from '../db/pg-retry.js';
import { openLinkClicks } from './links.clicks.pg-open.js';

/** How long a link found not open (a limit, an expiry, disabled) skips the one-statement path on this node. */
const CLOSED_MS = 1000;

/**
 * PostgreSQL: the clicks on open links in one statement (links.clicks.pg-open.ts); the others (a
 * link with a limit or an expiry, disabled, gone) in one locking transaction per group, below.
 * Row locks make limits exact across server processes. The transaction takes four round trips
 * (BEGIN, the locking read, one statement for every write, COMMIT): the writes were five
 * statements, and under load each round trip waits for an event-loop turn busy with requests
 * while the next group waits for this one's locks.
 */
export function postgresCommit(db: Db, pool: pg.Pool, limit?: LimitEvents): Commit {
  const commitOnce: Commit = (clicks, now) =>
    db.transaction().execute(async (trx) => {
      const groups = byLink(clicks);
      const locked = await sql<LinkCounters & { id: string; app_id: string }>`
        SELECT id, app_id, status, expires_at, max_clicks, click_count, history_count FROM links
        WHERE id IN (${sql.join([...groups.keys()])}) ORDER BY id FOR UPDATE`.execute(trx);
      const rows = new Map(locked.rows.map((r) => [r.id, r]));
      const outcomes: ClickOutcome[] = new Array(clicks.length);
      const history: LinkClicksTable[] = [];
      const bumps: Bump[] = [];
      const moved: { id: string; granted: number; bots: number; history: number }[] = [];
      // Links this group takes to their limit whose app has a listener: their event goes in this transaction.
      const reached: string[] = [];
      for (const [linkId, indexes] of groups) {
        const row = rows.get(linkId);
        const s = settle(row, indexes.map((i) => clicks[i]), now);
        if (row) clickBumps(bumps, row.app_id, linkId, s, now);
        if (s.history.length) moved.push({ id: linkId, granted: s.granted, bots: s.bots, history: s.history.length });
        if (row && limit && reachesLimit(row, s.granted) && limit.events.listens(row.app_id, LINK_LIMIT_REACHED)) reached.push(linkId);
        history.push(...s.history);
        indexes.forEach((ci, k) => (outcomes[ci] = s.outcomes[k]));
      }
      await writeGroup(trx, moved, history, bumps);
      if (limit && reached.length) {
        const full = await trx.selectFrom('links as l').innerJoin('apps as a', 'a.id', 'l.app_id').selectAll('l').select('a.slug as app_slug').where('l.id', 'in', reached).execute();
        await writeOutbox(
          trx,
          full.map((r) => limit.events.event(r.app_id, LINK_LIMIT_REACHED, () => limitReachedData(r, limit.shortLinkUrl, now), now)),
        );
      }
      return outcomes;
    });
  const open = openLinkClicks(pool);
  // Links this node found not open lately: their clicks go straight to the transaction.
  const closed = new Map<string, number>();
  // Rolled back by PostgreSQL (a deadlock with another transaction): the statement, or the whole transaction, again.
  return async (clicks, now) => {
    const t = performance.now();
    const tryOpen = clicks.filter((c) => !(t - (closed.get(c.linkId) ?? -Infinity) < CLOSED_MS));
    const taken = tryOpen.length ? await retryRolledBack(() => open(tryOpen, now)) : new Set<string>();
    const rest = clicks.filter((c) => !taken.has(c.linkId));
    if (closed.size > 10_000) closed.clear();
    for (const c of tryOpen) if (!taken.has(c.linkId)) closed.set(c.linkId, t);
    if (!rest.length) return clicks.map((): ClickOutcome => 'redirect');
    const settled = await retryRolledBack(() => commitOnce(rest, now));
    let k = 0;
    // `rest` keeps the group's order: its outcomes fill the clicks not taken, in turn.
    return clicks.map((c) => (taken.has(c.linkId) ? 'redirect' : settled[k++]));
  };
}

const CHUNK = 1000;

/**
 * The group's writes in one statement (data-modifying CTEs): the links' counters, the history
 * rows (beyond the first 1,000, one more statement per 1,000), the per-destination counts and
 * the daily roll-ups. Counter rows are only touched under their link's row lock (taken before),
 * so no deadlocks; the daily roll-ups of a link's own series are written under its row lock
 * (reset and delete clear them under the same lock), the app's spread over shards.
 */
async function writeGroup(trx: Db, moved: { id: string; granted: number; bots: number; history: number }[], history: LinkClicksTable[], bumps: Bump[]) {
  const parts: RawBuilder<unknown>[] = [];
  if (moved.length) {
    parts.push(sql`UPDATE links AS l SET click_count = l.click_count + d.g::integer, bot_click_count = l.bot_click_count + d.b::integer, history_count = l.history_count + d.h::integer
      FROM (VALUES ${sql.join(moved.map((m) => sql`(${m.id}, ${m.granted}, ${m.bots}, ${m.history})`))}) AS d (id, g, b, h) WHERE l.id = d.id`);
  }
  const clickRows = (rows: LinkClicksTable[]) =>
    sql`INSERT INTO link_clicks (link_id, seq, created_at, target, country, is_bot) VALUES ${sql.join(rows.map((h) => sql`(${h.link_id}, ${h.seq}, ${h.created_at}, ${h.target}, ${h.country}, ${h.is_bot})`))}`;
  if (history.length) parts.push(clickRows(history.slice(0, CHUNK)));
  const counts = rollUp(history);
  if (counts.length) {
    parts.push(sql`INSERT INTO link_click_counts (link_id, target, country, is_bot, clicks)
      VALUES ${sql.join(counts.map((c) => sql`(${c.link_id}, ${c.target}, ${c.country}, ${c.is_bot}, ${c.clicks})`))}
      ON CONFLICT (link_id, target, country, is_bot) DO UPDATE SET clicks = link_click_counts.clicks + excluded.clicks`);
  }
  const daily = aggregate(bumps).filter((r) => r.n !== 0);
  if (daily.length) {
    const shard = sql.lit(pgShard());
    parts.push(sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
      VALUES ${sql.join(daily.map((r) => sql`(${r.app_id}, ${r.metric}, ${r.day}, ${shard}, ${r.n})`))}
      ON CONFLICT (app_id, metric, day, shard) DO UPDATE SET n = daily_counts.n + excluded.n`);
  }
  if (parts.length) {
    const main = parts.pop()!;
    await (parts.length ? sql`WITH ${sql.join(parts.map((p, i) => sql`${sql.raw(`w${i}`)} AS (${p})`))} ${main}` : main).execute(trx);
  }
  for (let i = CHUNK; i < history.length; i += CHUNK) await clickRows(history.slice(i, i + CHUNK)).execute(trx);
}
