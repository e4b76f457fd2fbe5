import { z } from 'zod';
import { badRequest } from './errors.js';

export const PAGE_CAP = 200;

/**
 * `?limit=&cursor=`: limit 1-200 (default 50); cursors are opaque base64url JSON. A limit above
 * the cap is clamped to it (SPEC: "page size cap 200"), not refused: a client asking for 500
 * gets pages of 200 and a nextCursor.
 */
export const pageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, PAGE_CAP))
    .default(50)
    .describe('Page size, 1-200 (default 50); a larger value is clamped to 200.'),
  cursor: z.string().max(500).optional().describe('Opaque cursor: the `nextCursor` of the previous page.'),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * What one position of a cursor holds: a stored timestamp (`clock.now().toISOString()`), a row
 * id, a non-negative counter or flag (an `integer` column), or a client's own text id (a
 * referrer's user id: 1-200 characters, no NUL). A cursor is only ever one we
 * issued, but it comes back from the client: each position is checked against its kind before
 * it reaches a query, so a forged one is a 400 on both databases (PostgreSQL refuses text
 * where it compares integers, decimals, numbers past int4, and NUL in text).
 */
export type CursorKey = 'time' | 'id' | 'count' | 'text';
type KeyValue<K extends CursorKey> = K extends 'count' ? number : string;
export type CursorOf<K extends readonly CursorKey[]> = { -readonly [I in keyof K]: KeyValue<K[I]> };

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;
const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;
const INT4_MAX = 2 ** 31 - 1;
const KEY_CHECKS: Record<CursorKey, (v: unknown) => boolean> = {
  time: (v) => typeof v === 'string' && ISO_TIME.test(v),
  id: (v) => typeof v === 'string' && ROW_ID.test(v),
  count: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= INT4_MAX,
  text: (v) => typeof v === 'string' && v.length > 0 && v.length <= 200 && !v.includes('\0'),
};

export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The keys of a cursor of this shape, or a 400 `Invalid cursor` when it is anything else. */
export function decodeCursor<const K extends readonly CursorKey[]>(cursor: string | undefined, shape: K): CursorOf<K> | undefined {
  if (!cursor) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    /* not JSON: fall through */
  }
  if (Array.isArray(v) && v.length === shape.length && shape.every((kind, i) => KEY_CHECKS[kind](v[i]))) return v as CursorOf<K>;
  throw badRequest('Invalid cursor');
}

/** Fetch limit+1 rows, return the page and the cursor of its last row when more exist. */
export function pageOf<T>(rows: T[], limit: number, key: (row: T) => (string | number)[]) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, nextCursor: more ? encodeCursor(key(items[items.length - 1])) : null };
}
