import type SqliteDatabase from 'better-sqlite3';
import { durableSqliteWriter } from '../db/durable-write.js';
import { startCheckpointer } from './links.checkpoint.js';
import { byLink, settle, type Click, type ClickOutcome, type Commit, type LinkCounters } from './links.settle.js';

/** One IMMEDIATE transaction (the write lock is taken up front) for a group of clicks. Synchronous. */
function sqliteGroupWriter(sqlite: SqliteDatabase.Database) {
  const read = sqlite.prepare('SELECT status, expires_at, max_clicks, click_count, history_count FROM links WHERE id = ?');
  const count = sqlite.prepare(
    'UPDATE links SET click_count = click_count + ?, bot_click_count = bot_click_count + ?, history_count = history_count + ? WHERE id = ?',
  );
  const insert = sqlite.prepare('INSERT INTO link_clicks (link_id, seq, created_at, target, country, is_bot) VALUES (?, ?, ?, ?, ?, ?)');
  const write = sqlite.transaction((clicks: Click[], now: string) => {
    const outcomes: ClickOutcome[] = new Array(clicks.length);
    for (const [linkId, indexes] of byLink(clicks)) {
      const s = settle(read.get(linkId) as LinkCounters | undefined, indexes.map((i) => clicks[i]), now);
      if (s.history.length) count.run(s.granted, s.bots, s.history.length, linkId);
      for (const h of s.history) insert.run(h.link_id, h.seq, h.created_at, h.target, h.country, h.is_bot);
      indexes.forEach((ci, k) => (outcomes[ci] = s.outcomes[k]));
    }
    return outcomes;
  });
  return (clicks: Click[], now: string): ClickOutcome[] => write.immediate(clicks, now);
}

/**
 * SQLite group commit without blocking the event loop on fsync. The group's transaction runs
 * synchronously on the shared connection with synchronous=NORMAL (the WAL frames are
 * written, not yet fsynced: microseconds), then the WAL file is fsynced on libuv's thread
 * pool and only then are the group's requests answered. The answered clicks are exactly as
 * durable as with synchronous=FULL (kill -9 and power loss), while the event loop keeps
 * serving requests (and gathering the next group) during the sync. Other writers on
 * the connection keep synchronous=FULL: the pragma is restored before anything else runs.
 */
export function sqliteCommit(sqlite: SqliteDatabase.Database): { commit: Commit; close(): Promise<void> } {
  const write = sqliteGroupWriter(sqlite);
  const durable = durableSqliteWriter(sqlite);
  const checkpointer = sqlite.memory ? undefined : startCheckpointer(sqlite.name);
  const commit: Commit = (clicks, now) => durable(() => write(clicks, now));
  return { commit, close: async () => checkpointer?.stop() };
}
