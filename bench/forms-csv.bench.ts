/**
 * CSV export: a waitlist of BENCH_CSV_ROWS signups (default 1,000,000) exported over HTTP from a
 * real server process, against the same rows streamed by better-sqlite3 + csv-stringify in one
 * process (the library-speed baseline, same run), sampling the server's resident memory and CPU
 * time, and with a short link's redirect latency measured idle and while the export streams, once
 * compressed (a browser) and once not (curl), under two load models (see below).
 *
 *   npm run bench -- forms-csv
 */
import Database from 'better-sqlite3';
import { stringify } from 'csv-stringify';
import { once } from 'node:events';
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cli, freePort, processEnv, startServer } from '../test/process-helpers.js';
import { autocannon, type LoadResult } from './autocannon.js';
import { childJson } from './child-json.js';
import { pacedLoad, type PacedResult } from './paced.js';

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
/** CPU seconds (user + system) a process has used so far, all its threads. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
};
const rssMb = (pid: number, field = 'VmRSS') => Number(/(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field))!)![1]) / 1024;

const env = processEnv('sqlite', { LOG_LEVEL: 'warn', NODE_OPTIONS: `--import ${JSON.stringify(resolve(import.meta.dirname, 'loop-delay.probe.mjs'))}` });
env.LOOP_DELAY_FILE = join(env.DATA_DIR, 'loop-delay.json');
const token = cli(env, 'token', 'create', '--name', 'bench').stdout.trim().split('\n').pop()!;
const server = await startServer(env);
// A failure mid-run must not leave the server, or its 1,000,000-row data folder, behind.
process.on('exit', () => {
  server.proc.kill('SIGKILL');
  rmSync(env.DATA_DIR, { recursive: true, force: true });
});
const auth = { authorization: `Bearer ${token}` };
const api = (path: string, method: string, body?: unknown) =>
  fetch(`${server.url}${path}`, { method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }).then((r) => r.json());
const { app } = await api('/api/v1/apps', 'POST', { name: 'Csv' });
await api(`/api/v1/apps/${app.slug}/flows/waitlist`, 'PUT', { intro: { title: 'B', subtitle: 's', submitLabel: 'Go', emailPlaceholder: 'e' }, success: { title: 't', body: 'b' } });
await api(`/api/v1/apps/${app.slug}/flows/waitlist/publish`, 'POST');

// Fill the table straight through SQLite (the server's own writes are measured in forms.bench.ts).
const db = new Database(join(env.DATA_DIR, 'appflows.db'));
db.pragma('busy_timeout = 5000');
const { id: appId } = db.prepare('SELECT id FROM apps WHERE slug = ?').get(app.slug) as { id: string };
const { id: flowId } = db.prepare("SELECT id FROM flows WHERE app_id = ? AND type = 'waitlist'").get(appId) as { id: string };
const insert = db.prepare(
  'INSERT INTO waitlist_signups (id, app_id, flow_id, email, email_normalized, source, country, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
);
const base = Date.parse('2026-01-01T00:00:00Z');
db.transaction(() => {
  for (let i = 0; i < ROWS; i++) {
    const email = `user${i}@example.com`;
    insert.run(`s${i.toString(36).padStart(8, '0')}`, appId, flowId, email, email, 'bench', 'DE', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', new Date(base + i * 1000).toISOString());
  }
})();
db.close();

// Baseline, in this (separate) process: the same rows in the same order through better-sqlite3's
// iterator and csv-stringify's stream, every cell quoted, into a sink. What "library speed" is.
async function baseline(): Promise<{ seconds: number; lines: number }> {
  const ro = new Database(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
  const started = performance.now();
  const out = stringify({ header: true, columns: ['id', 'email', 'source', 'country', 'user_agent', 'createdAt'], quoted: true, quoted_empty: true });
  let lines = 0;
  const drained = (async () => {
    // Counted natively, as the export's client counts them (bench/download.load.ts).
    for await (const chunk of out as AsyncIterable<Buffer>) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  })();
  const rows = ro.prepare('SELECT id, email, source, country, user_agent, created_at FROM waitlist_signups WHERE app_id = ? AND flow_id = ? ORDER BY created_at DESC, id DESC').raw().iterate(appId, flowId);
  for (const row of rows) if (!out.write(row)) await once(out, 'drain');
  out.end();
  await drained;
  ro.close();
  return { seconds: (performance.now() - started) / 1000, lines };
}

/** Downloads `url` in a child process at the lowest CPU priority (bench/download.load.ts). */
function download(url: string, encoding: 'gzip' | 'identity', authorization = '', file = ''): Promise<{ seconds: number; bytes: number; lines: number; encoding: string }> {
  const args = ['--import', 'tsx', resolve(import.meta.dirname, 'download.load.ts'), url, encoding, authorization, file];
  return childJson(args, 'download');
}

