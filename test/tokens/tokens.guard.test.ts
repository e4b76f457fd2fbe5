import { afterEach, expect, it } from 'vitest';
import { systemClock } from '../../src/kernel/clock.js';
import { createAuthGuard } from '../../src/tokens/tokens.guard.js';
import { createTokenService } from '../../src/tokens/tokens.service.js';
import { createTokenStore } from '../../src/tokens/tokens.store.js';
import { describeEachDb, testDb } from '../helpers.js';

describeEachDb('token checks under load', (dialect) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  /** The token service on a real database, with a guard whose bcrypt checks are counted. */
  async function setup(opts: Parameters<typeof createAuthGuard>[0] = {}) {
    const h = await testDb(dialect);
    cleanup = h.cleanup;
    const guard = createAuthGuard(opts);
    let hashes = 0;
    const verify = guard.verify;
    guard.verify = (...args) => {
      hashes++;
      return verify(...args);
    };
    const tokens = createTokenService({ store: createTokenStore(h.db), clock: systemClock, guard });
    const { token, prefix } = await tokens.create('t');
    return { tokens, token, prefix, hashes: () => hashes, guard };
  }

  it('a burst of requests carrying one new token shares one check, and all pass', async () => {
    const s = await setup();
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => s.tokens.authenticate(`Bearer ${s.token}`, 'client-a')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(60);
    expect(s.hashes()).toBe(1);
    await s.tokens.authenticate(`Bearer ${s.token}`, 'client-a');
    expect(s.hashes()).toBe(1); // remembered
  });

  it('unknown prefixes cost no hash; failures are budgeted per client before any hash', async () => {
    const s = await setup({ failuresPerWindow: 5 });
    const status = (p: Promise<unknown>) => p.then(() => 200, (e: { status: number }) => e.status);
    for (let i = 0; i < 3; i++) expect(await status(s.tokens.authenticate(`Bearer afk_ZZZZZZZ${i}_${'a'.repeat(32)}`, 'attacker'))).toBe(401);
    expect(s.hashes()).toBe(0);
    for (let i = 0; i < 2; i++) expect(await status(s.tokens.authenticate(`Bearer afk_${s.prefix}_${String(i).repeat(32)}`, 'attacker'))).toBe(401);
    expect(s.hashes()).toBe(2);
    // Budget spent: refused before lookup or hash, even with the right token.
    const limited = await s.tokens.authenticate(`Bearer afk_${s.prefix}_${'z'.repeat(32)}`, 'attacker').catch((e) => e);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['Retry-After'])).toBeGreaterThan(0);
    expect(await status(s.tokens.authenticate(`Bearer ${s.token}`, 'attacker'))).toBe(429);
    expect(s.hashes()).toBe(2);
    // Another client is not affected, and once verified the token passes even from the limited one.
    expect(await status(s.tokens.authenticate(`Bearer ${s.token}`, 'owner'))).toBe(200);
    expect(await status(s.tokens.authenticate(`Bearer ${s.token}`, 'attacker'))).toBe(200);
  });

  it('bounded verifier: past concurrency + queue, 503 with Retry-After; one check per client at a time', async () => {
    const s = await setup({ concurrency: 1, maxQueue: 2, failuresPerWindow: 1000 });
    const wrong = (i: number) => `Bearer afk_${s.prefix}_${String.fromCharCode(97 + (i % 26)).repeat(32)}`;
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => s.tokens.authenticate(wrong(i), `c${i}`).catch((e) => e.status)));
    expect(outcomes.filter((o) => o === 401)).toHaveLength(3); // one running, two waiting
    expect(outcomes.filter((o) => o === 503)).toHaveLength(5);
    const same = await Promise.all([0, 1].map((i) => s.tokens.authenticate(wrong(i), 'one-client').catch((e) => e.status)));
    expect(same.sort()).toEqual([401, 429]);
    expect(s.guard.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});
