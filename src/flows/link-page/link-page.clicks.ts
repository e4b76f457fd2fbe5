import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { createGroupCommit } from '../../db/group-commit.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { LinkKind } from './link-page.schema.js';
import type { LinkPageClicksTable } from '../../db/types.js';

/** One click on a link of a link page. */
export interface PageClick {
  appId: string;
  kind: LinkKind;
  url: string;
  label: string;
  bot: boolean;
}

/** A link's identity in the stats: its list and its destination (labels may change, the link stays). */
export const linkKey = (kind: LinkKind, url: string) => createHash('sha256').update(`${kind}\n${url}`).digest('base64url');

type Row = LinkPageClicksTable;

/** A group's clicks rolled up per counter row, in primary-key order (one lock order on PostgreSQL). */
function rollUp(clicks: PageClick[], day: string): Row[] {
  const rows = new Map<string, Row>();
  for (const c of clicks) {
    const key = linkKey(c.kind, c.url);
    const id = `${c.appId}\n${key}\n${c.bot ? 1 : 0}`;
    const row = rows.get(id);
    if (row) {
      row.clicks++;
      row.label = c.label;
    } else rows.set(id, { app_id: c.appId, link_key: key, day, is_bot: c.bot ? 1 : 0, kind: c.kind, url: c.url, label: c.label, clicks: 1 });
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
}

const UPSERT =
  'INSERT INTO link_page_clicks (app_id, link_key, day, is_bot, kind, url, label, clicks) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ' +
  'ON CONFLICT (app_id, link_key, day, is_bot) DO UPDATE SET clicks = link_page_clicks.clicks + excluded.clicks, label = excluded.label';

/**
 * Durable click counting, as short links do it (docs/links.md, "Group commit"): the clicks of
 * one event-loop turn are rolled up into counter rows and written in one transaction; each
 * redirect is answered once its group is on disk (SQLite: the shared connection and one WAL
 * fsync, db/durable-write.ts; PostgreSQL: one transaction, rows upserted in key order so two
 * nodes never deadlock). Nothing else is stored about a visitor.
 */
export function createPageClickRecorder({ db, clock }: { db: DbHandle; clock: Clock }) {
  let commit: ((rows: Row[]) => Promise<void>) | undefined;
  const committer = (): ((rows: Row[]) => Promise<void>) => {
    const { sqlite, durableWrite } = db;
    if (sqlite && durableWrite) {
      const upsert = sqlite.prepare(UPSERT);
      const write = sqlite.transaction((rows: Row[]) => {
        for (const r of rows) upsert.run(r.app_id, r.link_key, r.day, r.is_bot, r.kind, r.url, r.label, r.clicks);
      });
      return (rows) => durableWrite(() => write.immediate(rows));
    }
    return (rows) =>
      db.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('link_page_clicks')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['app_id', 'link_key', 'day', 'is_bot']).doUpdateSet((eb) => ({ clicks: sql`link_page_clicks.clicks + excluded.clicks`, label: eb.ref('excluded.label') })),
          )
          .execute();
      });
  };
  const groups = createGroupCommit<PageClick, void>(
    async (clicks) => {
      // Lazily: CLI commands that never count a click prepare nothing.
      commit ??= committer();
      await commit(rollUp(clicks, clock.now().toISOString().slice(0, 10)));
      return new Array<void>(clicks.length);
    },
    { maxInFlight: 1, name: 'link_page_clicks' },
  );
  return {
    /** Resolves once the click is durably counted. */
    record: groups.submit,
    /** Resolves when every queued click is committed (server close, tests). */
    drain: groups.drain,
  };
}
export type PageClickRecorder = ReturnType<typeof createPageClickRecorder>;
