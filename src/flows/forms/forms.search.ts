import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

/** The longest `q` a list accepts: a search box, not a document. */
export const SEARCH_MAX = 200;

/** How a list's `q` works, for the OpenAPI descriptions of every list and export that has one. */
export const SEARCH_NOTE =
  '`q` keeps rows where one of the text columns contains it, case-insensitively (ASCII letters only on SQLite); `%` and `_` match themselves. ' +
  'It is no full-text index: the list scans rows newest first until a page is full, so a rare term in a large inbox takes longer to answer.';

/** `%` `_` and the escape character itself taken literally in a LIKE pattern (ESCAPE '\'). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows where one of `columns` contains `q` (lower-cased on both sides: PostgreSQL's LIKE is
 * case-sensitive, SQLite's only for non-ASCII). Added to the keyset page query, so the paging
 * index still orders the scan and the limit stops it.
 */
export function containsText(eb: ExpressionBuilder<any, any>, columns: readonly string[], q: string): Expression<SqlBool> {
  const pattern = `%${likeEscape(q.toLowerCase())}%`;
  return eb.or(columns.map((c) => eb(sql`lower(${sql.ref(c)})`, 'like', sql<string>`${pattern} ESCAPE '\\'`)));
}
