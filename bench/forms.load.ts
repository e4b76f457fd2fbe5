/**
 * Load generator child of forms.bench.ts: autocannon with a distinct email per request,
 * remembering which requests the server acknowledged (2xx).
 *   forms.load.ts <url> <signup|feedback|onboarding|raw> <appSlug> <connections> <seconds> <out.json>
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const [url, kind, appSlug, connections, seconds, out] = process.argv.slice(2);
const run = randomBytes(4).toString('hex');
let n = 0;
const acked: string[] = [];

const body = (email: string) =>
  kind === 'feedback'
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
        context.email = `u${n++}-${run}@bench.example`;
        return { ...req, body: JSON.stringify(body(context.email)) };
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
  JSON.stringify({ reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total, byStatus, errors: result.errors + result.timeouts, acked }),
);
