import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../../src/db/index.js';
import { readTotals } from '../../../src/db/rollups.js';
import { postgresVoteCommit } from '../../../src/flows/wishlist/wishlist.votes.pg.js';
import { sqliteVoteCommit, type VoteCommit, type VoteOp } from '../../../src/flows/wishlist/wishlist.votes.sqlite.js';
import { describeEachDb, PG_URL, testApp, type TestApp } from '../../helpers.js';
import { ownerApi, publishedBoard } from './wishlist.fixtures.js';

/**
 * The vote group commits (wishlist.votes.sqlite.ts, wishlist.votes.pg.ts), driven with ops
 * submitted in one event-loop turn so that they share a group: every answer is what the ops
 * would give one by one in arrival order, and vote_count always equals the vote rows.
 */
describeEachDb('vote group commit', (dialect) => {
  let t: TestApp;
  let commit: VoteCommit;
  let appId: string;
  let otherAppId: string;
  const ideas: string[] = [];
  let pending: string;
  let foreign: string;
  const NOW = '2026-03-04T05:06:07.000Z';

  const commitOn = (h: DbHandle): VoteCommit => (h.sqlite && h.durableWrite ? sqliteVoteCommit(h.sqlite, h.durableWrite) : postgresVoteCommit(h.db, h.pg!));
  const counts = async () => {
    const rows = await t.db.db.selectFrom('wishlist_ideas').select(['id', 'vote_count']).where('app_id', '=', appId).execute();
    const votes = await t.db.db.selectFrom('wishlist_votes').select(['idea_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('idea_id').execute();
    const rowsOf = new Map(votes.map((v) => [v.idea_id, Number(v.n)]));
    return rows.map((r) => ({ id: r.id, count: Number(r.vote_count), rows: rowsOf.get(r.id) ?? 0 }));
  };
  /** The ops one by one: each answer is the idea's count right after it (undefined for an idea that is not public here). */
  const model = (ops: VoteOp[], start: Map<string, Set<string>>) =>
    ops.map((op) => {
      if (!ideas.includes(op.ideaId) || op.appId !== appId) return undefined;
      const voters = start.get(op.ideaId) ?? start.set(op.ideaId, new Set()).get(op.ideaId)!;
      if (op.on) voters.add(op.voterKey);
      else voters.delete(op.voterKey);
      return voters.size;
    });
  const state = async () => {
    const m = new Map<string, Set<string>>();
    for (const v of await t.db.db.selectFrom('wishlist_votes').select(['idea_id', 'voter_key']).execute()) (m.get(v.idea_id) ?? m.set(v.idea_id, new Set()).get(v.idea_id)!).add(v.voter_key);
    return m;
  };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000000' } });
    const app = await publishedBoard(t);
    appId = app.id;
    for (const title of ['One', 'Two', 'Three']) ideas.push((await ownerApi(t, app.slug).create({ title, status: 'open' })).json().idea.id);
    pending = (await ownerApi(t, app.slug).create({ title: 'Waiting', status: 'pending' })).json().idea.id;
    const other = await publishedBoard(t, undefined, 'Other Board');
    otherAppId = other.id;
    foreign = (await ownerApi(t, other.slug).create({ title: 'Theirs', status: 'open' })).json().idea.id;
    commit = commitOn(t.db);
  });
  afterAll(() => t.close());

  it('answers each op of one turn as if alone, in order: repeats, unvotes, re-votes, hidden ideas', async () => {
    const op = (ideaId: string, voterKey: string, on: boolean, id = appId): VoteOp => ({ appId: id, ideaId, voterKey, on, now: NOW });
    const [a, b] = ideas;
    const ops = [
      op(a, 'v1', true),
      op(a, 'v1', true), // a repeat: nothing new
      op(a, 'v2', true),
      op(a, 'v1', false),
      op(a, 'v1', false), // a repeated unvote
      op(a, 'v1', true), // voted again
      op(b, 'v1', false), // never voted
      op(b, 'v3', true),
      op(pending, 'v1', true), // pending: not public
      op('missing', 'v1', true),
      op(foreign, 'v1', true, appId), // another app's idea
      op(foreign, 'v1', true, otherAppId), // fine in its own app, but not in the model's
    ];
    const before = await readTotals(t.db.db, appId, ['wishlist.votes']);
    const answers = await Promise.all(ops.map(commit));
    expect(answers.slice(0, 11)).toEqual([1, 1, 2, 1, 1, 2, 0, 1, undefined, undefined, undefined]);
    expect(answers[11]).toBe(1);
    expect((await counts()).filter((c) => c.id === a || c.id === b)).toEqual(
      expect.arrayContaining([
        { id: a, count: 2, rows: 2 },
        { id: b, count: 1, rows: 1 },
      ]),
    );
    // Counters count votes added: v1 twice on A, v2 on A, v3 on B.
    expect((await readTotals(t.db.db, appId, ['wishlist.votes']))['wishlist.votes'] - before['wishlist.votes']).toBe(4);
    const row = await t.db.db.selectFrom('wishlist_votes').select('created_at').where('idea_id', '=', a).where('voter_key', '=', 'v1').executeTakeFirstOrThrow();
    expect(row.created_at).toBe(NOW);
  });

  it('a turn of votes only (PostgreSQL: one statement, no transaction) answers as the ops would one by one', async () => {
    const op = (ideaId: string, voterKey: string, id = appId): VoteOp => ({ appId: id, ideaId, voterKey, on: true, now: NOW });
    const [, b, c] = ideas;
    const ops = [op(c, 'w1'), op(c, 'w1'), op(b, 'w2'), op(c, 'w2'), op(pending, 'w1'), op('missing', 'w1'), op(foreign, 'w3', appId), op(c, 'w3'), op(b, 'w2')];
    const expected = model(ops, await state());
    const before = await readTotals(t.db.db, appId, ['wishlist.votes']);
    let statements = 0;
    const pool = t.db.pg;
    const query = pool?.query;
    if (pool) pool.query = ((...args: Parameters<typeof pool.query>) => (statements++, (query as any).apply(pool, args))) as typeof pool.query;
    try {
      expect(await Promise.all(ops.map(commit))).toEqual(expected);
      if (pool) expect(statements).toBe(1);
    } finally {
      if (pool) pool.query = query!;
    }
    expect((await readTotals(t.db.db, appId, ['wishlist.votes']))['wishlist.votes'] - before['wishlist.votes']).toBe(4);
    for (const x of await counts()) expect(x.count).toBe(x.rows);
  });

  it.runIf(dialect === 'sqlite')('writes a hot idea once per group, not once per vote (SQLite)', async () => {
    const hot = ideas[2];
    const ops: VoteOp[] = Array.from({ length: 40 }, (_, i) => ({ appId, ideaId: hot, voterKey: `hot${i}`, on: true, now: NOW }));
    const changes = t.db.sqlite!.prepare('SELECT total_changes()').pluck();
    const before = (await counts()).find((c) => c.id === hot)!.count;
    const at = changes.get() as number;
    const answers = await Promise.all(ops.map(commit));
    expect(answers).toEqual(ops.map((_, i) => before + i + 1));
    // 40 vote rows, the idea's vote_count once, the day's counter once (it was 40 + 40 + 1).
    expect((changes.get() as number) - at).toBe(42);
    expect((await counts()).find((c) => c.id === hot)).toEqual({ id: hot, count: before + 40, rows: before + 40 });
  });

  it('keeps vote_count equal to the rows under random votes and unvotes of many voters in one turn, and across turns', async () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    for (let turn = 0; turn < 5; turn++) {
      const ops: VoteOp[] = Array.from({ length: 200 }, () => ({ appId, ideaId: ideas[rand(3)], voterKey: `r${rand(12)}`, on: rand(3) > 0, now: NOW }));
      const expected = model(ops, await state());
      expect(await Promise.all(ops.map(commit))).toEqual(expected);
      for (const c of await counts()) expect(c.count).toBe(c.rows);
    }
  });

  it('stays exact with two writers (two nodes) racing on the same ideas and voters', async () => {
    // A second writer with its own connections (PostgreSQL: another pool on the same schema, like a second node).
    let second: DbHandle = t.db;
    if (dialect === 'postgres') {
      const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(t.db.db)).rows[0].s;
      second = openDb({ dialect, url: PG_URL!, schema });
    }
    const other = commitOn(second);
    try {
      let seed = 11;
      const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
      const waves = Array.from({ length: 6 }, () =>
        Array.from({ length: 120 }, (_, i) => ({ writer: i % 2 ? other : commit, op: { appId, ideaId: ideas[rand(3)], voterKey: `n${rand(8)}`, on: rand(2) > 0, now: NOW } })),
      );
      const answers = await Promise.all(waves.map(async (wave, w) => {
        await new Promise((r) => setTimeout(r, w)); // waves over several turns, groups overlapping
        return Promise.all(wave.map(({ writer, op }) => writer(op)));
      }));
      for (const a of answers.flat()) expect(a).toBeTypeOf('number');
      for (const c of await counts()) expect(c.count).toBe(c.rows);
      // Votes only on both writers (PostgreSQL: the one-statement path on both), new voters and known ones.
      const votes = await Promise.all(Array.from({ length: 4 }, async (_, w) => {
        await new Promise((r) => setTimeout(r, w));
        return Promise.all(Array.from({ length: 150 }, (_, i) => (i % 2 ? other : commit)({ appId, ideaId: ideas[rand(3)], voterKey: `m${rand(40)}`, on: true, now: NOW })));
      }));
      for (const a of votes.flat()) expect(a).toBeTypeOf('number');
      for (const c of await counts()) expect(c.count).toBe(c.rows);
    } finally {
      if (second !== t.db) await second.close();
    }
  });
});
