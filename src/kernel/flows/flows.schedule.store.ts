import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/types.js';

/** Why a scheduled publish did not happen, as the flow's GET shows it. */
export interface ScheduleError {
  /** The time it was scheduled for. */
  at: string;
  failedAt: string;
  error: string;
  issues: { path: string; message: string }[];
}

/** A due schedule with what the scheduler needs to publish it as the owner would. */
export interface DueSchedule {
  flow_id: string;
  app_id: string;
  publish_at: string;
  type: string;
  slug: string;
  account_id: string;
}

/**
 * `flow_schedules` (migration 0150). Every change of a pending time is a compare-and-set on
 * `publish_at`, so a node holding an old read (the owner re-scheduled or cancelled meanwhile, or
 * another node fired it) changes nothing.
 */
export function createScheduleStore(db: Db) {
  return {
    /** Sets (or replaces) the time; a new schedule forgets the last failure. */
    set(appId: string, flowId: string, at: string, now: string) {
      return db
        .insertInto('flow_schedules')
        .values({ flow_id: flowId, app_id: appId, publish_at: at, scheduled_at: now, claimed_until: null, error_json: null })
        .onConflict((oc) => oc.column('flow_id').doUpdateSet({ publish_at: at, scheduled_at: now, claimed_until: null, error_json: null }))
        .execute();
    },
    get(flowId: string) {
      return db.selectFrom('flow_schedules').selectAll().where('flow_id', '=', flowId).executeTakeFirst();
    },
    /** Cancels a pending schedule; false when none was pending. */
    async cancel(flowId: string) {
      const r = await db.deleteFrom('flow_schedules').where('flow_id', '=', flowId).where('publish_at', 'is not', null).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    /** Schedules due at `now` that no node holds, oldest first, with their flow and app. */
    due(now: string, limit: number): Promise<DueSchedule[]> {
      return db
        .selectFrom('flow_schedules as s')
        .innerJoin('flows as f', 'f.id', 's.flow_id')
        .innerJoin('apps as a', 'a.id', 's.app_id')
        .select(['s.flow_id', 's.app_id', 's.publish_at', 'f.type', 'f.slug', 'a.account_id'])
        .where('s.publish_at', 'is not', null)
        .where('s.publish_at', '<=', now)
        .where((eb) => eb.or([eb('s.claimed_until', 'is', null), eb('s.claimed_until', '<=', now)]))
        .orderBy('s.publish_at')
        .limit(limit)
        .execute() as Promise<DueSchedule[]>;
    },
    /**
     * Takes the schedule due at `at` for `until` (one statement: atomic on both databases and
     * between two handles of one SQLite file in one process). Only the holder goes on to publish,
     * so two nodes do not both prepare a version; the claim in the publish transaction
     * (claimSchedule) still decides, should a lease run out mid-publish.
     */
    async lease(flowId: string, at: string, now: string, until: string) {
      const r = await db
        .updateTable('flow_schedules')
        .set({ claimed_until: until })
        .where('flow_id', '=', flowId)
        .where('publish_at', '=', at)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Records why the publish due at `at` did not happen; false when another node (or the owner) got there first. */
    async fail(flowId: string, at: string, error: ScheduleError) {
      const r = await db
        .updateTable('flow_schedules')
        .set({ publish_at: null, claimed_until: null, error_json: JSON.stringify(error) })
        .where('flow_id', '=', flowId)
        .where('publish_at', '=', at)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
export type ScheduleStore = ReturnType<typeof createScheduleStore>;

/**
 * Inside the publish transaction: takes the schedule due at `at`. Exactly one transaction gets
 * true; on PostgreSQL a second one waits for the first's row lock, then finds the row gone.
 */
export async function claimSchedule(trx: Kysely<Database>, flowId: string, at: string) {
  const r = await trx.deleteFrom('flow_schedules').where('flow_id', '=', flowId).where('publish_at', '=', at).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Inside a publish transaction: a publish settles the last failed schedule (a pending one stays). */
export function forgetScheduleError(trx: Kysely<Database>, flowId: string) {
  return trx.deleteFrom('flow_schedules').where('flow_id', '=', flowId).where('publish_at', 'is', null).execute();
}

export const parseScheduleError = (json: string | null): ScheduleError | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as ScheduleError;
  } catch {
    return null;
  }
};
