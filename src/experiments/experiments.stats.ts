/**
 * The statistics of results (docs/experiments.md): a 95 % Wilson score interval per variant and
 * the posterior probability that each variant is best, from Beta(1 + conversions, 1 + failures)
 * posteriors by Monte Carlo with a seeded generator (same counts -> same answer, on every node).
 */

const Z95 = 1.959963984540054;

/** Wilson score interval for `k` successes of `n` trials; [0, 0] with no trials. */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 0];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** mulberry32: a small seeded PRNG, enough for Monte Carlo. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(rand: () => number) {
  let u = 0;
  while (u === 0) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Gamma(shape, 1) by Marsaglia–Tsang (shape >= 1 here: every posterior parameter is 1 + a count). */
function gamma(shape: number, rand: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number, v: number;
    do {
      x = normal(rand);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rand();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

const beta = (a: number, b: number, rand: () => number) => {
  const x = gamma(a, rand);
  return x / (x + gamma(b, rand));
};

/** P(variant i has the highest rate) for each variant; ties (equal draws) share the win. */
export function probabilityBest(counts: readonly { exposures: number; conversions: number }[], draws = 20_000, seed = 0x5eed): number[] {
  const rand = seeded(seed);
  const wins = counts.map(() => 0);
  for (let d = 0; d < draws; d++) {
    let best = -1;
    let at: number[] = [];
    counts.forEach((c, i) => {
      const x = beta(1 + c.conversions, 1 + Math.max(0, c.exposures - c.conversions), rand);
      if (x > best) {
        best = x;
        at = [i];
      } else if (x === best) at.push(i);
    });
    for (const i of at) wins[i] += 1 / at.length;
  }
  return wins.map((w) => w / draws);
}

/** Below this, results show as `too_early` (no leader): every variant needs both. */
export const MIN_EXPOSURES = 100;
export const MIN_CONVERSIONS = 10;

export const tooEarly = (counts: readonly { exposures: number; conversions: number }[]) =>
  counts.some((c) => c.exposures < MIN_EXPOSURES) || counts.reduce((s, c) => s + c.conversions, 0) < MIN_CONVERSIONS;
