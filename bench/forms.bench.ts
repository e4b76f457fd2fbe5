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
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './autocannon.js';
import { jsonPostLoad, rawJsonServer, type AckedLoad as Load } from './json-post.js';
import { appendSection, fmt, ratio, resultRow } from './report.js';
import { cli, processEnv, startServer } from '../test/process-helpers.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const load = (url: string, kind: 'signup' | 'feedback' | 'raw', appSlug = '', seconds = SECONDS) => jsonPostLoad(url, kind, { appSlug, connections: CONNECTIONS, seconds });

const raw = await rawJsonServer();
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

appendSection(
  'forms',
  { connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS },
  rounds.flatMap((r, i) => [
    resultRow(i + 1, 'raw node:http JSON POST', r.baseline),
    resultRow(i + 1, 'POST /api/public/waitlist (distinct emails)', r.signup, r.baseline),
    resultRow(i + 1, 'POST /api/public/feedback', r.feedback, r.baseline),
  ]),
  `Median of the per-round ratios: signup ${median(signupRatios).toFixed(2)}x, feedback ${median(feedbackRatios).toFixed(2)}x. Acknowledged signups ${acked.length}, missing afterwards ${missing}. Acknowledged feedback ${ackedFeedback}, stored ${feedbackRows}.`,
);
if (missing || feedbackRows < ackedFeedback || rounds.some((r) => r.signup.errors || r.feedback.errors)) process.exitCode = 1;
