/**
 * The hot public paths on both databases (#23 item 2): short-link redirect + durable click,
 * waitlist signup, wishlist vote — each server in its own process (`bin/appflows serve`, as
 * `npm start` runs it), each against a raw node:http baseline in its own process, round by
 * round (the ratio is reported per round). Afterwards: what was acknowledged is what is stored.
 *
 *   npm run bench -- hotpaths        (BENCH_DIALECTS=sqlite,postgres  BENCH_PATHS=redirect,signup,vote  BENCH_SECONDS=10  BENCH_ROUNDS=3)
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { cli, dropProcessSchemas, processEnv, startServer } from '../test/process-helpers.js';
import { autocannon, median, type LoadResult } from './autocannon.js';
import { jsonPostLoad, rawJsonServer } from './json-post.js';
import { appendSection, fmt } from './report.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const DIALECTS = (process.env.BENCH_DIALECTS ?? (process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
/** Which paths to load (all by default); a path left out is skipped and its stored-count check holds trivially. */
const PATHS = new Set((process.env.BENCH_PATHS ?? 'redirect,signup,vote').split(','));
const DEST = 'https://example.com/landing?utm_source=short';
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

async function rawRedirect() {
  const proc = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'raw-302.ts'), DEST], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((r) => proc.stdout!.once('data', (d) => r(Number(/port (\d+)/.exec(String(d))![1]))));
  return { url: `http://127.0.0.1:${port}/l/bench1`, proc };
}

