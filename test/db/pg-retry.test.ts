import { expect, it } from 'vitest';
import { retryRolledBack } from '../../src/db/pg-retry.js';

const failing = (codes: (string | undefined)[]) => {
  let calls = 0;
  const run = async () => {
    const code = codes[calls++];
    if (code === 'ok') return calls;
    throw Object.assign(new Error(`failed with ${code}`), { code });
  };
  return { run, calls: () => calls };
};

it('runs again what PostgreSQL rolled back (class 40), up to three tries', async () => {
  const deadlock = failing(['40P01', '40001', 'ok']);
  expect(await retryRolledBack(deadlock.run)).toBe(3);
  const always = failing(['40P01', '40P01', '40P01', 'ok']);
  await expect(retryRolledBack(always.run)).rejects.toThrow('40P01');
  expect(always.calls()).toBe(3);
});

it('does not run again after any other error (the write may have committed, or is wrong)', async () => {
  for (const code of ['23505', '08006', '57P01', undefined]) {
    const f = failing([code, 'ok']);
    await expect(retryRolledBack(f.run)).rejects.toThrow(`failed with ${code}`);
    expect(f.calls()).toBe(1);
  }
});
