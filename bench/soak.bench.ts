/**
 * Soak: a real server process on Node >= 22 under a mixed load for SOAK_SECONDS (default 900 =
 * 15 minutes) — short-link redirects, waitlist signups, votes and unvotes, owner lists, and a
 * CSV export of the growing waitlist every few seconds — with a forced full GC every
 * SOAK_GC_MS (default 5000) inside the server, then a graceful stop (SIGTERM).
 *
 * Passes when: the server exits 0 with no native abort in its output, /healthz stayed 200,
 * no request failed at the socket, every acknowledged signup is stored, clicks stored equal
 * the 302s answered, and every idea's vote count equals its vote rows.
 * The same paced mix against a raw node:http server (same rate, same generator) gives the
 * baseline latencies; the ratio printed is ours / raw at p50 and p99.
 *
 *   npm run bench -- soak     (SOAK_SECONDS=900 SOAK_RATE=1500 SOAK_CONNECTIONS=16 SOAK_GC_MS=5000)
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cli, freePort, processEnv } from '../test/process-helpers.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 900);
const RATE = Number(process.env.SOAK_RATE ?? 1500);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 16);
const RAW_SECONDS = Math.min(60, SECONDS);
const ROOT = resolve(import.meta.dirname, '..');
const ABORT = /Assertion failed|RemoveEnvironmentCleanupHook|Aborted|core dumped|FATAL ERROR|Segmentation/;

interface OpSummary { n: number; byStatus: Record<string, number>; errors: number; p50: number; p99: number; max: number; bytes: number }
interface LoadOut { summary: Record<string, OpSummary>; acked: string[] }

function load(url: string, setup: object, seconds: number): Promise<LoadOut> {
  const dir = mkdtempSync(join(tmpdir(), 'soak-'));
  writeFileSync(join(dir, 'setup.json'), JSON.stringify(setup));
  const out = join(dir, 'out.json');
  const args = ['--import', 'tsx', join(import.meta.dirname, 'soak.load.ts'), url, join(dir, 'setup.json'), String(CONNECTIONS), String(seconds), String(RATE), out];
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  return new Promise((res, rej) => child.on('exit', (code) => (code === 0 ? res(JSON.parse(readFileSync(out, 'utf8'))) : rej(new Error(`load exited ${code}`)))));
}

/** The baseline: node:http answering each path of the mix the cheapest way it can. */
async function rawServer(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { let b = ''; q.on('data', (d) => (b += d)); q.on('end', () => {
    if (q.url.startsWith('/raw/l/')) { s.writeHead(302, { location: 'https://example.com/soak' }); return s.end(); }
    if (b) JSON.parse(b);
    s.writeHead(q.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }); s.end('{"ok":true}'); }); })
    .listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => proc.stdout!.once('data', r));
  return { url: `http://127.0.0.1:${port}`, proc };
}

/** `node --expose-gc` with the GC preload: bin/appflows's command line (its young-generation cap included) plus two flags. */
async function ourServer(env: Record<string, string>) {
  const port = await freePort();
  const args = ['--expose-gc', '--max-semi-space-size=32', '--import', 'tsx', '--import', join(import.meta.dirname, 'soak.gc.ts'), join(ROOT, 'src/main.ts'), 'serve'];
  const proc = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => proc.on('exit', (c) => r(c)));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, proc, exited, output: () => output };
}

const rssMiB = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

console.log(`soak on Node ${process.versions.node}: ${SECONDS} s, ${RATE} req/s paced over ${CONNECTIONS} connections + 1 CSV export loop, GC every ${process.env.SOAK_GC_MS ?? 5000} ms`);

// Baseline first, alone on the machine.
const raw = await rawServer();
const base = await load(raw.url, { slug: 'x', code: 'x', ideaIds: ['x'], token: 'x', raw: true }, RAW_SECONDS);
raw.proc.kill();

const env = processEnv('sqlite', { PUBLIC_RATE_LIMIT: '100000000', LOG_LEVEL: 'warn' });
const token = cli(env, 'token', 'create', '--name', 'soak').stdout.trim().split('\n').pop()!;
const server = await ourServer(env);
const api = async (path: string, method = 'GET', body?: unknown) => {
  const r = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return r.json();
};
const slug = 'soak';
await api('/api/v1/apps', 'POST', { name: 'Soak', slug });
const intro = { title: 'Soak', subtitle: 's', submitLabel: 'Go' };
await api(`/api/v1/apps/${slug}/flows/waitlist`, 'PUT', { intro: { ...intro, emailPlaceholder: 'e' }, success: { title: 't', body: 'b' } });
await api(`/api/v1/apps/${slug}/flows/waitlist/publish`, 'POST');
await api(`/api/v1/apps/${slug}/flows/wishlist`, 'PUT', { type: 'wishlist', intro, success: { title: 't', body: '' } });
await api(`/api/v1/apps/${slug}/flows/wishlist/publish`, 'POST');
const ideaIds: string[] = [];
for (let i = 0; i < 20; i++) ideaIds.push((await api(`/api/v1/apps/${slug}/wishlist/ideas`, 'POST', { title: `Idea ${i}` })).idea.id);
const { link } = await api(`/api/v1/apps/${slug}/links`, 'POST', { url: 'https://example.com/soak' });

