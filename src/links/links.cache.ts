import type { LinkRow } from './links.store.js';

/** A settled cache entry: the row, or null for "no such code". */
export interface CachedLink {
  row: LinkRow | null;
}

interface Entry {
  at: number;
  row: Promise<LinkRow | undefined>;
  /** Set once the load has resolved (what peek returns). */
  settled?: CachedLink;
}

/**
 * Code -> link row for the redirect path, including "no such code". Entries live `ttlMs`
 * so changes made on another node show within that time; this node's own writes evict
 * the entry at once. Concurrent misses share one query.
 */
export function createLinkCache(load: (code: string) => Promise<LinkRow | undefined>, ttlMs = 1000, maxEntries = 10_000) {
  const entries = new Map<string, Entry>();
  return {
    get(code: string): Promise<LinkRow | undefined> {
      const now = performance.now();
      const hit = entries.get(code);
      if (hit && now - hit.at < ttlMs) return hit.row;
      // Crude bound: codes probed by scanners must not grow memory without limit.
      if (entries.size >= maxEntries) entries.clear();
      const row = load(code);
      const entry: Entry = { at: now, row };
      entries.set(code, entry);
      row.then(
        (r) => void (entry.settled = { row: r ?? null }),
        () => {
          if (entries.get(code) === entry) entries.delete(code);
        },
      );
      return row;
    },
    /** Synchronously, a fresh and settled entry if there is one (the redirect fast path); never loads. */
    peek(code: string): CachedLink | undefined {
      const hit = entries.get(code);
      return hit && performance.now() - hit.at < ttlMs ? hit.settled : undefined;
    },
    invalidate(code: string) {
      entries.delete(code);
    },
  };
}
