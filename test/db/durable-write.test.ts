import Database from 'better-sqlite3';
import { fdatasync, fdatasyncSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDurableWriter, type WalFsync } from '../../src/db/durable-write.js';
import type { SyncChoice } from '../../src/db/sync-choice.js';
import { testDb } from '../helpers.js';

let h: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  h = await testDb('sqlite');
  h.sqlite!.exec('CREATE TABLE dw (n integer PRIMARY KEY)');
});
afterAll(() => h.cleanup());
beforeEach(() => void h.sqlite!.exec('DELETE FROM dw'));

const always = (inline: boolean): SyncChoice => ({ inline: () => inline, record: () => {} });

/**
 * node:fs's fdatasync calls, logged in one timeline with the writes and their answers, so a
 * test can check that each answer came after an fsync that started after its write. `failFrom`
 * makes the nth call and later ones fail with EIO (a disk error), as the kernel reports it.
 */
function watchedFsync(opts: { failFrom?: number; pooledDelayMs?: number } = {}) {
  const log: string[] = [];
  let calls = 0;
  let pooledInFlight = 0;
  let overlapped = false;
  const eio = () => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
  const fsync: WalFsync = {
    fdatasync(fd, done) {
      const k = ++calls;
      pooledInFlight++;
      log.push(`start ${k}`);
      setTimeout(() => {
        if (opts.failFrom && k >= opts.failFrom) {
          pooledInFlight--;
          return done(eio());
        }
        fdatasync(fd, (err) => {
          pooledInFlight--;
          log.push(`end ${k}`);
          done(err);
        });
      }, opts.pooledDelayMs ?? 0);
    },
    fdatasyncSync(fd) {
      const k = ++calls;
      if (pooledInFlight > 0) overlapped = true;
      log.push(`start ${k}`);
      if (opts.failFrom && k >= opts.failFrom) throw eio();
      fdatasyncSync(fd);
      log.push(`end ${k}`);
    },
  };
  return {
    fsync,
    log,
    calls: () => calls,
    overlapped: () => overlapped,
    /** Every answered write was followed, before its answer, by a whole fsync that began after it. */
    eachAnswerCovered(n: number) {
      for (let i = 0; i < n; i++) {
        const wrote = log.indexOf(`write ${i}`);
        const answered = log.indexOf(`answer ${i}`);
        expect(wrote).toBeGreaterThanOrEqual(0);
        expect(answered).toBeGreaterThan(wrote);
        const covering = log.slice(wrote, answered).filter((e) => e.startsWith('start ')).map((e) => e.slice(6));
        expect(covering.some((k) => log.indexOf(`end ${k}`) > wrote && log.indexOf(`end ${k}`) < answered), `write ${i}`).toBe(true);
      }
    },
  };
}

const count = () => {
  const other = new Database(h.sqlite!.name, { readonly: true });
  try {
    return other.prepare('SELECT count(*) FROM dw').pluck().get();
  } finally {
    other.close();
  }
};

describe.each([
  ['blocking', true],
  ['thread-pool', false],
])('with %s fsyncs', (_, inline) => {
  it('answers each write with its result only after an fsync that began after it', async () => {
    const w = watchedFsync({ pooledDelayMs: 2 });
    const writer = createDurableWriter(h.sqlite!, () => {}, { choice: always(inline), fsync: w.fsync });
    const insert = h.sqlite!.prepare('INSERT INTO dw (n) VALUES (?)');
    // Writes spread over many event-loop turns, so several arrive while a pooled fsync is running.
    const writes: Promise<number>[] = [];
    for (let i = 0; i < 100; i++) {
      writes.push(
        writer
          .write(() => {
            w.log.push(`write ${i}`);
            return Number(insert.run(i).lastInsertRowid);
          })
          .then((n) => (w.log.push(`answer ${i}`), n)),
      );
      if (i % 10 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    w.eachAnswerCovered(100);
    if (!inline) expect(w.calls()).toBeLessThan(100); // pooled fsyncs are shared
    expect(count()).toBe(100);
    await writer.close();
  });

  it('rejects a write that throws and leaves the connection at synchronous=FULL', async () => {
    const writer = createDurableWriter(h.sqlite!, () => {}, { choice: always(inline) });
    await expect(
      writer.write(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(h.sqlite!.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(await writer.write(() => 'next')).toBe('next');
    await writer.close();
  });

  it('refuses the write whose fsync failed and every later one', async () => {
    const w = watchedFsync({ failFrom: 2 });
    const writer = createDurableWriter(h.sqlite!, () => {}, { choice: always(inline), fsync: w.fsync });
    expect(await writer.write(() => 'first')).toBe('first');
    await expect(writer.write(() => 'second')).rejects.toThrow(/WAL fsync failed.*EIO/);
    await expect(writer.write(() => 'third')).rejects.toThrow(/WAL fsync failed/);
    expect(w.calls()).toBe(2); // nothing more was even tried
    expect(writer.failure()?.message).toMatch(/EIO/);
    await writer.close();
  });
});

it('never blocks on an fsync while a pooled one is in flight, even when the choice says block', async () => {
  const w = watchedFsync({ pooledDelayMs: 20 });
  let first = true;
  const choice: SyncChoice = { inline: () => (first ? ((first = false), false) : true), record: () => {} };
  const writer = createDurableWriter(h.sqlite!, () => {}, { choice, fsync: w.fsync });
  const insert = h.sqlite!.prepare('INSERT INTO dw (n) VALUES (?)');
  const a = writer.write(() => (w.log.push('write 0'), insert.run(0))).then(() => w.log.push('answer 0'));
  await new Promise((r) => setImmediate(r));
  const b = writer.write(() => (w.log.push('write 1'), insert.run(1))).then(() => w.log.push('answer 1'));
  await Promise.all([a, b]);
  expect(w.overlapped()).toBe(false);
  w.eachAnswerCovered(2);
  // Once the pool is idle, the choice is followed again.
  await writer.write(() => insert.run(2));
  expect(w.log.filter((e) => e.startsWith('start ')).length).toBe(3);
  await writer.close();
});

it('times every blocking fsync, which is what the measured choice decides on', async () => {
  const took: number[] = [];
  const writer = createDurableWriter(h.sqlite!, () => {}, { choice: { inline: () => true, record: (ms) => took.push(ms) } });
  for (let i = 0; i < 3; i++) await writer.write(() => h.sqlite!.prepare('INSERT INTO dw (n) VALUES (NULL)').run());
  expect(took).toHaveLength(3);
  await writer.close();
});
