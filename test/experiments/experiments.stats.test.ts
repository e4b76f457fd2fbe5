import { describe, expect, it } from 'vitest';
import { assign, unitOf } from '../../src/experiments/experiments.assign.js';
import { probabilityBest, tooEarly, wilson } from '../../src/experiments/experiments.stats.js';

describe('experiments: assignment', () => {
  it('10,000 people land within ±3 % of the weights (50/50, 70/30, 1/2/1)', () => {
    for (const weights of [[50, 50], [70, 30], [1, 2, 1]]) {
      const variants = weights.map((weight, i) => ({ key: `k${i}`, weight }));
      const n = new Map<string, number>();
      for (let i = 0; i < 10_000; i++) {
        const v = assign('exp_1', unitOf({ userId: `user-${i}` })!, variants);
        n.set(v.key, (n.get(v.key) ?? 0) + 1);
      }
      const total = weights.reduce((a, b) => a + b, 0);
      variants.forEach((v) => expect(Math.abs((n.get(v.key) ?? 0) / 10_000 - v.weight / total), JSON.stringify(weights)).toBeLessThan(0.03));
    }
  });
  it('is a function of (experiment, person): the same answer every time, another experiment reshuffles', () => {
    const variants = [{ key: 'A', weight: 1 }, { key: 'B', weight: 1 }];
    const a = Array.from({ length: 200 }, (_, i) => assign('exp_1', `u:${i}`, variants).key);
    expect(Array.from({ length: 200 }, (_, i) => assign('exp_1', `u:${i}`, variants).key)).toEqual(a);
    expect(Array.from({ length: 200 }, (_, i) => assign('exp_2', `u:${i}`, variants).key)).not.toEqual(a);
  });
  it('the unit: userId, else anonymousId, else the visitor cookie, else the address hash', () => {
    expect(unitOf({ userId: 'u', anonymousId: 'a', visitor: 'v', ipHash: 'i' })).toBe('u:u');
    expect(unitOf({ anonymousId: 'a', visitor: 'v', ipHash: 'i' })).toBe('a:a');
    expect(unitOf({ visitor: 'v', ipHash: 'i' })).toBe('v:v');
    expect(unitOf({ ipHash: 'i' })).toBe('i:i');
    expect(unitOf({})).toBeNull();
  });
});

describe('experiments: statistics', () => {
  it('Wilson 95 % intervals equal a reference computation', () => {
    // Reference: (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.959964, computed
    // independently (Python, 6 decimals); 20/200 also by hand in experiments.api.test.ts.
    const cases: [number, number, number, number][] = [
      [20, 200, 0.06567, 0.149406],
      [0, 50, 0, 0.071348],
      [50, 50, 0.928652, 1],
      [45, 100, 0.356145, 0.547554],
    ];
    for (const [k, n, lo, hi] of cases) {
      const [a, b] = wilson(k, n);
      expect(a, `${k}/${n}`).toBeCloseTo(lo, 5);
      expect(b, `${k}/${n}`).toBeCloseTo(hi, 5);
    }
    expect(wilson(0, 0)).toEqual([0, 0]);
  });
  it('probability to be best: seeded (stable), sums to 1, equal counts split evenly, agrees with the two-variant closed form', () => {
    const counts = [{ exposures: 1000, conversions: 100 }, { exposures: 1000, conversions: 120 }];
    const p = probabilityBest(counts);
    expect(probabilityBest(counts)).toEqual(p);
    expect(p[0] + p[1]).toBeCloseTo(1, 9);
    // Closed form P(B > A) for Beta posteriors (Evan Miller), by summation.
    const lbeta = (a: number, b: number) => lgamma(a) + lgamma(b) - lgamma(a + b);
    const [aA, bA, aB, bB] = [101, 901, 121, 881];
    let exact = 0;
    for (let i = 0; i < aB; i++) exact += Math.exp(lbeta(aA + i, bA + bB) - Math.log(bB + i) - lbeta(1 + i, bB) - lbeta(aA, bA));
    expect(p[1]).toBeCloseTo(exact, 2);
    const even = probabilityBest([{ exposures: 500, conversions: 50 }, { exposures: 500, conversions: 50 }, { exposures: 500, conversions: 50 }]);
    for (const x of even) expect(x).toBeCloseTo(1 / 3, 1);
  });
  it('too early below 100 exposures per variant or 10 conversions', () => {
    expect(tooEarly([{ exposures: 99, conversions: 50 }, { exposures: 500, conversions: 50 }])).toBe(true);
    expect(tooEarly([{ exposures: 100, conversions: 4 }, { exposures: 100, conversions: 5 }])).toBe(true);
    expect(tooEarly([{ exposures: 100, conversions: 5 }, { exposures: 100, conversions: 5 }])).toBe(false);
  });
});

/** ln Γ(x), Lanczos (g = 7, n = 9). */
function lgamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lgamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}
