import { dbInstruments } from './instruments.js';

/**
 * Group commit: callers submit one item each and wait; the items gathered in one event-loop
 * turn (setImmediate) form a group, and `commit` writes a whole group at once (one
 * transaction, one fsync). At most `maxInFlight` groups commit at a time; items arriving
 * meanwhile form the next group. Every caller's promise settles only after its group's commit
 * has, so an acknowledged item is durable. Shared by clicks, votes and signups/submissions.
 */
export function createGroupCommit<In, Out>(
  commit: (items: In[]) => Promise<Out[]>,
  opts: {
    maxInFlight: number;
    /** Label of its group-size metric (the table it writes). */
    name?: string;
    /** At most this many items per group (a PostgreSQL statement takes at most 65,535 parameters); the rest form the next. */
    maxItems?: number;
  },
) {
  const maxItems = opts.maxItems ?? Number.POSITIVE_INFINITY;
  const observeSize = dbInstruments.groupCommit(opts.name ?? 'other');
  let queue: { item: In; resolve(out: Out): void; reject(e: unknown): void }[] = [];
  let scheduled = false;
  let inFlight = 0;
  const idle: (() => void)[] = [];

  function flush() {
    scheduled = false;
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const group = queue.length <= maxItems ? queue : queue.splice(0, maxItems);
      if (group === queue) queue = [];
      inFlight++;
      observeSize(group.length);
      let committed: Promise<Out[]>;
      try {
        committed = commit(group.map((p) => p.item));
      } catch (err) {
        committed = Promise.reject(err);
      }
      committed
        .then(
          (outs) => group.forEach((p, i) => p.resolve(outs[i])),
          (err) => group.forEach((p) => p.reject(err)),
        )
        .finally(() => {
          inFlight--;
          flush();
        });
    }
    if (queue.length === 0 && inFlight === 0) for (const done of idle.splice(0)) done();
  }

  return {
    /** Resolves with the item's result once its group is committed. */
    submit(item: In): Promise<Out> {
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** Resolves when every submitted item is committed. */
    drain(): Promise<void> {
      if (queue.length === 0 && inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
