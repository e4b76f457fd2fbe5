/**
 * Load generator child of soak.bench.ts: `connections` loops, each sending one request at a
 * time over keep-alive, picking the operation by weight, paced to `rate` requests per second
 * in all. One more loop exports the waitlist as CSV back to back (with a pause), reading each
 * export to its end. Writes a JSON summary to `out`.
 *   soak.load.ts <url> <setup.json> <connections> <seconds> <rate> <out.json>
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const [url, setupFile, connections, seconds, rate, out] = process.argv.slice(2);
const setup = JSON.parse(readFileSync(setupFile, 'utf8')) as { slug: string; code: string; ideaIds: string[]; token: string; raw?: boolean };
const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) + 1 });
const run = randomBytes(4).toString('hex');
const until = Date.now() + Number(seconds) * 1000;
const perLoopGapMs = (1000 * Number(connections)) / Number(rate);

type Op = 'redirect' | 'signup' | 'vote' | 'unvote' | 'list' | 'csv';
const stats: Record<string, { n: number; byStatus: Record<string, number>; errors: number; latencies: number[]; bytes: number }> = {};
const acked: string[] = [];
let n = 0;

function send(op: Op): Promise<void> {
  const owner = { authorization: `Bearer ${setup.token}` };
  const json = { 'content-type': 'application/json' };
  let method = 'GET';
  let path: string;
  let headers: Record<string, string> = {};
  let body: string | undefined;
  let email: string | undefined;
  const i = n++;
  switch (op) {
    case 'redirect':
      path = `/l/${setup.code}`;
      break;
    case 'signup':
      email = `s${i}-${run}@soak.example`;
      [method, path, headers, body] = ['POST', '/api/public/waitlist', json, JSON.stringify({ appSlug: setup.slug, email, source: 'soak' })];
      break;
    case 'vote':
    case 'unvote':
      method = op === 'vote' ? 'POST' : 'DELETE';
      [path, headers] = ['/api/public/wishlist/vote', json];
      body = JSON.stringify({ appSlug: setup.slug, ideaId: setup.ideaIds[i % setup.ideaIds.length], userId: `voter-${(i * 7919) % 5000}` });
      break;
    case 'list':
      [path, headers] = [`/api/v1/apps/${setup.slug}/waitlist/signups?limit=50`, owner];
      break;
    case 'csv':
      [path, headers] = [`/api/v1/apps/${setup.slug}/waitlist/signups.csv`, owner];
      break;
  }
  if (setup.raw) path = `/raw${path}`;
  const s = (stats[op] ??= { n: 0, byStatus: {}, errors: 0, latencies: [], bytes: 0 });
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { method, agent, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers }, (res) => {
      res.on('data', (d: Buffer) => (s.bytes += d.length));
      res.on('end', () => {
        s.n++;
        s.byStatus[res.statusCode!] = (s.byStatus[res.statusCode!] ?? 0) + 1;
        s.latencies.push(performance.now() - t0);
        if (email && res.statusCode! >= 200 && res.statusCode! < 300) acked.push(email);
        resolve();
      });
    });
    req.on('error', () => {
      s.errors++;
      resolve();
    });
    req.end(body);
  });
}

// Per 100 requests: 40 redirects, 25 signups, 16 votes, 9 unvotes, 10 owner lists.
const mix: Op[] = [...Array(40).fill('redirect'), ...Array(25).fill('signup'), ...Array(16).fill('vote'), ...Array(9).fill('unvote'), ...Array(10).fill('list')];
async function loop(k: number) {
  for (let j = k; Date.now() < until; j += 7) {
    const started = Date.now();
    await send(mix[(j * 37) % mix.length]);
    const wait = perLoopGapMs - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
async function csvLoop() {
  while (Date.now() < until) {
    await send('csv');
    await new Promise((r) => setTimeout(r, 2000));
  }
}

await Promise.all([...Array.from({ length: Number(connections) }, (_, k) => loop(k)), setup.raw ? Promise.resolve() : csvLoop()]);
agent.destroy();

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10 : 0;
};
const summary = Object.fromEntries(
  Object.entries(stats).map(([op, s]) => [op, { n: s.n, byStatus: s.byStatus, errors: s.errors, p50: pct(s.latencies, 50), p99: pct(s.latencies, 99), max: pct(s.latencies, 100), bytes: s.bytes }]),
);
writeFileSync(out, JSON.stringify({ seconds: Number(seconds), summary, acked }));
