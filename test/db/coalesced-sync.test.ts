import { describe, expect, it } from 'vitest';
import { coalescedSync } from '../../src/db/coalesced-sync.js';

/** A fake fsync that records when each run started and lets the test finish runs one by one. */
function fakeFsync() {
  const runs: { startedAt: number; finish(err?: Error): void }[] = [];
  let clock = 0;
  let running = 0;
  let maxRunning = 0;
  return {
    runs,
    /** The blocking fsync: set `nowFails` to make it throw. */
    nowFails: undefined as Error | undefined,
    nowCalls: 0,
    fsyncNow() {
      this.nowCalls++;
      if (this.nowFails) throw this.nowFails;
    },
    tick: () => ++clock,
    maxRunning: () => maxRunning,
    fsync: () =>
      new Promise<void>((resolve, reject) => {
        maxRunning = Math.max(maxRunning, ++running);
        runs.push({
          startedAt: clock,
          finish: (err) => {
            running--;
            if (err) reject(err);
            else resolve();
          },
        });
      }),
  };
}
const turn = () => new Promise((r) => setImmediate(r));

describe('coalescedSync', () => {
  it('runs one fsync at a time and answers each caller only after an fsync that started after its write', async () => {
    const f = fakeFsync();
    const { sync } = coalescedSync(f.fsync, () => f.fsyncNow());
    const answered: { writtenAt: number; coveredBy?: number }[] = [];
    const call = () => {
      const entry: (typeof answered)[number] = { writtenAt: f.tick() };
      answered.push(entry);
      return sync().then(() => {
        // The newest fsync to have finished started at or after this caller's write.
        entry.coveredBy = f.runs.filter((r) => r.startedAt >= entry.writtenAt).length;
      });
    };
    const first = [call()];
    await turn();
    expect(f.runs).toHaveLength(1);
    const during = [call(), call(), call()]; // written while the first fsync runs
    await turn();
    expect(f.runs).toHaveLength(1); // they wait; no second fsync yet
    f.runs[0].finish();
    await Promise.all(first);
    await turn();
    expect(f.runs).toHaveLength(2); // one fsync for all three
    expect(answered.slice(1).some((a) => a.coveredBy !== undefined)).toBe(false); // not answered by the first
    expect(f.runs[1].startedAt).toBeGreaterThanOrEqual(answered[3].writtenAt);
    f.runs[1].finish();
    await Promise.all(during);
    expect(answered.every((a) => a.coveredBy! >= 1)).toBe(true);
    expect(f.maxRunning()).toBe(1);
  });

  it('makes a failed fsync final: its callers and every later one are refused', async () => {
    const f = fakeFsync();
    const { sync, settled, failure } = coalescedSync(f.fsync, () => f.fsyncNow());
    const a = sync();
    expect(failure()).toBeUndefined();
    await turn();
    const b = sync(); // waiting for the next one when the first fails
    f.runs[0].finish(new Error('EIO'));
    await expect(a).rejects.toThrow(/WAL fsync failed.*EIO/);
    await expect(b).rejects.toThrow(/WAL fsync failed/);
    await expect(sync()).rejects.toThrow(/WAL fsync failed/);
    expect(f.runs).toHaveLength(1); // nothing more was even tried
    expect(failure()?.message).toMatch(/EIO/);
    await settled();
  });

  it('settles only once no fsync is running or waiting', async () => {
    const f = fakeFsync();
    const { sync, settled } = coalescedSync(f.fsync, () => f.fsyncNow());
    void sync();
    await turn();
    void sync();
    let done = false;
    const s = settled().then(() => (done = true));
    f.runs[0].finish();
    await turn();
    await turn();
    expect(done).toBe(false); // the second fsync has started and runs
    f.runs[1].finish();
    await s;
    expect(done).toBe(true);
  });

  it('makes a failed blocking fsync final too, for pooled and blocking callers alike', async () => {
    const f = fakeFsync();
    const { sync, syncNow, failure } = coalescedSync(f.fsync, () => f.fsyncNow());
    syncNow();
    f.nowFails = new Error('EIO');
    expect(() => syncNow()).toThrow(/WAL fsync failed.*EIO/);
    f.nowFails = undefined; // the disk "recovers": we still refuse
    expect(() => syncNow()).toThrow(/WAL fsync failed.*EIO/);
    await expect(sync()).rejects.toThrow(/WAL fsync failed.*EIO/);
    expect(f.nowCalls).toBe(2);
    expect(f.runs).toHaveLength(0);
    expect(failure()?.message).toMatch(/EIO/);
  });

  it('refuses a blocking fsync after a pooled one failed', async () => {
    const f = fakeFsync();
    const { sync, syncNow } = coalescedSync(f.fsync, () => f.fsyncNow());
    const a = sync();
    await turn();
    f.runs[0].finish(new Error('EIO'));
    await expect(a).rejects.toThrow(/EIO/);
    expect(() => syncNow()).toThrow(/WAL fsync failed.*EIO/);
    expect(f.nowCalls).toBe(0);
  });

  it('refuses to block while a pooled fsync runs or waits (a disk error would reach only one of the two)', async () => {
    const f = fakeFsync();
    const { sync, syncNow, idle } = coalescedSync(f.fsync, () => f.fsyncNow());
    expect(idle()).toBe(true);
    const a = sync();
    expect(idle()).toBe(false);
    expect(() => syncNow()).toThrow(/must not overlap/);
    await turn();
    const b = sync(); // waiting for the next one
    f.runs[0].finish();
    await a;
    expect(idle()).toBe(false);
    expect(() => syncNow()).toThrow(/must not overlap/);
    await turn();
    f.runs[1].finish();
    await b;
    expect(idle()).toBe(true);
    syncNow();
    expect(f.nowCalls).toBe(1);
  });
});

