// Vote/unvote under load vs a raw node:http baseline in the same run (DESIGN: report the ratio).
// Many voters (distinct userIds) over a few hot ideas; afterwards every idea's vote_count must
// equal its number of vote rows. BENCH_DB=:memory: runs the same path without disk writes, to
// tell the cost of durable acknowledgements (WAL fsync) from the rest; BENCH_SECONDS shortens it.
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../src/config.js';
import { openAndMigrate } from '../src/db/index.js';
import { buildServer } from '../src/server.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const HOT_IDEAS = 5;
const VOTERS = 20_000;

/**
 * autocannon on a worker thread, so the load generator has its own event loop (and core)
 * instead of competing with the server under test. Per request: the next voter, idea and
 * method (about one unvote for every two votes).
 */
const LOAD = `
  const { parentPort, workerData: w } = require('node:worker_threads');
  const autocannon = require(w.autocannon);
  let n = 0;
  const opts = {
    url: w.url, connections: w.connections, duration: w.duration,
    requests: [{ setupRequest: (req) => {
      n++;
      const body = JSON.stringify({ appSlug: 'bench', ideaId: w.ideaIds[n % w.ideaIds.length], userId: 'voter-' + ((n * 7919) % w.voters) });
      return { ...req, method: n % 3 === 0 ? 'DELETE' : 'POST', path: '/api/public/wishlist/vote', headers: { 'content-type': 'application/json' }, body };
    } }],
  };
  // Off the main thread autocannon hands back raw histograms; aggregate them as the CLI does.
  autocannon(opts).then((raw) => {
    const r = autocannon.aggregateResult([raw], opts);
    parentPort.postMessage({ rps: raw.totalCompletedRequests / raw.duration, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts });
  });
`;

function load(url: string, ideaIds: string[]): Promise<{ rps: number; p50: number; p99: number; non2xx: number; errors: number }> {
  const workerData = { url, ideaIds, connections: CONNECTIONS, duration: DURATION, voters: VOTERS, autocannon: createRequire(import.meta.url).resolve('autocannon') };
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD, { eval: true, workerData });
    worker.once('message', (m) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The raw baseline in a process of its own (#23 item 3): node:http parsing the vote body and answering JSON. */
async function baseline() {
  const code = `require('node:http').createServer((q, s) => { let b = ''; q.on('data', (c) => (b += c)); q.on('end', () => { JSON.parse(b); s.writeHead(200, { 'content-type': 'application/json' }); s.end(JSON.stringify({ ok: true, voted: true, voteCount: 1 })); }); }).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((r) => proc.stdout!.once('data', (d) => r(Number(/port (\d+)/.exec(String(d))![1]))));
  const r = await load(`http://127.0.0.1:${port}`, ['x']);
  proc.kill('SIGTERM');
  return r;
}

async function ours() {
  const dir = mkdtempSync(join(tmpdir(), 'appflows-bench-'));
  const config = loadConfig({ DATA_DIR: dir, SECRET: 'bench-secret-bench-secret-bench-secret-00', LOG_LEVEL: 'silent', PUBLIC_RATE_LIMIT: '1000000000' });
  const db = await openAndMigrate({ dialect: 'sqlite', url: process.env.BENCH_DB ?? join(dir, 'bench.db') });
  const app = await buildServer({ config, db, logger: false });
  const { token } = await app.services.tokens.create('bench');
  const auth = { authorization: `Bearer ${token}` };
  await app.inject({ method: 'POST', url: '/api/v1/apps', headers: auth, payload: { name: 'Bench', slug: 'bench' } });
  const cfg = { type: 'wishlist', intro: { title: 'Bench', subtitle: '', submitLabel: 'Go' }, success: { title: 'Thanks', body: '' } };
  await app.inject({ method: 'PUT', url: '/api/v1/apps/bench/flows/wishlist', headers: auth, payload: cfg });
  await app.inject({ method: 'POST', url: '/api/v1/apps/bench/flows/wishlist/publish', headers: { authorization: auth.authorization } });
  const ids: string[] = [];
  for (let i = 0; i < HOT_IDEAS; i++) {
    ids.push((await app.inject({ method: 'POST', url: '/api/v1/apps/bench/wishlist/ideas', headers: auth, payload: { title: `Hot ${i}` } })).json().idea.id);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const r = await load(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, ids);
  await app.close();

  const check = await db.db
    .selectFrom('wishlist_ideas')
    .leftJoin('wishlist_votes', 'wishlist_votes.idea_id', 'wishlist_ideas.id')
    .select((eb) => ['wishlist_ideas.id', 'wishlist_ideas.vote_count', eb.fn.count<number>('wishlist_votes.voter_key').as('rows')])
    .groupBy(['wishlist_ideas.id', 'wishlist_ideas.vote_count'])
    .execute();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  return { ...r, check };
}

// Baseline before and after, averaged: the machine is shared, so load drifts during a run.
const before = await baseline();
const mine = await ours();
const after = await baseline();
const base = {
  rps: (before.rps + after.rps) / 2,
  p50: Math.max(before.p50, after.p50),
  p99: Math.max(before.p99, after.p99),
  non2xx: before.non2xx + after.non2xx,
  errors: before.errors + after.errors,
};
const fmt = (r: { rps: number; p50: number; p99: number; non2xx: number; errors: number }) =>
  `${Math.round(r.rps).toString().padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;
console.log(`wishlist vote/unvote, ${CONNECTIONS} connections, ${DURATION} s, ${VOTERS} voters over ${HOT_IDEAS} hot ideas`);
console.log(`raw node:http baseline  ${fmt(base)}  (before ${Math.round(before.rps)}, after ${Math.round(after.rps)})`);
console.log(`appflows (SQLite)       ${fmt(mine)}`);
console.log(`ratio                   ${(mine.rps / base.rps).toFixed(2)}x`);
const exact = mine.check.every((c) => c.vote_count === Number(c.rows));
for (const c of mine.check) console.log(`  idea ${c.id}: vote_count ${c.vote_count}, vote rows ${c.rows}`);
console.log(exact ? 'counts exact: vote_count == vote rows for every idea' : 'COUNTS DIFFER');
if (!exact || mine.non2xx > 0) process.exit(1);
