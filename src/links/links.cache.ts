import type { LinkRow } from './links.store.js';

/**
 * Code -> link row for the redirect path, including "no such code". Entries live `ttlMs`
 * so changes made on another node show within that time; this node's own writes evict
 * the entry at once. Concurrent misses share one query.
 */
export function createLinkCache(load: (code: string) => Promise<LinkRow | undefined>, ttlMs = 1000, maxEntries = 10_000) {
  const entries = new Map<string, { at: number; row: Promise<LinkRow | undefined> }>();
  return {
    get(code: string): Promise<LinkRow | undefined> {
      const now = performance.now();
      const hit = entries.get(code);
      if (hit && now - hit.at < ttlMs) return hit.row;
      // Crude bound: codes probed by scanners must not grow memory without limit.
      if (entries.size >= maxEntries) entries.clear();
      const row = load(code);
      entries.set(code, { at: now, row });
      row.catch(() => {
        if (entries.get(code)?.row === row) entries.delete(code);
      });
      return row;
    },
    invalidate(code: string) {
      entries.delete(code);
    },
  };
}
