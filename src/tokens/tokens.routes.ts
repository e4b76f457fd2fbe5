import { z } from 'zod';
import { defineOp } from '../kernel/operation.js';
import type { TokenService } from './tokens.service.js';

const tokenView = z.object({
  prefix: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** Token settings for the dashboard (not exposed as MCP tools: agents don't mint credentials). */
export function tokenOperations(tokens: TokenService) {
  return [
    defineOp({
      id: 'listTokens',
      method: 'GET',
      path: '/api/v1/tokens',
      auth: 'owner',
      tags: ['Tokens'],
      summary: 'List the account’s API tokens (never the secrets)',
      response: z.object({ tokens: z.array(tokenView) }),
      handler: async (_in, ctx) => ({ tokens: await tokens.list(ctx.accountId) }),
    }),
    defineOp({
      id: 'createToken',
      method: 'POST',
      path: '/api/v1/tokens',
      auth: 'owner',
      tags: ['Tokens'],
      summary: 'Create an API token; the token is shown once in this response',
      body: z.object({ name: z.string().trim().min(1).max(120) }).strict(),
      status: 201,
      response: z.object({ token: z.string(), prefix: z.string(), name: z.string(), createdAt: z.string() }),
      handler: async ({ body }, ctx) => tokens.create(body.name, ctx.accountId),
    }),
    defineOp({
      id: 'revokeToken',
      method: 'DELETE',
      path: '/api/v1/tokens/:prefix',
      auth: 'owner',
      tags: ['Tokens'],
      summary: 'Revoke a token by its 8-character prefix; takes effect immediately (409 when it was already revoked)',
      params: z.object({ prefix: z.string().regex(/^[A-Za-z0-9]{8}$/) }),
      response: z.object({ revoked: z.literal(true), prefix: z.string() }),
      errors: [404, 409],
      handler: async ({ params }, ctx) => {
        await tokens.revoke(params.prefix, ctx.accountId);
        return { revoked: true as const, prefix: params.prefix };
      },
    }),
  ];
}
