import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { expireCache, guardedTokens, sleep, status } from './guarded.js';

/**
 * #34 item 10: a valid token is never refused, nor kept waiting, because others failed. The
 * failure budget is per address (shared by an office or a NAT) and the verifier's queue is
 * shared by everyone presenting a known prefix; a token verified once on a node has its own
 * lane past both, and the budget never refuses a token it has not checked.
 */
describeEachDb('token lanes (#34 item 10)', (dialect) => {
  const setup = guardedTokens(dialect);

  it('same address: a client keeping the budget spent does not lock the owner out once the cache expires', async () => {
    const s = await setup({ failuresPerWindow: 3, windowMs: 60 * 60_000 });
    const owner = `Bearer ${s.token}`;
    const wrong = (i: number) => `Bearer afk_${s.prefix}_${String.fromCharCode(97 + i).repeat(32)}`;
    expect(await status(s.tokens.authenticate(owner, 'office'))).toBe(200);
    expect(s.hashes()).toBe(1);
    // Someone else at the owner's address spends its budget, and keeps it spent.
    for (let i = 0; i < 3; i++) expect(await status(s.tokens.authenticate(wrong(i), 'office'))).toBe(401);
    expect(await status(s.tokens.authenticate(wrong(3), 'office'))).toBe(429);
    expect(await status(s.tokens.authenticate(`Bearer afk_ZZZZZZZZ_${'a'.repeat(32)}`, 'office'))).toBe(429);
    const hashes = s.hashes();
    // The owner's token, its cache expired each time: passes, with no hash.
    for (let i = 0; i < 3; i++) {
      expireCache();
      expect(await status(s.tokens.authenticate(owner, 'office'))).toBe(200);
    }
    expect(s.hashes()).toBe(hashes);
    // Even while the other client's check runs on the verifier, holding its one-check-per-client slot.
    expireCache();
    const attack = status(s.tokens.authenticate(wrong(4), 'office'));
    while (s.guard.stats().running < 1) await sleep(1);
    expect(await status(s.tokens.authenticate(owner, 'office'))).toBe(200);
    expect(await attack).toBe(429); // past the budget, a failure is still a 429
    // A valid token this node never verified is checked, not refused, on the idle verifier:
    // then it is in the lane too. Wrong secrets past the budget stay 429s.
    const second = await s.tokens.create('second');
    expect(await status(s.tokens.authenticate(`Bearer ${second.token}`, 'office'))).toBe(200);
    const after = s.hashes();
    expireCache();
    expect(await status(s.tokens.authenticate(`Bearer ${second.token}`, 'office'))).toBe(200);
    expect(s.hashes()).toBe(after);
    expect(await status(s.tokens.authenticate(wrong(5), 'office'))).toBe(429);
  });

  it('past its budget a client is checked only on an idle verifier: it never queues before others', async () => {
    const s = await setup({ failuresPerWindow: 1, concurrency: 1, maxQueue: 16 });
    const wrong = (i: number) => `Bearer afk_${s.prefix}_${String.fromCharCode(97 + (i % 26)).repeat(32)}`;
    expect(await status(s.tokens.authenticate(wrong(0), 'spent'))).toBe(401);
    // 10 others: one check running, 9 queued (at least ~0.5 s of work).
    s.hold(10);
    const others = Array.from({ length: 10 }, (_, i) => status(s.tokens.authenticate(wrong(i + 1), `other-${i}`)));
    while (s.guard.stats().waiting < 9) await sleep(1);
    // The verifier is busy: the spent client's valid token is a 429 at once, not a place in the queue.
    const refused = await s.tokens.authenticate(`Bearer ${s.token}`, 'spent').catch((e) => e);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThan(0);
    expect(s.guard.stats().waiting).toBeGreaterThan(0);
    expect((await Promise.all(others)).every((x) => x === 401)).toBe(true);
    // Idle again: checked, and passes.
    expect(await status(s.tokens.authenticate(`Bearer ${s.token}`, 'spent'))).toBe(200);
  });

  it('a flood of wrong secrets for the known prefix does not delay a verified token', async () => {
    const s = await setup({ concurrency: 1, maxQueue: 64, failuresPerWindow: 1000 });
    const owner = `Bearer ${s.token}`;
    expect(await status(s.tokens.authenticate(owner, 'owner'))).toBe(200);
    // 12 clients with wrong secrets: one check running, 11 queued (~60 ms each or more).
    s.hold(12);
    const flood = Array.from({ length: 12 }, (_, i) =>
      status(s.tokens.authenticate(`Bearer afk_${s.prefix}_${String(i).padStart(2, '0').repeat(16)}`, `flood-${i}`)),
    );
    while (s.guard.stats().waiting < 11) await sleep(1);
    const hashes = s.hashes();
    for (let i = 0; i < 5; i++) {
      expireCache();
      expect(await status(s.tokens.authenticate(owner, 'owner'))).toBe(200);
    }
    // Answered while the flood still waits (not behind it: the queue is first in, first out),
    // without a check of its own.
    expect(s.guard.stats().waiting).toBeGreaterThan(0);
    expect(s.hashes()).toBe(hashes);
    expect((await Promise.all(flood)).every((x) => x === 401)).toBe(true);
  });

  it('revocation stops a token at once, in the lane and while a check is in flight', async () => {
    const s = await setup();
    const owner = `Bearer ${s.token}`;
    expect(await status(s.tokens.authenticate(owner, 'a'))).toBe(200);
    expect(await status(s.tokens.authenticate(owner, 'a'))).toBe(200); // cached
    await s.tokens.revoke(s.prefix);
    expect(await status(s.tokens.authenticate(owner, 'a'))).toBe(401);
    // In the lane (cache expired), revoked through this node or straight in the database (another node).
    const [second, third] = [await s.tokens.create('second'), await s.tokens.create('third')];
    for (const t of [second, third]) expect(await status(s.tokens.authenticate(`Bearer ${t.token}`, 'a'))).toBe(200);
    expireCache();
    for (const t of [second, third]) expect(await status(s.tokens.authenticate(`Bearer ${t.token}`, 'a'))).toBe(200);
    await s.tokens.revoke(second.prefix);
    await s.db.updateTable('api_tokens').set({ revoked_at: new Date().toISOString() }).where('prefix', '=', third.prefix).execute();
    expect(await status(s.tokens.authenticate(`Bearer ${second.token}`, 'a'))).toBe(401);
    expireCache();
    expect(await status(s.tokens.authenticate(`Bearer ${third.token}`, 'a'))).toBe(401);
    // Revoked while its first check runs (its row read before the revocation): not remembered.
    const fourth = await s.tokens.create('fourth');
    const held = s.hold();
    const inFlight = status(s.tokens.authenticate(`Bearer ${fourth.token}`, 'b'));
    while (held.held() < 1) await sleep(1);
    await s.tokens.revoke(fourth.prefix);
    held.release();
    expect(await inFlight).toBe(401);
    expect(await status(s.tokens.authenticate(`Bearer ${fourth.token}`, 'b'))).toBe(401);
    expect(s.hashes()).toBe(4);
  });
});
