import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/index.js';
import { createGroupCommit } from '../../db/group-commit.js';
import { pgStatement } from '../../db/pg-statement.js';
import { aggregate, dayOf, pgShard, type Bump } from '../../db/rollups.js';
import type { VoteCommit, VoteOp } from './wishlist.votes.sqlite.js';
import { retryRolledBack } from '../../db/pg-retry.js';

interface LockedIdea {
  id: string;
  app_id: string;
  status: string;
  vote_count: number;
}

/** The ops of one (idea, voter) pair, in the order they arrived. */
interface Pair {
  ideaId: string;
  voterKey: string;
  ops: number[];
}

/**
 * PostgreSQL group commit for votes: the votes and unvotes of one event-loop turn share one
 * transaction. One vote a transaction made every vote of a hot idea wait for the previous
 * vote's commit on the idea's row lock (~1,000 votes/s on the hot-paths bench); a group waits
 * once. The transaction:
 *
 * 1. locks the group's idea rows in id order (two nodes' groups cannot deadlock) and checks
 *    what the single-vote path checks: the idea exists in this app and is not pending
 *    (otherwise only that op fails, answered undefined);
 * 2. brings each (idea, voter) pair to its last op's state in one statement: an insert with
 *    ON CONFLICT DO NOTHING or a delete, RETURNING what really changed. That tells the pair's
 *    state before the group, from which each op's own effect and answer (the idea's count right
 *    after it, as if the group's ops ran one by one in arrival order) follow;
 * 3. moves each idea's vote_count by what was really inserted less what was really deleted
 *    and adds the `wishlist.votes` counters of the votes added (an unvote takes none back), in
 *    one statement.
 *
 * Every vote row of an idea changes only under its idea's row lock (the owner's delete and the
 * data-rights erase lock the idea first too), so vote_count equals the rows, and one voter has
 * at most one row (primary key). One group commits at a time: the next one would only wait
 * for this one's locks, and meanwhile gathers more votes.
 *
 * A group of votes only (the usual case: a popular idea) skips the transaction: one prepared
 * statement does the same under the same locks (VOTES_ONLY below).
 */
export function postgresVoteCommit(db: Db, pool: pg.Pool): VoteCommit {
  const commitOnce = (ops: VoteOp[]) =>
    db.transaction().execute(async (trx) => {
      const ids = [...new Set(ops.map((o) => o.ideaId))];
      const locked = await sql<LockedIdea>`SELECT id, app_id, status, vote_count FROM wishlist_ideas WHERE id IN (${sql.join(ids)}) ORDER BY id FOR UPDATE`.execute(trx);
      const pairs = pairsOf(ops, locked.rows);
      const last = (p: Pair) => ops[p.ops[p.ops.length - 1]];
      const adds = [...pairs.values()].filter((p) => last(p).on);
      const removes = [...pairs.values()].filter((p) => !last(p).on);
      const changed = await writePairs(trx, adds, removes, (p) => firstOfLastRun(ops, p).now);
      const { out, moved, bumps } = replay(ops, pairs, locked.rows, changed);
      await moveCounts(trx, moved, bumps);
      return out;
    });
  const votesOnly = votesStatement(pool);
  // Rolled back by PostgreSQL (a deadlock with another transaction): the statement, or the whole transaction, again.
  const commit = (ops: VoteOp[]) => retryRolledBack(() => (ops.every((o) => o.on && dayOf(o.now) === dayOf(ops[0].now)) ? votesOnly(ops) : commitOnce(ops)));
  // At most 5,000 votes a group: 3 parameters each stay far below PostgreSQL's 65,535 per statement,
  // however many votes queued behind a slow group (one waiting on an idea deleted meanwhile).
  return createGroupCommit<VoteOp, number | undefined>(commit, { maxInFlight: 1, name: 'wishlist_votes', maxItems: 5000 }).submit;
}

/**
 * A group of votes only (no unvote), all of one UTC day, in one statement committed on its own:
 * one round trip instead of five. It locks the ideas in id order (the transaction's order) and
 * inserts only for ideas that are public in the op's app; ON CONFLICT sees every committed row
 * whatever the statement's snapshot, so a vote another node stored meanwhile is found, and the
 * count moves by the rows really inserted, as in the transaction. An unvote needs that
 * transaction: a DELETE in the same statement as the lock would miss a row committed between
 * the snapshot and the lock. The text never changes (arrays): prepared once per connection.
 */
