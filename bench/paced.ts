import { resolve } from 'node:path';
import { childJson } from './child-json.js';

export interface PacedResult {
  sent: number;
  answered: number;
  errors: number;
  byStatus: Record<string, number>;
  /** Milliseconds from when each request was due to its answer's end. */
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

/**
 * Open-loop load (a fixed request rate, latency counted from when each request was due) in a
 * child process. Where autocannon measures what the server does flat out, this measures what a
 * request arriving at a given rate waits, which is what an export must not spoil.
 */
export function pacedLoad(url: string, opts: { rate: number; seconds: number; connections?: number }): Promise<PacedResult> {
  const args = ['--import', 'tsx', resolve(import.meta.dirname, 'paced.load.ts'), url, String(opts.rate), String(opts.seconds), String(opts.connections ?? 32)];
  return childJson<PacedResult>(args, 'paced load');
}
