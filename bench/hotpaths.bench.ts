/**
 * The hot public paths of issue #38 on both databases: redirect + durable click, waitlist signup,
 * votes on one hot idea (distinct voters), cancel session start (distinct SDK bodies) and promotion
 * resolve. Each server runs in its own process (`bin/appflows serve`, as `npm start` runs it), as do
 * the raw node:http baselines (a 302 for the redirect, a JSON POST for the rest), measured in the
 * same round as the paths they compare with; autocannon runs in a process of its own too.
 * Afterwards, what was acknowledged must be stored (the run fails loudly when it is not).
 *
 *   npm run bench -- hotpaths
 *     HOTPATHS_SECONDS=10         seconds per path per round (BENCH_SECONDS also read)
 *     HOTPATHS_ROUNDS=3           rounds; the table reports medians (BENCH_ROUNDS also read)
 *     HOTPATHS_DIALECTS=sqlite,postgres   (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
 *     HOTPATHS_PATHS=redirect,signup,vote,session,resolve
 *     HOTPATHS_NOTE='…'           added to the heading written to docs/benchmarks.md
 *     HOTPATHS_SERVER_ENV='SQLITE_WRITER=loop'   settings of the server process only (paired runs)
 *     HOTPATHS_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof'   node options of the server process only (profiling)
 *     HOTPATHS_RECORD=1           a quiet run of record: also replaces the table on top of docs/benchmarks.md
 *     HOTPATHS_PIN=1              servers (ours and the raw baselines) on CPU 0, the load generator and this
 *                                 process on CPU 1 (taskset): each side has a core of its own, so a ratio compares
 *                                 the cost of a request on one core rather than who wins the scheduler (2 cores)
 *     HOTPATHS_NODES=2            PostgreSQL only: that many nodes on one schema behind Caddy (#38 item 4), and
 *                                 as many raw baselines behind Caddy too (bench/hotpaths.proxy.ts)
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { autocannon, type LoadResult } from './autocannon.js';
import { cancelLoad } from './cancel-load.js';
import { HEADER, machine, row, writeDoc, type Measured, type Path } from './hotpaths.report.js';
import { hostPort, proxy, requireCaddy } from './hotpaths.proxy.js';
import { APP, DEST, LINK_CODE, PG_URL, dropData, startOurs, stored, type Dialect } from './hotpaths.setup.js';
import { jsonPostLoad, rawJsonServer } from './json-post.js';
import { fmt } from './report.js';
import { startServer } from '../test/process-helpers.js';

const env = process.env;
const SECONDS = Number(env.HOTPATHS_SECONDS ?? env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(env.HOTPATHS_ROUNDS ?? env.BENCH_ROUNDS ?? 3);
const WARMUP = Math.min(2, SECONDS);
const CONNECTIONS = 50;
const NODES = Number(env.HOTPATHS_NODES ?? 1);
// Several nodes share one database: PostgreSQL only (SQLite is one node's file).
const DIALECTS = (env.HOTPATHS_DIALECTS ?? env.BENCH_DIALECTS ?? (NODES > 1 ? 'postgres' : PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as Dialect[];
if (NODES > 1 && (DIALECTS.includes('sqlite') || !PG_URL)) throw new Error('HOTPATHS_NODES > 1 runs on PostgreSQL only (set TEST_DATABASE_URL or BENCH_DATABASE_URL, and no sqlite in HOTPATHS_DIALECTS)');
const caddy = NODES > 1 ? requireCaddy() : undefined;
const PIN = env.HOTPATHS_PIN === '1';
const SETUP = caddy ? `${NODES} nodes behind Caddy ${caddy}` : PIN ? 'servers pinned to CPU 0, load generator to CPU 1' : undefined;
const ALL: Path[] = ['redirect', 'signup', 'vote', 'session', 'resolve'];
const PATHS = ALL.filter((p) => (env.HOTPATHS_PATHS ?? env.BENCH_PATHS ?? ALL.join(',')).split(',').includes(p));
const POSTS = PATHS.filter((p) => p !== 'redirect');
if (PIN) {
  if (NODES > 1) throw new Error('HOTPATHS_PIN runs one node (two would share CPU 0 with their proxy)');
  // This process and every load generator it starts (children inherit it) on CPU 1.
  const r = spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`HOTPATHS_PIN: taskset failed: ${r.stderr || r.error?.message}`);
}
/** Moves a server process, all its threads, to CPU 0 (HOTPATHS_PIN). */
const pinServer = (pid: number | undefined) => {
  if (!PIN || pid === undefined) return;
  const r = spawnSync('taskset', ['-a', '-p', '-c', '0', String(pid)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`HOTPATHS_PIN: taskset failed: ${r.stderr || r.error?.message}`);
};
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

async function rawRedirect() {
  const proc = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'raw-302.ts'), DEST], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((r) => proc.stdout!.once('data', (d) => r(Number(/port (\d+)/.exec(String(d))![1]))));
  return { url: `http://127.0.0.1:${port}/l/${LINK_CODE}`, proc };
}

