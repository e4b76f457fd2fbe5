import { z } from 'zod';
import { defineEvent } from '../events/events.js';

/** The events of the flows kernel (#33): a flow of any type published. */
export const FLOW_PUBLISHED = 'flow.published';

/** What a publish answers (and the `flow.published` event carries): the type's extras besides. */
export const publishResponse = z
  .object({
    ok: z.literal(true),
    version: z.number().int(),
    versionId: z.string(),
    publishedAt: z.string(),
    flowSlug: z.string(),
    publicUrl: z.string().nullable().describe('The hosted page that now serves this version; null for types without one.'),
  })
  .catchall(z.unknown());

const publishedData = publishResponse.extend({
  app: z.string().describe('The app slug.'),
  type: z.string().describe('The flow type (`waitlist`, `cancel`, `app_promotion`…).'),
  flow: z.object({ slug: z.string(), version: z.number().int() }).describe('The flow and the version now served.'),
});
export type FlowPublished = z.infer<typeof publishedData>;

export const flowEvents = [
  defineEvent({
    type: FLOW_PUBLISHED,
    description: 'A flow’s draft was published as its next version (every flow type; the REST API, MCP or the dashboard).',
    data: publishedData,
    summary: (d: FlowPublished) => `Published ${d.type.replace(/_/g, ' ')} flow "${d.flow.slug}" version ${d.flow.version}`,
    dashboardPath: (d: FlowPublished) => `flows/${d.type}?flowSlug=${encodeURIComponent(d.flow.slug)}`,
  }),
];
