import { z } from 'zod';
import { badRequest } from './errors.js';

/** `?limit=&cursor=`: limit 1-200 (default 50); cursors are opaque base64url JSON. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Page size, 1-200 (default 50).'),
  cursor: z.string().max(500).optional().describe('Opaque cursor: the `nextCursor` of the previous page.'),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, arity: number): (string | number)[] | undefined {
  if (!cursor) return undefined;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === arity && v.every((x) => typeof x === 'string' || typeof x === 'number')) {
      return v;
    }
  } catch {
    /* fall through */
  }
  throw badRequest('Invalid cursor');
}

/** Fetch limit+1 rows, return the page and the cursor of its last row when more exist. */
export function pageOf<T>(rows: T[], limit: number, key: (row: T) => (string | number)[]) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, nextCursor: more ? encodeCursor(key(items[items.length - 1])) : null };
}
