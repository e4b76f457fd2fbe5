import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { defineOp, type Operation } from '../operation.js';
import { publishResponse } from './flows.events.js';
import { SCHEDULE_NOTE, type FlowScheduler } from './flows.schedule.js';
import { flowSlugSchema, ignoredFlowSlug, type FlowService } from './flows.service.js';
import type { FlowTypeDef } from './registry.js';

const warning = z.object({ code: z.string(), path: z.string(), message: z.string() });

const envelope = z
  .object({
    flow: z.object({
      id: z.string(),
      type: z.string(),
      slug: z.string(),
      status: z.enum(['draft', 'published']).describe('`draft` until first published, then `published`.'),
      currentVersionId: z.string().nullable().describe('Id of the published version served publicly.'),
      isPrimary: z.boolean(),
      hasUnpublishedChanges: z.boolean(),
      updatedAt: z.string(),
    }),
    draft: z.object({
      versionNumber: z.number().int().describe('The version number this draft gets when published.'),
      updatedAt: z.string(),
      config: z.record(z.string(), z.unknown()),
    }),
    published: z
      .object({ versionNumber: z.number().int(), publishedAt: z.string(), config: z.record(z.string(), z.unknown()) })
      .nullable(),
    scheduledPublishAt: z.string().nullable().describe('When the draft is to be published (`POST …/publish { at }`), or null.'),
    scheduleError: z
      .object({ at: z.string(), failedAt: z.string(), error: z.string(), issues: z.array(z.object({ path: z.string(), message: z.string() })) })
      .nullable()
      .describe('Why the last scheduled publish did not happen (its draft would not publish then); null once the flow is scheduled again or published.'),
    publicUrl: z.string().nullable().describe('The hosted page (served once published); null for types without one.'),
  })
  .catchall(z.unknown());

const publishBody = z.object({
  at: z.iso
    .datetime({ offset: true, message: 'must be an ISO-8601 date-time with a time zone (Z or ±hh:mm)' })
    .optional()
    .describe('Publish at this time instead of now (within 366 days). Omitted: publish now.'),
});

const scheduledResponse = z.object({
  scheduled: z.object({ at: z.string().describe('The time, in UTC.'), flowSlug: z.string() }),
  note: z.string().describe('What is published then: the draft as it is at that time.'),
});

const flowSlugQuery = (d: FlowTypeDef) =>
  z.object({
    flowSlug: d.multi
      ? (d.flowSlug ?? flowSlugSchema)
          .optional()
          .describe(`Targets a secondary ${d.label.toLowerCase()}; omitted (or "${d.primarySlug}") = the primary. A new slug on PUT creates a secondary.`)
      : ignoredFlowSlug.optional().describe(`Accepted and ignored: one ${d.label.toLowerCase()} per app.`),
  });