type LoopDelay = { p99: number; max: number };
/** The server's event-loop delay since the last call (bench/loop-delay.probe.mjs). */
async function serverLoopDelay(): Promise<LoopDelay> {
  rmSync(env.LOOP_DELAY_FILE, { force: true });
  server.proc.kill('SIGUSR2');
  for (let i = 0; i < 200 && !existsSync(env.LOOP_DELAY_FILE); i++) await new Promise((r) => setTimeout(r, 10));
  return JSON.parse(readFileSync(env.LOOP_DELAY_FILE, 'utf8'));
}
/** `load`, with the server's own event-loop delay over the same window. */
async function withLoopDelay<T>(load: () => Promise<T>): Promise<T & { loop: LoopDelay }> {
  await serverLoopDelay();
  const result = await load();
  return { ...result, loop: await serverLoopDelay() };
}

const exportUrl = `${server.url}/api/v1/apps/${app.slug}/waitlist/signups.csv`;

/**
 * One export over HTTP, as a browser asks for it (gzip) or as curl does by default (identity).
 * Both matter: compressed bytes pass through zlib's thread pool, uncompressed ones go straight to
 * a socket that a fast reader never lets push back. `cpu` is the server's CPU time meanwhile
 * (all its threads), which includes any redirects it served.
 */
async function exportOnce(encoding: 'gzip' | 'identity') {
  const before = rssMb(server.proc.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.proc.pid!))), 50);
  const cpuBefore = cpuSeconds(server.proc.pid!);
  const got = await download(exportUrl, encoding, auth.authorization);
  clearInterval(sampler);
  if (got.encoding !== encoding) throw new Error(`asked for ${encoding}, got ${got.encoding}`);
  return { ...got, before, peak, cpu: cpuSeconds(server.proc.pid!) - cpuBefore };
}

/**
 * The floor: redirect latency while the same client downloads the same bytes from another process
 * (a static file through node:http), so the server does no work for it. What remains between that
 * and idle is the machine (2 cores shared by the server, the load and the client), not the export.
 */
async function controlDownload<T>(load: () => Promise<T>): Promise<T> {
  const file = join(env.DATA_DIR, 'export.csv');
  if (!existsSync(file)) await download(exportUrl, 'identity', auth.authorization, file);
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/csv' }); require('node:fs').createReadStream(${JSON.stringify(file)}).pipe(s); }).listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => proc.stdout!.once('data', r));
  // Downloads back to back for the whole load window (one takes less than the export does).
  try {
    let loading = true;
    const during = load().finally(() => (loading = false));
    while (loading) await download(`http://127.0.0.1:${port}/`, 'identity');
    return await during;
  } finally {
    proc.kill();
  }
}

