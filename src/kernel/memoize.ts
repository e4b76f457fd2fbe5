import { metrics } from './metrics.js';

/**
 * Keeps successful results of `load` for `ttlMs` per key; failures are never kept. `forget`
 * drops a key when this process knows its value changed.
 */
export function memoize<A extends unknown[], V>(load: (...args: A) => Promise<V>, keyOf: (...args: A) => string, ttlMs: number, maxEntries = 10_000, name = 'memo') {
  const count = metrics.cache(name);
  const cache = new Map<string, { until: number; value: Promise<V> }>();
  const get = (...args: A): Promise<V> => {
    const key = keyOf(...args);
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) {
      count(true);
      return hit.value;
    }
    count(false);
    if (cache.size >= maxEntries) cache.clear();
    const value = load(...args);
    cache.set(key, { until: now + ttlMs, value });
    value.catch(() => cache.delete(key));
    return value;
  };
  return Object.assign(get, { forget: (key: string) => void cache.delete(key) });
}
