/**
 * `npm run bench -- kernel`: the shared request pipeline alone. GET /healthz on the real server
 * (every plugin and hook registered, logger at warn) against a raw node:http JSON answer, same
 * run, 50 connections. Every other benchmark's ratio is capped by this one.
 */
import { createServer } from 'node:http';
import { buildServer } from '../src/server.js';
import { testConfig, testDb } from '../test/helpers.js';
import { autocannon } from './autocannon.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const raw = createServer((_q, s) => {
  s.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  s.end('{"ok":true}');
});
await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
const rawResult = await autocannon(`http://127.0.0.1:${(raw.address() as { port: number }).port}/`, { seconds });
raw.close();

const db = await testDb('sqlite');
const app = await buildServer({ config: testConfig({ LOG_LEVEL: 'warn' }), db, logger: { level: 'warn' } });
const addr = await app.listen({ port: 0, host: '127.0.0.1' });
const ours = await autocannon(`${addr}/healthz`, { seconds });
await app.close();
await db.cleanup();

const row = (name: string, r: typeof ours) => `| ${name} | ${Math.round(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${(r.reqPerSec / rawResult.reqPerSec).toFixed(2)}x |`;
console.log(['| server | req/s | p50 ms | p99 ms | vs raw |', '|---|---|---|---|---|', row('raw node:http', rawResult), row('GET /healthz (full pipeline)', ours)].join('\n'));
process.exit(0);
