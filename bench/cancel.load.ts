/**
 * Load generator child of cancel.bench.ts (autocannon in its own process, so it never shares
 * an event loop with a server under test).
 *
 *   cancel.load.ts <url> <kind> <appSlug> <connections> <seconds> <out.json> [paths.json]
 *
 * kinds:
 * - `session`: POST /api/public/sessions, a distinct SDK StartRequest per request; remembers
 *   the acknowledged (201) sessions and their page paths.
 * - `raw`: the same bodies POSTed to the raw node:http baseline.
 * - `get`: GETs cycling through the paths in paths.json (one session page each, in order).
 * - `post`: requests cycling through the `{ path, contentType, body }` entries in paths.json.
 * `seconds` may be `n<count>` to send exactly <count> requests instead (pre-creating sessions).
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const [url, kind, appSlug, connections, seconds, out, pathsFile] = process.argv.slice(2);
const run = randomBytes(4).toString('hex');
let n = 0;
const acked: { sessionId: string; token: string; path: string }[] = [];
let ackedCount = 0;

/** What the iOS SDK sends (WIRE B.2): every field, a distinct user, a few attributes. */
const startBody = (i: number) =>
  JSON.stringify({
    appSlug,
    platform: 'ios',
    userId: `user-${i}-${run}`,
    anonymousId: `${run}${String(i).padStart(24, '0')}`,
    locale: 'en_US',
    appVersion: '3.2.1',
    attributes: { plan: i % 3 ? 'pro_yearly' : 'pro_monthly', trialDays: i % 14, ltv: 42.5, isTrial: i % 2 === 0, coupon: null },
  });

type Entry = { path: string; method?: string; contentType?: string; body?: string };
const entries: Entry[] = pathsFile ? (JSON.parse(readFileSync(pathsFile, 'utf8')) as (string | Entry)[]).map((e) => (typeof e === 'string' ? { path: e } : e)) : [];

function setupRequest(req: any, context: any) {
  const i = n++;
  if (kind === 'session' || kind === 'raw') return { ...req, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: startBody(i) };
  const e = entries[i % entries.length];
  if (kind === 'get') return { ...req, method: 'GET', path: e.path, headers: { accept: 'text/html' } };
  context.entry = e;
  return { ...req, method: e.method ?? 'POST', path: e.path, headers: e.contentType ? { 'content-type': e.contentType } : {}, body: e.body };
}

const amount = seconds.startsWith('n') ? Number(seconds.slice(1)) : undefined;
const result = await autocannon({
  url,
  connections: Number(connections),
  ...(amount ? { amount } : { duration: Number(seconds) }),
  requests: [
    {
      setupRequest,
      onResponse: (status: number, body: string) => {
        if (status < 200 || status >= 400) return;
        ackedCount++;
        if (kind === 'session') {
          const b = JSON.parse(body);
          const u = new URL(b.flowUrl);
          acked.push({ sessionId: b.sessionId, token: b.token, path: u.pathname + u.search });
        }
      },
    },
  ],
} as any);

const byStatus: Record<string, number> = {};
for (const [status, v] of Object.entries((result as any).statusCodeStats ?? {})) byStatus[status] = (v as { count: number }).count;
writeFileSync(
  out,
  JSON.stringify({
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    total: result.requests.total,
    byStatus,
    errors: result.errors + result.timeouts,
    ackedCount,
    acked,
    sent: n,
    // More requests than entries: some went to an entry a second time (a reload, not a first screen).
    reused: entries.length ? Math.max(0, n - entries.length) : 0,
  }),
);
