import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // two cores: files run in parallel forks, PostgreSQL tests isolate by schema
    pool: 'forks',
    maxWorkers: 2,
  },
});
