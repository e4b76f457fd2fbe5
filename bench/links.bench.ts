/**
 * Short-link redirect with durable click recording vs a raw node:http server answering the
 * same 302, in the same run. The server under test runs in this process; autocannon runs
 * in a child process (see autocannon.ts). Afterwards: clicks stored == 302s answered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { openAndMigrate } from '../src/db/index.js';
import { buildServer } from '../src/server.js';
import { autocannon, type LoadResult } from './autocannon.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const DEST = 'https://example.com/landing?utm_source=short';
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const load = (url: string) => autocannon(url, { connections: CONNECTIONS, seconds: SECONDS, headers: { 'user-agent': UA } });

async function rawBaseline(): Promise<LoadResult> {
  const server = createServer((_req, res) => {
    res.writeHead(302, { location: DEST, 'cache-control': 'no-store' });
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  try {
    return await load(`http://127.0.0.1:${port}/l/bench1`);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

async function appflows() {
  const dir = mkdtempSync(join(tmpdir(), 'appflows-bench-'));
  const config = loadConfig({ DATA_DIR: dir, SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'warn', WEB_URL: 'http://127.0.0.1' });
  const db = await openAndMigrate(config.database);
  const app = await buildServer({ config, db, logger: false });
  let answered302 = 0;
  // Counted when the 302 is sent: when autocannon stops, it drops up to one in-flight
  // request per connection whose click was committed and whose 302 was already on its way.
  app.addHook('onSend', async (_req, reply) => {
    if (reply.statusCode === 302) answered302++;
  });
  const { token } = await app.services.tokens.create('bench');
  const auth = { authorization: `Bearer ${token}` };
  const appRes = await app.inject({ method: 'POST', url: '/api/v1/apps', headers: auth, payload: { name: 'Bench' } });
  const slug = appRes.json().app.slug;
  const linkRes = await app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/links`, headers: auth, payload: { url: DEST, code: 'bench1' } });
  if (linkRes.statusCode !== 201) throw new Error(linkRes.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  try {
    const result = await load(`http://127.0.0.1:${port}/l/bench1`);
    await app.services.links.drain();
    const row = await db.db.selectFrom('links').select(['click_count']).where('code', '=', 'bench1').executeTakeFirstOrThrow();
    const history = await db.db
      .selectFrom('link_clicks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { result, answered302, clickCount: row.click_count, historyRows: Number(history.n) };
  } finally {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (r: LoadResult) => `${Math.round(r.reqPerSec).toString().padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms`;

console.log(`links bench: ${CONNECTIONS} connections, ${SECONDS} s each, autocannon in a child process`);
const raw = await rawBaseline();
console.log(`raw node:http 302          ${fmt(raw)}`);
const ours = await appflows();
console.log(`appflows /l/:code + click  ${fmt(ours.result)}`);
const ratio = ours.result.reqPerSec / raw.reqPerSec;
console.log(`ratio ${ratio.toFixed(2)}x of raw node:http (target >= 0.60), p99 ${ours.result.p99} ms (target <= 10)`);
console.log(
  `302s answered by the server ${ours.answered302}, seen by autocannon ${ours.result.byStatus['302'] ?? 0}; click_count ${ours.clickCount}, history rows ${ours.historyRows}`,
);
const exact = ours.clickCount === ours.answered302 && ours.historyRows === ours.answered302;
console.log(exact ? 'OK: every answered 302 is a stored click' : 'MISMATCH: stored clicks differ from answered 302s');
if (!exact || ours.result.errors) process.exitCode = 1;
