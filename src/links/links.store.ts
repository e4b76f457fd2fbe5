import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db/index.js';
import type { LinksTable } from '../db/types.js';

export type LinkRow = Selectable<LinksTable>;
export type LinkChanges = Updateable<LinksTable>;

/** Scoped queries: every function takes the app id first; the one exception is the public lookup by code. */
export function createLinkStore(db: Db) {
  return {
    list(appId: string, limit: number, after?: { createdAt: string; id: string }) {
      let q = db.selectFrom('links').selectAll().where('app_id', '=', appId);
      if (after) {
        q = q.where((eb) =>
          eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]),
        );
      }
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

    async update(appId: string, id: string, changes: LinkChanges) {
      await db.updateTable('links').set(changes).where('app_id', '=', appId).where('id', '=', id).execute();
      return db.selectFrom('links').selectAll().where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
    },

    /** The history goes with the link: the code is free again and nothing points at the old id. */
    async remove(appId: string, id: string) {
      await db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('links').where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
        if (gone.numDeletedRows > 0n) await trx.deleteFrom('link_clicks').where('link_id', '=', id).execute();
      });
    },

    /** Aggregates of the click history; joined to links so the app scope holds here too. */
    async stats(appId: string, linkId: string) {
      const clicks = () =>
        db
          .selectFrom('link_clicks')
          .innerJoin('links', 'links.id', 'link_clicks.link_id')
          .where('links.app_id', '=', appId)
          .where('link_clicks.link_id', '=', linkId);
      const [targets, countries] = await Promise.all([
        clicks()
          .select(['link_clicks.target', 'link_clicks.is_bot', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy(['link_clicks.target', 'link_clicks.is_bot'])
          .execute(),
        clicks()
          .select(['link_clicks.country', (eb) => eb.fn.countAll<number>().as('n')])
          .where('link_clicks.is_bot', '=', 0)
          .where('link_clicks.target', '!=', 'expired')
          .where('link_clicks.country', 'is not', null)
          .groupBy('link_clicks.country')
          .orderBy('n', 'desc')
          .orderBy('link_clicks.country')
          .limit(10)
          .execute(),
      ]);
      return { targets, countries };
    },

    /** Public redirect lookup: codes are global. */
    byCode(code: string) {
      return db.selectFrom('links').selectAll().where('code', '=', code).executeTakeFirst();
    },
  };
}
