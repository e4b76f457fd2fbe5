import type { DbHandle } from '../db/index.js';

/** The worker's queries on `notification_queue` and `notification_settings` (both databases). */
const CHUNK = 500;

export function createNotificationStore(db: DbHandle) {
  const chunks = (ids: string[]) => Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, i) => ids.slice(i * CHUNK, i * CHUNK + CHUNK));

  return {
    /** Every app with pending rows, with its settings (null columns when it has none). */
    appsWithPending: () =>
      db.db
        .selectFrom('notification_queue as q')
        .leftJoin('notification_settings as s', 's.app_id', 'q.app_id')
        .select(['q.app_id', 's.email', 's.events_json', 's.mode', 's.time_zone', 's.last_sent_at'])
        .where('q.sent_at', 'is', null)
        .distinct()
        .execute(),

    /** An app's pending rows with their events, oldest first (`createdBefore`: queued before then). */
    pending(appId: string, limit: number, createdBefore?: string) {
      let q = db.db
        .selectFrom('notification_queue as q')
        .innerJoin('outbox_events as o', 'o.id', 'q.event_id')
        .select(['q.id', 'q.created_at', 'o.type', 'o.data_json', 'o.created_at as at'])
        .where('q.app_id', '=', appId)
        .where('q.sent_at', 'is', null);
      if (createdBefore) q = q.where('q.created_at', '<', createdBefore);
      return q.orderBy('q.id').limit(limit).execute();
    },

    /**
     * Takes the app's turn to send: true for exactly one caller (of any node) while
     * `last_sent_at` is unset or before `before` (`inclusive`: at it too).
     */
    async claim(appId: string, before: string, now: string, inclusive: boolean): Promise<boolean> {
      const r = await db.db
        .updateTable('notification_settings')
        .set({ last_sent_at: now })
        .where('app_id', '=', appId)
        .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', inclusive ? '<=' : '<', before)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Gives a turn back (a digest that failed), unless another turn was taken since. */
    async release(appId: string, claimedAt: string, previous: string | null) {
      await db.db.updateTable('notification_settings').set({ last_sent_at: previous }).where('app_id', '=', appId).where('last_sent_at', '=', claimedAt).execute();
    },

    async markSent(ids: string[], at: string) {
      for (const part of chunks(ids)) await db.db.updateTable('notification_queue').set({ sent_at: at }).where('id', 'in', part).where('sent_at', 'is', null).execute();
    },

    async forget(ids: string[]) {
      for (const part of chunks(ids)) await db.db.deleteFrom('notification_queue').where('id', 'in', part).execute();
    },

    async forgetPending(appId: string) {
      await db.db.deleteFrom('notification_queue').where('app_id', '=', appId).where('sent_at', 'is', null).execute();
    },

    async pruneSent(before: string) {
      await db.db.deleteFrom('notification_queue').where('sent_at', 'is not', null).where('sent_at', '<', before).execute();
    },

    app: (appId: string) => db.db.selectFrom('apps').select(['name', 'slug']).where('id', '=', appId).executeTakeFirst(),
  };
}
export type NotificationStore = ReturnType<typeof createNotificationStore>;
export type PendingApp = Awaited<ReturnType<NotificationStore['appsWithPending']>>[number];
