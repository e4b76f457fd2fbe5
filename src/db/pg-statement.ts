import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * A named prepared statement on PostgreSQL for a hot path: each pooled connection parses and
 * plans it once (the driver sends Parse only the first time a connection meets the name), later
 * runs send Bind and Execute only. Kysely's driver sends every query unnamed, which PostgreSQL
 * parses and plans anew each time: CPU on the same 2 cores as the server. The text must not vary
 * with the data: a group's rows go in as arrays (`unnest($1::text[], …)`), not as a VALUES list
 * whose text grows with the group.
 */
export function pgStatement<Row>(pool: pg.Pool, text: string): (values: unknown[]) => Promise<Row[]> {
  // One name per text: a connection refuses a known name with another text.
  const name = `af_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  return async (values) => (await pool.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
}
