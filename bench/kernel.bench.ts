/**
 * `npm run bench -- kernel`: the shared request pipeline alone. GET /healthz on the real server
 * (every plugin and hook registered, logger at warn) against a raw node:http JSON answer, same
 * run, 50 connections. Every other benchmark's ratio is capped by this one.
 */
import { spawn } from 'node:child_process';
import { buildServer } from '../src/server.js';
import { testConfig, testDb } from '../test/helpers.js';
import { autocannon } from './autocannon.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// The raw baseline in a process of its own (#23 item 3).
const rawProc = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); s.end('{"ok":true}'); }).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`], { stdio: ['ignore', 'pipe', 'inherit'] });
const rawPort = await new Promise<number>((r) => rawProc.stdout!.once('data', (d) => r(Number(/port (\d+)/.exec(String(d))![1]))));
const rawResult = await autocannon(`http://127.0.0.1:${rawPort}/`, { seconds });
rawProc.kill('SIGTERM');

const db = await testDb('sqlite');
const app = await buildServer({ config: testConfig({ LOG_LEVEL: 'warn' }), db, logger: { level: 'warn' } });
const addr = await app.listen({ port: 0, host: '127.0.0.1' });
const ours = await autocannon(`${addr}/healthz`, { seconds });
await app.close();
await db.cleanup();

const row = (name: string, r: typeof ours) => `| ${name} | ${Math.round(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${(r.reqPerSec / rawResult.reqPerSec).toFixed(2)}x |`;
console.log(['| server | req/s | p50 ms | p99 ms | vs raw |', '|---|---|---|---|---|', row('raw node:http', rawResult), row('GET /healthz (full pipeline)', ours)].join('\n'));
process.exit(0);
