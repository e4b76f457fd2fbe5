import { expect, it } from 'vitest';
import { syncChoice } from '../../src/db/sync-choice.js';

const clock = () => {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

it('blocks from the start and while the median blocking fsync stays under the threshold', () => {
  const c = clock();
  const choice = syncChoice({ inlineBelowMs: 1, probeEveryMs: 250, window: 5 }, c.now);
  expect(choice.inline()).toBe(true);
  for (const ms of [0.1, 0.2, 5, 0.1, 0.3]) choice.record(ms); // one slow fsync does not flip it
  expect(choice.inline()).toBe(true);
});

it('moves to the thread pool when the disk is slow, probing with one blocking fsync per period', () => {
  const c = clock();
  const choice = syncChoice({ inlineBelowMs: 1, probeEveryMs: 250, window: 5 }, c.now);
  for (const ms of [4, 6, 5]) choice.record(ms);
  expect(choice.inline()).toBe(false);
  c.advance(249);
  expect(choice.inline()).toBe(false);
  c.advance(1);
  expect(choice.inline()).toBe(true); // the probe
  choice.record(5);
  expect(choice.inline()).toBe(false); // still slow: next probe in another period
  c.advance(250);
  expect(choice.inline()).toBe(true);
});

it('comes back to blocking once the probes show the disk is fast again', () => {
  const c = clock();
  const choice = syncChoice({ inlineBelowMs: 1, probeEveryMs: 250, window: 5 }, c.now);
  for (const ms of [4, 6, 5, 5, 7]) choice.record(ms);
  let probes = 0;
  while (!choice.inline() || probes === 0) {
    c.advance(250);
    if (choice.inline()) {
      probes++;
      choice.record(0.1);
    }
  }
  expect(probes).toBe(3); // the median of the last five turned fast on the third fast probe
  c.advance(1);
  expect(choice.inline()).toBe(true);
});
