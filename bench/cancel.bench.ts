/**
 * The cancel flow's runtime under load, each against a raw node:http baseline measured in the
 * same run (same pattern as forms.bench.ts: rounds back to back, the headline is the median of
 * the per-round ratios, every acknowledged write verified in the database afterwards):
 *
 * - session create: POST /api/public/sessions with distinct SDK bodies (durable group commit)
 *   vs node:http parsing a JSON POST and answering 201 JSON. Target >= 0.35x.
 * - first screen: GET of a session's flowUrl (the hosted page renders the pinned config and
 *   records `opened`), one fresh session per request, vs node:http serving a static HTML page
 *   of the same byte size. Target >= 0.3x. Runs only when the hosted page answers the probe.
 * - step recording: the reason screen's form post (records a `reason` step, answers 303), a
 *   session of its own per request, vs the raw JSON POST measured just before it. Target >= 0.35x.
 *   Runs with the first screen.
 *
 * The sessions a round creates feed the page rounds (each page view and each pick needs a
 * session of its own: a second one on the same session records nothing); a pool too small is
 * topped up with a fixed-count session load outside the measurement. Afterwards every
 * acknowledged session, first screen (`opened`) and pick (`reason`) must be in the database.
 *
 *   npm run bench -- cancel          (BENCH_SECONDS=10, BENCH_ROUNDS=3, BENCH_CONNECTIONS=50)
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './autocannon.js';
import { cancelLoad, type CancelLoad as Load, type Entry, type Session } from './cancel-load.js';
import { appendSection, fmt as baseFmt, ratio, resultRow } from './report.js';
import { goodCancel } from '../test/flows/cancel.fixtures.js';
import { cli, freePort, processEnv, startServer } from '../test/process-helpers.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const load = (url: string, kind: 'session' | 'raw' | 'get' | 'post', opts: { appSlug?: string; seconds?: number | string; entries?: Entry[] } = {}) =>
  cancelLoad(url, kind, { ...opts, connections: CONNECTIONS, seconds: opts.seconds ?? SECONDS });

/**
 * The baseline: node:http answering a JSON POST with 201 JSON (session create, step), and a GET
 * with a static HTML page of `htmlBytes` bytes (first screen), nothing else.
 */
async function rawServer(htmlBytes: number): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const code = `
    const html = Buffer.from('<!doctype html><html><body>' + 'x'.repeat(Math.max(0, ${htmlBytes} - 41)) + '</body></html>');
    require('node:http').createServer((q, s) => {
      if (q.method === 'GET') { s.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); return s.end(html); }
      let b = ''; q.on('data', (d) => (b += d));
      q.on('end', () => { const j = JSON.parse(b); s.writeHead(201, { 'content-type': 'application/json' }); s.end(JSON.stringify({ sessionId: String(j.userId), token: 't', flowUrl: 'http://x/' + j.appSlug })); });
    }).listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => proc.stdout!.once('data', r));
  return { url: `http://127.0.0.1:${port}`, proc };
}

/**
 * The hosted page's step-recording request for a session: the reason screen's form post (a
 * pick with its session token; answered 303 to the reason's response screen), recording one
 * `reason` step.
 */
const stepRequest = (s: Session): Exclude<Entry, string> => ({
  path: s.path.split('?')[0],
  contentType: 'application/x-www-form-urlencoded',
  body: new URLSearchParams({ t: s.token, b: 'reasons:continue', reason: 'too_expensive' }).toString(),
});

const fmt = (r: Load) => baseFmt(r, r.reused ? `, ${r.reused} reused sessions` : '');

const env = processEnv('sqlite', { PUBLIC_RATE_LIMIT: '100000000', LOG_LEVEL: 'warn' });
const token = cli(env, 'token', 'create', '--name', 'bench').stdout.trim().split('\n').pop()!;
const server = await startServer(env);
const api = (path: string, method: string, body?: unknown) =>
  fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }).then(async (r) => {
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  });
const { app } = await api('/api/v1/apps', 'POST', { name: 'Bench', deepLinkScheme: 'bench' });
await api(`/api/v1/apps/${app.slug}/flows/cancel`, 'PUT', goodCancel());
await api(`/api/v1/apps/${app.slug}/flows/cancel/publish`, 'POST');
const sessionsUrl = `${server.url}/api/public/sessions`;

// Warm-up, not counted: a real server has been running (JIT-compiled, caches filled).
const warmup = await load(sessionsUrl, 'session', { appSlug: app.slug, seconds: 2 });
const acked: Session[] = [...warmup.acked];
/** Sessions whose page nobody has opened yet. */
let fresh: Session[] = [...warmup.acked];
/** Sessions whose first screen was served: each may record one step. */
let opened: Session[] = [];

// Does the hosted page render the first screen? Its byte size sizes the raw HTML baseline.
const probe = await fetch(`${server.url}${fresh.shift()!.path}`, { headers: { accept: 'text/html' } });
const probeHtml = await probe.text();
const hasPage = probe.status === 200 && /text\/html/.test(probe.headers.get('content-type') ?? '');
const htmlBytes = Buffer.byteLength(probeHtml);
console.log(hasPage ? `first screen: ${htmlBytes} bytes of HTML` : `no hosted page yet (GET flowUrl answered ${probe.status}): first-screen and step rounds skipped`);
const raw = await rawServer(hasPage ? htmlBytes : 1024);

/** At least `need` unopened sessions, created outside any measurement. */
async function topUp(need: number) {
  if (fresh.length >= need) return;
  const more = await load(sessionsUrl, 'session', { appSlug: app.slug, seconds: `n${need - fresh.length}` });
  acked.push(...more.acked);
  fresh.push(...more.acked);
}

