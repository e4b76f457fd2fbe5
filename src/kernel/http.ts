import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import { z } from 'zod';
import { AppError } from './errors.js';
import { MessagePage } from './pages/layout.js';
import { sendPage } from './pages/render.js';
import { clientInfo, type CountryLookup } from './identity.js';
import { parseInput, type Operation, type OpContext, type TextResult } from './operation.js';

export const errorBody = z
  .object({
    error: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .catchall(z.unknown())
  .describe('Error: `{ error }`, plus `issues` (failing paths) on validation errors.');

const isText = (r: unknown): r is TextResult => !!r && typeof r === 'object' && (r as TextResult).kind === 'text';

/** JSON parser that treats an empty body as absent (publish POSTs may carry Content-Type and nothing else). */
export function registerJsonParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  const parse = (_req: FastifyRequest, body: string | Buffer, done: (err: FastifyError | null, value?: unknown) => void) => {
    const text = String(body).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, sjson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      done(new AppError(400, 'Malformed JSON body') as unknown as FastifyError, undefined);
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  app.addContentTypeParser(/^application\/[\w.+-]+\+json$/, { parseAs: 'string' }, parse);
}

/** Translates every error to `{ error }` JSON with the right status; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      return reply.code(err.status).send(err.body());
    }
    const e = err as FastifyError;
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: `Request body too large (limit ${bodyLimit} bytes)` });
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ error: `Unsupported Content-Type: ${request.headers['content-type'] ?? 'none'}` });
    }
    if (e.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ error: e.message });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      if (e.statusCode === 429) return reply.code(429).send({ error: (e as { error?: string }).error ?? 'Too many requests, slow down' });
      return reply.code(e.statusCode).send({ error: e.message });
    }
    request.log.error({ err: e }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // People following a dead link get a page; API clients get JSON.
    if (!path.startsWith('/api/') && /text\/html/.test(request.headers.accept ?? '')) {
      return sendPage(reply, MessagePage({ title: 'Page not found', message: 'This page does not exist or is no longer available.' }), { status: 404 });
    }
    reply.code(404).send({ error: `Not found: ${request.method} ${path}` });
  });
}

export interface OperationDeps {
  secret: string;
  country: CountryLookup;
  authenticate(header: string | undefined): Promise<{ accountId: string }>;
}

/** Registers one declared operation as a Fastify route (schemas feed the OpenAPI document). */
export function registerOperation(app: FastifyInstance, op: Operation, deps: OperationDeps) {
  const status = op.status ?? 200;
  const response: Record<number, z.ZodType> = {};
  if (op.response) response[status] = op.response;
  if (op.response && op.statusOf) response[200] ??= op.response;
  for (const code of [...(op.auth === 'owner' ? [401] : []), ...(op.errors ?? [])]) response[code] = errorBody;

  app.route({
    method: op.method,
    url: op.path,
    ...op.route,
    schema: {
      operationId: op.id,
      tags: op.tags,
      summary: op.summary,
      description: op.description,
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body ? { body: op.body } : {}),
      response,
      security: op.auth === 'owner' ? [{ bearerAuth: [] }] : [],
      ...(op.produces ? { produces: [op.produces] } : {}),
    } as any,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx: OpContext = {
        accountId: '',
        client: clientInfo(request, deps.secret, deps.country),
        http: { request, reply },
      };
      // Authenticate before looking at input: an unauthenticated caller learns nothing (401, not 422).
      if (op.auth === 'owner') ctx.accountId = (await deps.authenticate(request.headers.authorization)).accountId;
      const input = parseInput(op, { params: request.params, query: request.query, body: request.body });
      const result = await op.handler(input, ctx);
      if (reply.sent) return reply;
      if (isText(result)) {
        reply.code(status).type(result.contentType);
        if (result.filename) reply.header('content-disposition', `attachment; filename="${result.filename}"`);
        return reply.send(result.body);
      }
      reply.code(op.statusOf ? op.statusOf(result) : status);
      return result;
    },
  });
}
