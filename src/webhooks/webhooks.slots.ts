/**
 * Small concurrency tools of the delivery worker: per-endpoint send slots and a batcher that
 * turns many results into one commit.
 */

/** At most `per` holders per key at once; the others wait, in order. */
export function keyedSlots(per: number) {
  const holding = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  return {
    async acquire(key: string): Promise<void> {
      const n = holding.get(key) ?? 0;
      if (n < per) return void holding.set(key, n + 1);
      await new Promise<void>((resolve) => waiting.set(key, [...(waiting.get(key) ?? []), resolve]));
    },
    release(key: string) {
      const next = waiting.get(key)?.shift();
      if (next) return next(); // the slot passes on
      const n = (holding.get(key) ?? 1) - 1;
      if (n > 0) holding.set(key, n);
      else holding.delete(key);
    },
    /** Keys with at least `limit` holders and waiters together. */
    loaded(limit: number): string[] {
      return [...holding].filter(([key, n]) => n + (waiting.get(key)?.length ?? 0) >= limit).map(([key]) => key);
    },
  };
}

/**
 * Items added while a flush runs (or within the same turn of the event loop) go together into
 * the next one; each add resolves once its flush has.
 */
export function batcher<T>(flush: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  const queue: { item: T; done: (err?: unknown) => void }[] = [];
  let running = false;
  async function drain() {
    running = true;
    await new Promise((r) => setImmediate(r));
    while (queue.length) {
      const batch = queue.splice(0);
      await flush(batch.map((b) => b.item)).then(
        () => batch.forEach((b) => b.done()),
        (err) => batch.forEach((b) => b.done(err)),
      );
    }
    running = false;
  }
  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, done: (err) => (err ? reject(err) : resolve()) });
      if (!running) void drain();
    });
}
