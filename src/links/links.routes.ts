import { z } from 'zod';
import { appParams } from '../apps/apps.schema.js';
import type { AppService } from '../apps/apps.service.js';
import { defineOp, type Operation } from '../kernel/operation.js';
import { pageQuery } from '../kernel/pagination.js';
import { createLinkBody, linkParams, linkSchema, linkStatsSchema, patchLinkBody } from './links.schema.js';
import type { LinkService } from './links.service.js';

const base = '/api/v1/apps/:idOrSlug/links';
const tags = ['Short links'];

export function linkOperations(apps: AppService, links: LinkService): Operation[] {
  return [
    defineOp({
      id: 'listShortLinks',
      mcp: 'list_short_links',
      method: 'GET',
      path: base,
      auth: 'owner',
      tags,
      summary: 'List the app’s short links, newest first',
      params: appParams,
      query: pageQuery,
      response: z.object({ links: z.array(linkSchema), nextCursor: z.string().nullable() }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return links.list(app.id, query.limit, query.cursor);
      },
    }),
    defineOp({
      id: 'getShortLink',
      mcp: 'get_short_link',
      method: 'GET',
      path: `${base}/:idOrCode`,
      auth: 'owner',
      tags,
      summary: 'Get a short link with its click stats',
      params: linkParams,
      response: z.object({ link: linkSchema, stats: linkStatsSchema }),
      errors: [404],
      handler: async ({ params }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return links.get(app.id, params.idOrCode);
      },
    }),
    defineOp({
      id: 'createShortLink',
      mcp: 'create_short_link',
      method: 'POST',
      path: base,
      auth: 'owner',
      tags,
      summary: 'Create a short link',
      description:
        'The code is generated when omitted (a 503 in the near-impossible case that ten draws all collide: retry, or give a code); a code that is taken (by any app) is a 409. New links start `active`.',
      params: appParams,
      body: createLinkBody,
      status: 201,
      response: z.object({ link: linkSchema }),
      errors: [404, 409, 422, 503],
      handler: async ({ params, body }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return { link: await links.create(app.id, body, app.deep_link_scheme) };
      },
    }),
    defineOp({
      id: 'updateShortLink',
      mcp: 'update_short_link',
      method: 'PATCH',
      path: `${base}/:idOrCode`,
      auth: 'owner',
      tags,
      summary: 'Change a short link (only sent keys change)',
      description:
        '`null` clears iosUrl, androidUrl, expiresAt, maxClicks, expiredUrl or expiredMessage; `url` cannot be cleared; `code` is immutable (422). `resetClicks: true` zeroes the counter and keeps the history.',
      params: linkParams,
      body: patchLinkBody,
      response: z.object({ link: linkSchema }),
      errors: [404, 422],
      handler: async ({ params, body }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return { link: await links.update(app.id, params.idOrCode, body, app.deep_link_scheme) };
      },
    }),
    defineOp({
      id: 'deleteShortLink',
      mcp: 'delete_short_link',
      method: 'DELETE',
      path: `${base}/:idOrCode`,
      auth: 'owner',
      tags,
      summary: 'Delete a short link permanently',
      description: 'The code is freed and later visits get 404 (not the ended page); disabling is usually the better choice for public links.',
      params: linkParams,
      response: z.object({ deleted: z.literal(true), id: z.string(), code: z.string() }),
      errors: [404],
      handler: async ({ params }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return links.remove(app.id, params.idOrCode);
      },
    }),
  ];
}
