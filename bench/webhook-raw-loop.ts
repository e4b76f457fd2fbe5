/**
 * The delivery baseline, in its own process: posts N JSON payloads shaped like a signup event to
 * the receiver with C in flight and node:http keep-alive, signing nothing and storing nothing —
 * the fastest a sender on this machine could hand the same work over. Prints `{ ms }`.
 *   node --import tsx bench/webhook-raw-loop.ts <url> <n> <concurrency>
 */
import { Agent, request } from 'node:http';

const [url, nArg, cArg] = process.argv.slice(2);
const n = Number(nArg);
const agent = new Agent({ keepAlive: true, maxSockets: Number(cArg) });
let next = 0;
const post = (i: number) =>
  new Promise<void>((resolve, reject) => {
    const body = JSON.stringify({ type: 'waitlist.signup.created', timestamp: new Date().toISOString(), data: { id: `s${i}`, email: `user${i}@example.com`, app: 'bench' } });
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'webhook-id': `raw_${i}`, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(body);
  });
const worker = async () => {
  while (next < n) await post(next++);
};
const t0 = performance.now();
await Promise.all(Array.from({ length: Number(cArg) }, worker));
process.stdout.write(JSON.stringify({ ms: performance.now() - t0 }));
agent.destroy();
