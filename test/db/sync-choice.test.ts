import { expect, it } from 'vitest';
import { syncChoice } from '../../src/db/sync-choice.js';

const clock = () => {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

it('blocks from the start and while at least half of the recent fsyncs are fast', () => {
  const c = clock();
  const choice = syncChoice({ window: 8 }, c.now);
  expect(choice.inline()).toBe(true);
  for (const ms of [0.1, 0.2, 0.1, 0.3]) choice.record(ms);
  for (const ms of [0.9, 1, 2, 0.6]) choice.record(ms); // four of eight slow
  c.advance(1);
  expect(choice.inline()).toBe(true);
  choice.record(0.7); // five of eight slow (the oldest fast one left the window)
  expect(choice.inline()).toBe(false);
});

it('counts an fsync of exactly the threshold as slow', () => {
  const c = clock();
  const choice = syncChoice({ window: 1 }, c.now);
  choice.record(0.49);
  expect(choice.inline()).toBe(true);
  choice.record(0.5);
  expect(choice.inline()).toBe(false);
});

it('leaves blocking at once after a stall, and comes back after one fast probe', () => {
  const c = clock();
  const choice = syncChoice({}, c.now);
  for (let i = 0; i < 7; i++) choice.record(0.1);
  choice.record(6); // one fsync over 5 ms
  expect(choice.inline()).toBe(false);
  c.advance(250);
  expect(choice.inline()).toBe(true); // the probe
  choice.record(0.1);
  c.advance(1);
  expect(choice.inline()).toBe(true);
});

it('on a slow disk uses the pool, probing with one blocking fsync every 250 ms', () => {
  const c = clock();
  const choice = syncChoice({}, c.now);
  for (const ms of [4, 0.6, 3]) choice.record(ms);
  expect(choice.inline()).toBe(false);
  c.advance(249);
  expect(choice.inline()).toBe(false);
  c.advance(1);
  expect(choice.inline()).toBe(true); // the probe
  choice.record(2);
  expect(choice.inline()).toBe(false); // still slow: next probe in another period
  c.advance(250);
  expect(choice.inline()).toBe(true);
});

it('comes back to blocking once the fast probes are half of the window', () => {
  const c = clock();
  const choice = syncChoice({ window: 5 }, c.now);
  for (const ms of [4, 3, 2, 3, 4]) choice.record(ms);
  let probes = 0;
  do {
    c.advance(250);
    expect(choice.inline()).toBe(true);
    probes++;
    choice.record(0.1);
    c.advance(1);
  } while (!choice.inline());
  expect(probes).toBe(3); // [3, 4, 0.1, 0.1, 0.1]: the lower median is fast
});
