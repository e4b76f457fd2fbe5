import type { Db } from '../../db/index.js';
import { chunks, type SubjectData } from '../../kernel/subject.js';

/**
 * Data rights for app-promotion events (promotion_events: impressions, taps, installs of one
 * user or anonymous id), the promotion capability's `subjectData` (src/privacy iterates it).
 * Frequency caps and daily decision counts are per flow and destination, hold no user data and
 * are a spent budget, so they are left as they are.
 */
export function promotionSubjectData(db: Db, onErase: () => void = () => {}): SubjectData {
  const rows = (appId: string, s: { userId?: string; anonymousId?: string }, on: Db) => {
    if (!s.userId && !s.anonymousId) return Promise.resolve([]);
    return on
      .selectFrom('promotion_events')
      .selectAll()
      .where('app_id', '=', appId)
      .where((eb) => eb.or([...(s.userId ? [eb('user_id', '=', s.userId)] : []), ...(s.anonymousId ? [eb('anonymous_id', '=', s.anonymousId)] : [])]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  };
  return {
    async export(appId, subject, on = db) {
      // The tracking token is a live capability (claims an install); it is left out.
      return { promotion_events: (await rows(appId, subject, on)).map(({ tracking_token: _t, ...rest }) => rest) };
    },
    async erase(appId, subject, trx) {
      let n = 0;
      for (const part of chunks((await rows(appId, subject, trx)).map((r) => r.id))) {
        n += Number((await trx.deleteFrom('promotion_events').where('app_id', '=', appId).where('id', 'in', part).executeTakeFirst()).numDeletedRows);
      }
      // Resolve's per-node history cache (promotion.history.ts) must not keep what was erased.
      onErase();
      return { promotion_events: n };
    },
  };
}
