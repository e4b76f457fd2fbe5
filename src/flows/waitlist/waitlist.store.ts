import type { Selectable } from 'kysely';
import type { DbHandle } from '../../db/index.js';
import type { WaitlistSignupsTable } from '../../db/types.js';
import { olderThan, type After } from '../../kernel/keyset.js';
import { hotInsert } from '../../db/hot-insert.js';

export type SignupRow = Selectable<WaitlistSignupsTable>;

const COLUMNS = [
  'id', 'app_id', 'flow_id', 'email', 'email_normalized', 'source', 'country', 'user_agent',
  'locale', 'platform', 'app_version', 'referrer', 'attributes_json', 'created_at',
  'area', 'approx_lat', 'approx_lon', 'geohash',
] as const satisfies readonly (keyof SignupRow)[];

/** Signups, scoped by app. A repeat email on the same waitlist is absorbed by the unique key. */
export function createWaitlistStore(handle: DbHandle) {
  const { db } = handle;

  /** True when stored, false when the address was already on that waitlist. */
  const insert = hotInsert<SignupRow>(handle, 'waitlist_signups', COLUMNS, ['flow_id', 'email_normalized']);

  return {
    insert,
    page(appId: string, opts: { flowId?: string; after?: After; limit: number }) {
      let q = db.selectFrom('waitlist_signups').selectAll().where('app_id', '=', appId);
      if (opts.flowId) q = q.where('flow_id', '=', opts.flowId);
      if (opts.after) q = q.where((eb) => olderThan(eb, opts.after!));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
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
