import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../src/db/index.js';

/**
 * PostgreSQL schemas for testDb, migrated once per test file and used again. Migrating a fresh
 * schema costs 0.7-1 s and dropping it 0.3 s more (2 cores, measured); hundreds of tests pay it.
 * Emptying a schema costs ~10 ms, so a test's schema goes back to the pool when it is as good as
 * new: the same structure as a freshly migrated one (tables, columns, defaults, indexes,
 * constraints, triggers, functions, the migrations ledger; a test that dropped or renamed a
 * table, or made one of its own, has its schema dropped instead) and, once its rows are
 * deleted, no data. TRUNCATE would be the obvious way to empty it, but it makes new files for
 * every table and index and took 0.7 s. The pool belongs to the worker; test/setup.ts drops
 * what is in it after each file.
 */
const pool: string[] = [];
/** The structure of a freshly migrated schema, taken from the first one this worker migrates. */
let fresh: string | undefined;

export const newSchemaName = () => `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

/** A schema for a test: a pooled one (already migrated, empty) or a new name. */
export function takeSchema(): { schema: string; reused: boolean } {
  const schema = pool.pop();
  return schema ? { schema, reused: true } : { schema: newSchemaName(), reused: false };
}

async function structure(db: Db, schema: string): Promise<string> {
  const { rows } = await sql<{ x: string }>`
    SELECT 'rel ' || c.relname || ' ' || c.relkind::text AS x FROM pg_class c WHERE c.relnamespace = ${schema}::regnamespace
    UNION ALL SELECT 'col ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = ${schema}::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT 'idx ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid WHERE c.relnamespace = ${schema}::regnamespace
    UNION ALL SELECT 'con ' || c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid WHERE k.connamespace = ${schema}::regnamespace
    UNION ALL SELECT 'trg ' || c.relname || ' ' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = ${schema}::regnamespace AND NOT t.tgisinternal
    UNION ALL SELECT 'fn ' || p.proname FROM pg_proc p WHERE p.pronamespace = ${schema}::regnamespace
    UNION ALL SELECT 'migration ' || name FROM appflows_migrations`.execute(db);
  const text = rows
    .map((r) => r.x.replaceAll(`${schema}.`, ''))
    .sort()
    .join('\n');
  return createHash('sha256').update(text).digest('hex');
}

/** Right after a new schema is migrated: its structure is what every pooled schema must keep. */
export async function noteFresh(db: Db, schema: string): Promise<void> {
  fresh ??= await structure(db, schema);
}

/**
 * At the end of a test (before its handle closes): back to the pool, emptied, when its
 * structure is the fresh one; dropped otherwise, or when anything goes wrong.
 */
export async function giveBack(db: Db, schema: string, drop = false): Promise<void> {
  try {
    if (!drop && fresh !== undefined && (await structure(db, schema)) === fresh) {
      const { rows } = await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = ${schema} AND tablename <> 'appflows_migrations'`.execute(db);
      await db.connection().execute(async (c) => {
        await sql`BEGIN`.execute(c);
        try {
          // No foreign-key triggers while deleting: every table is emptied, so no order is needed.
          await sql`SET LOCAL session_replication_role = replica`.execute(c);
          await sql.raw(rows.map((r) => `DELETE FROM "${r.t}";`).join('\n')).execute(c);
          await sql`COMMIT`.execute(c);
        } catch (e) {
          await sql`ROLLBACK`.execute(c).catch(() => {});
          throw e;
        }
      });
      pool.push(schema);
      return;
    }
  } catch {
    /* dropped below */
  }
  await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db).catch(() => {});
}

/** Drops PostgreSQL schemas by name, on a connection of its own. */
export async function dropSchemas(url: string | undefined, schemas: string[]): Promise<void> {
  if (!url || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** The schemas of the server processes this file started (process-helpers.ts processEnv). */
export const processSchemas: string[] = [];

/** Drops the pooled schemas and the processes' (after each test file: test/setup.ts; a file may drop its processes' sooner). */
export const dropFileSchemas = (url: string | undefined) => dropSchemas(url, [...pool.splice(0), ...processSchemas.splice(0)]);