async function startOurs(dialect: 'sqlite' | 'postgres') {
  const env = processEnv(dialect, { PUBLIC_RATE_LIMIT: '100000000', LOG_LEVEL: 'warn' });
  const token = cli(env, 'token', 'create', '--name', 'bench').stdout.trim().split('\n').pop()!;
  const server = await startServer(env);
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${server.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  await api('POST', '/apps', { name: 'Bench', slug: 'bench' });
  await api('PUT', '/apps/bench/flows/waitlist', { intro: { title: 'B', subtitle: 's', submitLabel: 'Go', emailPlaceholder: 'e' }, success: { title: 't', body: 'b' } });
  await api('POST', '/apps/bench/flows/waitlist/publish');
  await api('PUT', '/apps/bench/flows/wishlist', { type: 'wishlist', intro: { title: 'Bench', subtitle: '', submitLabel: 'Go' }, success: { title: 'Thanks', body: '' } });
  await api('POST', '/apps/bench/flows/wishlist/publish');
  const ideas: string[] = [];
  for (let i = 0; i < 5; i++) ideas.push((await api('POST', '/apps/bench/wishlist/ideas', { title: `Hot ${i}` })).idea.id);
  await api('POST', '/apps/bench/links', { url: DEST, code: 'bench1' });
  return { env, server, ideas };
}

/** Counts after the server stopped (SIGTERM drains its group commits). */
async function stored(env: Record<string, string>) {
  const q = {
    clicks: "SELECT click_count AS n FROM links WHERE code = 'bench1'",
    clickRows: 'SELECT COUNT(*) AS n FROM link_clicks',
    signups: 'SELECT COUNT(*) AS n FROM waitlist_signups',
    votesCounted: 'SELECT COALESCE(SUM(vote_count), 0) AS n FROM wishlist_ideas',
    voteRows: 'SELECT COUNT(*) AS n FROM wishlist_votes',
  };
  const out: Record<string, number> = {};
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    await c.query(`SET search_path TO "${env.DATABASE_SCHEMA}"`);
    for (const [k, sql] of Object.entries(q)) out[k] = Number((await c.query(sql)).rows[0].n);
    await c.end();
  } else {
    const db = new Database(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
    for (const [k, sql] of Object.entries(q)) out[k] = Number((db.prepare(sql).get() as { n: number }).n);
    db.close();
  }
  return out;
}

// Servers this run started are stopped however it ends (an exception must not leave them running).
const children: { kill(signal?: NodeJS.Signals): unknown }[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

const rows: string[] = [];
const summary: string[] = [];
let failed = false;
for (const dialect of DIALECTS) {
  const rawJson = await rawJsonServer();
  const raw302 = await rawRedirect();
  const { env, server, ideas } = await startOurs(dialect);
  children.push(rawJson.proc, raw302.proc, server.proc);
  const redirect = (url: string) => autocannon(url, { connections: CONNECTIONS, seconds: SECONDS, headers: { 'user-agent': UA } });
  const post = (url: string, kind: 'signup' | 'vote' | 'raw', slug = '') => jsonPostLoad(url, kind, { appSlug: slug, connections: CONNECTIONS, seconds: SECONDS });
  // Warm-up of every server, not counted (a cold baseline would flatter the ratios).
  await autocannon(`${server.url}/l/bench1`, { connections: CONNECTIONS, seconds: 2, headers: { 'user-agent': UA } });
  await autocannon(raw302.url, { connections: CONNECTIONS, seconds: 2 });
  await jsonPostLoad(`${rawJson.url}/`, 'raw', { connections: CONNECTIONS, seconds: 2 });
  let acked302 = 0;
  let ackedSignups = 0;
  let ackedVotes = 0;
  const ratios: Record<string, number[]> = { redirect: [], signup: [], vote: [] };
  console.log(`== ${dialect}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`);
  for (let round = 1; round <= ROUNDS; round++) {
    const r302 = PATHS.has('redirect') ? await redirect(raw302.url) : undefined;
    const o302 = PATHS.has('redirect') ? await redirect(`${server.url}/l/bench1`) : undefined;
    const rj = PATHS.has('signup') || PATHS.has('vote') ? await post(`${rawJson.url}/`, 'raw') : undefined;
    const signup = PATHS.has('signup') ? await post(`${server.url}/api/public/waitlist`, 'signup', 'bench') : undefined;
    const vote = PATHS.has('vote') ? await post(`${server.url}/api/public/wishlist/vote`, 'vote', `bench:${ideas.join(',')}`) : undefined;
    acked302 += o302?.byStatus['302'] ?? 0;
    ackedSignups += signup?.acked.length ?? 0;
    ackedVotes += vote?.acked.length ?? 0;
    const line = (name: string, r: LoadResult | undefined, base: LoadResult | undefined) => {
      if (!r || !base) return;
      const x = r.reqPerSec / base.reqPerSec;
      ratios[name].push(x);
      rows.push(`| ${round} | ${dialect} ${name} | ${Math.round(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${x.toFixed(2)}x |`);
      console.log(`  round ${round} ${name.padEnd(8)} ${fmt(r)}  ${x.toFixed(2)}x of raw (${Math.round(base.reqPerSec)} req/s)`);
    };
    line('redirect', o302, r302);
    line('signup', signup, rj);
    line('vote', vote, rj);
  }
  rawJson.proc.kill();
  raw302.proc.kill();
  console.log(`  stopping the server (SIGTERM)…`);
  const stopping = Date.now();
  server.proc.kill('SIGTERM');
  await server.exited;
  console.log(`  stopped in ${Date.now() - stopping} ms`);
  const s = await stored(env);
  const exact = s.clicks === s.clickRows && s.clicks >= acked302 && s.signups >= ackedSignups && s.votesCounted === s.voteRows && s.voteRows >= ackedVotes;
  failed ||= !exact;
  const med = (k: string) => (ratios[k].length ? median(ratios[k]).toFixed(2) : '-');
  const text = `${dialect}: redirect ${med('redirect')}x, signup ${med('signup')}x, vote ${med('vote')}x of raw (medians of rounds: ${Object.entries(ratios).map(([k, v]) => `${k} ${v.map((x) => x.toFixed(2)).join('/')}`).join('; ')}); stored clicks ${s.clicks} (history ${s.clickRows}, 302s seen ${acked302}), signups ${s.signups} (acknowledged ${ackedSignups}), votes ${s.votesCounted} (rows ${s.voteRows}, acknowledged ${ackedVotes}) — ${exact ? 'exact' : 'MISMATCH'}`;
  summary.push(text);
  console.log(text);
}
await dropProcessSchemas();
appendSection('hot paths per database (every server in its own process)', { connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS }, rows, summary.join('\n\n'));
if (failed) process.exit(1);
process.exit(0);
