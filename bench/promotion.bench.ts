/**
 * App promotion under load, against a raw node:http JSON POST baseline measured in the same run.
 * An owner with three apps has a rotating placement (smart) in a fourth app, with frequency caps
 * (4 impressions per user in 14 days), a maxImpressions cap on every destination and targeting.
 *  - resolve: POST /api/public/promotions/resolve for 20,000 distinct users (each request reads
 *    the user's history, checks the caps and signs a token). Target >= 0.3x, p99 <= 10 ms.
 *  - events: POST /api/public/promotions/event, each (token, event) once (tokens signed with the
 *    server's SECRET for real published versions), durable (answered after the fsync). Target
 *    >= 0.35x. Afterwards every acknowledged event must be in the database, and no destination's
 *    counted impressions may exceed its cap.
 * Rounds alternate raw, resolve, events; the headline is the median of per-round ratios.
 *
 *   npm run bench -- promotion      (BENCH_SECONDS=10, BENCH_ROUNDS=3, BENCH_CONNECTIONS=50)
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './autocannon.js';
import { jsonPostLoad, rawJsonServer, type AckedLoad as Load } from './json-post.js';
import { appendSection, fmt, ratio, resultRow } from './report.js';
import { createTokenSigner } from '../src/flows/promotion/promotion.token.js';
import { cli, processEnv, startServer } from '../test/process-helpers.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CAP = 1_000_000;

const raw = await rawJsonServer();
const env = processEnv('sqlite', { PUBLIC_RATE_LIMIT: '100000000', LOG_LEVEL: 'warn' });
const token = cli(env, 'token', 'create', '--name', 'bench').stdout.trim().split('\n').pop()!;
const server = await startServer(env);
const api = (path: string, method: string, body?: unknown) =>
  fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }).then(async (r) => {
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  });
await api('/api/v1/apps', 'POST', { name: 'Bench', slug: 'bench' });
const dests: string[] = [];
for (const n of ['focus', 'habit', 'calm']) {
  const { app } = await api('/api/v1/apps', 'POST', { name: n, slug: `bench-${n}`, promotion: { appStoreId: '123456', storeUrl: `https://apps.apple.com/app/${n}/id123456`, universalLinkBase: `https://${n}.example` } });
  dests.push(app.id);
}
await api('/api/v1/apps/bench/flows/app-promotion', 'PUT', {
  type: 'app_promotion',
  placement: 'launch',
  mode: 'rotating',
  rotationStrategy: 'smart',
  destinations: dests.map((destinationAppId) => ({ destinationAppId, maxImpressions: CAP, cooldownDays: 1, countries: ['US', 'CA'], content: { title: 'Try it', ctaLabel: 'Get' } })),
  targeting: { platforms: ['ios'], minAppVersion: '3.0' },
  frequency: { windowDays: 14, maxImpressionsPerWindow: 4, hideInstalled: true },
});
await api('/api/v1/apps/bench/flows/app-promotion/publish', 'POST');

// Tokens for the events load: signed like the server's, for the published version.
const first = await (await fetch(`${server.url}/api/public/promotions/resolve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ appSlug: 'bench', placement: 'launch', platform: 'ios', country: 'US', appVersion: '3.1' }) })).json();
const claims = JSON.parse(Buffer.from(first.trackingToken.split('.')[0], 'base64url').toString());
const signer = createTokenSigner(env.SECRET);
const tokens = Array.from({ length: 150_000 }, (_, i) => signer.sign({ a: claims.a, f: claims.f, v: claims.v, p: claims.p, d: dests[i % 3], u: `u${i % 20000}` }, new Date(), `bench${i}`).token);
const tokenFile = join(mkdtempSync(join(tmpdir(), 'bench-tokens-')), 'tokens.json');
writeFileSync(tokenFile, JSON.stringify(tokens));

const resolveUrl = `${server.url}/api/public/promotions/resolve`;
const eventUrl = `${server.url}/api/public/promotions/event`;
const load = (url: string, kind: 'promotion-resolve' | 'promotion-event' | 'raw', appSlug = '', seconds = SECONDS) => jsonPostLoad(url, kind, { appSlug, connections: CONNECTIONS, seconds });

await load(resolveUrl, 'promotion-resolve', 'bench', 2);
const rounds: { baseline: Load; resolve: Load; events: Load }[] = [];
let tokenOffset = 0;
for (let i = 1; i <= ROUNDS; i++) {
  const baseline = await load(`${raw.url}/`, 'raw');
  const events = await load(eventUrl, 'promotion-event', tokenFile);
  // Each round reports fresh tokens: cut the file at what this round used.
  const used = Math.ceil((events.total + 2 * CONNECTIONS) / 4) + 1; // requests still in flight at the end used tokens too
  tokenOffset += used;
  writeFileSync(tokenFile, JSON.stringify(tokens.slice(tokenOffset)));
  events.acked = events.acked.map((a) => { const [k, e] = a.split(':'); return `${Number(k) + tokenOffset - used}:${e}`; });
  const resolve = await load(resolveUrl, 'promotion-resolve', 'bench');
  rounds.push({ baseline, resolve, events });
  console.log(`round ${i}`);
  console.log(`  raw node:http JSON POST     ${fmt(baseline)}`);
  console.log(`  promotion resolve           ${fmt(resolve)}  ${ratio(resolve, baseline).toFixed(2)}x`);
  console.log(`  promotion event (durable)   ${fmt(events)}  ${ratio(events, baseline).toFixed(2)}x`);
}
raw.proc.kill();
server.proc.kill('SIGTERM');
await server.exited;
const db = new Database(join(env.DATA_DIR, 'appflows.db'), { readonly: true });
const byToken = new Map(tokens.map((t, i) => [JSON.parse(Buffer.from(t.split('.')[0], 'base64url').toString()).n as string, i]));
const stored = new Set((db.prepare('SELECT token_id, event FROM promotion_events').all() as { token_id: string; event: string }[]).map((r) => `${byToken.get(r.token_id)}:${r.event}`));
const overCap = (db.prepare('SELECT count(*) AS n FROM promotion_caps WHERE impressions > ?').get(CAP) as { n: number }).n;
db.close();
rmSync(env.DATA_DIR, { recursive: true, force: true });
rmSync(tokenFile, { force: true });

const resolveRatios = rounds.map((r) => ratio(r.resolve, r.baseline));
const eventRatios = rounds.map((r) => ratio(r.events, r.baseline));
const acked = rounds.flatMap((r) => r.events.acked);
const missing = acked.filter((a) => !stored.has(a)).length;
const p99 = median(rounds.map((r) => r.resolve.p99));
const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
console.log(`resolve ${median(resolveRatios).toFixed(2)}x of raw (rounds ${list(resolveRatios)}; target >= 0.3x), p99 ${p99} ms (target <= 10 ms)`);
console.log(`events ${median(eventRatios).toFixed(2)}x of raw (rounds ${list(eventRatios)}; target >= 0.35x); acknowledged ${acked.length}, missing ${missing}; destinations over their cap ${overCap}`);

appendSection(
  'promotion',
  { connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS },
  rounds.flatMap((r, i) => [
    resultRow(i + 1, 'raw node:http JSON POST', r.baseline),
    resultRow(i + 1, 'POST /api/public/promotions/resolve (20,000 users, caps + frequency + targeting, smart rotation)', r.resolve, r.baseline),
    resultRow(i + 1, 'POST /api/public/promotions/event (each token+event once, durable)', r.events, r.baseline),
  ]),
  `Median of the per-round ratios: resolve ${median(resolveRatios).toFixed(2)}x (target >= 0.3x, p99 median ${p99} ms, target <= 10 ms), events ${median(eventRatios).toFixed(2)}x (target >= 0.35x). Acknowledged events ${acked.length}, missing afterwards ${missing}; destinations over their cap ${overCap}.`,
);
if (missing || overCap || rounds.some((r) => r.resolve.errors || r.events.errors)) process.exitCode = 1;
