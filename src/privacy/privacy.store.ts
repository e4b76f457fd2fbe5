import type { Db } from '../db/index.js';

/** Retention settings, scoped by app. */
export function createRetentionStore(db: Db) {
  return {
    async get(appId: string): Promise<number | null> {
      const r = await db.selectFrom('app_retention').select('days').where('app_id', '=', appId).executeTakeFirst();
      return r ? Number(r.days) : null;
    },
    /** Sets (or, with null, removes) the app's period. */
    async set(appId: string, days: number | null, now: string): Promise<void> {
      if (days === null) {
        await db.deleteFrom('app_retention').where('app_id', '=', appId).execute();
        return;
      }
      await db
        .insertInto('app_retention')
        .values({ app_id: appId, days, updated_at: now, last_swept_at: null })
        .onConflict((oc) => oc.column('app_id').doUpdateSet({ days, updated_at: now }))
        .execute();
    },
    /** Every app with a period (the sweep's work list). */
    all() {
      return db.selectFrom('app_retention').select(['app_id', 'days']).orderBy('app_id').execute();
    },
    async swept(appId: string, at: string): Promise<void> {
      await db.updateTable('app_retention').set({ last_swept_at: at }).where('app_id', '=', appId).execute();
    },
  };
}
export type RetentionStore = ReturnType<typeof createRetentionStore>;
