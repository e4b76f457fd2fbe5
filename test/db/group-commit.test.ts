import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/db/group-commit.js';

/** A commit whose groups the test settles by hand. */
function manualCommit() {
  const groups: { items: number[]; settle(outs: string[] | Error): void }[] = [];
  const commit = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => groups.push({ items, settle: (o) => (o instanceof Error ? reject(o) : resolve(o)) }));
  return { groups, commit };
}
const turn = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('groups the submissions of one event-loop turn; later ones wait for the group in flight', async () => {
    const { groups, commit } = manualCommit();
    const gc = createGroupCommit(commit, { maxInFlight: 1 });
    const first = [1, 2, 3].map((n) => gc.submit(n));
    await turn();
    expect(groups.map((g) => g.items)).toEqual([[1, 2, 3]]);
    const later = [gc.submit(4), gc.submit(5)];
    await turn();
    expect(groups).toHaveLength(1); // one in flight: 4 and 5 wait
    groups[0].settle(['a', 'b', 'c']);
    expect(await Promise.all(first)).toEqual(['a', 'b', 'c']);
    await turn();
    expect(groups[1].items).toEqual([4, 5]);
    groups[1].settle(['d', 'e']);
    expect(await Promise.all(later)).toEqual(['d', 'e']);
  });

  it('takes at most maxItems a group; the rest form the next ones', async () => {
    const { groups, commit } = manualCommit();
    const gc = createGroupCommit(commit, { maxInFlight: 1, maxItems: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => gc.submit(n));
    await turn();
    expect(groups.map((g) => g.items)).toEqual([[1, 2]]);
    groups[0].settle(['a', 'b']);
    await turn();
    expect(groups.map((g) => g.items)).toEqual([[1, 2], [3, 4]]);
    groups[1].settle(['c', 'd']);
    await turn();
    groups[2].settle(['e']);
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(groups.map((g) => g.items)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('with several in flight, a new group starts without waiting', async () => {
    const { groups, commit } = manualCommit();
    const gc = createGroupCommit(commit, { maxInFlight: 2 });
    const a = gc.submit(1);
    await turn();
    const b = gc.submit(2);
    await turn();
    expect(groups.map((g) => g.items)).toEqual([[1], [2]]);
    groups[1].settle(['y']);
    groups[0].settle(['x']);
    expect(await Promise.all([a, b])).toEqual(['x', 'y']);
  });

  it('a failed commit rejects its own group only, and drain waits for everything', async () => {
    const { groups, commit } = manualCommit();
    const gc = createGroupCommit(commit, { maxInFlight: 1 });
    const failed = [gc.submit(1), gc.submit(2)].map((p) => p.catch((e: Error) => e.message));
    await turn();
    const next = gc.submit(3);
    let drained = false;
    const drain = gc.drain().then(() => (drained = true));
    groups[0].settle(new Error('disk full'));
    expect(await Promise.all(failed)).toEqual(['disk full', 'disk full']);
    await turn();
    expect(drained).toBe(false);
    groups[1].settle(['ok']);
    expect(await next).toBe('ok');
    await drain;
    expect(drained).toBe(true);
  });

  it('a commit that throws synchronously rejects its group', async () => {
    const gc = createGroupCommit<number, number>(() => {
      throw new Error('prepare failed');
    }, { maxInFlight: 1 });
    await expect(gc.submit(1)).rejects.toThrow('prepare failed');
  });
});
