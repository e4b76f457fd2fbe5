import type { LinkClickCountsTable, LinkClicksTable } from '../db/types.js';
import type { Bump } from '../db/rollups.js';

/** What the click recorder decides, shared by the SQLite and PostgreSQL committers. */

export type ClickTarget = 'ios' | 'android' | 'fallback';
/** redirect: go to the destination; ended: expired / limit reached; disabled; gone: deleted. */
export type ClickOutcome = 'redirect' | 'ended' | 'disabled' | 'gone';

export interface Click {
  linkId: string;
  bot: boolean;
  target: ClickTarget;
  country: string | null;
}

export interface LinkCounters {
  status: string;
  expires_at: string | null;
  max_clicks: number | null;
  click_count: number;
  history_count: number;
}

/** Commits a group of clicks; resolves (after the commit) with one outcome per click, in order. */
export type Commit = (clicks: Click[], now: string) => Promise<ClickOutcome[]>;

/** Decides one link's clicks of a group, in arrival order. Pure: the committers only do I/O. */
export function settle(row: LinkCounters | undefined, clicks: readonly Click[], now: string) {
  const outcomes: ClickOutcome[] = [];
  const history: LinkClicksTable[] = [];
  let granted = 0;
  let bots = 0;
  if (!row) return { outcomes: clicks.map((): ClickOutcome => 'gone'), history, granted, bots };
  const expired = row.expires_at !== null && row.expires_at <= now;
  for (const c of clicks) {
    if (row.status === 'disabled') {
      outcomes.push('disabled');
      continue;
    }
    const ended = expired || (row.max_clicks !== null && row.click_count + granted >= row.max_clicks);
    if (c.bot) bots++;
    else if (!ended) granted++;
    outcomes.push(ended ? 'ended' : 'redirect');
    history.push({
      link_id: c.linkId,
      seq: row.history_count + history.length,
      created_at: now,
      target: ended ? 'expired' : c.target,
      country: c.country,
      is_bot: c.bot ? 1 : 0,
    });
  }
  return { outcomes, history, granted, bots };
}

/** Click indexes grouped by link, links in id order (one lock order everywhere: no deadlocks). */
export function byLink(clicks: readonly Click[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  clicks.forEach((c, i) => {
    const g = groups.get(c.linkId);
    if (g) g.push(i);
    else groups.set(c.linkId, [i]);
  });
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A group's history rows summed into counter increments, one per (link, target, country, bot), in key order. */
export function rollUp(history: readonly LinkClicksTable[]): LinkClickCountsTable[] {
  const sums = new Map<string, LinkClickCountsTable>();
  for (const h of history) {
    const country = h.country ?? '';
    const key = `${h.link_id}\n${h.target}\n${country}\n${h.is_bot}`;
    const sum = sums.get(key);
    if (sum) sum.clicks++;
    else sums.set(key, { link_id: h.link_id, target: h.target, country, is_bot: h.is_bot, clicks: 1 });
  }
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

/** Daily roll-up metrics of short links (db/rollups.ts): human clicks sent to a destination, and bot fetches. */
export const CLICK_METRICS = { clicks: 'links.clicks', bots: 'links.bot_clicks' } as const;
/** One link's own series (cleared by resetClicks and delete). */
export const linkMetrics = (linkId: string) => ({ clicks: `link.clicks:${linkId}`, bots: `link.bot_clicks:${linkId}` });

/**
 * What one link's settled clicks add to the daily counters: the app's and the link's own. Humans
 * count as `stats.clicks` does (sent to a destination: `granted`), bots as `botClicks` (all of them).
 */
export function clickBumps(out: Bump[], appId: string, linkId: string, s: { granted: number; bots: number }, now: string) {
  const own = linkMetrics(linkId);
  if (s.granted) out.push({ appId, metric: CLICK_METRICS.clicks, at: now, n: s.granted }, { appId, metric: own.clicks, at: now, n: s.granted });
  if (s.bots) out.push({ appId, metric: CLICK_METRICS.bots, at: now, n: s.bots }, { appId, metric: own.bots, at: now, n: s.bots });
}
