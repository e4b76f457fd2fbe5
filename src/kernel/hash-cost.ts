/**
 * bcrypt cost factors. The production costs (12 for owner passwords, 10 for API tokens) make
 * each hash and each check a quarter second or more of CPU on purpose; the test suite signs in
 * and mints tokens thousands of times on two cores, where that was minutes of a run. Under
 * vitest each cost drops to bcrypt's minimum, the way Devise lowers `stretches` in its test
 * environment: every code path is the same, only the work factor in the hash differs.
 *
 * The switch is vitest's own marker (VITEST, set in its workers; test/process-helpers.ts hands
 * it to the servers and CLIs the tests start), not a setting of ours: no APPFLOWS_* variable
 * or NODE_ENV value a deployment might carry lowers a cost. test/kernel/hash-cost.test.ts
 * holds the production floor, in-process and through a real CLI without the marker.
 */
export const TEST_BCRYPT_COST = 4;

export function bcryptCost(production: number, env: Record<string, string | undefined> = process.env): number {
  return env.VITEST ? TEST_BCRYPT_COST : production;
}