// Redirects while an export streams: a short link, idle and during export.
const link = await api(`/api/v1/apps/${app.slug}/links`, 'POST', { url: 'https://example.com/landing', code: 'csvbench' });
if (!link.link) throw new Error(JSON.stringify(link));
const redirectUrl = `${server.url}/l/csvbench`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE = Number(process.env.BENCH_CSV_RATE ?? 1000);
const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};
const ENCODINGS = ['gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
type Export = Awaited<ReturnType<typeof exportOnce>>;

/** One export with `load` running while it streams; whether the export ended before the load did. */
async function duringExport<T>(encoding: Encoding, load: () => Promise<T>) {
  const exporting = exportOnce(encoding);
  await new Promise((r) => setTimeout(r, 800)); // the client has started and the export streams before the load starts
  let exportDone = false;
  const ours = exporting.finally(() => (exportDone = true));
  const loaded = await load();
  const outlived = exportDone; // read before waiting for the export's end
  return { ours: await ours, loaded, outlived };
}

// Rounds, each measuring its own library baseline and idle latency, so a slower spell of this
// shared machine hits a round's numbers and its references alike; headlines are medians of the
// per-round ratios. In each round, per encoding: an export alone (its time against the library's,
// its server CPU and memory), then one under each load model:
// - saturated: autocannon, 10 connections flat out (closed loop). It measures the share of the
//   2 cores left to redirects; anything else running on the machine raises its p99.
// - paced: RATE redirects per second (open loop, latency from when each was due). It measures
//   what a redirect arriving at a steady rate waits because an export streams.
// Every load window lasts 70% of the round's faster export alone (at least 2 s) and starts 0.8 s
// into the export, so it ends inside it (an export under load takes longer than alone): p99
// "during an export" has no idle tail. The encodings alternate in order.
type Saturated = LoadResult & { loop: LoopDelay };
type Paced = PacedResult & { loop: LoopDelay };
type Run = { encoding: Encoding; alone: Export; saturated: Saturated; saturatedOutlived: boolean; saturatedExport: Export; paced: Paced; pacedOutlived: boolean; pacedExport: Export };
const rounds: { lib: Awaited<ReturnType<typeof baseline>>; seconds: number; idle: Saturated; pacedIdle: Paced; runs: Run[]; control: Saturated; pacedControl: Paced }[] = [];
// The server's first export, measured apart: the first fast allocation of a process touches V8's
// young generation for the first time. Uncapped on Node 24 here that was +85-88 MB (128 MB of new space,
// for 300,000, 1,000,000 or 3,000,000 rows alike); bin/appflows caps it at 2 x 32 MB (+20-23 MB). The
// rounds measure what every later export adds; the headline's RSS growth counts this one too.
const cold = await exportOnce('gzip');
for (let round = 1; round <= ROUNDS; round++) {
  const lib = await baseline();
  const alone = new Map<Encoding, Export>();
  for (const encoding of round % 2 ? ENCODINGS : [...ENCODINGS].reverse()) alone.set(encoding, await exportOnce(encoding));
  const seconds = Math.max(2, Math.floor(Math.min(...[...alone.values()].map((e) => e.seconds)) * 0.7));
  const saturated = () => withLoopDelay(() => autocannon(redirectUrl, { connections: 10, seconds }));
  const steady = () => withLoopDelay(() => pacedLoad(redirectUrl, { rate: RATE, seconds }));
  const idle = await saturated();
  const pacedIdle = await steady();
  const runs: Run[] = [];
  for (const encoding of round % 2 ? ENCODINGS : [...ENCODINGS].reverse()) {
    const a = await duringExport(encoding, saturated);
    const b = await duringExport(encoding, steady);
    if (a.ours.lines - 1 !== ROWS || b.ours.lines - 1 !== ROWS) throw new Error('an export under load came short');
    runs.push({ encoding, alone: alone.get(encoding)!, saturated: a.loaded, saturatedOutlived: a.outlived, saturatedExport: a.ours, paced: b.loaded, pacedOutlived: b.outlived, pacedExport: b.ours });
  }
  runs.sort((a, b) => ENCODINGS.indexOf(a.encoding) - ENCODINGS.indexOf(b.encoding));
  const control = await controlDownload(saturated);
  const pacedControl = await controlDownload(steady);
  rounds.push({ lib, seconds, idle, pacedIdle, runs, control, pacedControl });
  console.log(
    `round ${round}: ` +
      runs.map((r) => `${r.encoding} ${(r.alone.seconds / lib.seconds).toFixed(2)}x (cpu ${r.alone.cpu.toFixed(1)} s), p99 ${r.saturated.p99} / ${r.paced.p99} ms`).join('; ') +
      `; idle p99 ${idle.p99} / ${pacedIdle.p99} ms; control p99 ${control.p99} / ${pacedControl.p99} ms`,
  );
}
server.proc.kill('SIGTERM');
await server.exited;
rmSync(env.DATA_DIR, { recursive: true, force: true });

const x = (n: number) => `${n.toFixed(2)}x`;
const satRatio = (r: LoadResult, idle: LoadResult) => r.p99 / Math.max(1, idle.p99);
const pacedRatio = (r: PacedResult, idle: PacedResult) => r.p99 / idle.p99;
const loopCell = (l: LoopDelay) => `; loop ${l.p99} / ${l.max} ms`;
const satCell = (r: Saturated, idle: LoadResult) => `${r.p99} ms (${x(satRatio(r, idle))}) / ${r.max} ms / ${Math.round(r.reqPerSec)}${loopCell(r.loop)}`;
const pacedCell = (r: Paced, idle: PacedResult) => `${r.p99} ms (${x(pacedRatio(r, idle))}) / ${r.p999} ms / ${r.max} ms${r.answered < r.sent ? `, ${r.sent - r.answered} unanswered` : ''}${loopCell(r.loop)}`;
const outlived = (yes: boolean) => (yes ? ' (the export ended before the load)' : '');
// How long the export took while the load ran (a client-bound export is not starved by the load).
const tookCell = (e: Export, lib: { seconds: number }) => `; export ${e.seconds.toFixed(1)} s (${x(e.seconds / lib.seconds)})`;
const medianOf = (k: number, f: (r: (typeof rounds)[number], run: Run) => number) => median(rounds.map((r) => f(r, r.runs[k])));
const lines = [
  `${ROWS.toLocaleString('en-US')} rows (${(rounds[0].runs[0].alone.bytes / 1e6).toFixed(0)} MB of CSV uncompressed), ${ROUNDS} rounds; each export downloaded by a client at the lowest CPU priority (standing in for another machine).`,
  '',
  `The server's first export (gzip, before the rounds): ${cold.seconds.toFixed(1)} s, RSS +${(cold.peak - cold.before).toFixed(0)} MB (${cold.before.toFixed(0)} -> ${cold.peak.toFixed(0)} MB), the first time the process fills its young generation; the rounds below measure the exports after it.`,
  '',
  'Export alone:',
  '',
  '| round | library baseline | ' + ENCODINGS.map((e) => `${e} export: time, server CPU, RSS growth (peak)`).join(' | ') + ' |',
  '|---|---|' + ENCODINGS.map(() => '---|').join(''),
  ...rounds.map(({ lib, runs }, i) =>
    `| ${i + 1} | ${lib.seconds.toFixed(1)} s | ` +
    runs.map(({ alone }) => `${alone.seconds.toFixed(1)} s = ${x(alone.seconds / lib.seconds)}, ${alone.cpu.toFixed(1)} s, +${(alone.peak - alone.before).toFixed(0)} MB (${alone.peak.toFixed(0)} MB)`).join(' | ') +
    ' |',
  ),
  '',
  "Redirects, saturated (autocannon, 10 connections; resolution 1 ms): p99 (ratio to idle) / max / req/s; then the server's own event-loop delay over the window, p99 / max (what happened inside our process, apart from the load generator's).",
  '',
  '| round | load window | idle | ' + ENCODINGS.map((e) => `during a ${e} export`).join(' | ') + ' | during the control download |',
  '|---|---|---|' + ENCODINGS.map(() => '---|').join('') + '---|',
  ...rounds.map(({ lib, seconds, idle, runs, control }, i) =>
    `| ${i + 1} | ${seconds} s | ${idle.p99} ms / ${idle.max} ms / ${Math.round(idle.reqPerSec)}${loopCell(idle.loop)} | ` +
    runs.map((r) => satCell(r.saturated, idle) + tookCell(r.saturatedExport, lib) + outlived(r.saturatedOutlived)).join(' | ') +
    ` | ${satCell(control, idle)} |`,
  ),
  '',
  `Redirects, paced (${RATE.toLocaleString('en-US')} per second, open loop, latency from when each was due): p99 (ratio to idle) / p99.9 / max; then the server's event-loop delay, p99 / max.`,
  '',
  '| round | idle | ' + ENCODINGS.map((e) => `during a ${e} export`).join(' | ') + ' | during the control download |',
  '|---|---|' + ENCODINGS.map(() => '---|').join('') + '---|',
  ...rounds.map(({ lib, pacedIdle, runs, pacedControl }, i) =>
    `| ${i + 1} | ${pacedIdle.p99} ms / ${pacedIdle.p999} ms / ${pacedIdle.max} ms${loopCell(pacedIdle.loop)} | ` +
    runs.map((r) => pacedCell(r.paced, pacedIdle) + tookCell(r.pacedExport, lib) + outlived(r.pacedOutlived)).join(' | ') +
    ` | ${pacedCell(pacedControl, pacedIdle)} |`,
  ),
  '',
  'Medians of the per-round ratios: ' +
    ENCODINGS.map(
      (e, k) =>
        `${e}: export ${x(medianOf(k, (r, run) => run.alone.seconds / r.lib.seconds))} of the library (target <= 2x), ` +
        `RSS +${Math.max(...rounds.map((r) => r.runs[k].alone.peak - r.runs[k].alone.before)).toFixed(0)} MB at most (target < 50; the first export +${(cold.peak - cold.before).toFixed(0)} MB), ` +
        `redirect p99 ${x(medianOf(k, (r, run) => satRatio(run.saturated, r.idle)))} of idle saturated, ${x(medianOf(k, (r, run) => pacedRatio(run.paced, r.pacedIdle)))} paced (target <= 2x), ` +
        `the export meanwhile ${x(medianOf(k, (r, run) => run.saturatedExport.seconds / r.lib.seconds))} / ${x(medianOf(k, (r, run) => run.pacedExport.seconds / r.lib.seconds))} of the library`,
    ).join('; ') +
    `; the control download: ${x(median(rounds.map((r) => satRatio(r.control, r.idle))))} saturated, ${x(median(rounds.map((r) => pacedRatio(r.pacedControl, r.pacedIdle))))} paced (the machine's floor).`,
];
console.log(lines.join('\n'));
appendFileSync(resolve(import.meta.dirname, '../docs/benchmarks.md'), `\n### forms-csv: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, waitlist CSV export\n\n${lines.join('\n')}\n`);
if (cold.lines - 1 !== ROWS || rounds.some((r) => r.lib.lines - 1 !== ROWS || r.runs.some((run) => run.alone.lines - 1 !== ROWS))) process.exitCode = 1;
