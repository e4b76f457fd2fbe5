import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Browser suites are the test files that import test/browser.ts or test/owner-browser.ts. Without
// Chromium they are left out with one loud line, unless REQUIRE_BROWSER is set (CI), where a
// missing browser fails.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const noBrowser = !existsSync(chromium);
if (noBrowser && process.env.REQUIRE_BROWSER) {
  throw new Error(`REQUIRE_BROWSER is set but there is no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`);
}
const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testFiles(join(dir, e.name)) : /\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
const browserSuites = noBrowser ? testFiles('test').filter((f) => /from '(\.\.\/)+(owner-)?browser(\.js)?'/.test(readFileSync(f, 'utf8'))) : [];
if (noBrowser) {
  console.warn(`\n*** ${browserSuites.length} browser test files SKIPPED: no Chromium at ${chromium}. Install it (apt-get install chromium) or set CHROMIUM_PATH to run the page tests. ***\n`);
}
if (!process.env.TEST_DATABASE_URL) {
  console.warn('\n*** PostgreSQL variants SKIPPED: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test); every store and API test ran on SQLite only. ***\n');
}

/**
 * Files that spend a minute or more starting server processes, killing them, restarting them or
 * driving Chromium. With durations from an earlier run (node_modules/.vite) vitest starts the
 * longest files first anyway; a fresh clone (CI) has none and starts the largest files first,
 * which put a one-minute kill -9 suite of 50 lines near the end, its worker alone for the last
 * minute. These go first; each group keeps vitest's own order.
 */
const LONG = [/\.kill\.test\.ts$/, /\/process\.test\.ts$/, /\.process(es)?\.test\.ts$/, /two-nodes|concurrency|auth-flood|backup|\.load\./, /\.browser\.test\.ts$/];
class LongFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const group = (f: TestSpecification) => {
      const i = LONG.findIndex((re) => re.test(f.moduleId));
      return i < 0 ? LONG.length : i;
    };
    return (await super.sort(files)).map((f, i) => ({ f, i, g: group(f) })).sort((a, b) => a.g - b.g || a.i - b.i).map((x) => x.f);
  }
}

/**
 * Files that start processes (servers, CLIs, Docker) or drive Chromium keep a fresh worker each.
 * The others share their workers (isolate: false): each file no longer imports the whole server
 * again, which was a fifth of a run (test/links: 103 s -> 55 s on a loaded 2-core machine). They
 * close what they open; a PostgreSQL schema is emptied or dropped after each test
 * (test/pg-schemas.ts) and the pool is dropped after each file (test/setup.ts).
 */
const startsProcesses = (f: string) => /process-helpers|from '(\.\.\/)+(owner-)?browser(\.js)?'|deploy\/exec|child_process/.test(readFileSync(f, 'utf8'));
const ownWorker = testFiles('test').filter(startsProcesses);

export default defineConfig({
  test: {
    testTimeout: 120_000, // process and load tests start real servers; the machine has 2 cores
    hookTimeout: 60_000,
    setupFiles: ['test/setup.ts'],
    // two cores: files run in parallel forks, PostgreSQL tests isolate by schema
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: LongFirst },
    projects: [
      { extends: true, test: { name: 'own-worker', include: ownWorker, exclude: [...configDefaults.exclude, ...browserSuites] } },
      { extends: true, test: { name: 'shared-worker', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: [...configDefaults.exclude, ...browserSuites, ...ownWorker], isolate: false } },
    ],
  },
});
