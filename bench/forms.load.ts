/**
 * Load generator child of forms.bench.ts: autocannon with a distinct email per request,
 * remembering which requests the server acknowledged (2xx).
 *   forms.load.ts <url> <signup|feedback|onboarding|raw|promotion-resolve|promotion-event|vote> <appSlug> <connections> <seconds> <out.json>
 * For promotion-event, <appSlug> is a JSON file of tracking tokens: request i reports event
 * i % 4 of token i / 4 (each (token, event) once), acknowledged as `<token index>:<event>`.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const [url, kind, appSlug, connections, seconds, out] = process.argv.slice(2);
const run = randomBytes(4).toString('hex');
let n = 0;
const acked: string[] = [];

const PROMOTION_EVENTS = ['impression', 'tapped', 'dismissed', 'opened'];
const tokens: string[] = kind === 'promotion-event' ? JSON.parse(readFileSync(appSlug, 'utf8')) : [];

// vote: <appSlug> is `slug:ideaId,ideaId,…`; request i votes for idea i % n as voter i (each once).
const [voteSlug, voteIdeas] = kind === 'vote' ? [appSlug.split(':')[0], appSlug.split(':')[1].split(',')] : ['', []];

const body = (email: string, i: number) =>
  kind === 'vote'
    ? { appSlug: voteSlug, ideaId: voteIdeas[i % voteIdeas.length], userId: `voter-${run}-${i}` }
    : kind === 'promotion-resolve'
    ? { appSlug, placement: 'launch', userId: `u${i % 20000}`, platform: 'ios', country: 'US', language: 'en-US', appVersion: '3.1.0' }
    : kind === 'promotion-event'
    ? { trackingToken: tokens[Math.floor(i / 4) % tokens.length], event: PROMOTION_EVENTS[i % 4] }
    : kind === 'feedback'
    ? { appSlug, message: `Feedback from ${email}`, rating: 4, email, source: 'bench' }
    : kind === 'onboarding'
      ? { appSlug, answers: { goal: email.length % 2 ? 'fall_asleep' : 'wake_rested', habits: ['screens', 'naps'] }, email, source: 'bench' }
      : { appSlug, email, source: 'bench' };

const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (req: any, context: any) => {
        const i = n++;
        context.email = kind === 'promotion-event' ? `${Math.floor(i / 4)}:${PROMOTION_EVENTS[i % 4]}` : `u${i}-${run}@bench.example`;
        return { ...req, body: JSON.stringify(body(context.email, i)) };
      },
      onResponse: (status: number, _body: string, context: any) => {
        if (status >= 200 && status < 300) acked.push(context.email);
      },
    },
  ],
} as any);

const byStatus: Record<string, number> = {};
for (const [status, v] of Object.entries((result as any).statusCodeStats ?? {})) byStatus[status] = (v as { count: number }).count;
writeFileSync(
  out,
  JSON.stringify({ reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, p999: result.latency.p99_9, total: result.requests.total, byStatus, errors: result.errors + result.timeouts, acked }),
);
