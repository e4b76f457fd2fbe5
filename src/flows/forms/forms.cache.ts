import type { PublishedFlow } from '../../kernel/flows/flows.service.js';

export type PublishedLookup = (appSlug: string, type: string, flowSlug?: string) => Promise<PublishedFlow>;

/**
 * Public submits and pages look up the same published flow on every request (app, flow and
 * version: three queries). Successful lookups are kept for `ttlMs`, so a new publish reaches
 * public endpoints within that time; failures (404) are never kept.
 */
export function cachedLookup(load: PublishedLookup, ttlMs = 1000, maxEntries = 10_000): PublishedLookup {
  const cache = new Map<string, { until: number; value: Promise<PublishedFlow> }>();
  return (appSlug, type, flowSlug) => {
    const key = `${type}\n${appSlug}\n${flowSlug ?? ''}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.value;
    if (cache.size >= maxEntries) cache.clear();
    const value = load(appSlug, type, flowSlug);
    cache.set(key, { until: now + ttlMs, value });
    value.catch(() => cache.delete(key));
    return value;
  };
}
