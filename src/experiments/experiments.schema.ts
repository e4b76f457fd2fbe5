import { z } from 'zod';
import { appParams } from '../apps/apps.schema.js';

/** Experiments (#37 §1): request and answer schemas, the one source of truth for REST, OpenAPI and MCP. */

/** Flow types an experiment can run on, with what counts as a conversion (docs/experiments.md). */
export const EXPERIMENT_METRICS = {
  cancel: 'saved',
  onboarding: 'completed',
  waitlist: 'signed_up',
} as const;
export type ExperimentType = keyof typeof EXPERIMENT_METRICS;
export const isExperimentType = (t: string): t is ExperimentType => Object.hasOwn(EXPERIMENT_METRICS, t);

export const variantKey = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, dashes and underscores');

export const variant = z.object({
  key: variantKey.describe('Names the variant in results and in the stop winner (e.g. "A", "offer-20").'),
  versionNumber: z.number().int().min(1).describe('A published version of the flow.'),
  weight: z.number().positive().max(1_000_000).describe('Relative share of traffic (weights need not sum to 100).'),
});
export type Variant = z.infer<typeof variant>;

export const createExperiment = z.object({
  name: z.string().trim().min(1).max(120),
  variants: z
    .array(variant)
    .min(2)
    .max(4)
    .superRefine((vs, ctx) => {
      const keys = new Set<string>();
      // One version per variant: a session's pinned version tells which variant it converts for.
      const versions = new Set<number>();
      vs.forEach((v, i) => {
        if (keys.has(v.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `duplicate variant key "${v.key}"` });
        if (versions.has(v.versionNumber)) ctx.addIssue({ code: 'custom', path: [i, 'versionNumber'], message: `version ${v.versionNumber} is already another variant's` });
        keys.add(v.key);
        versions.add(v.versionNumber);
      });
    }),
});
export type CreateExperiment = z.infer<typeof createExperiment>;

export const stopExperiment = z.object({ winner: variantKey.optional().describe('The key of the variant every visitor gets from now on; omitted: the flow keeps its current version.') });

export const experimentParams = appParams.extend({ type: z.string().min(1).max(40).describe('Flow type: cancel, onboarding or waitlist.') });
export const oneExperimentParams = experimentParams.extend({ id: z.string().min(1).max(80) });
export const flowSlugQuery = z.object({ flowSlug: z.string().max(200).optional().describe('Targets a secondary flow of a multi-instance type; omitted = the primary.') });

export const experiment = z.object({
  id: z.string(),
  name: z.string(),
  flowType: z.string(),
  status: z.enum(['running', 'stopped']),
  variants: z.array(variant),
  metric: z.string().describe('What converts: cancel `saved`, onboarding `completed`, waitlist `signed_up`.'),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  winner: z.string().nullable(),
});
export type Experiment = z.infer<typeof experiment>;

export const variantResult = z.object({
  key: z.string(),
  versionNumber: z.number().int(),
  exposures: z.number().int(),
  conversions: z.number().int(),
  conversionRate: z.number(),
  interval: z.tuple([z.number(), z.number()]).describe('95 % Wilson score interval of the conversion rate.'),
  probabilityBest: z.number().describe('Posterior probability that this variant has the highest rate (Beta(1+conversions, 1+exposures-conversions)).'),
});

export const experimentAnswer = z.object({ experiment });
export const experimentResults = z.object({
  experiment,
  results: z.array(variantResult),
  state: z.enum(['too_early', 'running', 'stopped']).describe('`too_early` until every variant has the minimum sample (docs/experiments.md): no leader is named before.'),
});
export const experimentList = z.object({ experiments: z.array(experiment) });