/** GET / PUT / publish for every registered flow type, generated from the registry. */
export function flowOperations(apps: AppService, flows: FlowService, schedules: FlowScheduler): Operation[] {
  const ops: Operation[] = [
    defineOp({
      id: 'listFlows',
      mcp: 'list_flows',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/flows',
      auth: 'owner',
      tags: ['Flows'],
      summary: 'List the app’s flows with their versions',
      params: appParams,
      query: z.object({
        type: z
          .string()
          .max(40)
          .optional()
          .describe('Only flows of this type: the type (`app_promotion`), its legacy name (`pre_cancel`) or its URL segment (`app-promotion`). An unknown type is a 400 listing the known ones.'),
      }),
      response: z.object({
        flows: z.array(
          z.object({
            id: z.string(),
            type: z.string(),
            slug: z.string(),
            name: z.string(),
            status: z.enum(['draft', 'published']),
            isPrimary: z.boolean(),
            publishedVersion: z.number().int().nullable(),
            publicUrl: z.string().nullable().describe('The hosted page visitors open (served once published); null for types without one (app promotion, referral: invites are per code).'),
            versions: z.array(z.object({ id: z.string(), versionNumber: z.number().int(), publishedAt: z.string() })),
            createdAt: z.string(),
            updatedAt: z.string(),
          }),
        ),
      }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return { flows: await flows.list(app, query.type) };
      },
    }),
    defineOp({
      id: 'listFlowTemplates',
      mcp: 'list_flow_templates',
      method: 'GET',
      path: '/api/v1/flow-templates',
      auth: 'owner',
      tags: ['Flows'],
      summary: 'Starting points for a flow: complete configs to copy, edit and save',
      description:
        'At least three per flow type, each a complete config that saves and publishes with no error (PUT it to `/api/v1/apps/{idOrSlug}/flows/{segment}`). Templates of types that reference other apps (app promotion) point at the account’s other apps: name the app the flow is for with `app`. `/api/v1/waitlist/templates` still answers the waitlist’s own.',
      query: z.object({
        type: z
          .string()
          .max(40)
          .optional()
          .describe('Only this type: the type (`app_promotion`), its legacy name or its URL segment (`app-promotion`). Omitted: every type. An unknown type is a 400 listing the known ones.'),
        app: z.string().min(1).max(200).optional().describe('Id or slug of the app the flow is for: app promotion templates then promote the account’s other apps, and templates leave out an accent (and a plain `minimal`/`dark` theme) the app’s own brand sets, so its pages wear the app’s.'),
      }),
      response: z.object({
        templates: z.array(
          z.object({
            id: z.string().describe('Unique within its type.'),
            type: z.string().describe('The flow type (`cancel`, `app_promotion`, …).'),
            segment: z.string().describe('The URL segment to PUT the config to (`/api/v1/apps/{idOrSlug}/flows/{segment}`).'),
            name: z.string(),
            description: z.string(),
            config: z.record(z.string(), z.unknown()),
          }),
        ),
      }),
      errors: [400, 404],
      handler: async ({ query }, ctx) => {
        const app = query.app === undefined ? undefined : await apps.get(ctx.accountId, query.app);
        return { templates: flows.templates({ accountApps: await apps.list(ctx.accountId), app }, query.type) };
      },
    }),
    // One operation for every type (one MCP tool, not one per type): `type` as `?type=` of listFlows takes it.
    defineOp({
      id: 'cancelScheduledPublish',
      mcp: 'cancel_scheduled_publish',
      method: 'DELETE',
      path: '/api/v1/apps/:idOrSlug/flows/:type/schedule',
      auth: 'owner',
      tags: ['Flows'],
      summary: 'Cancel a flow’s scheduled publish',
      description: 'Answers 204, or 404 when the flow has no scheduled publish. The draft stays as it is.',
      params: appParams.extend({
        type: z.string().min(1).max(40).describe('The flow type (`cancel`, `app_promotion`), its legacy name or its URL segment (`app-promotion`).'),
      }),
      query: z.object({ flowSlug: z.string().max(200).optional().describe('A secondary flow of a multi-instance type; omitted = the primary.') }),
      status: 204,
      errors: [404],
      handler: async ({ params, query }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        await schedules.cancel(app, params.type, query.flowSlug);
        return undefined;
      },
    }),
  ];

  for (const d of flows.registry.types()) {
    for (const segment of [d.segment, ...(d.legacySegments ?? [])]) {
      const legacy = segment !== d.segment;
      const base = `/api/v1/apps/:idOrSlug/flows/${segment}`;
      const name = d.type.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      const Name = name[0].toUpperCase() + name.slice(1);
      const suffix = legacy ? `Legacy${segment.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}` : '';
      ops.push(
        defineOp({
          id: `get${Name}Flow${suffix}`,
          mcp: legacy ? undefined : (d.mcp?.get ?? `get_${d.type}_flow`),
          method: 'GET',
          path: base,
          auth: 'owner',
          tags: ['Flows'],
          summary: `Get the ${d.label.toLowerCase()}: draft and published versions${legacy ? ' (legacy path)' : ''}`,
          params: appParams,
          query: flowSlugQuery(d),
          response: envelope,
          errors: [404],
          handler: async ({ params, query }, ctx) => {
            const app = await apps.resolve(ctx.accountId, params.idOrSlug);
            return flows.get(app, d.type, query.flowSlug);
          },
        }),
        defineOp({
          id: `update${Name}Draft${suffix}`,
          mcp: legacy ? undefined : (d.mcp?.update ?? `update_${d.type}_draft`),
          mcpBodyKey: 'config',
          method: 'PUT',
          path: base,
          auth: 'owner',
          tags: ['Flows'],
          summary: `Replace the ${d.label.toLowerCase()} draft with a full config`,
          description: 'The body is the whole config object (not wrapped). Invalid configs are rejected with 422 and the failing paths; warnings never block saving.',
          params: appParams,
          query: flowSlugQuery(d),
          body: d.schema,
          response: z.object({ ok: z.literal(true), warnings: z.array(warning), flowSlug: z.string(), created: z.boolean() }),
          errors: [404, 422],
          handler: async ({ params, query, body, rawBody }, ctx) => {
            const app = await apps.resolve(ctx.accountId, params.idOrSlug);
            return flows.saveDraft(app, d.type, body, query.flowSlug, rawBody);
          },
        }),
        defineOp({
          id: `publish${Name}Flow${suffix}`,
          mcp: legacy ? undefined : (d.mcp?.publish ?? `publish_${d.type}_flow`),
          method: 'POST',
          path: `${base}/publish`,
          auth: 'owner',
          tags: ['Flows'],
          summary: `Publish the ${d.label.toLowerCase()} draft as the next version, now or at a time`,
          description: `No body (or \`{}\`): publish now (200). Published versions are immutable; the version number increments on every publish. With \`{ "at": "<ISO-8601>" }\`: 202 \`{ scheduled: { at } }\`, and the draft is published within seconds of that time. ${SCHEDULE_NOTE} \`at\` in the past or more than 366 days ahead is a 422 at \`/at\`; a draft that would not publish then is not published, and the flow shows why (\`scheduleError\`).`,
          params: appParams,
          query: flowSlugQuery(d),
          body: publishBody,
          bodyOptional: true,
          status: 202,
          statusOf: (r: object) => ('scheduled' in r ? 202 : 200),
          response: z.union([publishResponse, scheduledResponse]),
          errors: [404, 422],
          handler: async ({ params, query, body }, ctx) => {
            const app = await apps.resolve(ctx.accountId, params.idOrSlug);
            if (body?.at !== undefined) return schedules.schedule(app, d.type, query.flowSlug, body.at);
            return flows.publish(app, d.type, query.flowSlug);
          },
        }),
      );
    }
  }
  return ops;
}