const VOTES_ONLY = `WITH p AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS p (idea_id, voter_key, app_id, created_at)
  ), lk AS (
    SELECT i.id, i.app_id, i.status, i.vote_count FROM wishlist_ideas i
    WHERE i.id IN (SELECT idea_id FROM p) AND i.status <> 'pending' ORDER BY i.id FOR UPDATE
  ), ins AS (
    INSERT INTO wishlist_votes (idea_id, voter_key, created_at)
    SELECT p.idea_id, p.voter_key, p.created_at FROM p JOIN lk ON lk.id = p.idea_id AND lk.app_id = p.app_id ORDER BY 1, 2
    ON CONFLICT (idea_id, voter_key) DO NOTHING RETURNING idea_id, voter_key
  ), n AS (
    SELECT idea_id, COUNT(*)::int AS n FROM ins GROUP BY idea_id
  ), moved AS (
    UPDATE wishlist_ideas AS i SET vote_count = i.vote_count + n.n FROM n WHERE i.id = n.idea_id
  ), daily AS (
    INSERT INTO daily_counts (app_id, metric, day, shard, n)
    SELECT lk.app_id, $5, $6, $7, SUM(n.n) FROM n JOIN lk ON lk.id = n.idea_id GROUP BY lk.app_id ORDER BY 1
    ON CONFLICT (app_id, metric, day, shard) DO UPDATE SET n = daily_counts.n + excluded.n
  )
  SELECT id, app_id, status, vote_count, NULL AS voter_key FROM lk
  UNION ALL SELECT idea_id, NULL, NULL, NULL, voter_key FROM ins`;

function votesStatement(pool: pg.Pool) {
  const run = pgStatement<LockedIdea & { voter_key: string | null }>(pool, VOTES_ONLY);
  return async (ops: VoteOp[]) => {
    // One row per (idea, voter, app): the first vote of the pair stores it (its time is the row's).
    const first = new Map<string, VoteOp>();
    for (const op of ops) {
      const k = JSON.stringify([op.ideaId, op.voterKey, op.appId]);
      if (!first.has(k)) first.set(k, op);
    }
    const sent = [...first.values()];
    const rows = await run([sent.map((o) => o.ideaId), sent.map((o) => o.voterKey), sent.map((o) => o.appId), sent.map((o) => o.now), VOTES_METRIC, dayOf(ops[0].now), pgShard()]);
    const locked = rows.filter((r) => r.voter_key === null);
    const changed = new Set(rows.filter((r) => r.voter_key !== null).map((r) => key({ ideaId: r.id, voterKey: r.voter_key! })));
    return replay(ops, pairsOf(ops, locked), locked, changed).out;
  };
}

const VOTES_METRIC = 'wishlist.votes';

/** The ops public in their app (idea found, in that app, not pending) by (idea, voter) pair, in arrival order. */
function pairsOf(ops: VoteOp[], locked: LockedIdea[]): Map<string, Pair> {
  const ideas = new Map(locked.map((r) => [r.id, r]));
  const pairs = new Map<string, Pair>();
  ops.forEach((op, i) => {
    const idea = ideas.get(op.ideaId);
    if (idea === undefined || idea.app_id !== op.appId || idea.status === 'pending') return;
    const k = key(op);
    const p = pairs.get(k) ?? pairs.set(k, { ideaId: op.ideaId, voterKey: op.voterKey, ops: [] }).get(k)!;
    p.ops.push(i);
  });
  return pairs;
}

/**
 * Each op in arrival order, from its pair's state before the group (`changed`: the pairs whose
 * row the group really inserted or deleted): its answer (the idea's count right after it), and
 * what the group moves (each idea's count, the daily counters of the votes added).
 */
