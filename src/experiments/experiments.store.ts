import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { ExperimentsTable } from '../db/types.js';
import { readTotals } from '../db/rollups.js';

export type ExperimentRow = Selectable<ExperimentsTable>;

/** Metric names of an experiment's daily roll-ups (db/rollups.ts). */
export const exposedMetric = (id: string, key: string) => `experiment.exposed:${id}:${key}`;
export const convertedMetric = (id: string, key: string) => `experiment.converted:${id}:${key}`;

/** Queries of experiments; every one is scoped by app id. */
export function createExperimentStore(db: Db) {
  return {
    insert: (row: Insertable<ExperimentsTable>) => db.insertInto('experiments').values(row).execute(),

    list: (appId: string, flowId: string) =>
      db.selectFrom('experiments').selectAll().where('app_id', '=', appId).where('flow_id', '=', flowId).orderBy('started_at', 'desc').orderBy('id', 'desc').execute(),

    get: (appId: string, flowId: string, id: string) =>
      db.selectFrom('experiments').selectAll().where('app_id', '=', appId).where('flow_id', '=', flowId).where('id', '=', id).executeTakeFirst(),

    running: (flowId: string) => db.selectFrom('experiments').selectAll().where('flow_id', '=', flowId).where('status', '=', 'running').executeTakeFirst(),

    /** Stops a running experiment; false when it was not running (a concurrent stop won). */
    async stop(appId: string, id: string, winner: string | null, now: string): Promise<boolean> {
      const r = await db
        .updateTable('experiments')
        .set({ status: 'stopped', winner_key: winner, stopped_at: now })
        .where('app_id', '=', appId)
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** Totals of some roll-up metrics over every day and shard (one small grouped read of counters, no row scan). */
    async totals(appId: string, metrics: readonly string[]): Promise<Map<string, number>> {
      return new Map(Object.entries(await readTotals(db, appId, metrics)));
    },
  };
}
export type ExperimentStore = ReturnType<typeof createExperimentStore>;
