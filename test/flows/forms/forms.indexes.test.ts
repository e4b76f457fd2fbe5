import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { olderThan, type After } from '../../../src/kernel/keyset.js';
import { describeEachDb, testDb } from '../../helpers.js';

// The newest-first page queries of the waitlist and forms stores, as they build them.
const after: After = ['2026-01-01T00:00:00.000Z', 'c0000000000000000000000'];
const pages = (db: Kysely<any>): [index: string, query: SelectQueryBuilder<any, any, any>][] => {
  const newest = (q: SelectQueryBuilder<any, any, any>) => q.where((eb) => olderThan(eb, after)).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(50);
  return [
    ['waitlist_signups_page_idx', newest(db.selectFrom('waitlist_signups').selectAll().where('app_id', '=', 'a'))],
    ['waitlist_signups_flow_page_idx', newest(db.selectFrom('waitlist_signups').selectAll().where('app_id', '=', 'a').where('flow_id', '=', 'f'))],
    ['form_submissions_page_idx', newest(db.selectFrom('form_submissions').selectAll().where('app_id', '=', 'a').where('type', '=', 'feedback'))],
    ['form_submissions_category_idx', newest(db.selectFrom('form_submissions').selectAll().where('app_id', '=', 'a').where('type', '=', 'report').where('category', '=', 'bug'))],
  ];
};

describeEachDb('forms paging indexes', (dialect) => {
  let h: Awaited<ReturnType<typeof testDb>>;
  beforeAll(async () => {
    h = await testDb(dialect);
  });
  afterAll(() => h.cleanup());

  it('are ascending (inserts land at the right edge)', async () => {
    if (dialect === 'sqlite') {
      const defs = h.sqlite!.prepare("SELECT sql FROM sqlite_master WHERE tbl_name IN ('waitlist_signups', 'form_submissions') AND (name LIKE '%page_idx' OR name LIKE '%category_idx')").pluck().all() as string[];
      expect(defs).toHaveLength(4);
      for (const d of defs) expect(d).not.toMatch(/DESC/i);
    } else {
      const { rows } = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('waitlist_signups', 'form_submissions') AND (indexname LIKE '%page_idx' OR indexname LIKE '%category_idx')`.execute(h.db);
      expect(rows).toHaveLength(4);
      for (const r of rows) expect(r.indexdef).not.toMatch(/DESC/i);
    }
  });

  it('serve every newest-first page by a backward index scan, without a sort', async () => {
    if (dialect === 'sqlite') {
      // Plans change with statistics: an OR-shaped keyset condition was served by the index on
      // empty tables and by a MULTI-INDEX OR plus a sort of every older row once ANALYZE had run.
      h.sqlite!.exec(`
        INSERT INTO accounts (id, name, created_at) VALUES ('acc', 'A', '2026-01-01');
        INSERT INTO apps (id, account_id, name, slug, created_at, updated_at) VALUES ('a', 'acc', 'A', 'a', '2026-01-01', '2026-01-01');
        INSERT INTO flows (id, app_id, type, slug, is_primary, draft_json, draft_updated_at, published_version_number, created_at, updated_at)
          VALUES ('f', 'a', 'waitlist', 'waitlist', 1, '{}', '2026-01-01', 0, '2026-01-01', '2026-01-01');
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
        INSERT INTO waitlist_signups (id, app_id, flow_id, email, email_normalized, source, created_at)
          SELECT printf('s%08d', i), 'a', 'f', 'u' || i || '@x.io', 'u' || i || '@x.io', 'web', strftime('%Y-%m-%dT%H:%M:%fZ', '2025-12-01', '+' || i || ' seconds') FROM n;
        ANALYZE;`);
    }
    for (const [index, query] of pages(h.db as Kysely<any>)) {
      const { sql: text, parameters } = query.compile();
      if (dialect === 'sqlite') {
        const plan = (h.sqlite!.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...(parameters as unknown[])) as { detail: string }[]).map((r) => r.detail).join('\n');
        expect(plan, text).toContain(`USING INDEX ${index}`);
        // The cursor bounds the index range: a plan that filters rows (or ORs two ranges) reads every newer row for each page.
        expect(plan, text).toMatch(/USING INDEX \w+ \([^\n]*\(created_at,id\)<\(\?,\?\)\)/);
        expect(plan, text).not.toContain('TEMP B-TREE');
      } else {
        // Empty tables: forbid the planner's cheaper-on-nothing choices so the index's usability shows.
        const plan = await h.db.connection().execute(async (conn) => {
          await sql`SET enable_seqscan = off`.execute(conn);
          await sql`SET enable_bitmapscan = off`.execute(conn);
          await sql`SET enable_sort = off`.execute(conn);
          try {
            const r = await conn.executeQuery<{ 'QUERY PLAN': string }>({ sql: `EXPLAIN ${text}`, parameters, query: query.toOperationNode() } as any);
            return r.rows.map((row) => row['QUERY PLAN']).join('\n');
          } finally {
            await sql`RESET ALL`.execute(conn);
          }
        });
        expect(plan, text).toContain(`Index Scan Backward using ${index}`);
        expect(plan, text).toMatch(/Index Cond: .*ROW\(created_at, id\) < ROW\(/);
        expect(plan, text).not.toContain('Sort');
      }
    }
  });
});
