import { olderThan, type After } from '../kernel/keyset.js';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db/index.js';
import type { LinkClicksTable, LinksTable } from '../db/types.js';
import { clearSeries } from '../db/rollups.js';
import { linkMetrics } from './links.settle.js';

/** A link's own daily series (its chart): cleared with its counters, never the app's. */
const ownSeries = (id: string) => Object.values(linkMetrics(id));

export type LinkRow = Selectable<LinksTable>;
export type LinkChanges = Updateable<LinksTable>;

/** Scoped queries: every function takes the app id first; the one exception is the public lookup by code. */
export function createLinkStore(db: Db) {
  return {
    list(appId: string, limit: number, after?: After) {
      let q = db.selectFrom('links').selectAll().where('app_id', '=', appId);
      if (after) q = q.where((eb) => olderThan(eb, after));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    byIdOrCode(appId: string, idOrCode: string) {
      return db
        .selectFrom('links')
        .selectAll()
        .where('app_id', '=', appId)
        .where((eb) => eb.or([eb('id', '=', idOrCode), eb('code', '=', idOrCode.toLowerCase())]))
        .executeTakeFirst();
    },

    insert(appId: string, row: LinkRow) {
      return db.insertInto('links').values({ ...row, app_id: appId }).execute();
    },

    /**
     * `resetSeries`: the click counter is being zeroed, so the link's chart starts again too, in
     * the same transaction (PostgreSQL: under the link's row lock, which the click recorder
     * takes before it adds to those series; the app's series keep what arrived).
     */
    async update(appId: string, id: string, changes: LinkChanges, resetSeries = false) {
      if (resetSeries) {
        await db.transaction().execute(async (trx) => {
          const r = await trx.updateTable('links').set(changes).where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
          if (r.numUpdatedRows > 0n) await clearSeries(trx, appId, ownSeries(id));
        });
      } else await db.updateTable('links').set(changes).where('app_id', '=', appId).where('id', '=', id).execute();
      return db.selectFrom('links').selectAll().where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
    },

    /** The history goes with the link: the code is free again and nothing points at the old id. */
    async remove(appId: string, id: string) {
      await db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('links').where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
        if (gone.numDeletedRows > 0n) {
          await trx.deleteFrom('link_clicks').where('link_id', '=', id).execute();
          await trx.deleteFrom('link_click_counts').where('link_id', '=', id).execute();
          await clearSeries(trx, appId, ownSeries(id));
        }
      });
    },

    /** The link's click counters (kept by the click recorder); joined to links so the app scope holds here too. */
    async stats(appId: string, linkId: string) {
      const counts = await db
        .selectFrom('link_click_counts')
        .innerJoin('links', 'links.id', 'link_click_counts.link_id')
        .where('links.app_id', '=', appId)
        .where('link_click_counts.link_id', '=', linkId)
        .select(['link_click_counts.target', 'link_click_counts.country', 'link_click_counts.is_bot', 'link_click_counts.clicks'])
        .execute();
      const targets = new Map<string, { target: LinkClicksTable['target']; is_bot: number; n: number }>();
      const countries = new Map<string, number>();
      for (const c of counts) {
        const key = `${c.target}\n${c.is_bot}`;
        const t = targets.get(key) ?? { target: c.target, is_bot: c.is_bot, n: 0 };
        t.n += Number(c.clicks);
        targets.set(key, t);
        // Top countries count human clicks sent to a destination, with a known country.
        if (!Number(c.is_bot) && c.target !== 'expired' && c.country) countries.set(c.country, (countries.get(c.country) ?? 0) + Number(c.clicks));
      }
      const top = [...countries]
        .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, 10)
        .map(([country, n]) => ({ country, n }));
      return { targets: [...targets.values()], countries: top };
    },

    /** Public redirect lookup: codes are global. */
    byCode(code: string) {
      return db.selectFrom('links').selectAll().where('code', '=', code).executeTakeFirst();
    },
  };
}
