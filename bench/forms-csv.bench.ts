/**
 * CSV export: a waitlist of BENCH_CSV_ROWS signups (default 1,000,000) exported over HTTP from a
 * real server process, against the same rows streamed by better-sqlite3 + csv-stringify in one
 * process (the library-speed baseline, same run), sampling the server's resident memory, and
 * with a short link's redirect latency measured idle and while the export streams, once
 * compressed (a browser) and once not (curl).
 *
 *   npm run bench -- forms-csv
 */
import Database from 'better-sqlite3';
import { stringify } from 'csv-stringify';
import { once } from 'node:events';
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cli, freePort, processEnv, startServer } from '../test/process-helpers.js';
import { autocannon, type LoadResult } from './autocannon.js';

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
const rssMb = (pid: number, field = 'VmRSS') => Number(/(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field))!)![1]) / 1024;

const env = processEnv('sqlite', { LOG_LEVEL: 'warn' });
const token = cli(env, 'token', 'create', '--name', 'bench').stdout.trim().split('\n').pop()!;
const server = await startServer(env);
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
    for await (const chunk of out as AsyncIterable<Buffer>) for (const b of chunk) if (b === 10) lines++;
  })();
  const rows = ro.prepare('SELECT id, email, source, country, user_agent, created_at FROM waitlist_signups WHERE app_id = ? AND flow_id = ? ORDER BY created_at DESC, id DESC').raw().iterate(appId, flowId);
  for (const row of rows) if (!out.write(row)) await once(out, 'drain');
  out.end();
  await drained;
  ro.close();
  return { seconds: (performance.now() - started) / 1000, lines };
}

/**
 * One export over HTTP, as a browser asks for it (gzip) or as curl does by default (identity).
 * Both matter: compressed bytes pass through zlib's thread pool, uncompressed ones go straight to
 * a socket that a fast reader never lets push back.
 */
async function exportOnce(encoding: 'gzip' | 'identity') {
  const before = rssMb(server.proc.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.proc.pid!))), 50);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/apps/${app.slug}/waitlist/signups.csv`, { headers: { ...auth, 'accept-encoding': encoding } });
  if (encoding === 'gzip' && res.headers.get('content-encoding') !== 'gzip') throw new Error('the export was not compressed');
  const { bytes, lines } = await consume(res);
  clearInterval(sampler);
  return { seconds: (performance.now() - started) / 1000, bytes, lines, before, peak };
}

/** Reads a download to its end, counting bytes and lines (natively: the client shares the 2 cores with the server). */
async function consume(res: Response, file?: string) {
  const sink = file ? createWriteStream(file) : undefined;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
    if (sink && !sink.write(chunk)) await once(sink, 'drain');
  }
  if (sink) await new Promise((r) => sink.end(r));
  return { bytes, lines };
}

/**
 * The floor: redirect p99 while the same client downloads the same bytes from another process
 * (a static file through node:http), so the server does no work for it. What remains between that
 * and idle is the machine (2 cores shared by the server, the load and the client), not the export.
 */
async function controlDownload(seconds: number): Promise<LoadResult> {
  const file = join(env.DATA_DIR, 'export.csv');
  if (!existsSync(file)) await consume(await fetch(`${server.url}/api/v1/apps/${app.slug}/waitlist/signups.csv`, { headers: auth }), file);
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/csv' }); require('node:fs').createReadStream(${JSON.stringify(file)}).pipe(s); }).listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => proc.stdout!.once('data', r));
  // Downloads back to back for the whole load window (one takes less than the export does).
  let loading = true;
  const during = autocannon(redirectUrl, { connections: 10, seconds }).finally(() => (loading = false));
  while (loading) await consume(await fetch(`http://127.0.0.1:${port}/`));
  const loaded = await during;
  proc.kill();
  return loaded;
}

// Redirects while an export streams: a short link hit by 10 connections, idle and during export.
const link = await api(`/api/v1/apps/${app.slug}/links`, 'POST', { url: 'https://example.com/landing', code: 'csvbench' });
if (!link.link) throw new Error(JSON.stringify(link));
const redirectUrl = `${server.url}/l/csvbench`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};
const ENCODINGS = ['gzip', 'identity'] as const;

