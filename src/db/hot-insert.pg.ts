import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';
import { builtEvent, writeOutbox, type RowEvent } from './outbox.js';
import { aggregate, dayOf, pgShard, type Bump } from './rollups.js';
import { createGroupCommit } from './group-commit.js';
import { retryRolledBack } from './pg-retry.js';
import { pgStatement } from './pg-statement.js';

/** A row's outcome: stored, skipped (a unique clash), or its own error. */
type Outcome = boolean | { error: unknown };

/** A row submitted to its group (hot-insert.ts), with the outbox event it reports when stored. */
export interface Entry<Row> {
  row: Row;
  event?: RowEvent;
}

/** A row, its event and its unique key (undefined: no key, or a null in it, which never clashes), computed once per row. */
interface Keyed<Row> extends Entry<Row> {
  key: string | undefined;
}
const byKey = <Row>(a: Keyed<Row>, b: Keyed<Row>) => (a.key === b.key ? 0 : a.key === undefined ? -1 : b.key === undefined ? 1 : a.key < b.key ? -1 : 1);

/**
 * A lone UTF-16 surrogate (a request can carry one) as U+FFFD, which is what PostgreSQL stores for
 * it (a text parameter's UTF-8 encoding makes it so, and PostgreSQL refuses its `\ud800` JSON escape).
 * String.prototype.toWellFormed (Node >= 20), not yet in TypeScript's lib.
 */
const wellFormed = (s: string): string => (s as unknown as { toWellFormed(): string }).toWellFormed();
const json = (v: unknown) => JSON.stringify(v, (_, x) => (typeof x === 'string' ? wellFormed(x) : x));

/** A row's unique key as the database sees it (text of each column); undefined when a column is null (never a clash). */
const keyOf = (values: readonly unknown[]) => (values.some((v) => v == null) ? undefined : JSON.stringify(values.map((v) => wellFormed(String(v)))));

/**
 * The two statements of a table's group (without and with daily counters), whose text never
 * changes with the group: the rows arrive as one JSON array ($1, `json_populate_recordset` on the
 * table's own row type, so every column gets its type), the counters as another ($2), the
 * counters' shard as $3. PostgreSQL parses and plans each once per connection (pg-statement.ts);
 * a VALUES list of a parameter per cell made a new text, parse and plan per group.
 */
function statementTexts(table: string, columns: readonly string[], uniqueBy: readonly string[] | undefined) {
  const id = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const cols = columns.map(id).join(', ');
  const insert = `INSERT INTO ${id(table)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${id(table)}, $1::json) WITH ORDINALITY AS r ORDER BY r.ordinality`;
  const upsert = `ON CONFLICT (app_id, metric, day, shard) DO UPDATE SET n = daily_counts.n + excluded.n`;
  if (!uniqueBy) {
    return {
      plain: insert,
      rolled: `WITH ins AS (${insert}) INSERT INTO daily_counts (app_id, metric, day, shard, n)
        SELECT c.app_id, c.metric, c.day, $3::int, c.n FROM json_to_recordset($2::json) AS c (app_id text, metric text, day text, n int) ORDER BY 1, 2, 3 ${upsert}`,
    };
  }
  const keys = uniqueBy.map(id).join(', ');
  const returning = `${insert} ON CONFLICT (${keys}) DO NOTHING RETURNING ${keys}`;
  const keyCols = uniqueBy.map((_, i) => `k${i}`);
  return {
    plain: returning,
    rolled: `WITH ins AS (${returning}),
      b AS (SELECT * FROM json_to_recordset($2::json) AS b (${keyCols.map((k) => `${k} text`).join(', ')}, app_id text, metric text, day text)),
      up AS (
        INSERT INTO daily_counts (app_id, metric, day, shard, n)
        SELECT b.app_id, b.metric, b.day, $3::int, COUNT(*) FROM b JOIN ins ON ${uniqueBy.map((c, i) => `ins.${id(c)}::text = b.${keyCols[i]}`).join(' AND ')}
        GROUP BY b.app_id, b.metric, b.day ORDER BY 1, 2, 3 ${upsert}
      )
      SELECT ${keys} FROM ins`,
  };
}

/**
 * Values (cells and counter keys) per statement: a turn that queued thousands of rows behind a
 * slow group goes in several statements of bounded size (once the bound of PostgreSQL's 65,535
 * parameters; the JSON arrays have none, but one huge statement would hold its locks long).
 */
const MAX_PARAMS = 30_000;

/** An error of the statement's data (class 22) or constraints (class 23): some row is bad, the others may be fine. */
const isRowError = (e: unknown) => /^2[23]/.test(String((e as { code?: unknown } | null)?.code ?? ''));

/**
 * PostgreSQL side of hotInsert (hot-insert.ts): the rows of one event-loop turn go in one
 * multi-row INSERT (a prepared statement taking them as JSON: statementTexts), committed on its own (one round trip, one WAL flush for the group instead
 * of one per row); each caller is answered once that statement committed. A statement per
 * row served ~2,400 signups/s on the hot-paths bench (#23 item 2, busy 2-core machine), grouped
 * 2,600-6,100/s: per row, its requests queued for the pool's 10 connections and their commits.
 *
 * - `uniqueBy`: `ON CONFLICT (...) DO NOTHING RETURNING` the key, so each row learns whether it
 *   was stored. A repeat of a key inside the group is answered false without being sent (the
 *   first one was stored, or clashed with a stored row: either way the repeat stores nothing).
 * - Daily roll-ups (db/rollups.ts) are added in the same statement, for stored rows only,
 *   one counter row per (app, metric, day), in sorted order (no deadlock between groups).
 * - A row failing on its own (a constraint other than the unique key) would fail its whole
 *   statement: then those rows are written again one by one, in order, and only the bad row
 *   fails (its caller gets the database's own error).
 *
 * `maxInFlight` groups commit at once; rows arriving meanwhile wait and form the next, larger
 * group (the pool's connections stay free for the requests' reads).
 */
