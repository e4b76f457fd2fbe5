import type { DbHandle } from '../db/index.js';
import type { Clock } from '../kernel/clock.js';
import { postgresCommit } from './links.clicks.pg.js';
import { sqliteCommit } from './links.clicks.sqlite.js';
import type { Click, ClickOutcome, Commit } from './links.settle.js';

/**
 * Group commit for clicks. A redirect is answered only once its click is durably committed,
 * yet one fsync per click would cap throughput. So clicks queue up and are committed in
 * groups: the recorder waits one event-loop turn (setImmediate), so every request parsed
 * in that turn shares one transaction. A few groups may be committing at once (SQLite:
 * waiting for their fsync; PostgreSQL: on separate pooled connections).
 *
 * Inside the transaction each link's row is read and written under a write lock
 * (SQLite: BEGIN IMMEDIATE; PostgreSQL: SELECT ... FOR UPDATE in id order), so status,
 * expiry and maxClicks are decided at commit time, exactly, across processes: with
 * maxClicks = L exactly L human clicks are ever sent to the destination.
 */

const committerFor = (db: DbHandle): { commit: Commit; close(): Promise<void> } =>
  db.sqlite ? sqliteCommit(db.sqlite) : { commit: postgresCommit(db.db), close: async () => {} };

/** Groups committing at once: later groups are written while earlier ones wait for their fsync. */
const MAX_IN_FLIGHT = 4;

export function createClickRecorder({ db, clock }: { db: DbHandle; clock: Clock }) {
  let committer: ReturnType<typeof committerFor> | undefined;
  let queue: { click: Click; resolve(o: ClickOutcome): void; reject(e: unknown): void }[] = [];
  let scheduled = false;
  let inFlight = 0;
  const idle: (() => void)[] = [];

  function flush() {
    scheduled = false;
    if (queue.length === 0 || inFlight >= MAX_IN_FLIGHT) {
      if (inFlight === 0) for (const done of idle.splice(0)) done();
      return; // a finishing group flushes again
    }
    const group = queue;
    queue = [];
    inFlight++;
    let committed: Promise<ClickOutcome[]>;
    try {
      committer ??= committerFor(db); // lazily: CLI commands that never record a click start nothing
      committed = committer.commit(
        group.map((p) => p.click),
        clock.now().toISOString(),
      );
    } catch (err) {
      committed = Promise.reject(err);
    }
    committed
      .then(
        (outcomes) => group.forEach((p, i) => p.resolve(outcomes[i])),
        (err) => group.forEach((p) => p.reject(err)),
      )
      .finally(() => {
        inFlight--;
        flush();
      });
  }

  return {
    /** Resolves once the click is committed (or known not to count), with what the visitor gets. */
    record(click: Click): Promise<ClickOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ click, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** Resolves when every queued click is committed. */
    drain(): Promise<void> {
      if (queue.length === 0 && inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    /** Drains, then releases the committer (server close). */
    async close() {
      await this.drain();
      await committer?.close();
      committer = undefined;
    },
  };
}
export type ClickRecorder = ReturnType<typeof createClickRecorder>;
