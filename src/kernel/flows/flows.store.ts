import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, FlowsTable, FlowVersionsTable } from '../../db/types.js';
import { writeOutbox, type OutboxEvent } from '../../db/outbox.js';

export type FlowRow = Selectable<FlowsTable>;
export type FlowVersionRow = Selectable<FlowVersionsTable>;

/** A publish whose claim was taken by someone else (another node fired the schedule, or it changed). */
export class PublishClaimLost extends Error {
  constructor() {
    super('publish claim lost');
  }
}

/** Every function takes the app id first: flows are never looked up outside their app. */
export function createFlowStore(db: Db) {
  return {
    list(appId: string, type?: string) {
      let q = db.selectFrom('flows').selectAll().where('app_id', '=', appId);
      if (type) q = q.where('type', '=', type);
      return q.orderBy('type').orderBy('is_primary', 'desc').orderBy('slug').execute();
    },
    primary(appId: string, type: string) {
      return db.selectFrom('flows').selectAll().where('app_id', '=', appId).where('type', '=', type).where('is_primary', '=', 1).executeTakeFirst();
    },
    bySlug(appId: string, type: string, slug: string) {
      return db.selectFrom('flows').selectAll().where('app_id', '=', appId).where('type', '=', type).where('slug', '=', slug).executeTakeFirst();
    },
    async hasType(appId: string, type: string) {
      return !!(await db.selectFrom('flows').select('id').where('app_id', '=', appId).where('type', '=', type).limit(1).executeTakeFirst());
    },
    version(appId: string, versionId: string) {
      return db
        .selectFrom('flow_versions as v')
        .innerJoin('flows as f', 'f.id', 'v.flow_id')
        .selectAll('v')
        .where('f.app_id', '=', appId)
        .where('v.id', '=', versionId)
        .executeTakeFirst();
    },
    versionByNumber(appId: string, flowId: string, n: number) {
      return db
        .selectFrom('flow_versions as v')
        .innerJoin('flows as f', 'f.id', 'v.flow_id')
        .selectAll('v')
        .where('f.app_id', '=', appId)
        .where('v.flow_id', '=', flowId)
        .where('v.version_number', '=', n)
        .executeTakeFirst();
    },
    versions(appId: string, flowId: string) {
      return db
        .selectFrom('flow_versions as v')
        .innerJoin('flows as f', 'f.id', 'v.flow_id')
        .select(['v.id', 'v.version_number', 'v.published_at'])
        .where('f.app_id', '=', appId)
        .where('v.flow_id', '=', flowId)
        .orderBy('v.version_number', 'desc')
        .execute();
    },
    /** Its scheduled publish, or the last one's failure (flows.schedule.store.ts). */
    schedule(flowId: string) {
      return db.selectFrom('flow_schedules').select(['publish_at', 'error_json']).where('flow_id', '=', flowId).executeTakeFirst();
    },
    /** Points the flow at one of its existing published versions (an experiment stopped with a winner): no new version. */
    async setCurrent(appId: string, flowId: string, versionId: string, now: string) {
      await db.updateTable('flows').set({ current_version_id: versionId, updated_at: now }).where('app_id', '=', appId).where('id', '=', flowId).execute();
    },
    insert(row: FlowRow) {
      return db.insertInto('flows').values(row).execute();
    },
    saveDraft(appId: string, flowId: string, draftJson: string, now: string) {
      return db
        .updateTable('flows')
        .set({ draft_json: draftJson, draft_updated_at: now, updated_at: now })
        .where('app_id', '=', appId)
        .where('id', '=', flowId)
        .execute();
    },
    /**
     * Freezes a config as the next version. The version number comes from an atomic
     * increment on the flow row, so two concurrent publishes get distinct numbers. `event` makes
     * the outbox event of the number drawn, written in the same transaction. `claim` runs first in
     * that transaction (a scheduled publish takes its schedule, flows.schedule.store.ts); when it
     * answers false nothing is written and PublishClaimLost is thrown.
     */
    async publish(appId: string, flowId: string, versionId: string, configJson: string, now: string, event?: (versionNumber: number) => OutboxEvent | null, claim?: (trx: Kysely<Database>) => Promise<boolean>) {
      return db.transaction().execute(async (trx) => {
        if (claim && !(await claim(trx))) throw new PublishClaimLost();
        const bumped = await trx
          .updateTable('flows')
          .set((eb) => ({ published_version_number: eb('published_version_number', '+', 1), updated_at: now }))
          .where('app_id', '=', appId)
          .where('id', '=', flowId)
          .returning('published_version_number')
          .executeTakeFirstOrThrow();
        const n = bumped.published_version_number;
        await trx.insertInto('flow_versions').values({ id: versionId, flow_id: flowId, version_number: n, config_json: configJson, published_at: now }).execute();
        await trx.updateTable('flows').set({ current_version_id: versionId }).where('id', '=', flowId).execute();
        if (event) await writeOutbox(trx, [event(n)]);
        return n;
      });
    },
  };
}
export type FlowStore = ReturnType<typeof createFlowStore>;
