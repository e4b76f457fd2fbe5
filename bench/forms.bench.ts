/**
 * Waitlist signup and feedback submit under load, against a raw node:http JSON POST baseline
 * measured in the same run. Every request carries a distinct email. Rounds alternate raw,
 * signup and feedback back to back, so a noisy neighbour hits all three alike; the headline
 * ratio is the median of the per-round ratios (the raw baseline alone swings by a quarter
 * between runs on a shared machine). Afterwards every acknowledged signup must be in the
 * database. Results are appended to docs/benchmarks.md.
 *
 *   npm run bench -- forms          (BENCH_SECONDS=10, BENCH_ROUNDS=3, BENCH_CONNECTIONS=50)
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median, type LoadResult } from './autocannon.js';
import { cli, freePort, processEnv, startServer } from '../test/process-helpers.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOAD = resolve(import.meta.dirname, 'forms.load.ts');

interface Load extends LoadResult {
  /** Emails the server acknowledged with a 2xx. */
  acked: string[];
}

/** autocannon runs in its own process so it never shares an event loop with a server. */
function load(url: string, kind: 'signup' | 'feedback' | 'raw', appSlug = '', seconds = SECONDS): Promise<Load> {
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

const { app } = await api('/api/v1/apps', 'POST', { name: 'Bench' });
const intro = { title: 'Bench', subtitle: 's', submitLabel: 'Go' };
await api(`/api/v1/apps/${app.slug}/flows/waitlist`, 'PUT', { intro: { ...intro, emailPlaceholder: 'e' }, success: { title: 't', body: 'b' } });
await api(`/api/v1/apps/${app.slug}/flows/waitlist/publish`, 'POST');
await api(`/api/v1/apps/${app.slug}/flows/feedback`, 'PUT', { intro: { ...intro, messagePlaceholder: 'm' }, rating: { enabled: true }, success: { title: 't', body: 'b' } });
await api(`/api/v1/apps/${app.slug}/flows/feedback/publish`, 'POST');

interface Round {
  baseline: Load;
  signup: Load;
  feedback: Load;
}
const rounds: Round[] = [];
// Warm-up, not counted: a real server has been running (JIT-compiled, caches filled).
const warmup = [await load(`${server.url}/api/public/waitlist`, 'signup', app.slug, 2), await load(`${server.url}/api/public/feedback`, 'feedback', app.slug, 2)];
const ratio = (r: Load, base: Load) => r.reqPerSec / base.reqPerSec;
for (let i = 1; i <= ROUNDS; i++) {
  const baseline = await load(`${raw.url}/`, 'raw');
  const signup = await load(`${server.url}/api/public/waitlist`, 'signup', app.slug);
  const feedback = await load(`${server.url}/api/public/feedback`, 'feedback', app.slug);
  rounds.push({ baseline, signup, feedback });
  console.log(`round ${i}`);
  console.log(`  raw node:http JSON POST   ${fmt(baseline)}`);
  console.log(`  waitlist signup           ${fmt(signup)}  ${ratio(signup, baseline).toFixed(2)}x`);
  console.log(`  feedback submit           ${fmt(feedback)}  ${ratio(feedback, baseline).toFixed(2)}x`);
}
raw.proc.kill();

server.proc.kill('SIGTERM');
await server.exited;
const db = new Database(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
const stored = new Set((db.prepare('SELECT email FROM waitlist_signups').all() as { email: string }[]).map((r) => r.email));
const feedbackRows = (db.prepare("SELECT count(*) AS n FROM form_submissions WHERE type = 'feedback'").get() as { n: number }).n;
db.close();
rmSync(env.DATA_DIR, { recursive: true, force: true });

const signupRatios = rounds.map((r) => ratio(r.signup, r.baseline));
const feedbackRatios = rounds.map((r) => ratio(r.feedback, r.baseline));
const acked = [...warmup[0].acked, ...rounds.flatMap((r) => r.signup.acked)];
const ackedFeedback = warmup[1].acked.length + rounds.reduce((n, r) => n + r.feedback.acked.length, 0);
const missing = acked.filter((e) => !stored.has(e)).length;
const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
console.log(`signup ${median(signupRatios).toFixed(2)}x of raw (median of rounds ${list(signupRatios)}; target >= 0.35x); feedback ${median(feedbackRatios).toFixed(2)}x (${list(feedbackRatios)})`);
console.log(`acknowledged signups ${acked.length}, stored ${stored.size}, missing ${missing}; acknowledged feedback ${ackedFeedback}, stored ${feedbackRows}`);

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const row = (name: string, r: Load, base?: Load) => `| ${name} | ${Math.round(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${base ? `${ratio(r, base).toFixed(2)}x` : '1.00x'} |`;
appendFileSync(
  resolve(import.meta.dirname, '../docs/benchmarks.md'),
  [
    '',
    `### forms: ${date} UTC, ${cpus().length} cores, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, SQLite (WAL, every acknowledged write fsynced)`,
    '',
    '| round | endpoint | req/s | p50 ms | p99 ms | vs raw node:http |',
    '|---|---|---|---|---|---|',
    ...rounds.flatMap((r, i) => [
      `| ${i + 1} |${row('raw node:http JSON POST', r.baseline).slice(1)}`,
      `| ${i + 1} |${row('POST /api/public/waitlist (distinct emails)', r.signup, r.baseline).slice(1)}`,
      `| ${i + 1} |${row('POST /api/public/feedback', r.feedback, r.baseline).slice(1)}`,
    ]),
    '',
    `Median of the per-round ratios: signup ${median(signupRatios).toFixed(2)}x, feedback ${median(feedbackRatios).toFixed(2)}x. Acknowledged signups ${acked.length}, missing afterwards ${missing}. Acknowledged feedback ${ackedFeedback}, stored ${feedbackRows}.`,
    '',
  ].join('\n'),
);
if (missing || feedbackRows < ackedFeedback || rounds.some((r) => r.signup.errors || r.feedback.errors)) process.exitCode = 1;
