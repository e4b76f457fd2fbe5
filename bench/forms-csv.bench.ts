/**
 * CSV export memory: a waitlist of BENCH_CSV_ROWS signups (default 1,000,000) exported over HTTP
 * from a real server process, sampling the server's resident memory while it streams.
 *
 *   npm run bench -- forms-csv
 */
import Database from 'better-sqlite3';
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cli, processEnv, startServer } from '../test/process-helpers.js';

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
const rssMb = (pid: number, field = 'VmRSS') => Number(/(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field))!)![1]) / 1024;

const env = processEnv('sqlite', { LOG_LEVEL: 'warn' });
const token = cli(env, 'token', 'create', '--name', 'bench').stdout.trim().split('\n').pop()!;
const server = await startServer(env);
const auth = { authorization: `Bearer ${token}` };
const api = (path: string, method: string, body?: unknown) =>
  fetch(`${server.url}${path}`, { method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }).then((r) => r.json());
const { app } = await api('/api/v1/apps', 'POST', { name: 'Csv' });
await api(`/api/v1/apps/${app.slug}/flows/waitlist`, 'PUT', { intro: { title: 'B', subtitle: 's', submitLabel: 'Go', emailPlaceholder: 'e' }, success: { title: 't', body: 'b' } });
await api(`/api/v1/apps/${app.slug}/flows/waitlist/publish`, 'POST');

// Fill the table straight through SQLite (the server's own writes are measured in forms.bench.ts).
const db = new Database(join(env.DATA_DIR, 'appflows.db'));
db.pragma('busy_timeout = 5000');
const { id: appId } = db.prepare('SELECT id FROM apps WHERE slug = ?').get(app.slug) as { id: string };
const { id: flowId } = db.prepare("SELECT id FROM flows WHERE app_id = ? AND type = 'waitlist'").get(appId) as { id: string };
const insert = db.prepare(
  'INSERT INTO waitlist_signups (id, app_id, flow_id, email, email_normalized, source, country, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
);
const base = Date.parse('2026-01-01T00:00:00Z');
db.transaction(() => {
  for (let i = 0; i < ROWS; i++) {
    const email = `user${i}@example.com`;
    insert.run(`s${i.toString(36).padStart(8, '0')}`, appId, flowId, email, email, 'bench', 'DE', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', new Date(base + i * 1000).toISOString());
  }
})();
db.close();

const before = rssMb(server.proc.pid!);
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.proc.pid!))), 50);
const started = performance.now();
const res = await fetch(`${server.url}/api/v1/apps/${app.slug}/waitlist/signups.csv`, { headers: auth });
let bytes = 0;
let lines = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  for (const b of chunk) if (b === 10) lines++;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
server.proc.kill('SIGTERM');
await server.exited;
rmSync(env.DATA_DIR, { recursive: true, force: true });

const summary = `${ROWS.toLocaleString('en-US')} rows: ${lines - 1} data lines, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB while streaming`;
console.log(summary);
appendFileSync(resolve(import.meta.dirname, '../docs/benchmarks.md'), `\n### forms-csv: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n\nWaitlist CSV export of ${summary}.\n`);
if (lines - 1 !== ROWS) process.exitCode = 1;
