import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDb } from '../helpers.js';

let h: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  h = await testDb('sqlite');
  h.sqlite!.exec('CREATE TABLE dw (n integer PRIMARY KEY)');
});
afterAll(() => h.cleanup());

it('answers each write with its result once it is in the file, however many are waiting on one fsync', async () => {
  const insert = h.sqlite!.prepare('INSERT INTO dw (n) VALUES (?)');
  // Writes spread over many event-loop turns, so several arrive while an fsync is running.
  const writes: Promise<number>[] = [];
  for (let i = 0; i < 200; i++) {
    writes.push(h.durableWrite!(() => Number(insert.run(i).lastInsertRowid)));
    if (i % 10 === 0) await new Promise((r) => setImmediate(r));
  }
  expect(await Promise.all(writes)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  const other = new Database(h.sqlite!.name, { readonly: true });
  try {
    expect(other.prepare('SELECT count(*) FROM dw').pluck().get()).toBe(200);
  } finally {
    other.close();
  }
});

it('rejects a write that throws and leaves the connection at synchronous=FULL', async () => {
  await expect(
    h.durableWrite!(() => {
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(h.sqlite!.pragma('synchronous', { simple: true })).toBe(2); // FULL
  expect(await h.durableWrite!(() => 'next')).toBe('next');
});
