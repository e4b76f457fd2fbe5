import type { Selectable } from 'kysely';
import type { Db, DbHandle } from '../../db/index.js';
import type { WaitlistSignupsTable } from '../../db/types.js';
import { olderThan, type After } from '../../kernel/keyset.js';
import { hotInsert } from '../../db/hot-insert.js';
import type { OutboxEvent } from '../../db/outbox.js';

export type SignupRow = Selectable<WaitlistSignupsTable>;
/** A signup to store, with the experiment conversion counter it adds to while an experiment runs, if any. */
type SignupWrite = SignupRow & { converted?: string };

const COLUMNS = [
  'id', 'app_id', 'flow_id', 'email', 'email_normalized', 'source', 'country', 'user_agent',
  'locale', 'platform', 'app_version', 'referrer', 'attributes_json', 'created_at',
  'area', 'approx_lat', 'approx_lon', 'geohash',
] as const satisfies readonly (keyof SignupRow)[];

/** Signups, scoped by app. A repeat email on the same waitlist is absorbed by the unique key. */
export function createWaitlistStore(handle: DbHandle) {
  const { db } = handle;

  const insertRow = hotInsert<SignupWrite>(handle, 'waitlist_signups', COLUMNS, ['flow_id', 'email_normalized'], {
    // By source and by country too: the dashboard's breakdowns read counters, never the rows.
    rollup: (r) => ['waitlist.signups', `waitlist.source:${r.source || 'direct'}`, `waitlist.country:${r.country || 'unknown'}`, ...(r.converted ? [r.converted] : [])],
  });

  return {
    /**
     * True when stored, false when the address was already on that waitlist. `event` builds the
     * outbox event of a stored row (the service's builder: it knows the app and the flow), in the
     * row's transaction: a repeat address has no event.
     */
    insert(row: SignupRow, event?: () => OutboxEvent | null, converted?: string) {
      return insertRow(converted ? { ...row, converted } : row, event);
    },
    page(appId: string, opts: { flowId?: string; after?: After; limit: number }) {
      let q = db.selectFrom('waitlist_signups').selectAll().where('app_id', '=', appId);
      if (opts.flowId) q = q.where('flow_id', '=', opts.flowId);
      if (opts.after) q = q.where((eb) => olderThan(eb, opts.after!));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
    },
    /** The signups of one address in this app (data rights, src/privacy). */
    subjectRows(appId: string, emailNormalized: string, on: Db = db) {
      return on.selectFrom('waitlist_signups').selectAll().where('app_id', '=', appId).where('email_normalized', '=', emailNormalized).orderBy('created_at').orderBy('id').execute();
    },
    /** Deletes them; answers the waitlists they were on (their cached counts are stale). */
    async eraseSubject(appId: string, emailNormalized: string, on: Db): Promise<{ removed: number; flowIds: string[] }> {
      const rows = await on.deleteFrom('waitlist_signups').where('app_id', '=', appId).where('email_normalized', '=', emailNormalized).returning('flow_id').execute();
      return { removed: rows.length, flowIds: [...new Set(rows.map((r) => r.flow_id))] };
    },
    /** Retention: up to `limit` of this app's signups created before `before`, oldest first. */
    async expire(appId: string, before: string, limit: number): Promise<{ removed: number; flowIds: string[] }> {
      return db.transaction().execute(async (trx) => {
        const ids = await trx.selectFrom('waitlist_signups').select('id').where('app_id', '=', appId).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
        if (ids.length === 0) return { removed: 0, flowIds: [] };
        const rows = await trx.deleteFrom('waitlist_signups').where('app_id', '=', appId).where('id', 'in', ids.map((r) => r.id)).returning('flow_id').execute();
        return { removed: rows.length, flowIds: [...new Set(rows.map((r) => r.flow_id))] };
      });
    },
    async count(appId: string, flowId: string): Promise<number> {
      const r = await db
        .selectFrom('waitlist_signups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('app_id', '=', appId)
        .where('flow_id', '=', flowId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
export type WaitlistStore = ReturnType<typeof createWaitlistStore>;
