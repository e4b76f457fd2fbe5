import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { guardedTokens, status } from './guarded.js';

describeEachDb('token checks under load', (dialect) => {
  const setup = guardedTokens(dialect);

  it('a burst of requests carrying one new token shares one check, and all pass', async () => {
    const s = await setup();
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => s.tokens.authenticate(`Bearer ${s.token}`, 'client-a')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(60);
    expect(s.hashes()).toBe(1);
    await s.tokens.authenticate(`Bearer ${s.token}`, 'client-a');
    expect(s.hashes()).toBe(1); // remembered
  });

  it('unknown prefixes cost no hash; failures are budgeted per client', async () => {
    const s = await setup({ failuresPerWindow: 5 });
    for (let i = 0; i < 3; i++) expect(await status(s.tokens.authenticate(`Bearer afk_ZZZZZZZ${i}_${'a'.repeat(32)}`, 'attacker'))).toBe(401);
    expect(s.hashes()).toBe(0);
    for (let i = 0; i < 2; i++) expect(await status(s.tokens.authenticate(`Bearer afk_${s.prefix}_${String(i).repeat(32)}`, 'attacker'))).toBe(401);
    expect(s.hashes()).toBe(2);
    // Budget spent: an unknown prefix is a 429 without a hash; a wrong secret is a 429 too
    // (checked on the idle verifier's spare capacity: see the lanes tests).
    expect(await status(s.tokens.authenticate(`Bearer afk_ZZZZZZZ9_${'a'.repeat(32)}`, 'attacker'))).toBe(429);
    expect(s.hashes()).toBe(2);
    const limited = await s.tokens.authenticate(`Bearer afk_${s.prefix}_${'z'.repeat(32)}`, 'attacker').catch((e) => e);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['Retry-After'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect(await status(s.tokens.authenticate(`Bearer ${s.token}`, 'owner'))).toBe(200);
    expect(await status(s.tokens.authenticate(`Bearer ${s.token}`, 'attacker'))).toBe(200);
  });

  it('bounded verifier: past concurrency + queue, 503 with Retry-After; one check per client at a time', async () => {
    const s = await setup({ concurrency: 1, maxQueue: 2, failuresPerWindow: 1000 });
    const wrong = (i: number) => `Bearer afk_${s.prefix}_${String.fromCharCode(97 + (i % 26)).repeat(32)}`;
    // All eight reach the verifier while the first one's check runs (held at its door until the
    // eighth arrives: on PostgreSQL the lookups before it answer at their own pace).
    s.hold(8);
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => s.tokens.authenticate(wrong(i), `c${i}`).catch((e) => e)));
    const statuses = outcomes.map((o) => o.status);
    expect(statuses.filter((o) => o === 401)).toHaveLength(3); // one running, two waiting
    expect(statuses.filter((o) => o === 503)).toHaveLength(5);
    expect(outcomes.find((o) => o.status === 503).headers['Retry-After']).toBe('1');
    s.hold(2);
    const same = await Promise.all([0, 1].map((i) => s.tokens.authenticate(wrong(i), 'one-client').catch((e) => e.status)));
    expect(same.sort()).toEqual([401, 429]);
    expect(s.guard.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});