// Watch the server while the load runs: memory and health every 30 s.
const started = Date.now();
let healthFailures = 0;
const samples: string[] = [];
const watcher = setInterval(async () => {
  const t0 = performance.now();
  const status = await fetch(`${server.url}/healthz`).then((r) => r.status, () => 0);
  if (status !== 200) healthFailures++;
  const line = `  ${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s  rss ${rssMiB(server.proc.pid!)} MiB  /healthz ${status} in ${(performance.now() - t0).toFixed(1)} ms`;
  samples.push(line);
  console.log(line);
}, 30_000);
const ours = await load(server.url, { slug, code: link.code, ideaIds, token }, SECONDS);
clearInterval(watcher);
const rssEnd = rssMiB(server.proc.pid!);

console.log('\nper operation (ours vs raw node:http at the same paced rate):');
for (const [op, s] of Object.entries(ours.summary)) {
  const b = base.summary[op];
  const vs = b ? `   raw p50 ${b.p50} ms p99 ${b.p99} ms -> ${(s.p50 / Math.max(b.p50, 0.1)).toFixed(1)}x / ${(s.p99 / Math.max(b.p99, 0.1)).toFixed(1)}x` : '';
  console.log(`  ${op.padEnd(8)} ${String(s.n).padStart(8)} requests  statuses ${JSON.stringify(s.byStatus)}  errors ${s.errors}  p50 ${s.p50} ms  p99 ${s.p99} ms  max ${s.max} ms${vs}`);
}

server.proc.kill('SIGTERM');
const exitCode = await Promise.race([server.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000))]);
if (exitCode === 'timeout') server.proc.kill('SIGKILL');
const output = server.output();
console.log(`\nserver output tail:\n${output.trim().split('\n').slice(-5).join('\n')}`);

const db = new Database(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
const signups = (db.prepare("SELECT count(*) AS n FROM waitlist_signups WHERE source = 'soak'").get() as { n: number }).n;
const stored = new Set((db.prepare("SELECT email FROM waitlist_signups WHERE source = 'soak'").all() as { email: string }[]).map((r) => r.email));
const clicks = (db.prepare('SELECT click_count AS n FROM links WHERE code = ?').get(link.code) as { n: number }).n;
const votes = db.prepare('SELECT i.id, i.vote_count AS count, (SELECT count(*) FROM wishlist_votes v WHERE v.idea_id = i.id) AS rows FROM wishlist_ideas i').all() as { count: number; rows: number }[];
db.close();

const s = ours.summary;
const socketErrors = Object.values(s).reduce((a, x) => a + x.errors, 0);
const non2xx = Object.entries(s).flatMap(([op, x]) => Object.keys(x.byStatus).filter((st) => !(op === 'redirect' ? st === '302' : st.startsWith('2'))).map((st) => `${op} ${st}`));
console.log('\nchecks:');
check(exitCode === 0, `graceful stop: exit code ${exitCode}`);
check(!ABORT.test(output), 'no native abort in the server output');
check(healthFailures === 0, `/healthz answered 200 at every sample (${samples.length})`);
check(socketErrors === 0, `no socket errors (${socketErrors})`);
check(non2xx.length === 0, `every answer as expected (${non2xx.join(', ') || 'none unexpected'})`);
check(ours.acked.every((e) => stored.has(e)) && signups === ours.acked.length, `acknowledged signups stored: ${signups} of ${ours.acked.length}`);
check(clicks === (s.redirect?.byStatus['302'] ?? 0), `clicks stored ${clicks} == 302s answered ${s.redirect?.byStatus['302'] ?? 0}`);
check(votes.every((v) => v.count === v.rows), 'every idea: vote_count == vote rows');
console.log(`  rss at the end of the load: ${rssEnd} MiB; CSV exports: ${s.csv?.n ?? 0}, last ${Math.round((s.csv?.bytes ?? 0) / Math.max(1, s.csv?.n ?? 1) / 1024)} KiB on average`);
console.log(failures.length ? `\nSOAK FAILED: ${failures.join('; ')}` : '\nSOAK PASSED');
process.exit(failures.length ? 1 : 0);
