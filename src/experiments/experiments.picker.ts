import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { hotInsert } from '../db/hot-insert.js';
import type { DbHandle } from '../db/index.js';
import type { ExperimentVisitorsTable } from '../db/types.js';
import type { Clock } from '../kernel/clock.js';
import type { VariantPicker, Who } from '../kernel/flows/variants.js';
import { memoize } from '../kernel/memoize.js';
import { assign, unitOf } from './experiments.assign.js';
import type { Variant } from './experiments.schema.js';
import { convertedMetric, exposedMetric } from './experiments.store.js';

/** How long a create or stop on another node may take to reach this node's serving paths. */
export const RUNNING_CACHE_MS = 1000;

interface Running {
  id: string;
  startedAt: string;
  variants: (Variant & { versionId: string })[];
}

/**
 * The serving side (kernel/flows/variants.ts): the running experiment of a flow, cached per flow
 * for RUNNING_CACHE_MS (sessions start on hot paths; one read a second per flow at most), and the
 * variant of a person by the deterministic hash (experiments.assign.ts).
 */
export function createExperimentPicker(handle: DbHandle, clock: Clock) {
  const { db } = handle;
  // A distinct person's exposure: stored once per (experiment, unit); the counter is added with the row.
  const insertVisitor = hotInsert<Selectable<ExperimentVisitorsTable>>(handle, 'experiment_visitors', ['experiment_id', 'unit', 'app_id', 'variant_key', 'created_at'], ['experiment_id', 'unit'], {
    rollup: (r) => exposedMetric(r.experiment_id, r.variant_key),
  });
  const running = memoize(
    async (flowId: string): Promise<Running | null> => {
      const e = await db.selectFrom('experiments').select(['id', 'started_at', 'variants_json']).where('flow_id', '=', flowId).where('status', '=', 'running').executeTakeFirst();
      if (!e) return null;
      const variants = JSON.parse(e.variants_json) as Variant[];
      const rows = await db
        .selectFrom('flow_versions')
        .select(['id', 'version_number'])
        .where('flow_id', '=', flowId)
        .where('version_number', 'in', variants.map((v) => v.versionNumber))
        .execute();
      const ids = new Map(rows.map((r) => [r.version_number, r.id]));
      return { id: e.id, startedAt: e.started_at, variants: variants.flatMap((v) => (ids.has(v.versionNumber) ? [{ ...v, versionId: ids.get(v.versionNumber)! }] : [])) };
    },
    (flowId) => flowId,
    RUNNING_CACHE_MS,
    10_000,
    'running_experiments',
  );

  const picker: VariantPicker = {
    async pick(flow, who: Who) {
      const e = await running(flow.flowId);
      const unit = unitOf(who);
      if (!e || !unit || e.variants.length < 2) return null;
      const v = assign(e.id, unit, e.variants);
      return { versionId: v.versionId, versionNumber: v.versionNumber, exposed: exposedMetric(e.id, v.key), converted: convertedMetric(e.id, v.key) };
    },
    async exposeOnce(appId, flowId, who) {
      const e = await running(flowId);
      const unit = unitOf(who);
      if (!e || !unit || e.variants.length < 2) return;
      const v = assign(e.id, unit, e.variants);
      // The unit hashed: the table keeps no user id, anonymous id or cookie.
      await insertVisitor({ experiment_id: e.id, unit: createHash('sha256').update(unit).digest('base64url'), app_id: appId, variant_key: v.key, created_at: clock.now().toISOString() });
    },
    async converted(flowId, versionNumber, startedAt) {
      const e = await running(flowId);
      // Only sessions the experiment exposed: started since it began, on one of its versions.
      if (!e || startedAt < e.startedAt) return null;
      const v = e.variants.find((x) => x.versionNumber === versionNumber);
      return v ? convertedMetric(e.id, v.key) : null;
    },
  };
  return { picker, forget: (flowId: string) => running.forget(flowId) };
}
