import type SqliteDatabase from 'better-sqlite3';
import type { DurableWrite } from '../db/durable-write.js';
import { byLink, rollUp, settle, type Click, type ClickOutcome, type Commit, type LinkCounters } from './links.settle.js';

/** One IMMEDIATE transaction (the write lock is taken up front) for a group of clicks. Synchronous. */
function sqliteGroupWriter(sqlite: SqliteDatabase.Database) {
  const read = sqlite.prepare('SELECT status, expires_at, max_clicks, click_count, history_count FROM links WHERE id = ?');
  const count = sqlite.prepare(
    'UPDATE links SET click_count = click_count + ?, bot_click_count = bot_click_count + ?, history_count = history_count + ? WHERE id = ?',
  );
  const insert = sqlite.prepare('INSERT INTO link_clicks (link_id, seq, created_at, target, country, is_bot) VALUES (?, ?, ?, ?, ?, ?)');
  const add = sqlite.prepare(
    'INSERT INTO link_click_counts (link_id, target, country, is_bot, clicks) VALUES (?, ?, ?, ?, ?) ON CONFLICT (link_id, target, country, is_bot) DO UPDATE SET clicks = clicks + excluded.clicks',
  );
  const write = sqlite.transaction((clicks: Click[], now: string) => {
    const outcomes: ClickOutcome[] = new Array(clicks.length);
    for (const [linkId, indexes] of byLink(clicks)) {
      const s = settle(read.get(linkId) as LinkCounters | undefined, indexes.map((i) => clicks[i]), now);
      if (s.history.length) count.run(s.granted, s.bots, s.history.length, linkId);
      for (const h of s.history) insert.run(h.link_id, h.seq, h.created_at, h.target, h.country, h.is_bot);
      for (const c of rollUp(s.history)) add.run(c.link_id, c.target, c.country, c.is_bot, c.clicks);
      indexes.forEach((ci, k) => (outcomes[ci] = s.outcomes[k]));
    }
    return outcomes;
  });
  return (clicks: Click[], now: string): ClickOutcome[] => write.immediate(clicks, now);
}

/** The SQLite committer: the group's transaction, answered once its WAL frames are on disk (db/durable-write.ts). */
export function sqliteCommit(sqlite: SqliteDatabase.Database, durableWrite: DurableWrite): Commit {
  const write = sqliteGroupWriter(sqlite);
  return (clicks, now) => durableWrite(() => write(clicks, now));
}
