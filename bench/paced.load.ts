/**
 * Open-loop load generator, a child of paced.ts: GET `url` at a fixed `rate` for `seconds`, over
 * up to `connections` keep-alive sockets, whatever the server's answers take. Each request's
 * latency runs from the moment it was due, not from when it left, so a server (or a machine)
 * that falls behind is charged for the requests it delayed too; a closed loop such as
 * autocannon's would send fewer of them and hide the delay. Microsecond resolution.
 * Prints a JSON summary on stdout.
 *   paced.load.ts <url> <rate> <seconds> <connections>
 */
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const [url, rate, seconds, connections] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) });
const total = Math.round(Number(rate) * Number(seconds));
const latencies = new Float64Array(total);
const byStatus: Record<string, number> = {};
let answered = 0;
let errors = 0;

function send(dueAt: number): Promise<void> {
  return new Promise((done) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies[answered++] = performance.now() - dueAt;
        byStatus[res.statusCode!] = (byStatus[res.statusCode!] ?? 0) + 1;
        done();
      });
    });
    req.on('error', () => {
      errors++;
      done();
    });
    req.end();
  });
}

// Open the sockets and warm the client's code up before the clock starts (not counted).
for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: Number(connections) }, () => send(performance.now())));
answered = 0;
for (const k of Object.keys(byStatus)) delete byStatus[k];

const started = performance.now();
const pending: Promise<void>[] = [];
let sent = 0;
while (sent < total) {
  // Everything due by now goes out in this turn; the next turn is at most ~1 ms away.
  const due = Math.min(total, Math.floor(((performance.now() - started) * Number(rate)) / 1000) + 1);
  for (; sent < due; sent++) pending.push(send(started + (sent * 1000) / Number(rate)));
  await sleep(1);
}
// Stragglers get 10 s; the timer must not keep the process alive once they are in.
await Promise.race([Promise.all(pending), sleep(10_000, undefined, { ref: false })]);
agent.destroy();

const sorted = latencies.slice(0, answered).sort();
const at = (q: number) => (answered ? Number(sorted[Math.min(answered - 1, Math.floor(q * answered))].toFixed(2)) : NaN);
process.stdout.write(
  JSON.stringify({ sent, answered, errors, byStatus, p50: at(0.5), p99: at(0.99), p999: at(0.999), max: answered ? Number(sorted[answered - 1].toFixed(2)) : NaN }),
);
