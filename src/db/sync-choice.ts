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
 * The choice follows the median of the last few blocking fsyncs, against 0.5 ms: here, under
 * the links benchmark, they took p50 0.15 ms (p99 0.5 ms), ~17 % of the event loop; on an
 * earlier machine's shared disk (p50 0.6 ms, p90 2.7 ms) blocking ate 40 % of it and the pool
 * measured better (docs/links.md, "SQLite specifics"). While pooled, one fsync
 * every `probeEveryMs` still runs blocking, so a disk that got fast again is noticed: the
 * price on a slow disk is one blocking fsync per probe period.
 */
export interface SyncChoice {
  /** Whether the next fsync should block. */
  inline(): boolean;
  /** What a blocking fsync took. */
  record(ms: number): void;
}

export function syncChoice(
  { inlineBelowMs = 0.5, probeEveryMs = 250, window = 8 }: { inlineBelowMs?: number; probeEveryMs?: number; window?: number } = {},
  now: () => number = () => performance.now(),
): SyncChoice {
  const samples: number[] = [];
  let fast = true;
  let lastInline = -Infinity;
  return {
    inline: () => fast || now() - lastInline >= probeEveryMs,
    record(ms) {
      samples.push(ms);
      if (samples.length > window) samples.shift();
      const sorted = [...samples].sort((a, b) => a - b);
      fast = sorted[Math.floor(sorted.length / 2)] < inlineBelowMs;
      lastInline = now();
    },
  };
}

/** Always one way: for tests, which must exercise both paths whatever the disk. */
export const alwaysInline: SyncChoice = { inline: () => true, record: () => {} };
export const alwaysPooled: SyncChoice = { inline: () => false, record: () => {} };
