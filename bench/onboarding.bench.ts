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
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median, type LoadResult } from './autocannon.js';
import { cli, freePort, processEnv, startServer } from '../test/process-helpers.js';
import { goodOnboarding } from '../test/flows/onboarding/onboarding.fixtures.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOAD = resolve(import.meta.dirname, 'forms.load.ts');

interface Load extends LoadResult {
  acked: string[];
}

function load(url: string, kind: 'onboarding' | 'raw', appSlug = '', seconds = SECONDS): Promise<Load> {
  const out = join(mkdtempSync(join(tmpdir(), 'bench-')), 'result.json');
  const child = spawn(process.execPath, ['--import', 'tsx', LOAD, url, kind, appSlug, String(CONNECTIONS), String(seconds), out], { stdio: 'inherit' });
  return new Promise((res, rej) => child.on('exit', (code) => (code === 0 ? res(JSON.parse(readFileSync(out, 'utf8'))) : rej(new Error(`load exited ${code}`)))));
}

/** The baseline: node:http parsing a JSON body and answering 201 JSON, nothing else. */
async function rawServer(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { let b = ''; q.on('data', (d) => (b += d)); q.on('end', () => { const j = JSON.parse(b); s.writeHead(201, { 'content-type': 'application/json' }); s.end(JSON.stringify({ ok: true, id: String(j.email).length })); }); }).listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => proc.stdout!.once('data', r));
  return { url: `http://127.0.0.1:${port}`, proc };
}

const fmt = (r: Load) => `${Math.round(r.reqPerSec).toLocaleString('en-US').padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  (${r.total} requests, statuses ${JSON.stringify(r.byStatus)}, errors ${r.errors})`;

const raw = await rawServer();
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
const ratio = (r: Load, base: Load) => r.reqPerSec / base.reqPerSec;
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

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const row = (name: string, r: Load, base?: Load) => `| ${name} | ${Math.round(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${base ? `${ratio(r, base).toFixed(2)}x` : '1.00x'} |`;
appendFileSync(
  resolve(import.meta.dirname, '../docs/benchmarks.md'),
  [
    '',
    `### onboarding: ${date} UTC, ${cpus().length} cores, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, SQLite (WAL, every acknowledged write fsynced)`,
    '',
    '| round | endpoint | req/s | p50 ms | p99 ms | vs raw node:http |',
    '|---|---|---|---|---|---|',
    ...rounds.flatMap((r, i) => [`| ${i + 1} |${row('raw node:http JSON POST', r.baseline).slice(1)}`, `| ${i + 1} |${row('POST /api/public/onboarding/complete (distinct emails, token minted)', r.complete, r.baseline).slice(1)}`]),
    '',
    `Median of the per-round ratios: completion ${median(ratios).toFixed(2)}x (target >= 0.3x). Acknowledged completions ${acked.length}, missing afterwards ${missing}.`,
    '',
  ].join('\n'),
);
if (missing || rounds.some((r) => r.complete.errors)) process.exitCode = 1;
