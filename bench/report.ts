/** How the load benchmarks print a result and append their section to docs/benchmarks.md. */
import { appendFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import type { LoadResult } from './autocannon.js';

export const ratio = (r: LoadResult, base: LoadResult) => r.reqPerSec / base.reqPerSec;

/** One console line: rate, latencies, totals. */
export const fmt = (r: LoadResult, extra = '') =>
  `${Math.round(r.reqPerSec).toLocaleString('en-US').padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  (${r.total} requests, statuses ${JSON.stringify(r.byStatus)}, errors ${r.errors}${extra})`;

/** One table row of a round: `| round | endpoint | req/s | p50 | p99 | vs raw |`. */
export const resultRow = (round: number, name: string, r: LoadResult, base?: LoadResult) =>
  `| ${round} | ${name} | ${Math.round(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${base ? `${ratio(r, base).toFixed(2)}x` : '1.00x'} |`;

/** Appends `### <name>: <date> …` with the rounds' rows and a closing line to docs/benchmarks.md. */
export function appendSection(name: string, setup: { connections: number; rounds: number; seconds: number }, rows: string[], closing: string) {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  appendFileSync(
    resolve(import.meta.dirname, '../docs/benchmarks.md'),
    [
      '',
      `### ${name}: ${date} UTC, ${cpus().length} cores, ${setup.connections} connections, ${setup.rounds} rounds of ${setup.seconds} s each, SQLite (WAL, every acknowledged write fsynced)`,
      '',
      '| round | endpoint | req/s | p50 ms | p99 ms | vs raw node:http |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      closing,
      '',
    ].join('\n'),
  );
}