interface Round {
  baseline: Load;
  session: Load;
  htmlBaseline?: Load;
  page?: Load;
  stepBaseline?: Load;
  step?: Load;
}
const rounds: Round[] = [];
for (let i = 1; i <= ROUNDS; i++) {
  const baseline = await load(`${raw.url}/`, 'raw', { appSlug: app.slug });
  const session = await load(sessionsUrl, 'session', { appSlug: app.slug });
  acked.push(...session.acked);
  fresh.push(...session.acked);
  const round: Round = { baseline, session };
  console.log(`round ${i}`);
  console.log(`  raw node:http JSON POST   ${fmt(baseline)}`);
  console.log(`  session create            ${fmt(session)}  ${ratio(session, baseline).toFixed(2)}x`);
  if (hasPage) {
    // Enough sessions for what the first screen may serve (topped up before the baselines, so
    // each measurement stays next to its own).
    await topUp(session.total * 2);
    round.htmlBaseline = { ...(await load(raw.url, 'get', { entries: ['/'] })), reused: 0 };
    const pool = fresh;
    round.page = await load(server.url, 'get', { entries: pool.map((s) => s.path) });
    const opens = Math.min(round.page.sent, pool.length);
    opened.push(...pool.slice(0, opens));
    fresh = pool.slice(opens);
    console.log(`  raw node:http static HTML ${fmt(round.htmlBaseline)}`);
    console.log(`  first screen              ${fmt(round.page)}  ${ratio(round.page, round.htmlBaseline).toFixed(2)}x`);
    // A pick on a session whose first screen was served, then (if those run out) on fresh ones.
    await topUp(Math.max(0, session.total * 2 - opened.length));
    round.stepBaseline = await load(`${raw.url}/`, 'raw', { appSlug: app.slug });
    const stepPool = [...opened, ...fresh];
    round.step = await load(server.url, 'post', { entries: stepPool.map(stepRequest) });
    const used = Math.min(round.step.sent, stepPool.length);
    fresh = fresh.slice(Math.max(0, used - opened.length));
    opened = opened.slice(used);
    console.log(`  raw node:http JSON POST   ${fmt(round.stepBaseline)}`);
    console.log(`  step recording            ${fmt(round.step)}  ${ratio(round.step, round.stepBaseline).toFixed(2)}x`);
  }
  rounds.push(round);
}
raw.proc.kill();

server.proc.kill('SIGTERM');
await server.exited;
const db = new Database(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
const stored = new Set(db.prepare('SELECT id FROM flow_sessions').pluck().all() as string[]);
const steps = db.prepare('SELECT step, count(*) AS n FROM flow_steps GROUP BY step').all() as { step: string; n: number }[];
db.close();
rmSync(env.DATA_DIR, { recursive: true, force: true });

const missing = acked.filter((s) => !stored.has(s.sessionId)).length;
const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
const sessionRatios = rounds.map((r) => ratio(r.session, r.baseline));
const pageRatios = rounds.flatMap((r) => (r.page ? [ratio(r.page, r.htmlBaseline!)] : []));
const stepRatios = rounds.flatMap((r) => (r.step ? [ratio(r.step, r.stepBaseline!)] : []));
// A request on a session used before (the pool ran out) adds no row: count distinct sessions only.
const ackedSteps = rounds.reduce((n, r) => n + (r.step ? r.step.ackedCount - r.step.reused : 0), 0);
const ackedPages = rounds.reduce((n, r) => n + (r.page ? r.page.ackedCount - r.page.reused : 0), 0);
const storedSteps = Object.fromEntries(steps.map((s) => [s.step, Number(s.n)]));
const headline = [
  `session create ${median(sessionRatios).toFixed(2)}x of raw (median of rounds ${list(sessionRatios)}; target >= 0.35x)`,
  pageRatios.length ? `first screen ${median(pageRatios).toFixed(2)}x of raw static HTML (${list(pageRatios)}; target >= 0.3x)` : 'first screen: not measured (no hosted page yet)',
  stepRatios.length ? `step recording ${median(stepRatios).toFixed(2)}x of raw JSON POST (${list(stepRatios)}; target >= 0.35x)` : 'step recording: not measured (no hosted page yet)',
];
console.log(headline.join('; '));
const counts = `Acknowledged sessions ${acked.length}, stored ${stored.size}, missing ${missing}. Steps stored ${JSON.stringify(storedSteps)}${pageRatios.length ? `; acknowledged first screens ${ackedPages} (opened), reason picks ${ackedSteps}` : ''}`;
console.log(counts);

appendSection(
  'cancel',
  { connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS },
  rounds.flatMap((r, i) => [
    resultRow(i + 1, 'raw node:http JSON POST', r.baseline),
    resultRow(i + 1, 'POST /api/public/sessions (distinct SDK bodies)', r.session, r.baseline),
    ...(r.page ? [resultRow(i + 1, `raw node:http static HTML (${htmlBytes} bytes)`, r.htmlBaseline!), resultRow(i + 1, 'GET flowUrl: first screen, a fresh session each', r.page, r.htmlBaseline)] : []),
    ...(r.step ? [resultRow(i + 1, 'raw node:http JSON POST', r.stepBaseline!), resultRow(i + 1, 'POST flowUrl: reason pick (step recording), a session each', r.step, r.stepBaseline)] : []),
  ]),
  `Median of the per-round ratios: ${headline.join('; ')}. ${counts}.`,
);
// Every acknowledged first screen recorded `opened`, every acknowledged pick `reason`, each on a session of its own.
const failed =
  missing > 0 ||
  rounds.some((r) => r.session.errors || r.page?.errors || r.step?.errors) ||
  (storedSteps.opened ?? 0) < ackedPages ||
  (storedSteps.reason ?? 0) < ackedSteps;
if (failed) process.exitCode = 1;
