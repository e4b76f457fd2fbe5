import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import sjson from 'secure-json-parse';
import { z } from 'zod';
import { FAST_OP_COMPRESSION } from './compression.js';
import { AppError } from './errors.js';
import { jsonTooDeep, TOO_DEEP } from './json-depth.js';
import { MessagePage } from './pages/layout.js';
import { negotiate, translator } from './i18n.js';
import { sendPage } from './pages/render.js';
import { clientInfo, type CountryLookup } from './identity.js';
import { parseInput, type Operation, type OpContext, type TextResult } from './operation.js';
import { applyBaseHeaders } from './security-headers.js';

export const errorBody = z
  .object({
    error: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .catchall(z.unknown())
  .describe('Error: `{ error }`, plus `issues` (failing paths) on validation errors.');

const isText = (r: unknown): r is TextResult => !!r && typeof r === 'object' && (r as TextResult).kind === 'text';

/** A JSON body as every route reads it (also the fast paths, kernel/fast-ops.ts, and /mcp): empty is absent, `__proto__`/`constructor` keys dropped, malformed or nested too deeply (kernel/json-depth.ts) is a 400, before any schema sees it. */
export function parseJsonBody(body: string): unknown {
  const text = body.trim();
  if (text === '') return undefined;
  if (jsonTooDeep(text)) throw new AppError(400, `${TOO_DEEP} in the request body`);
  try {
    return sjson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
  } catch {
    throw new AppError(400, 'Malformed JSON body');
  }
}

/** JSON parser that treats an empty body as absent (publish POSTs may carry Content-Type and nothing else). */
export function registerJsonParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  const parse = (_req: FastifyRequest, body: string | Buffer, done: (err: FastifyError | null, value?: unknown) => void) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (e) {
      done(e as FastifyError, undefined);
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  app.addContentTypeParser(/^application\/[\w.+-]+\+json$/, { parseAs: 'string' }, parse);
}

/** Translates every error to `{ error }` JSON with the right status; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // An error can come after a handler chose another type: a CSV export whose first page fails
    // has set text/csv and an attachment name. The error is JSON, and not a file.
    reply.type('application/json; charset=utf-8');
    reply.removeHeader('content-disposition');
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      return reply.code(err.status).send(err.body());
    }
    const e = err as FastifyError;
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The limit that applied: public submit routes have their own, far below BODY_LIMIT.
      const limit = request.routeOptions.bodyLimit ?? bodyLimit;
      return reply.code(413).send({ error: `Request body too large (limit ${limit} bytes)` });
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
      // In the visitor's language (no flow, so no config to choose it).
      const lang = negotiate(request.headers['accept-language']);
      const t = translator(lang);
      reply.header('vary', 'Accept-Language');
      return sendPage(reply, MessagePage({ title: t('pageNotFoundTitle'), message: t('pageNotFoundBody'), lang }), { status: 404 });
    }
    // Clients built for a fuller server (AppMate's MCP and SDK, WIRE.md) may call a capability
    // this one does not offer: say so, rather than a bare "not found".
    const api = path.startsWith('/api/');
    reply.code(404).send({
      error: api
        ? `${request.method} ${path} is not available on this server: no such endpoint in this version of Appflows (the API it offers is listed at /docs and /api/v1/openapi.json)`
        : `Not found: ${request.method} ${path}`,
    });
  });
}

/**
 * Fastify's router errors (the `frameworkErrors` option), answered like every other error, as
 * `{ error }`, and without echoing the path (Fastify's own bodies quote it back).
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  applyBaseHeaders(reply);
  if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send({ error: 'Malformed URL: invalid percent-encoding in the path' });
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send({ error: 'URI too long: a path segment is longer than the server accepts' });
  request.log.error({ err }, 'router error');
  return reply.code(500).send({ error: 'Internal server error' });
}

/** A request line alone over 8 KiB: the URI is what is too long (414), not the headers (431). */
function headerOverflowStatus(raw: Buffer | undefined): 414 | 431 {
  if (!Buffer.isBuffer(raw)) return 431;
  const head = raw.subarray(0, 8 * 1024).toString('latin1');
  return /^[A-Z]+ /.test(head) && !head.includes('\r\n') ? 414 : 431;
}

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (the `clientErrorHandler`
 * option): a request line and headers over Node's 16 KiB, a malformed request, a timeout.
 * Fastify's default answers JSON too, but not our `{ error }` shape.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string; rawPacket?: unknown }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status: number;
  let error: string;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') [status, error] = [408, 'Request timeout'];
  else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = headerOverflowStatus(err.rawPacket as Buffer | undefined);
    error = status === 414 ? 'URI too long' : `Request headers too large (limit ${maxHeaderSize} bytes with the request line)`;
  } else [status, error] = [400, 'Malformed HTTP request'];
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export interface OperationDeps {
  secret: string;
  country: CountryLookup;
  /** `client`: the hashed client address, which failed authentications are counted against. */
  authenticate(header: string | undefined, client: string): Promise<{ accountId: string }>;
  /** The outcome of a request a fast path ran before handing it to Fastify (kernel/fast-ops.ts). */
  fastOutcome?(req: import('node:http').IncomingMessage): Promise<unknown> | undefined;
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
    // The fast path's threshold on the route too, so both answer alike (kernel/compression.ts).
    ...(op.fast ? { compress: FAST_OP_COMPRESSION } : {}),
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
        cookie: request.headers.cookie,
        http: { request, reply },
      };
      // Authenticate before looking at input: an unauthenticated caller learns nothing (401, not 422).
      if (op.auth === 'owner') ctx.accountId = (await deps.authenticate(request.headers.authorization, ctx.client.ipHash)).accountId;
      const input = parseInput(op, { params: request.params, query: request.query, body: request.body });
      // A request the fast path already ran (kernel/fast-ops.ts) is answered with that outcome.
      const ran = deps.fastOutcome?.(request.raw);
      const result = ran ? await ran : await op.handler(input, ctx);
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
