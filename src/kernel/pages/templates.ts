import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { randomString } from '../ids.js';

/**
 * Pages rendered ahead of time: a page whose HTML depends only on what its key names (a pinned
 * flow version, the app's look, the screen) but for a few per-visitor values (a session id, its
 * token, a sealed state) is rendered once with placeholders for those values, cut there, and
 * kept (bounded, oldest out first); a request fills the values in. The hosted step screens
 * (cancel, onboarding) render this way: a request opens its session, records its step and
 * joins a few strings.
 *
 * Placeholders are random per process, so owner-written text can never contain one by
 * accident or on purpose. Values go in as they are, so they must need no escaping in HTML or
 * in a URL: base62 or base64url (anything else throws).
 */
const SAFE = /^[A-Za-z0-9_-]*$/;

export interface PageTemplates<K extends string> {
  /** What to render in place of each value. */
  placeholders: Readonly<Record<K, string>>;
  /** The page under `key` with these values: rendered (by `render`, with the placeholders) the first time. */
  html(key: string, render: () => VNode, values: Record<K, string>): string;
  readonly size: number;
}

export function createPageTemplates<K extends string>(slots: readonly K[], max = 2000): PageTemplates<K> {
  const marks = slots.map(() => `Z${randomString(22)}`);
  const placeholders = Object.fromEntries(slots.map((s, i) => [s, marks[i]])) as Record<K, string>;
  const pattern = new RegExp(marks.join('|'), 'g');
  const slotOf = new Map(marks.map((m, i) => [m, slots[i]]));
  const cache = new Map<string, { parts: string[]; slots: K[] }>();

  function compile(html: string) {
    const parts: string[] = [];
    const at: K[] = [];
    let last = 0;
    for (const m of html.matchAll(pattern)) {
      parts.push(html.slice(last, m.index));
      at.push(slotOf.get(m[0])!);
      last = m.index + m[0].length;
    }
    parts.push(html.slice(last));
    return { parts, slots: at };
  }

  return {
    placeholders,
    html(key, render, values) {
      let t = cache.get(key);
      if (!t) {
        t = compile('<!doctype html>' + renderToString(render()));
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(key, t);
      }
      for (const s of slots) if (!SAFE.test(values[s])) throw new Error(`page template value ${s} must be base62 or base64url`);
      let out = t.parts[0];
      for (let i = 0; i < t.slots.length; i++) out += values[t.slots[i]] + t.parts[i + 1];
      return out;
    },
    get size() {
      return cache.size;
    },
  };
}
