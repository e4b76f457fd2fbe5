import { z } from 'zod';
import { defineOp } from '../kernel/operation.js';
import { appParams, appSchema, createAppBody, patchAppBody } from './apps.schema.js';
import type { AppService } from './apps.service.js';

export function appOperations(apps: AppService) {
  return [
    defineOp({
      id: 'listApps',
      mcp: 'list_apps',
      method: 'GET',
      path: '/api/v1/apps',
      auth: 'owner',
      tags: ['Apps'],
      summary: 'List the apps of the token’s account',
      response: z.object({ apps: z.array(appSchema) }),
      handler: async (_in, ctx) => ({ apps: await apps.list(ctx.accountId) }),
    }),
    defineOp({
      id: 'getApp',
      mcp: 'get_app',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug',
      auth: 'owner',
      tags: ['Apps'],
      summary: 'Get one app by id or slug',
      params: appParams,
      response: z.object({ app: appSchema }),
      errors: [404],
      handler: async ({ params }, ctx) => ({ app: await apps.get(ctx.accountId, params.idOrSlug) }),
    }),
    defineOp({
      id: 'createApp',
      mcp: 'create_app',
      method: 'POST',
      path: '/api/v1/apps',
      auth: 'owner',
      tags: ['Apps'],
      summary: 'Create an app',
      description:
        'The slug is derived from the name when omitted (suffixed if taken or reserved); an explicit slug that is taken is a 409, one that is reserved (a word the service routes, or shaped like an app id) a 422 with the issue at `/slug`.',
      body: createAppBody,
      status: 201,
      response: z.object({ app: appSchema }),
      errors: [409, 422],
      handler: async ({ body }, ctx) => ({ app: await apps.create(ctx.accountId, body) }),
    }),
    defineOp({
      id: 'updateApp',
      mcp: 'update_app',
      method: 'PATCH',
      path: '/api/v1/apps/:idOrSlug',
      auth: 'owner',
      tags: ['Apps'],
      summary: 'Change an app (only sent keys change), including its promotion metadata',
      description:
        '`null` clears bundleId, deepLinkScheme, logoUrl, locale, accentColor, theme or promotion; accentColor, theme and logoUrl brand every hosted page of the app unless a flow sets its own; `promotion` is replaced as a whole. Validated as on create: promotion URLs are https; named destinations are paths or https / own-scheme / store URLs (the short-link scheme rules); 422 with the failing paths. A new slug that is taken is a 409 (the old slug stops working at once).',
      params: appParams,
      body: patchAppBody,
      response: z.object({ app: appSchema }),
      errors: [404, 409, 422],
      handler: async ({ params, body }, ctx) => ({ app: await apps.update(ctx.accountId, params.idOrSlug, body) }),
    }),
  ];
}
