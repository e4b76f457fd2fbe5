import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 120_000, // process and load tests start real servers; the machine has 2 cores
    hookTimeout: 60_000,
    // two cores: files run in parallel forks, PostgreSQL tests isolate by schema
    pool: 'forks',
    maxWorkers: 2,
  },
});
