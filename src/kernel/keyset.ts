import type { ExpressionBuilder } from 'kysely';
import { decodeCursor, pageOf } from './pagination.js';

/** Keyset paging newest first on (created_at, id): stable under inserts, no OFFSET scans. */
export type After = [createdAt: string, id: string];

export function afterFromCursor(cursor: string | undefined): After | undefined {
  return decodeCursor(cursor, ['time', 'id']);
}

/** One column of a keyset order: its name, its direction and the previous page's last value. */
export type KeysetKey = readonly [column: string, direction: 'asc' | 'desc', value: string | number];

/**
 * Rows strictly after the previous page's last row in this order, on both databases. One
 * direction throughout: one row-value comparison, which both databases turn into a range of the
 * paging index. The equivalent `created_at < ? OR (created_at = ? AND id < ?)` made SQLite, once
 * ANALYZE had statistics, gather every older row through a MULTI-INDEX OR and sort them for each
 * page: a 1,000,000-row export read and sorted ~500 million rows in its 1,000 pages (68-92 s, not
 * seconds). Mixed directions (a board's votes down, then ids up) cannot be one row value: there it
 * is that expansion, key by key.
 */
export function afterKeys(eb: ExpressionBuilder<any, any>, keys: readonly KeysetKey[]) {
  const past = ([column, direction, value]: KeysetKey) => eb(column, direction === 'desc' ? '<' : '>', value);
  if (keys.every((k) => k[1] === keys[0][1])) {
    const tuple = (xs: unknown[]) => xs as [any, any];
    return eb(eb.refTuple(...tuple(keys.map((k) => k[0]))), keys[0][1] === 'desc' ? '<' : '>', eb.tuple(...tuple(keys.map((k) => k[2]))));
  }
  return eb.or(keys.map((k, i) => (i === 0 ? past(k) : eb.and([...keys.slice(0, i).map(([column, , value]) => eb(column, '=', value)), past(k)]))));
}

/** Rows strictly older than `after` in (created_at desc, id desc) order (afterKeys). */
export function olderThan(eb: ExpressionBuilder<any, any>, after: After, time = 'created_at') {
  return afterKeys(eb, [
    [time, 'desc', after[0]],
    ['id', 'desc', after[1]],
  ]);
}

export function pageRows<T extends { created_at: string; id: string }>(rows: T[], limit: number) {
  return pageOf(rows, limit, (r) => [r.created_at, r.id]);
}

/**
 * Walks every row in keyset pages of `size`, a page at a time: memory stays flat however many rows
 * exist. 250 rows: on SQLite a page is fetched synchronously, building every row object in one
 * event-loop turn (about 3 µs a row for a waitlist signup), and a crash report's row can hold
 * ~200 KB. Pages of 1,000 cut an export's queries by four but held the loop four times as long.
 */
export async function* allPages<T extends { created_at: string; id: string }>(fetch: (after: After | undefined, limit: number) => Promise<T[]>, size = 250) {
  let after: After | undefined;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = [last.created_at, last.id];
  }
}
