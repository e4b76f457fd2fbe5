import { metrics } from '../../kernel/metrics.js';
import type { HistoryRow, PromotionStore } from './promotion.store.js';

/**
 * Each user's recent promotion events, kept per node so that resolve (called at every app
 * launch) does not read the database each time (#18: that read was ~110 of ~270 µs a resolve).
 *
 * Only where this node is the only writer of events (SQLite: one server process per database
 * file): then it sees every event, and adding each one it stores to its user's entry (write-
 * through) keeps the entry exact; entries live SINGLE_WRITER_TTL_MS, a bound on memory, not on
 * correctness. With several nodes (PostgreSQL) every resolve reads the database as before, so
 * frequency caps and smart rotation stay exact across nodes (an impression through node A is
 * seen by node B's next resolve), which a time-bounded cache could not promise.
 * Erasing a user's data or a retention sweep clears the cache (`clear`).
 */
const SINGLE_WRITER_TTL_MS = 10 * 60_000;
/** Rows a user's entry keeps (the store's read is bounded the same way). */
const MAX_ROWS = 600;

interface Entry {
  /** Rows newest first, covering every impression since `since` and installs/opens of any age. */
  rows: HistoryRow[];
  since: string;
  until: number;
}

export function createHistoryCache(store: PromotionStore, opts: { singleWriter: () => boolean; maxUsers?: number; ttlMs?: number }) {
  const ttl = opts.ttlMs ?? SINGLE_WRITER_TTL_MS;
  const maxUsers = opts.maxUsers ?? 100_000;
  const count = metrics.cache('promotion.history');
  // Insertion order = age: the oldest entry goes first when the cache is full (re-set on reload).
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<HistoryRow[]>>();
  const key = (appId: string, userKey: string) => `${appId}\n${userKey}`;
  const fits = (since: string) => (r: HistoryRow) => r.created_at >= since || r.event === 'installed' || r.event === 'opened';

  return {
    /** The user's events since `since` (and installs/opens of any age), newest first. */
    async get(appId: string, userKey: string, since: string): Promise<HistoryRow[]> {
      if (!opts.singleWriter()) {
        if (entries.size) entries.clear();
        return store.userHistory(appId, userKey, since, MAX_ROWS);
      }
      const k = key(appId, userKey);
      const e = entries.get(k);
      if (e && e.until > Date.now() && e.since <= since) {
        count(true);
        return e.since === since ? e.rows : e.rows.filter(fits(since));
      }
      count(false);
      // Concurrent launches of one user share one read.
      let p = loading.get(k);
      if (!p) {
        const started = Date.now();
        p = store.userHistory(appId, userKey, since, MAX_ROWS).then((rows) => {
          if (entries.size >= maxUsers) entries.delete(entries.keys().next().value!);
          entries.delete(k);
          entries.set(k, { rows, since, until: started + ttl });
          return rows;
        });
        loading.set(k, p);
        void p.finally(() => loading.delete(k)).catch(() => {});
      }
      return p;
    },

    /** An event this node stored: its user's entry includes it from now on. */
    add(appId: string, userKey: string, row: HistoryRow) {
      const k = key(appId, userKey);
      const e = entries.get(k);
      // A read in flight may have missed the row: drop its result's entry so the next resolve reads again.
      if (loading.has(k)) {
        void loading.get(k)!.then(() => entries.delete(k), () => {});
        return;
      }
      if (!e) return;
      e.rows.unshift(row);
      if (e.rows.length > MAX_ROWS) e.rows.length = MAX_ROWS;
    },

    /** Forget everything (a user's data erased, a retention sweep). */
    clear() {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}
export type HistoryCache = ReturnType<typeof createHistoryCache>;
