import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openAndMigrate } from '../../src/db/index.js';
import { bcryptCost, TEST_BCRYPT_COST } from '../../src/kernel/hash-cost.js';
import { cli, processEnv, productionCosts } from '../process-helpers.js';

/**
 * The test suite hashes at bcrypt's minimum cost (src/kernel/hash-cost.ts). This file holds
 * the floor: nothing but vitest's own marker lowers a cost, and a real CLI started without it
 * stores owner passwords at 12 and API tokens at 10.
 */
it('keeps the production cost unless vitest runs the process, whatever else the environment says', () => {
  expect(bcryptCost(12, {})).toBe(12);
  expect(bcryptCost(10, { NODE_ENV: 'test', NODE_ENV_TEST: '1', TEST: '1', CI: 'true' })).toBe(10);
  expect(bcryptCost(12, { VITEST: 'true' })).toBe(TEST_BCRYPT_COST);
  expect(TEST_BCRYPT_COST).toBe(4);
});

/** The bcrypt cost in each stored hash (`$2b$12$...`) of the owners and tokens on `env`'s database. */
async function storedCosts(env: Record<string, string>) {
  const db = await openAndMigrate(loadConfig(env).database);
  try {
    const cost = (h: string) => Number(/^\$2[aby]\$(\d\d)\$/.exec(h)?.[1]);
    const owners = await db.db.selectFrom('owners').select('password_hash').execute();
    const tokens = await db.db.selectFrom('api_tokens').select('hash').execute();
    return { owners: owners.map((o) => cost(o.password_hash)), tokens: tokens.map((t) => cost(t.hash)) };
  } finally {
    await db.close();
  }
}

// SQLite only: the cost is the process's choice, the database just stores the hash (each CLI
// process costs seconds of CPU on two cores).
it('a real CLI started without the marker hashes owner passwords at 12 and API tokens at 10', async () => {
  const env = productionCosts(processEnv('sqlite'));
  expect(cli(env, 'token', 'create', '--name', 'ci').code).toBe(0);
  const user = cli(env, 'user', 'create', '--email', 'owner@example.com');
  expect(user.code, user.stderr).toBe(0);
  expect(await storedCosts(env)).toEqual({ owners: [12], tokens: [10] });
});