export function pgHotInsert<Row extends Record<string, unknown>>(
  db: Kysely<any>,
  pool: pg.Pool,
  table: string,
  columns: readonly string[],
  uniqueBy: readonly string[] | undefined,
  bumpsOf: (row: Row) => Bump[],
  opts: { maxInFlight: number },
) {
  const paramsOf = (row: Row) => columns.length + bumpsOf(row).length * ((uniqueBy?.length ?? 0) + 3);
  const texts = statementTexts(table, columns, uniqueBy);
  // Without events the statement commits on its own, prepared by name; with them it runs in their transaction.
  const named = { plain: pgStatement<Record<string, unknown>>(pool, texts.plain), rolled: pgStatement<Record<string, unknown>>(pool, texts.rolled) };

  /**
   * The rows, and the outbox events of those stored, in one transaction; without events (nobody
   * listens) the statement commits on its own as before (one round trip).
   */
  async function insertChunk(entries: Keyed<Row>[]): Promise<boolean[]> {
    const events = entries.map((e) => builtEvent(e.event));
    if (!events.some(Boolean)) return insertRows(undefined, entries);
    return db.transaction().execute(async (trx) => {
      const stored = await insertRows(trx, entries);
      await writeOutbox(trx, events.filter((_, i) => stored[i]));
      return stored;
    });
  }

  /** One statement for these rows (their unique keys distinct), in `trx` or on its own; whether each was stored. */
  async function insertRows(trx: Kysely<any> | undefined, entries: Keyed<Row>[]): Promise<boolean[]> {
    // In key order: a row whose key another transaction is inserting waits for it (ON CONFLICT),
    // so two groups holding the same two keys in opposite orders would deadlock.
    const ordered = uniqueBy ? [...entries].sort(byKey) : entries;
    // The rows as one JSON array of objects keyed by column (PostgreSQL casts each to its column's type).
    const rows = json(ordered.map((e) => Object.fromEntries(columns.map((c) => [c, e.row[c] ?? null]))));
    const bumps = entries.flatMap((e) => bumpsOf(e.row).map((b) => ({ e, b })));
    let counters: unknown[] | undefined;
    if (bumps.length && !uniqueBy) {
      // Every row is stored when the statement succeeds, so the counters are known beforehand.
      counters = aggregate(bumps.map(({ b }) => b)).map((c) => ({ app_id: c.app_id, metric: c.metric, day: c.day, n: c.n }));
    } else if (bumps.length) {
      // Each counter row carries its row's unique key: only the rows really inserted count.
      counters = bumps.map(({ e, b }) => ({ ...Object.fromEntries(uniqueBy!.map((c, i) => [`k${i}`, String(e.row[c])])), app_id: b.appId, metric: b.metric, day: dayOf(b.at) }));
    }
    const values = counters ? [rows, json(counters), pgShard()] : [rows];
    const text = counters ? texts.rolled : texts.plain;
    const stored = trx ? (await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values))).rows : await (counters ? named.rolled : named.plain)(values);
    if (!uniqueBy) return entries.map(() => true);
    const got = new Set(stored.map((s) => keyOf(uniqueBy.map((c) => s[c]))));
    return entries.map((e) => e.key === undefined || got.has(e.key));
  }

  /**
   * The group in slices of at most MAX_PARAMS parameters (one statement each, in order; a key
   * repeated in a later slice clashes in the database). In a slice, a repeat of a key is answered
   * false without being sent. When a slice fails on a row's data or constraints (SQLSTATE class
   * 22 or 23), its rows are written one by one, in order, so only the bad row fails. A statement
   * PostgreSQL rolled back (a deadlock with another transaction) runs again (pg-retry.ts); any
   * other error (a lost connection: the statement may have committed) fails the slice, unretried.
   */
  async function writeGroup(items: Entry<Row>[]): Promise<Outcome[]> {
    const out: Outcome[] = [];
    for (let from = 0; from < items.length; ) {
      let to = from;
      for (let params = 0; to < items.length && (to === from || params + paramsOf(items[to].row) <= MAX_PARAMS); to++) params += paramsOf(items[to].row);
      const slice: Keyed<Row>[] = items.slice(from, to).map(({ row, event }) => ({ row, event, key: uniqueBy && keyOf(uniqueBy.map((c) => row[c])) }));
      from = to;
      const sent: number[] = [];
      const seen = new Set<string>();
      slice.forEach(({ key }, i) => {
        if (key !== undefined && seen.has(key)) return;
        if (key !== undefined) seen.add(key);
        sent.push(i);
      });
      const outs: Outcome[] = slice.map(() => false);
      try {
        (await retryRolledBack(() => insertChunk(sent.map((i) => slice[i])))).forEach((ok, j) => (outs[sent[j]] = ok));
      } catch (error) {
        if (slice.length === 1 || !isRowError(error)) outs.fill({ error } as Outcome);
        else for (let i = 0; i < slice.length; i++) outs[i] = await retryRolledBack(() => insertChunk([slice[i]])).then(([ok]) => ok, (e: unknown) => ({ error: e }));
      }
      out.push(...outs);
    }
    return out;
  }

  const groups = createGroupCommit<Entry<Row>, Outcome>(writeGroup, { maxInFlight: opts.maxInFlight, name: table });
  return async (row: Row, event?: RowEvent): Promise<boolean> => {
    const r = await groups.submit({ row, event });
    if (typeof r !== 'boolean') throw r.error;
    return r;
  };
}
