import type { AppService } from '../apps/apps.service.js';
import { defineOp, type Operation } from '../kernel/operation.js';
import {
  createExperiment,
  experimentAnswer,
  experimentList,
  experimentParams,
  experimentResults,
  flowSlugQuery,
  oneExperimentParams,
  stopExperiment,
} from './experiments.schema.js';
import type { ExperimentService } from './experiments.service.js';

const base = '/api/v1/apps/:idOrSlug/flows/:type/experiments';
const tags = ['Experiments'];
const HOW = 'Each person is assigned a variant by a hash of (experiment id, userId, else anonymousId, else the visitor cookie, else the hashed address) onto the weights: sticky on every node. See docs/experiments.md.';

export function experimentOperations(apps: AppService, experiments: ExperimentService): Operation[] {
  return [
    defineOp({
      id: 'createExperiment',
      mcp: 'create_experiment',
      method: 'POST',
      path: base,
      auth: 'owner',
      tags,
      summary: 'Start an experiment: split a flow’s traffic between 2–4 of its published versions',
      description: `Types: cancel (converts when the outcome is saved), onboarding (on completion), waitlist (on signup). A versionNumber that is not a published version is a 422 at its path; a second running experiment on the flow is a 409; while one runs, a plain publish of the flow is a 409. ${HOW}`,
      params: experimentParams,
      query: flowSlugQuery,
      body: createExperiment,
      status: 201,
      response: experimentAnswer,
      errors: [404, 409, 422],
      handler: async ({ params, query, body }, ctx) => experiments.create(await apps.resolve(ctx.accountId, params.idOrSlug), params.type, body, query.flowSlug),
    }),
    defineOp({
      id: 'listExperiments',
      mcp: 'list_experiments',
      method: 'GET',
      path: base,
      auth: 'owner',
      tags,
      summary: 'List a flow’s experiments, newest first',
      params: experimentParams,
      query: flowSlugQuery,
      response: experimentList,
      errors: [404, 422],
      handler: async ({ params, query }, ctx) => experiments.list(await apps.resolve(ctx.accountId, params.idOrSlug), params.type, query.flowSlug),
    }),
    defineOp({
      id: 'getExperiment',
      mcp: 'get_experiment',
      method: 'GET',
      path: `${base}/:id`,
      auth: 'owner',
      tags,
      summary: 'An experiment with per-variant results: exposures, conversions, 95 % interval, probability to be best',
      description: '`state` is `too_early` until every variant has 100 exposures and the experiment 10 conversions: read no leader before.',
      params: oneExperimentParams,
      query: flowSlugQuery,
      response: experimentResults,
      errors: [404, 422],
      handler: async ({ params, query }, ctx) => experiments.get(await apps.resolve(ctx.accountId, params.idOrSlug), params.type, params.id, query.flowSlug),
    }),
    defineOp({
      id: 'stopExperiment',
      mcp: 'stop_experiment',
      method: 'POST',
      path: `${base}/:id/stop`,
      auth: 'owner',
      tags,
      summary: 'Stop an experiment; with `winner`, that variant’s version becomes the flow’s current version for everyone',
      params: oneExperimentParams,
      query: flowSlugQuery,
      body: stopExperiment,
      bodyOptional: true,
      response: experimentResults,
      errors: [404, 409, 422],
      handler: async ({ params, query, body }, ctx) => experiments.stop(await apps.resolve(ctx.accountId, params.idOrSlug), params.type, params.id, body?.winner, query.flowSlug),
    }),
  ];
}
