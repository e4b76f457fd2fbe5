/**
 * A paired A/B run: two servers with different settings, both running, loaded one at a time in
 * alternating order (A B, B A, A B, …) with the same load, so that the machine's drift falls on
 * both alike. For a change whose effect is smaller than the round-to-round noise of the hot-paths
 * bench (its ratios swing ±0.08 between rounds on these 2-core machines), e.g. #38's writer thread.
 * What each server acknowledged must be stored (checked after both stopped).
 *
 *   npm run bench -- pair
 *     PAIR_A='SQLITE_WRITER=thread'   settings of server A (NAME=value, space-separated)
 *     PAIR_B='SQLITE_WRITER=loop'     settings of server B
 *     PAIR_B_ROOT=/path/to/checkout   server B runs that checkout's bin/appflows (a code change against
 *                                     main: `git worktree add /tmp/base main`, same migrations); PAIR_A_ROOT too
 *     PAIR_PATHS=signup,session        any of signup, session, vote, resolve, redirect
 *     PAIR_DIALECT=sqlite              or postgres (TEST_DATABASE_URL or BENCH_DATABASE_URL)
 *     PAIR_SECONDS=5  PAIR_ROUNDS=8
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { autocannon, median, type LoadResult } from './autocannon.js';
import { cancelLoad } from './cancel-load.js';
import { APP, LINK_CODE, dropData, settingsOf, startOurs, stored, type Dialect } from './hotpaths.setup.js';
import { jsonPostLoad } from './json-post.js';

type Path = 'signup' | 'session' | 'vote' | 'resolve' | 'redirect';
const env = process.env;
const A = env.PAIR_A ?? '';
const B = env.PAIR_B ?? '';
const ROOTS = [env.PAIR_A_ROOT, env.PAIR_B_ROOT];
const PATHS = (env.PAIR_PATHS ?? 'signup,session').split(',') as Path[];
const DIALECT = (env.PAIR_DIALECT ?? 'sqlite') as Dialect;
const SECONDS = Number(env.PAIR_SECONDS ?? 5);
const ROUNDS = Number(env.PAIR_ROUNDS ?? 8);
const CONNECTIONS = 50;
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

const servers = await Promise.all(
  [A, B].map(async (settings, i) => ({
    settings: `${'AB'[i]}: ${[ROOTS[i], settings].filter(Boolean).join(' ') || 'this checkout'}`,
    acked: { signups: [] as string[], sessions: [] as string[] },
    cpu: [] as { main: number; others: number }[],
    ...(await startOurs(DIALECT, settingsOf(settings), ROOTS[i] && resolve(ROOTS[i], 'bin/appflows'))),
  })),
);
process.on('exit', () => servers.forEach((s) => s.server.proc.kill('SIGKILL')));

/** CPU time (ms) the server process has used so far: its main thread, and all its other threads. */
function cpuOf(pid: number) {
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
    if (tid === String(pid)) main += ms;
    else others += ms;
  }
  return { main, others };
}

async function load(s: (typeof servers)[number], path: Path, seconds: number, measure = true): Promise<LoadResult> {
  const url = s.server.url;
  const before = cpuOf(s.server.proc.pid!);
  const post = (p: string, kind: 'signup' | 'vote' | 'promotion-resolve', slug: string) => jsonPostLoad(`${url}${p}`, kind, { appSlug: slug, connections: CONNECTIONS, seconds });
  let r: LoadResult;
  if (path === 'redirect') r = await autocannon(`${url}/l/${LINK_CODE}`, { connections: CONNECTIONS, seconds, headers: { 'user-agent': UA } });
  else if (path === 'signup') {
    const a = await post('/api/public/waitlist', 'signup', APP);
    s.acked.signups.push(...a.acked);
    r = a;
  } else if (path === 'session') {
    const a = await cancelLoad(`${url}/api/public/sessions`, 'session', { appSlug: APP, connections: CONNECTIONS, seconds });
    s.acked.sessions.push(...a.acked.map((x) => x.sessionId));
    r = a;
  } else if (path === 'vote') r = await post('/api/public/wishlist/vote', 'vote', `${APP}:${s.hotIdea}`);
  else r = await post('/api/public/promotions/resolve', 'promotion-resolve', APP);
  const bad = Object.entries(r.byStatus).filter(([st]) => Number(st) >= 400);
  if (bad.length || r.errors) throw new Error(`${s.settings} ${path}: statuses ${JSON.stringify(r.byStatus)}, errors ${r.errors}`);
  const after = cpuOf(s.server.proc.pid!);
  // Microseconds of CPU per answered request: what a change costs, whatever the machine's drift.
  if (measure) s.cpu.push({ main: ((after.main - before.main) * 1000) / r.total, others: ((after.others - before.others) * 1000) / r.total });
  return r;
}

console.log(`pair: A = ${A} | B = ${B}; ${DIALECT}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per path and server`);
for (const p of PATHS) for (const s of servers) await load(s, p, 2, false); // warm-up, not counted
for (const path of PATHS) {
  const ratios: number[] = [];
  for (const s of servers) s.cpu = [];
  const rows: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const got: LoadResult[] = [];
    for (const i of order) got[i] = await load(servers[i], path, SECONDS);
    ratios.push(got[0].reqPerSec / got[1].reqPerSec);
    rows.push(`  ${path} round ${round + 1}: A ${Math.round(got[0].reqPerSec)} req/s (p99 ${got[0].p99} ms), B ${Math.round(got[1].reqPerSec)} req/s (p99 ${got[1].p99} ms), A/B ${ratios.at(-1)!.toFixed(2)}`);
    console.log(rows.at(-1));
  }
  const wins = ratios.filter((r) => r > 1).length;
  console.log(`${path}: A/B median ${median(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}); A faster in ${wins} of ${ROUNDS} rounds`);
  for (const s of servers) {
    const main = median(s.cpu.map((c) => c.main));
    const others = median(s.cpu.map((c) => c.others));
    console.log(`  ${s.settings}: CPU per request (medians) main thread ${main.toFixed(1)} us, other threads ${others.toFixed(1)} us`);
  }
}

for (const s of servers) s.server.proc.kill('SIGTERM');
await Promise.all(servers.map((s) => s.server.exited));
for (const s of servers) {
  const st = await stored(s.env, s.hotIdea);
  const lostSignups = s.acked.signups.filter((e) => !st.signupEmails.has(e)).length;
  const lostSessions = s.acked.sessions.filter((id) => !st.sessionIds.has(id)).length;
  console.log(`${s.settings}: acknowledged signups ${s.acked.signups.length} (${lostSignups} missing), sessions ${s.acked.sessions.length} (${lostSessions} missing)`);
  if (lostSignups || lostSessions) process.exitCode = 1;
  await dropData(s.env);
}