// Rounds, each measuring its own library baseline and idle latency, so a slower spell of this
// shared machine hits a round's numbers and its references alike; headlines are medians of the
// per-round ratios. Every load window (idle, each export, the control) lasts 70% of the round's
// library time, so it fits inside an export (which takes at least about that long): p99 "during
// an export" has no idle tail. The encodings alternate in order, so neither always runs second.
type ExportRun = { encoding: (typeof ENCODINGS)[number]; ours: Awaited<ReturnType<typeof exportOnce>>; loaded: LoadResult; loadOutlived: boolean };
const rounds: { lib: Awaited<ReturnType<typeof baseline>>; seconds: number; idle: LoadResult; runs: ExportRun[]; control: LoadResult }[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const lib = await baseline();
  const seconds = Math.max(2, Math.floor(lib.seconds * 0.7));
  const idle = await autocannon(redirectUrl, { connections: 10, seconds });
  const runs: ExportRun[] = [];
  for (const encoding of round % 2 ? ENCODINGS : [...ENCODINGS].reverse()) {
    const exporting = exportOnce(encoding);
    await new Promise((r) => setTimeout(r, 300)); // the export is streaming before the load starts
    let exportDone = false;
    const ours = exporting.finally(() => (exportDone = true));
    const loaded = await autocannon(redirectUrl, { connections: 10, seconds });
    const loadOutlived = exportDone; // read before waiting for the export's end
    runs.push({ encoding, ours: await ours, loaded, loadOutlived });
  }
  runs.sort((a, b) => ENCODINGS.indexOf(a.encoding) - ENCODINGS.indexOf(b.encoding));
  const control = await controlDownload(seconds);
  rounds.push({ lib, seconds, idle, runs, control });
  console.log(`round ${round}: idle p99 ${idle.p99} ms; ${runs.map((r) => `${r.encoding} ${(r.ours.seconds / lib.seconds).toFixed(2)}x, p99 ${r.loaded.p99} ms`).join('; ')}; control p99 ${control.p99} ms`);
}
server.proc.kill('SIGTERM');
await server.exited;
rmSync(env.DATA_DIR, { recursive: true, force: true });

const x = (n: number) => `${n.toFixed(2)}x`;
const p99Ratio = (r: LoadResult, idle: LoadResult) => r.p99 / Math.max(1, idle.p99);
const lines = [
  `${ROWS.toLocaleString('en-US')} rows (${(rounds[0].runs[0].ours.bytes / 1e6).toFixed(0)} MB of CSV), ${ROUNDS} rounds; redirects by 10 connections (autocannon's resolution is 1 ms).`,
  '',
  '| round | library baseline, load window | idle redirects | ' + ENCODINGS.map((e) => `${e} export: time, RSS growth (peak), redirect p99 / max / req/s`).join(' | ') + ' | control download: redirect p99 / max / req/s |',
  '|---|---|---|' + ENCODINGS.map(() => '---|').join('') + '---|',
  ...rounds.map(({ lib, seconds, idle, runs, control }, i) =>
    `| ${i + 1} | ${lib.seconds.toFixed(1)} s, ${seconds} s | p99 ${idle.p99} ms, max ${idle.max} ms, ${Math.round(idle.reqPerSec)} req/s | ` +
    runs
      .map(({ ours, loaded, loadOutlived }) =>
        `${ours.seconds.toFixed(1)} s = ${x(ours.seconds / lib.seconds)}, +${(ours.peak - ours.before).toFixed(0)} MB (${ours.peak.toFixed(0)} MB), ${loaded.p99} ms (${x(p99Ratio(loaded, idle))}) / ${loaded.max} ms / ${Math.round(loaded.reqPerSec)}${loadOutlived ? ' (the export ended before the load)' : ''}`,
      )
      .join(' | ') +
    ` | ${control.p99} ms (${x(p99Ratio(control, idle))}) / ${control.max} ms / ${Math.round(control.reqPerSec)} |`,
  ),
  '',
  'Medians of the per-round ratios: ' +
    ENCODINGS.map((e, k) => `${e}: export ${x(median(rounds.map((r) => r.runs[k].ours.seconds / r.lib.seconds)))} of the library (target <= 2x), redirect p99 ${x(median(rounds.map((r) => p99Ratio(r.runs[k].loaded, r.idle))))} of idle (target <= 2x), RSS +${Math.max(...rounds.map((r) => r.runs[k].ours.peak - r.runs[k].ours.before)).toFixed(0)} MB at most (target < 50)`).join('; ') +
    `; control download p99 ${x(median(rounds.map((r) => p99Ratio(r.control, r.idle))))} of idle (the machine's floor).`,
];
console.log(lines.join('\n'));
appendFileSync(resolve(import.meta.dirname, '../docs/benchmarks.md'), `\n### forms-csv: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, waitlist CSV export\n\n${lines.join('\n')}\n`);
if (rounds.some((r) => r.lib.lines - 1 !== ROWS || r.runs.some((run) => run.ours.lines - 1 !== ROWS))) process.exitCode = 1;
