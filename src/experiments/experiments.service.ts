import type { AppRow } from '../apps/apps.store.js';
import type { DbHandle } from '../db/index.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Clock } from '../kernel/clock.js';
import { AppError, conflict, notFound, unprocessable, type Issue } from '../kernel/errors.js';
import type { FlowService } from '../kernel/flows/flows.service.js';
import { newId } from '../kernel/ids.js';
import { EXPERIMENT_METRICS, isExperimentType, type CreateExperiment, type Experiment, type ExperimentType, type Variant } from './experiments.schema.js';
import { probabilityBest, tooEarly, wilson } from './experiments.stats.js';
import { convertedMetric, createExperimentStore, exposedMetric, type ExperimentRow } from './experiments.store.js';

export function toExperiment(r: ExperimentRow): Experiment {
  return {
    id: r.id,
    name: r.name,
    flowType: r.flow_type,
    status: r.status === 'running' ? 'running' : 'stopped',
    variants: JSON.parse(r.variants_json) as Variant[],
    metric: EXPERIMENT_METRICS[r.flow_type as ExperimentType] ?? 'converted',
    startedAt: r.started_at,
    stoppedAt: r.stopped_at,
    winner: r.winner_key,
  };
}

/** Owner side of experiments: create (checked against the flow's published versions), list, results, stop. */
export function createExperimentService(deps: { db: DbHandle; clock: Clock; flows: FlowService; changed?: (flowId: string) => void }) {
  const { flows, clock } = deps;
  const store = createExperimentStore(deps.db.db);

  /** The flow type named in the URL (type or URL segment); only types with a metric. */
  function typeOf(name: string): ExperimentType {
    const d = flows.registry.get(name) ?? flows.registry.segment(name);
    const type = d?.type ?? name;
    if (!isExperimentType(type)) throw unprocessable(`Experiments run on ${Object.keys(EXPERIMENT_METRICS).join(', ')} flows, not "${name}"`, [{ path: '/type', message: `one of: ${Object.keys(EXPERIMENT_METRICS).join(', ')}` }]);
    return type;
  }

  async function flowOf(app: AppRow, typeName: string, flowSlug?: string) {
    const type = typeOf(typeName);
    const env = await flows.get(app, type, flowSlug);
    return { type, flowId: env.flow.id, slug: env.flow.slug };
  }

  async function find(app: AppRow, typeName: string, id: string, flowSlug?: string) {
    const f = await flowOf(app, typeName, flowSlug);
    const row = await store.get(app.id, f.flowId, id);
    if (!row) throw notFound('Experiment not found');
    return { f, row };
  }

  async function results(app: AppRow, e: Experiment) {
    const metrics = e.variants.flatMap((v) => [exposedMetric(e.id, v.key), convertedMetric(e.id, v.key)]);
    const totals = await store.totals(app.id, metrics);
    const counts = e.variants.map((v) => {
      const exposures = totals.get(exposedMetric(e.id, v.key)) ?? 0;
      // A conversion without its exposure (a session begun before the experiment) never pushes a rate above 1.
      const conversions = Math.min(exposures, totals.get(convertedMetric(e.id, v.key)) ?? 0);
      return { exposures, conversions };
    });
    const best = probabilityBest(counts);
    const early = tooEarly(counts);
    return {
      experiment: e,
      results: e.variants.map((v, i) => ({
        key: v.key,
        versionNumber: v.versionNumber,
        ...counts[i],
        conversionRate: counts[i].exposures ? counts[i].conversions / counts[i].exposures : 0,
        interval: wilson(counts[i].conversions, counts[i].exposures),
        probabilityBest: best[i],
      })),
      state: e.status === 'stopped' ? ('stopped' as const) : early ? ('too_early' as const) : ('running' as const),
    };
  }

  return {
    /** The running experiment of a flow, if any (the publish guard and the serving hook ask). */
    running: (flowId: string) => store.running(flowId),
    results,

    async create(app: AppRow, typeName: string, body: CreateExperiment, flowSlug?: string) {
      const f = await flowOf(app, typeName, flowSlug);
      const issues: Issue[] = [];
      for (const [i, v] of body.variants.entries()) {
        try {
          await flows.publishedVersion(app, f.type, v.versionNumber, flowSlug);
        } catch (e) {
          if (!(e instanceof AppError) || e.status !== 404) throw e;
          issues.push({ path: `/variants/${i}/versionNumber`, message: `version ${v.versionNumber} is not a published version of this flow` });
        }
      }
      if (issues.length) throw unprocessable(`Invalid experiment: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, issues);
      const running = await store.running(f.flowId);
      if (running) throw conflict(`Experiment "${running.name}" (${running.id}) already runs on this flow: stop it first`, { experimentId: running.id });
      const row: ExperimentRow = {
        id: newId(),
        app_id: app.id,
        flow_id: f.flowId,
        flow_type: f.type,
        name: body.name,
        status: 'running',
        variants_json: JSON.stringify(body.variants.map((v) => ({ key: v.key, versionNumber: v.versionNumber, weight: v.weight }))),
        winner_key: null,
        started_at: clock.now().toISOString(),
        stopped_at: null,
      };
      try {
        await store.insert(row);
      } catch (e) {
        // A concurrent create won the one-running-per-flow index.
        if (isUniqueViolation(e)) throw conflict('Another experiment already runs on this flow: stop it first');
        throw e;
      }
      deps.changed?.(f.flowId);
      return { experiment: toExperiment(row) };
    },

    async list(app: AppRow, typeName: string, flowSlug?: string) {
      const f = await flowOf(app, typeName, flowSlug);
      return { experiments: (await store.list(app.id, f.flowId)).map(toExperiment) };
    },

    async get(app: AppRow, typeName: string, id: string, flowSlug?: string) {
      return results(app, toExperiment((await find(app, typeName, id, flowSlug)).row));
    },

    /** Stops; with a winner, its version becomes the flow's current version for everyone. */
    async stop(app: AppRow, typeName: string, id: string, winner: string | undefined, flowSlug?: string) {
      const { f, row } = await find(app, typeName, id, flowSlug);
      const e = toExperiment(row);
      if (e.status !== 'running') throw conflict('This experiment is already stopped');
      const won = winner === undefined ? undefined : e.variants.find((v) => v.key === winner);
      if (winner !== undefined && !won) throw unprocessable(`No variant "${winner}"`, [{ path: '/winner', message: `one of: ${e.variants.map((v) => v.key).join(', ')}` }]);
      if (!(await store.stop(app.id, id, winner ?? null, clock.now().toISOString()))) throw conflict('This experiment is already stopped');
      deps.changed?.(f.flowId);
      if (won) await flows.makeCurrent(app, f.type, won.versionNumber, flowSlug);
      return results(app, toExperiment((await store.get(app.id, f.flowId, id))!));
    },
  };
}
export type ExperimentService = ReturnType<typeof createExperimentService>;
