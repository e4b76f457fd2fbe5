/**
 * Coalesces fsyncs of one file on the thread pool (`sync`): at most one runs at a time. A
 * caller arriving while one runs may have written after it started, so it waits for the next
 * one, which then covers every write made in the meantime: under load, one fsync per disk
 * round trip instead of one per caller, and the thread pool is never queued up with them.
 *
 * A failed fsync is final. Linux reports a writeback error once and may drop the failed pages,
 * so a later fsync can succeed without the earlier writes on disk (and SQLite's WAL recovery
 * stops at the first bad frame, taking later commits with it). Like PostgreSQL, we then refuse
 * to acknowledge anything more: every later sync rejects, until the process restarts and
 * SQLite recovers the WAL. The same holds for `syncNow`, the blocking fsync (durable-write.ts
 * uses it when the disk is fast). It never runs beside a pooled one: Linux reports a writeback
 * error to one fsync of a descriptor, so of two overlapping ones the other could succeed and
 * acknowledge writes whose pages were lost. Callers block only when `idle()`.
 */
export function coalescedSync(fsyncOnce: () => Promise<void>, fsyncNow: () => void) {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  let failed: Error | undefined;

  const fail = (err: unknown) => {
    failed ??= new Error(`WAL fsync failed; no write is acknowledged until a restart: ${err instanceof Error ? err.message : String(err)}`);
    return failed;
  };

  const start = () => {
    running = fsyncOnce()
      .catch((err: unknown) => {
        throw fail(err);
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const sync = (): Promise<void> => {
    if (failed) return Promise.reject(failed);
    if (!running) return start();
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return sync();
      });
    return next;
  };

  /** Blocks until everything written so far is on disk; throws as `sync` rejects. Only when idle. */
  const syncNow = (): void => {
    if (failed) throw failed;
    if (running || next) throw new Error('a blocking fsync must not overlap a pooled one');
    try {
      fsyncNow();
    } catch (err) {
      throw fail(err);
    }
  };

  return {
    sync,
    syncNow,
    /** No pooled fsync is running or waiting: a blocking one may run. */
    idle: (): boolean => !running && !next,
    /** The error that made syncing final, if one did. */
    failure: (): Error | undefined => failed,
    /** Resolves once no fsync is running or waiting (before the file's descriptor is closed). */
    async settled(): Promise<void> {
      while (running || next) await (next ?? running)!.catch(() => {});
    },
  };
}
