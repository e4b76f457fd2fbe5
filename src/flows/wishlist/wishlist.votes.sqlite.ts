import type SqliteDatabase from 'better-sqlite3';
import type { DurableWrite } from '../../db/durable-write.js';
import { createGroupCommit } from '../../db/group-commit.js';
import { sqliteBumper, type Bump } from '../../db/rollups.js';

export interface VoteOp {
  appId: string;
  ideaId: string;
  voterKey: string;
  on: boolean;
  now: string;
}

/** The idea's vote count after the op, or undefined when the idea is not public (missing or pending). */
export type VoteCommit = (op: VoteOp) => Promise<number | undefined>;

/**
 * SQLite group commit for votes (db/group-commit.ts, db/durable-write.ts): the votes of one
 * event-loop turn share one transaction and one WAL fsync, and each is answered only once it
 * is on disk. Each op is a constraint-guarded insert/delete and moves the counter only when a
 * row really changed, so vote_count equals the vote rows exactly; SQLite's single writer needs
 * no row locks (PostgreSQL's group, wishlist.votes.pg.ts, takes them and answers the same).
 */
export function sqliteVoteCommit(sqlite: SqliteDatabase.Database, durableWrite: DurableWrite): VoteCommit {
  const visible = sqlite.prepare("SELECT 1 FROM wishlist_ideas WHERE app_id = ? AND id = ? AND status <> 'pending'").pluck();
  const count = sqlite.prepare('SELECT vote_count FROM wishlist_ideas WHERE app_id = ? AND id = ?').pluck();
  const insert = sqlite.prepare('INSERT INTO wishlist_votes (idea_id, voter_key, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const remove = sqlite.prepare('DELETE FROM wishlist_votes WHERE idea_id = ? AND voter_key = ?');
  const move = sqlite.prepare('UPDATE wishlist_ideas SET vote_count = vote_count + ? WHERE app_id = ? AND id = ?');
  const bumpRollups = sqliteBumper(sqlite);
  const writeGroup = sqlite.transaction((ops: VoteOp[]) => {
    // Daily `wishlist.votes` counters of the votes added (an unvote does not take one back).
    const bumps: Bump[] = [];
    const out = ops.map((op) => {
      // Checked inside the transaction: a missing, pending or concurrently deleted idea fails only its own op.
      if (visible.get(op.appId, op.ideaId) === undefined) return undefined;
      const changed = op.on ? insert.run(op.ideaId, op.voterKey, op.now).changes : remove.run(op.ideaId, op.voterKey).changes;
      if (changed > 0) move.run(op.on ? 1 : -1, op.appId, op.ideaId);
      if (changed > 0 && op.on) bumps.push({ appId: op.appId, metric: 'wishlist.votes', at: op.now });
      return count.get(op.appId, op.ideaId) as number;
    });
    if (bumps.length) bumpRollups(bumps);
    return out;
  });
  // Each group is written as soon as it forms and waits for the next WAL fsync (coalesced: one
  // at a time, db/coalesced-sync.ts). Measured against one group at a time (the links module's
  // choice) on this workload: 0.23-0.25x vs 0.19-0.20x of raw node:http.
  const groups = createGroupCommit<VoteOp, number | undefined>((ops) => durableWrite(() => writeGroup.immediate(ops)), {
    maxInFlight: Number.POSITIVE_INFINITY,
    name: 'wishlist_votes',
  });
  return groups.submit;
}
