/**
 * Where a durable write's fsync runs: on the event loop (blocking) or on libuv's thread pool.
 *
 * On a fast disk (an SSD's fdatasync takes ~0.1 ms) the blocking call wins: handing the fsync
 * to a pool thread and being woken when it is done costs two cross-thread wake-ups, which on
 * a busy machine take longer than the fsync itself, and while they wait the event loop sits
 * idle with every client in the group. Measured on the links benchmark: +15 % throughput,
 * event loop 96 % busy instead of 85 % (docs/benchmarks.md). On a slow disk (network volumes:
 * milliseconds per fsync) blocking would stall every other request for each group, so the
 * pool is used there.
 *
 * The choice follows the last `window` blocking fsyncs: blocking while at least half of them
 * took under `inlineBelowMs` (0.5 ms; the lower median). Here, under the links benchmark, they
 * took p50 0.15 ms (p99 0.5 ms), ~17 % of the event loop; on an earlier machine's shared disk
 * (p50 0.6 ms, p90 2.7 ms) blocking ate 40 % of it and the pool measured better (docs/links.md,
 * "SQLite specifics"). One fsync over `stallMs` (5 ms) moves to the pool at once: a stalling
 * disk must not freeze the event loop again and again. While pooled, one fsync every
 * `probeEveryMs` (250 ms) still blocks, when no pooled one is in flight (durable-write.ts), so
 * a disk that got fast again is noticed within a few probes; the price on a slow disk is one
 * blocking fsync per probe period.
 */
export interface SyncChoice {
  /** Whether the next fsync should block. */
  inline(): boolean;
  /** What a blocking fsync took. */
  record(ms: number): void;
}

export const SYNC_CHOICE_DEFAULTS = { inlineBelowMs: 0.5, stallMs: 5, probeEveryMs: 250, window: 8 };

export function syncChoice(options: Partial<typeof SYNC_CHOICE_DEFAULTS> = {}, now: () => number = () => performance.now()): SyncChoice {
  const { inlineBelowMs, stallMs, probeEveryMs, window } = { ...SYNC_CHOICE_DEFAULTS, ...options };
  const samples: number[] = [];
  let fast = true;
  let lastInline = -Infinity;
  return {
    inline: () => fast || now() - lastInline >= probeEveryMs,
    record(ms) {
      samples.push(ms);
      if (samples.length > window) samples.shift();
      const sorted = [...samples].sort((a, b) => a - b);
      fast = ms <= stallMs && sorted[(sorted.length - 1) >> 1] < inlineBelowMs;
      lastInline = now();
    },
  };
}

