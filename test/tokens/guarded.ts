import { afterEach, vi } from 'vitest';
import type { Dialect } from '../../src/config.js';
import { systemClock } from '../../src/kernel/clock.js';
import { createAuthGuard } from '../../src/tokens/tokens.guard.js';
import { CACHE_MS, createTokenService, TOKEN_BCRYPT_COST } from '../../src/tokens/tokens.service.js';
import { createTokenStore } from '../../src/tokens/tokens.store.js';
import { testDb } from '../helpers.js';

export const status = (p: Promise<unknown>) => p.then(() => 200, (e: { status: number }) => e.status);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Moves Date (only Date: timers, bcrypt and the database run as usual) past every cached token's expiry. */
export const expireCache = () => vi.setSystemTime(Date.now() + CACHE_MS + 1000);

/**
 * The token service on a real database, with a guard whose bcrypt checks are counted and can
 * be held at the verifier's door: `hold(n)` keeps the next checks waiting until n of them have
 * arrived (or `release()`), then lets them in together, in arrival order, within one tick. The
 * guard's admission (run, queue, 503, per-client 429) is decided synchronously on entry, so
 * held checks meet the verifier exactly as if they had all arrived while the first ran,
 * whatever order and pace the database answered their lookups in. Call inside a describe.
 */
export function guardedTokens(dialect: Dialect) {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const c of cleanups.splice(0)) await c();
  });

  return async function setup(opts: Parameters<typeof createAuthGuard>[0] = {}) {
    const h = await testDb(dialect);
    cleanups.push(h.cleanup);
    const guard = createAuthGuard(opts);
    let hashes = 0;
    let gate: { n: number; held: (() => void)[] } | undefined;
    const open = () => {
      const g = gate;
      gate = undefined;
      for (const go of g?.held ?? []) go();
    };
    const verify = guard.verify;
    guard.verify = async (...args) => {
      hashes++;
      const g = gate;
      if (g)
        await new Promise<void>((go) => {
          g.held.push(go);
          if (g.held.length === g.n) open();
        });
      return verify(...args);
    };
    // The production cost, not the test suite's 4: these tests watch checks queue and run, and
    // a check of a millisecond is over before they can see it.
    const tokens = createTokenService({ store: createTokenStore(h.db), clock: systemClock, guard, hashCost: TOKEN_BCRYPT_COST });
    const { token, prefix } = await tokens.create('t');
    return {
      db: h.db,
      tokens,
      token,
      prefix,
      guard,
      hashes: () => hashes,
      /** Holds the next checks until `n` have arrived (Infinity: until release()). */
      hold(n = Infinity) {
        const g: { n: number; held: (() => void)[] } = { n, held: [] };
        gate = g;
        return { held: () => g.held.length, release: () => gate === g && open() };
      },
    };
  };
}
