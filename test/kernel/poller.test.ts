import { expect, it } from 'vitest';
import { createPoller } from '../../src/kernel/poller.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (cond: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await sleep(5);
  return cond();
};

it('runs one round at a time: a kick during a round runs the next right after it, a manual run waits its turn', async () => {
  let active = 0;
  let most = 0;
  let rounds = 0;
  const round = async () => {
    active++;
    most = Math.max(most, active);
    await sleep(30);
    rounds++;
    active--;
  };
  const loop = createPoller({ round, everyMs: 60_000, onError: (e) => { throw e; }, immediate: true });
  loop.start();
  await until(() => active === 1);
  loop.kick();
  loop.kick();
  const manual = loop.run(round);
  await manual;
  await until(() => rounds >= 3);
  expect(most).toBe(1);
  // The first round, the manual one and one round for both kicks; then nothing before everyMs.
  await sleep(100);
  expect(rounds).toBe(3);
  await loop.close();
});

it('does nothing before start, waits everyMs between rounds, and logs a failing round without stopping', async () => {
  const errors: unknown[] = [];
  let rounds = 0;
  const loop = createPoller({
    round: async () => {
      rounds++;
      if (rounds === 1) throw new Error('boom');
    },
    everyMs: 20,
    onError: (e) => errors.push(e),
  });
  loop.kick();
  await sleep(60);
  expect(rounds).toBe(0);
  loop.start();
  expect(await until(() => rounds >= 3)).toBe(true);
  expect(errors.map((e) => (e as Error).message)).toEqual(['boom']);
  await loop.close();
});

it('close waits for the round in flight and stops the loop', async () => {
  let rounds = 0;
  let finished = false;
  const loop = createPoller({
    round: async () => {
      rounds++;
      await sleep(50);
      finished = true;
    },
    everyMs: 5,
    onError: () => undefined,
    immediate: true,
  });
  loop.start();
  await until(() => rounds === 1);
  await loop.close();
  expect(finished).toBe(true);
  loop.kick();
  await sleep(40);
  expect(rounds).toBe(1);
});