async function pgVersion() {
  if (!PG_URL || !DIALECTS.includes('postgres')) return undefined;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  const v = String((await c.query('SHOW server_version')).rows[0].server_version);
  await c.end();
  return v;
}

// Processes this run started are stopped however it ends (an exception must not leave them running).
const children: { kill(signal?: NodeJS.Signals): unknown }[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

const heading = `### hotpaths: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine(await pgVersion())}; ${SETUP ? `${SETUP} (the raw baselines too), ` : ''}${CONNECTIONS} connections, ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} of ${SECONDS} s per path${env.HOTPATHS_NOTE ? ` (${env.HOTPATHS_NOTE})` : ''}`;
const measured: Measured[] = [];
const failures: string[] = [];

for (const dialect of DIALECTS) {
  const raw302s = await Promise.all(Array.from({ length: NODES }, rawRedirect));
  const rawJsons = await Promise.all(Array.from({ length: NODES }, rawJsonServer));
  // Behind a proxy the nodes take the client's address from X-Forwarded-For, as in the compose stack.
  const { env: serverEnv, server: first, hotIdea } = await startOurs(dialect, NODES > 1 ? { TRUST_PROXY: '127.0.0.1' } : {});
  const nodes = [first];
  for (let i = 1; i < NODES; i++) nodes.push(await startServer(serverEnv));
  for (const p of [...raw302s, ...rawJsons, ...nodes]) pinServer(p.proc.pid);
  children.push(...raw302s.map((r) => r.proc), ...rawJsons.map((r) => r.proc), ...nodes.map((n) => n.proc));
  // One node: each server as it is. Several: one Caddy in front of each kind of server.
  const front = async (urls: string[]) => {
    if (NODES === 1) return urls[0];
    const p = await proxy(urls.map(hostPort));
    children.push(p.proc);
    return p.url;
  };
  const raw302 = { url: `${await front(raw302s.map((r) => r.url))}/l/${LINK_CODE}` };
  const rawJson = { url: await front(rawJsons.map((r) => r.url)) };
  const server = { url: await front(nodes.map((n) => n.url)) };
  const acked = { clicks: 0, signups: [] as string[], votes: 0, sessions: [] as string[] };
  const redirect = (url: string, seconds: number) => autocannon(url, { connections: CONNECTIONS, seconds, headers: { 'user-agent': UA } });
  const post = (url: string, kind: 'signup' | 'vote' | 'raw' | 'promotion-resolve', slug: string, seconds: number) => jsonPostLoad(url, kind, { appSlug: slug, connections: CONNECTIONS, seconds });
  /** Loads one path for `seconds`, counting what it acknowledged (warm-ups included: their writes are stored too). */
  const load: Record<Path, (seconds: number) => Promise<LoadResult>> = {
    redirect: async (s) => {
      const r = await redirect(`${server.url}/l/${LINK_CODE}`, s);
      acked.clicks += r.byStatus['302'] ?? 0;
      return r;
    },
    signup: async (s) => {
      const r = await post(`${server.url}/api/public/waitlist`, 'signup', APP, s);
      for (const e of r.acked) acked.signups.push(e);
      return r;
    },
    vote: async (s) => {
      const r = await post(`${server.url}/api/public/wishlist/vote`, 'vote', `${APP}:${hotIdea}`, s);
      acked.votes += r.acked.length;
      return r;
    },
    session: async (s) => {
      const r = await cancelLoad(`${server.url}/api/public/sessions`, 'session', { appSlug: APP, connections: CONNECTIONS, seconds: s });
      for (const a of r.acked) acked.sessions.push(a.sessionId);
      return r;
    },
    resolve: (s) => post(`${server.url}/api/public/promotions/resolve`, 'promotion-resolve', APP, s),
  };
  /** Anything but the path's success status is a failure of the run: a table of errors measures nothing. */
  const expect = (what: string, r: LoadResult, ok: (status: number) => boolean) => {
    const wrong = Object.entries(r.byStatus).filter(([s]) => !ok(Number(s)));
    if (wrong.length || r.errors) failures.push(`${dialect} ${what}: statuses ${JSON.stringify(r.byStatus)}, errors ${r.errors}`);
  };
  const is2xx = (s: number) => s >= 200 && s < 300;

  // Warm-up of every server, not counted (a cold baseline or a cold JIT would skew the ratios).
  if (PATHS.includes('redirect')) await redirect(raw302.url, WARMUP);
  if (POSTS.length) await post(`${rawJson.url}/`, 'raw', '', WARMUP);
  for (const p of PATHS) await load[p](WARMUP);

  const results = new Map<Measured['path'], Measured['rounds']>();
  const add = (path: Measured['path'], r: LoadResult, base?: LoadResult) => {
    results.set(path, [...(results.get(path) ?? []), { r, base }]);
    const vs = base ? `  ${(r.reqPerSec / base.reqPerSec).toFixed(2)}x of raw (${Math.round(base.reqPerSec)} req/s)` : '';
    console.log(`  ${path.padEnd(13)} ${fmt(r, `, p999 ${r.p999} ms`)}${vs}`);
  };
  console.log(`== ${dialect}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per path`);
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(` round ${round}`);
    if (PATHS.includes('redirect')) {
      const base = await redirect(raw302.url, SECONDS);
      add('raw 302', base);
      const r = await load.redirect(SECONDS);
      expect('redirect', r, (s) => s === 302);
      add('redirect', r, base);
    }
    if (POSTS.length) {
      const base = await post(`${rawJson.url}/`, 'raw', '', SECONDS);
      add('raw JSON POST', base);
      for (const p of POSTS) {
        const r = await load[p](SECONDS);
        expect(p, r, is2xx);
        add(p, r, base);
      }
    }
  }
  for (const r of [...raw302s, ...rawJsons]) r.proc.kill();
  const stopping = Date.now();
  for (const n of nodes) n.proc.kill('SIGTERM');
  await Promise.all(nodes.map((n) => n.exited));
  console.log(`  ${NODES === 1 ? 'server' : `${NODES} nodes`} stopped (SIGTERM) in ${Date.now() - stopping} ms`);

  const s = await stored(serverEnv, hotIdea);
  await dropData(serverEnv);
  const n = (v: number) => v.toLocaleString('en-US');
  const verdict = (path: Path, ok: boolean, text: string) => {
    if (!ok) failures.push(`${dialect} ${path}: acknowledged but not stored: ${text}`);
    return `${ok ? 'yes' : '**NO**'}: ${text}`;
  };
  const missing = (ackedIds: string[], storedIds: Set<string>) => ackedIds.filter((id) => !storedIds.has(id)).length;
  const checks: Record<Path, () => string> = {
    redirect: () => verdict('redirect', s.clicks === s.clickRows && s.clicks >= acked.clicks, `${n(acked.clicks)} 302s, click_count ${n(s.clicks)}, history rows ${n(s.clickRows)}`),
    signup: () => {
      const m = missing(acked.signups, s.signupEmails);
      return verdict('signup', m === 0, `${n(acked.signups.length)} acknowledged, ${n(s.signupEmails.size)} stored, ${m} missing`);
    },
    vote: () => verdict('vote', s.votesCounted === s.voteRows && s.voteRows >= acked.votes, `${n(acked.votes)} acknowledged, vote_count ${n(s.votesCounted)}, vote rows ${n(s.voteRows)}`),
    session: () => {
      const m = missing(acked.sessions, s.sessionIds);
      return verdict('session', m === 0, `${n(acked.sessions.length)} acknowledged, ${n(s.sessionIds.size)} stored, ${m} missing`);
    },
    // Resolve writes nothing per request: its decision counts roll up about once a second.
    resolve: () => '— (a read)',
  };
  for (const [path, rounds] of results) measured.push({ path, dialect, setup: SETUP, rounds, check: path === 'raw 302' || path === 'raw JSON POST' ? '' : checks[path]() });
}

const order = (m: Measured) => [...ALL, 'raw 302', 'raw JSON POST'].indexOf(m.path) * 10 + DIALECTS.indexOf(m.dialect);
const table = [...HEADER, ...measured.sort((a, b) => order(a) - order(b)).map(row)];
const closing = [
  `Ratios: the redirect against the raw 302, every other path against the raw JSON POST, each measured in the same round just before; the ratio is the median of the per-round ratios (in brackets), req/s and latencies are medians over rounds (autocannon, every answer, whole ms).`,
  failures.length ? `**FAILED**: ${failures.join('; ')}.` : 'Every acknowledged write stored, every answer the expected status.',
  DIALECTS.includes('postgres') ? '' : 'PostgreSQL not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
].filter(Boolean).join(' ');
console.log(`\n${heading}\n\n${table.join('\n')}\n\n${closing}`);
writeDoc(heading, table, closing, env.HOTPATHS_RECORD === '1');
if (failures.length) {
  console.error(`\nhotpaths FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
process.exit(0);
