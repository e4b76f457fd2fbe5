import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDurableWriter } from '../../src/db/durable-write.js';
import { alwaysPooled, type SyncChoice } from '../../src/db/sync-choice.js';
import { testDb } from '../helpers.js';

let h: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  h = await testDb('sqlite');
  h.sqlite!.exec('CREATE TABLE dw (n integer PRIMARY KEY)');
});
afterAll(() => h.cleanup());

/** Blocking fsyncs, remembering what each took (the default choice learns from these). */
const measuredInline = () => {
  const took: number[] = [];
  return { took, choice: { inline: () => true, record: (ms: number) => took.push(ms) } satisfies SyncChoice };
};

const count = () => {
  const other = new Database(h.sqlite!.name, { readonly: true });
  try {
    return other.prepare('SELECT count(*) FROM dw').pluck().get();
  } finally {
    other.close();
  }
};

describe.each([
  ['blocking fsync', () => measuredInline().choice],
  ['thread-pool fsync', () => alwaysPooled],
])('with a %s', (_, choice) => {
  it('answers each write with its result once it is in the file, however many are waiting on one fsync', async () => {
    h.sqlite!.exec('DELETE FROM dw');
    const writer = createDurableWriter(h.sqlite!, () => {}, choice());
    const insert = h.sqlite!.prepare('INSERT INTO dw (n) VALUES (?)');
    // Writes spread over many event-loop turns, so several arrive while an fsync is running.
    const writes: Promise<number>[] = [];
    for (let i = 0; i < 200; i++) {
      writes.push(writer.write(() => Number(insert.run(i).lastInsertRowid)));
      if (i % 10 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(count()).toBe(200);
    await writer.close();
  });

  it('rejects a write that throws and leaves the connection at synchronous=FULL', async () => {
    const writer = createDurableWriter(h.sqlite!, () => {}, choice());
    await expect(
      writer.write(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(h.sqlite!.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(await writer.write(() => 'next')).toBe('next');
    await writer.close();
  });
});

it('times every blocking fsync, which is what decides between blocking and pooled ones', async () => {
  const m = measuredInline();
  const writer = createDurableWriter(h.sqlite!, () => {}, m.choice);
  for (let i = 0; i < 3; i++) await writer.write(() => h.sqlite!.prepare('INSERT INTO dw (n) VALUES (NULL)').run());
  expect(m.took).toHaveLength(3);
  expect(m.took.every((ms) => ms >= 0)).toBe(true);
  await writer.close();
});

it('is what the database handle uses for its hot writes', async () => {
  expect(await h.durableWrite!(() => 'through the handle')).toBe('through the handle');
});
