import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { LinkClicksTable } from '../db/types.js';
import { bump, pgShard, type Bump } from '../kernel/rollups.js';
import { byLink, clickBumps, rollUp, settle, type ClickOutcome, type Commit, type LinkCounters } from './links.settle.js';

/** PostgreSQL: one transaction per group; row locks make limits exact across server processes. */
export function postgresCommit(db: Db): Commit {
  return (clicks, now) =>
    db.transaction().execute(async (trx) => {
      const groups = byLink(clicks);
      const locked = await sql<LinkCounters & { id: string; app_id: string }>`
        SELECT id, app_id, status, expires_at, max_clicks, click_count, history_count FROM links
        WHERE id IN (${sql.join([...groups.keys()])}) ORDER BY id FOR UPDATE`.execute(trx);
      const rows = new Map(locked.rows.map((r) => [r.id, r]));
      const outcomes: ClickOutcome[] = new Array(clicks.length);
      const history: LinkClicksTable[] = [];
      const bumps: Bump[] = [];
      for (const [linkId, indexes] of groups) {
        const row = rows.get(linkId);
        const s = settle(row, indexes.map((i) => clicks[i]), now);
        if (row) clickBumps(bumps, row.app_id, linkId, s, now);
        if (s.history.length) {
          await trx
            .updateTable('links')
            .set((eb) => ({
              click_count: eb('click_count', '+', s.granted),
              bot_click_count: eb('bot_click_count', '+', s.bots),
              history_count: eb('history_count', '+', s.history.length),
            }))
            .where('id', '=', linkId)
            .execute();
        }
        history.push(...s.history);
        indexes.forEach((ci, k) => (outcomes[ci] = s.outcomes[k]));
      }
      for (let i = 0; i < history.length; i += 1000) await trx.insertInto('link_clicks').values(history.slice(i, i + 1000)).execute();
      // Counter rows are only touched under their link's row lock (taken above), so no deadlocks.
      const counts = rollUp(history);
      if (counts.length) {
        await trx
          .insertInto('link_click_counts')
          .values(counts)
          .onConflict((oc) => oc.columns(['link_id', 'target', 'country', 'is_bot']).doUpdateSet((eb) => ({ clicks: eb('link_click_counts.clicks', '+', eb.ref('excluded.clicks')) })))
          .execute();
      }
      // Daily roll-ups, one statement per group; the link's own series are written under its row
      // lock (reset and delete clear them under the same lock), the app's spread over shards.
      await bump(trx, bumps, pgShard());
      return outcomes;
    });
}