function replay(ops: VoteOp[], pairs: Map<string, Pair>, locked: LockedIdea[], changed: Set<string>) {
  const present = new Map<Pair, boolean>();
  const pairOf = new Map<number, Pair>();
  for (const p of pairs.values()) {
    const lastOn = ops[p.ops[p.ops.length - 1]].on;
    present.set(p, lastOn ? !changed.has(key(p)) : changed.has(key(p)));
    for (const i of p.ops) pairOf.set(i, p);
  }
  const counts = new Map(locked.map((r) => [r.id, Number(r.vote_count)]));
  const bumps: Bump[] = [];
  const out = ops.map((op, i) => {
    const p = pairOf.get(i);
    if (!p) return undefined;
    if (op.on !== present.get(p)) {
      present.set(p, op.on);
      counts.set(op.ideaId, counts.get(op.ideaId)! + (op.on ? 1 : -1));
      if (op.on) bumps.push({ appId: op.appId, metric: VOTES_METRIC, at: op.now });
    }
    return counts.get(op.ideaId)!;
  });
  const moved = locked.map((r) => ({ id: r.id, n: counts.get(r.id)! - Number(r.vote_count) })).filter((m) => m.n !== 0);
  return { out, moved, bumps };
}

const key = (p: { ideaId: string; voterKey: string }) => JSON.stringify([p.ideaId, p.voterKey]);

/** The op that stored the pair's row: the first of the trailing run of votes (later ones found it there). */
function firstOfLastRun(ops: VoteOp[], p: Pair): VoteOp {
  let i = p.ops.length - 1;
  while (i > 0 && ops[p.ops[i - 1]].on) i--;
  return ops[p.ops[i]];
}

/** Inserts the votes of `adds` and deletes those of `removes`; answers the keys of the rows really inserted or deleted. */
async function writePairs(trx: Db, adds: Pair[], removes: Pair[], createdAt: (p: Pair) => string): Promise<Set<string>> {
  if (!adds.length && !removes.length) return new Set();
  const ins = adds.length
    ? sql`INSERT INTO wishlist_votes (idea_id, voter_key, created_at) VALUES ${sql.join(adds.map((p) => sql`(${p.ideaId}, ${p.voterKey}, ${createdAt(p)})`))}
        ON CONFLICT (idea_id, voter_key) DO NOTHING RETURNING idea_id, voter_key`
    : sql`SELECT idea_id, voter_key FROM wishlist_votes WHERE false`;
  const del = removes.length
    ? sql`DELETE FROM wishlist_votes WHERE (idea_id, voter_key) IN (VALUES ${sql.join(removes.map((p) => sql`(${p.ideaId}, ${p.voterKey})`))}) RETURNING idea_id, voter_key`
    : sql`SELECT idea_id, voter_key FROM wishlist_votes WHERE false`;
  const r = await sql<{ idea_id: string; voter_key: string }>`WITH ins AS (${ins}), del AS (${del})
    SELECT idea_id, voter_key FROM ins UNION ALL SELECT idea_id, voter_key FROM del`.execute(trx);
  return new Set(r.rows.map((row) => key({ ideaId: row.idea_id, voterKey: row.voter_key })));
}

/** The ideas' vote_count moves and the daily counters, in one statement (ideas are locked already; counters in sorted order). */
async function moveCounts(trx: Db, moved: { id: string; n: number }[], bumps: Bump[]) {
  const counters = aggregate(bumps);
  const update = sql`UPDATE wishlist_ideas AS i SET vote_count = i.vote_count + d.n::integer
    FROM (VALUES ${sql.join(moved.map((m) => sql`(${m.id}, ${m.n})`))}) AS d (id, n) WHERE i.id = d.id`;
  const upsert = sql`INSERT INTO daily_counts (app_id, metric, day, shard, n)
    SELECT c.app_id, c.metric, c.day, ${sql.lit(pgShard())}, c.n::integer FROM (VALUES ${sql.join(counters.map((c) => sql`(${c.app_id}, ${c.metric}, ${c.day}, ${c.n})`))}) AS c (app_id, metric, day, n) ORDER BY 1, 2, 3
    ON CONFLICT (app_id, metric, day, shard) DO UPDATE SET n = daily_counts.n + excluded.n`;
  if (moved.length && counters.length) await sql`WITH moved AS (${update}) ${upsert}`.execute(trx);
  else if (moved.length) await update.execute(trx);
  else if (counters.length) await upsert.execute(trx);
}
