import { createRequire } from 'node:module';
import { childJson } from './child-json.js';

/** Median of per-round numbers (the upper middle one for an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** autocannon's `latency.p99_9` (hdr-histogram-percentiles-obj names the 99.9th percentile `p99_9`). */
  p999: number;
  /** The slowest answered request: a stalled event loop shows here, and in reqPerSec, not in p99. */
  max: number;
  total: number;
  byStatus: Record<string, number>;
  errors: number;
}

/**
 * Runs autocannon in a child process so the load generator never shares an event loop
 * with the server under test (on 2 cores: one for the server, one for the load).
 */
export function autocannon(url: string, opts: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [bin, '-j', '-c', String(opts.connections ?? 50), '-d', String(opts.seconds ?? 10)];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  return childJson<any>(args, 'autocannon').then((r) => {
    const byStatus: Record<string, number> = {};
    for (const [status, v] of Object.entries(r.statusCodeStats ?? {})) byStatus[status] = (v as { count: number }).count;
    return {
      reqPerSec: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      p999: r.latency.p99_9,
      max: r.latency.max,
      total: r.requests.total,
      byStatus,
      errors: r.errors + r.timeouts,
    };
  });
}
