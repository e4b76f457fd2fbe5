import { createGroupCommit } from '../db/group-commit.js';
import type { DbHandle } from '../db/index.js';
import type { Clock } from '../kernel/clock.js';
import { postgresCommit } from './links.clicks.pg.js';
import type { LimitEvents } from './links.events.js';
import { sqliteCommit } from './links.clicks.sqlite.js';
import type { Click, ClickOutcome, Commit } from './links.settle.js';

/**
 * Group commit for clicks (db/group-commit.ts). A redirect is answered only once its click is
 * durably committed, yet one fsync per click would cap throughput; so the clicks of one
 * event-loop turn share a transaction, and while a group commits the clicks that arrive form
 * the next one. One group at a time measured better than two to four in flight on this disk
 * (fewer, larger syncs: better median throughput and p99; docs/links.md).
 *
 * Inside the transaction each link's row is read and written under a write lock
 * (SQLite: BEGIN IMMEDIATE; PostgreSQL: SELECT ... FOR UPDATE in id order), so status,
 * expiry and maxClicks are decided at commit time, exactly, across processes: with
 * maxClicks = L exactly L human clicks are ever sent to the destination, and the group whose
 * clicks reach L writes the link's `link.click_limit_reached` event (links.events.ts), once.
 */
export function createClickRecorder({ db, clock, limit }: { db: DbHandle; clock: Clock; limit?: LimitEvents }) {
  let commit: Commit | undefined;
  const groups = createGroupCommit<Click, ClickOutcome>(
    (clicks) => {
      // Lazily: CLI commands that never record a click prepare nothing.
      commit ??= db.sqlite && db.durableWrite ? sqliteCommit(db.sqlite, db.durableWrite, limit) : postgresCommit(db.db, db.pg!, limit);
      return commit(clicks, clock.now().toISOString());
    },
    // At most 1,000 clicks a group: PostgreSQL writes a group in one statement (links.clicks.pg.ts),
    // about 10 parameters per link and 6 per history row, under its 65,535 whatever queued meanwhile.
    { maxInFlight: 1, name: 'link_clicks', maxItems: 1000 },
  );
  return {
    /** Resolves once the click is committed (or known not to count), with what the visitor gets. */
    record: groups.submit,
    /** Resolves when every queued click is committed. */
    drain: groups.drain,
  };
}
