/**
 * The hotpaths table (#38): one row per path and database with medians over rounds, the issue's
 * target and whether it held, and the acknowledged == stored check; written under the history of
 * docs/benchmarks.md, and on top of it when the run is one of record.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { median, type LoadResult } from './autocannon.js';
import type { Dialect } from './hotpaths.setup.js';

export type Path = 'redirect' | 'signup' | 'vote' | 'session' | 'resolve';

export const LABELS: Record<Path, string> = {
  redirect: 'redirect + durable click (GET /l/:code)',
  signup: 'waitlist signup (POST /api/public/waitlist)',
  vote: 'vote on one hot idea (distinct voters)',
  session: 'cancel session start (POST /api/public/sessions)',
  resolve: 'promotion resolve (POST /api/public/promotions/resolve)',
};

/** Issue #38's targets: ratio to raw node:http in the same run, and p99 where it sets one. */
export const TARGETS: Record<Path, Record<Dialect, { ratio: number; p99?: number }>> = {
  redirect: { sqlite: { ratio: 0.9, p99: 8 }, postgres: { ratio: 0.5, p99: 15 } },
  signup: { sqlite: { ratio: 0.5, p99: 10 }, postgres: { ratio: 0.45, p99: 15 } },
  vote: { sqlite: { ratio: 0.5 }, postgres: { ratio: 0.45 } },
  session: { sqlite: { ratio: 0.5 }, postgres: { ratio: 0.4 } },
  resolve: { sqlite: { ratio: 0.5 }, postgres: { ratio: 0.4 } },
};

export interface Measured {
  path: Path | 'raw 302' | 'raw JSON POST';
  dialect: Dialect;
  /** How the servers ran, where not one process of each (e.g. two nodes behind Caddy); shown beside the database. */
  setup?: string;
  /** Each round's result, with the raw baseline measured in that round (none for a raw row). */
  rounds: { r: LoadResult; base?: LoadResult }[];
  /** The acknowledged == stored cell ('' for a raw row). */
  check: string;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const x = (n: number) => `${n.toFixed(2)}x`;

/** One table row: medians over the rounds (the ratio is the median of the per-round ratios). */
export function row(m: Measured): string {
  const med = (f: (r: LoadResult) => number) => median(m.rounds.map(({ r }) => f(r)));
  const ratios = m.rounds.map(({ r, base }) => (base ? r.reqPerSec / base.reqPerSec : 1));
  const ratio = median(ratios);
  const p99 = med((r) => r.p99);
  const raw = m.path === 'raw 302' || m.path === 'raw JSON POST';
  const t = raw ? undefined : TARGETS[m.path as Path][m.dialect];
  const target = t ? `>= ${t.ratio}x${t.p99 ? `, p99 <= ${t.p99} ms` : ''}` : '';
  const met = t ? (ratio >= t.ratio && (t.p99 === undefined || p99 <= t.p99) ? 'yes' : 'no') : '';
  const name = raw ? `raw node:http ${m.path.slice(4)} (baseline)` : LABELS[m.path as Path];
  const rounds = raw ? '' : ` (${ratios.map((r) => r.toFixed(2)).join(' / ')})`;
  return `| ${name} | ${m.dialect}${m.setup ? `, ${m.setup}` : ''} | ${int(med((r) => r.reqPerSec))} | ${raw ? '1.00x' : x(ratio) + rounds} | ${med((r) => r.p50)} | ${p99} | ${med((r) => r.p999)} | ${target} | ${met} | ${m.check} |`;
}

export const HEADER = [
  '| path | database | req/s | ratio to raw (rounds) | p50 ms | p99 ms | p999 ms | target (#38) | met? | acknowledged == stored |',
  '|---|---|---|---|---|---|---|---|---|---|',
];

/** The machine, as the heading of a run names it. */
export function machine(pgVersion?: string) {
  const c = cpus();
  const la = loadavg().map((l) => l.toFixed(1)).join(' ');
  return `${c[0]?.model.trim() ?? 'unknown CPU'}, ${c.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}${pgVersion ? `, PostgreSQL ${pgVersion}` : ''}, load average ${la} at the start`;
}

const DOC = resolve(import.meta.dirname, '../docs/benchmarks.md');
const START = '<!-- hotpaths:start -->';
const END = '<!-- hotpaths:end -->';

/**
 * Appends the run to the history of docs/benchmarks.md; a run of record (HOTPATHS_RECORD=1, a quiet
 * machine) also replaces the table kept on top, between the hotpaths markers.
 */
export function writeDoc(heading: string, table: string[], closing: string, record: boolean) {
  const block = [heading, '', ...table, '', closing].join('\n');
  let doc = readFileSync(DOC, 'utf8');
  if (record) {
    const usage = '`npm run bench -- hotpaths` (bench/hotpaths.bench.ts; `HOTPATHS_SECONDS`, `HOTPATHS_ROUNDS`; `HOTPATHS_RECORD=1` on a quiet machine replaces this section).';
    const top = `${START}\n## Hot paths (#38), latest run of record\n\n${usage}\n\n${block.replace(/^### hotpaths: /, 'Measured ')}\n${END}`;
    const s = doc.indexOf(START);
    const e = doc.indexOf(END);
    doc = s >= 0 && e > s ? doc.slice(0, s) + top + doc.slice(e + END.length) : doc.replace(/^# Benchmarks\n/, `# Benchmarks\n\n${top}\n`);
  }
  writeFileSync(DOC, `${doc.trimEnd()}\n\n${block}\n`);
}
