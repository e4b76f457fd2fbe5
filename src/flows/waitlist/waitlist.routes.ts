import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { CSV_CELLS_NOTE } from '../../kernel/csv.js';
import { flowSlugSchema } from '../../kernel/flows/flows.service.js';
import { defineOp, textResult, type Operation } from '../../kernel/operation.js';
import { pageQuery } from '../../kernel/pagination.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import { envelopeSchema } from '../forms/forms.envelope.js';
import { configQuery, SUBMIT_BODY_LIMIT } from '../forms/forms.routes.js';
import { ownerSignup, signupBody, waitlistConfig } from './waitlist.schema.js';
import type { WaitlistService } from './waitlist.service.js';

const flowFilter = {
  flowSlug: flowSlugSchema.optional().describe('Only this waitlist; omitted = every waitlist of the app.'),
};

export function waitlistOperations(apps: AppService, waitlist: WaitlistService, rateLimit: number): Operation[] {
  return [
    defineOp({
      id: 'getPublicWaitlist',
      method: 'GET',
      path: '/api/public/waitlist',
      auth: 'public',
      tags: ['Public forms'],
      summary: 'Published waitlist config',
      description: '404 while unpublished or for an unknown app. `count` is present only when the config shows the count and at least 3 people signed up.',
      query: configQuery,
      response: envelopeSchema.extend({ count: z.number().int().optional().describe('Signups so far (only when shown).') }),
      errors: [400, 404],
      handler: async ({ query }) => waitlist.publicConfig(query.appSlug, query.flowSlug),
    }),
    defineOp({
      id: 'signUpToWaitlist',
      method: 'POST',
      path: '/api/public/waitlist',
      auth: 'public',
      tags: ['Public forms'],
      summary: 'Sign up to a waitlist',
      description:
        '201 `{ ok, id, alreadySignedUp: false }` for a new signup; 200 `{ ok, alreadySignedUp: true }` when the address (case-insensitive) is already on that waitlist, without a second row. 404 when unpublished or the app is unknown, 422 for an invalid email. Rate limited per client (429 with Retry-After).',
      body: signupBody,
      status: 201,
      statusOf: (r: { alreadySignedUp: boolean }) => (r.alreadySignedUp ? 200 : 201),
      response: z.object({ ok: z.literal(true), id: z.string().optional(), alreadySignedUp: z.boolean() }),
      errors: [404, 413, 422, 429],
      // The hosted page's script posts here from SIGNUP_URL's host too (kernel/signup-host.ts).
      route: { config: { ...publicLimit(rateLimit, 'waitlist.signup'), signupHost: true }, bodyLimit: SUBMIT_BODY_LIMIT },
      // A hot path (#38): answered in front of Fastify (kernel/fast-ops.ts), except on a separate signup host.
      fast: true,
      handler: async ({ body }, ctx) => waitlist.signup(body, ctx.client),
    }),
    defineOp({
      id: 'listWaitlistSignups',
      mcp: 'list_waitlist_signups',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/waitlist/signups',
      auth: 'owner',
      tags: ['Submissions'],
      summary: 'List waitlist signups, newest first',
      params: appParams,
      query: pageQuery.extend(flowFilter),
      response: z.object({ signups: z.array(ownerSignup), nextCursor: z.string().nullable() }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => waitlist.list(await apps.resolve(ctx.accountId, params.idOrSlug), query),
    }),
    defineOp({
      id: 'exportWaitlistCsv',
      mcp: 'export_waitlist_csv',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/waitlist/signups.csv',
      auth: 'owner',
      tags: ['Submissions'],
      summary: 'Export waitlist signups as CSV (streamed)',
      description:
        "Header row: SPEC's six columns `id,email,source,country,user_agent,createdAt`, then one column per custom field of the exported waitlists, named by its `fields[].id` (an id that repeats a base column is written `field_<id>`); a waitlist without custom fields exports exactly SPEC's header. " +
        'Which fields: those of the published versions (signups only come through them), the current version\'s first in config order, then fields only older versions had (newest first), so answers to a removed field still export; a field only in the draft has no column yet. Without `flowSlug`, the waitlists in turn. ' +
        'Cells hold what each signup answered: booleans as true/false, a list\'s items joined with "; ", an object as JSON, empty when not answered. ' +
        `\`?columns=spec\` gives SPEC's six alone; \`?columns=all\` adds \`flowSlug\` after the six. ${CSV_CELLS_NOTE}`,
      params: appParams,
      query: z.object({
        ...flowFilter,
        columns: z.enum(['default', 'spec', 'all']).optional().describe("`spec`: SPEC's six columns alone; `default` (or omitted): the six and one per custom field; `all`: the six, `flowSlug` and the custom fields."),
      }),
      produces: 'text/csv',
      errors: [404],
      handler: async ({ params, query }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return textResult('text/csv; charset=utf-8', await waitlist.csv(app, query), `${app.slug}-waitlist.csv`);
      },
    }),
    defineOp({
      id: 'listWaitlistTemplates',
      mcp: 'list_waitlist_templates',
      method: 'GET',
      path: '/api/v1/waitlist/templates',
      auth: 'owner',
      tags: ['Flows'],
      summary: 'Starter waitlist configs',
      description: 'Six ready configs (each carries its `templateId`): fetch one, edit it, PUT it to `/flows/waitlist`.',
      response: z.object({
        templates: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), config: waitlistConfig })),
      }),
      handler: async () => ({ templates: waitlist.templates() }),
    }),
  ];
}
