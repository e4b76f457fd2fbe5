/**
 * Onboarding completion under load (answers + email stored durably, a claim token minted and
 * its hash stored) against a raw node:http JSON POST baseline measured in the same run. Rounds
 * alternate raw and completion back to back; the headline is the median of per-round ratios.
 * Afterwards every acknowledged completion must be in the database. Results are appended to
 * docs/benchmarks.md.
 *
 *   npm run bench -- onboarding      (BENCH_SECONDS=10, BENCH_ROUNDS=3, BENCH_CONNECTIONS=50)
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './autocannon.js';
import { jsonPostLoad, rawJsonServer, type AckedLoad as Load } from './json-post.js';
import { appendSection, fmt, ratio, resultRow } from './report.js';
import { cli, processEnv, startServer } from '../test/process-helpers.js';
import { goodOnboarding } from '../test/flows/onboarding/onboarding.fixtures.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const load = (url: string, kind: 'onboarding' | 'raw', appSlug = '', seconds = SECONDS) => jsonPostLoad(url, kind, { appSlug, connections: CONNECTIONS, seconds });

const raw = await rawJsonServer();
const env = processEnv('sqlite', { PUBLIC_RATE_LIMIT: '100000000', LOG_LEVEL: 'warn' });
const token = cli(env, 'token', 'create', '--name', 'bench').stdout.trim().split('\n').pop()!;
const server = await startServer(env);
const api = (path: string, method: string, body?: unknown) =>
  fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }).then(async (r) => {
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  });
await api('/api/v1/apps', 'POST', { name: 'Bench', slug: 'bench' });
await api('/api/v1/apps/bench/flows/onboarding', 'PUT', goodOnboarding());
await api('/api/v1/apps/bench/flows/onboarding/publish', 'POST');

const rounds: { baseline: Load; complete: Load }[] = [];
const warmup = await load(`${server.url}/api/public/onboarding/complete`, 'onboarding', 'bench', 2);
for (let i = 1; i <= ROUNDS; i++) {
  const baseline = await load(`${raw.url}/`, 'raw');
  const complete = await load(`${server.url}/api/public/onboarding/complete`, 'onboarding', 'bench');
  rounds.push({ baseline, complete });
  console.log(`round ${i}`);
  console.log(`  raw node:http JSON POST   ${fmt(baseline)}`);
  console.log(`  onboarding complete       ${fmt(complete)}  ${ratio(complete, baseline).toFixed(2)}x`);
}
raw.proc.kill();
server.proc.kill('SIGTERM');
await server.exited;
const db = new Database(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
const stored = new Set((db.prepare('SELECT email FROM onboarding_submissions').all() as { email: string }[]).map((r) => r.email));
db.close();
rmSync(env.DATA_DIR, { recursive: true, force: true });

const ratios = rounds.map((r) => ratio(r.complete, r.baseline));
const acked = [...warmup.acked, ...rounds.flatMap((r) => r.complete.acked)];
const missing = acked.filter((e) => !stored.has(e)).length;
const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
console.log(`onboarding complete ${median(ratios).toFixed(2)}x of raw (median of rounds ${list(ratios)}; target >= 0.3x)`);
console.log(`acknowledged completions ${acked.length}, stored ${stored.size}, missing ${missing}`);

appendSection(
  'onboarding',
  { connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS },
  rounds.flatMap((r, i) => [resultRow(i + 1, 'raw node:http JSON POST', r.baseline), resultRow(i + 1, 'POST /api/public/onboarding/complete (distinct emails, token minted)', r.complete, r.baseline)]),
  `Median of the per-round ratios: completion ${median(ratios).toFixed(2)}x (target >= 0.3x). Acknowledged completions ${acked.length}, missing afterwards ${missing}.`,
);
if (missing || rounds.some((r) => r.complete.errors)) process.exitCode = 1;
