import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError, invalidInput, issuesFrom } from './errors.js';
import { nulIssues } from './nul.js';

/**
 * One declaration per operation: id, method, path, auth, input and output schemas and the
 * handler live together. The REST route, its OpenAPI entry and the MCP tool are generated
 * from it (server.ts, mcp/). Handlers know nothing of HTTP: they get parsed input and a context.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the client sent that services may need (never the raw IP). */
export interface ClientInfo {
  /** HMAC-SHA256 of the client IP with the server secret (hex). */
  ipHash: string;
  userAgent: string | null;
  /** 2-letter ISO country or null. */
  country: string | null;
  /** The first-party visitor cookie (VISITOR_COOKIE) when the browser sent one: experiments assign web visitors by it. */
  visitor?: string;
}

export interface OpContext {
  /** Set on owner operations: the account the Bearer token acts for. */
  accountId: string;
  client: ClientInfo;
  /** The request's Cookie header, when called over HTTP (Fastify's route or a fast path: kernel/fast-ops.ts). */
  cookie?: string;
  /** Present only when called through Fastify's route (public endpoints that set cookies, etc.); never on a fast path. */
  http?: { request: FastifyRequest; reply: FastifyReply };
}

/** A CSV (or other text) body streamed back instead of JSON. */
export interface TextResult {
  kind: 'text';
  contentType: string;
  filename?: string;
  body: string | Readable;
}

export const textResult = (contentType: string, body: string | Readable, filename?: string): TextResult => ({
  kind: 'text',
  contentType,
  body,
  filename,
});

type Shape = z.ZodObject<any>;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Operation<P extends Shape | undefined = any, Q extends Shape | undefined = any, B extends z.ZodType | undefined = any> {
  /** OpenAPI operationId. */
  id: string;
  /** MCP tool name; omitted = not exposed to agents. */
  mcp?: string;
  /** How the body reaches an MCP tool: its fields merged into the tool input, or under one key. */
  mcpBodyKey?: string;
  method: Method;
  /** Fastify path syntax (`/api/v1/apps/:idOrSlug`). */
  path: string;
  auth: 'owner' | 'public';
  tags: string[];
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Status of a successful answer (default 200). */
  status?: number;
  /** Picks the success status per result (201 created vs 200 already there); documented with the same schema. */
  statusOf?(result: any): number;
  /** Schema of the successful answer (JSON); omitted for text results. */
  response?: z.ZodType;
  /** Content type when the handler returns a TextResult. */
  produces?: string;
  /** Error statuses this operation can answer with, for the OpenAPI document. */
  errors?: number[];
  /** Body is optional (e.g. DELETE with or without a JSON body). */
  bodyOptional?: boolean;
  /** Fastify route options: per-route rate limit (`config: publicLimit(n)`) and body size. */
  route?: { config?: Record<string, unknown>; bodyLimit?: number };
  /**
   * Answered in front of Fastify when the request is plain (kernel/fast-ops.ts): for public JSON
   * POSTs on a launch-time hot path, with publicLimit(); same answers, headers and limits.
   */
  fast?: boolean;
  /** `rawBody`: the body as sent, before `body` normalised it (a flow PUT warns about what it could not keep). */
  handler(input: { params: Out<P>; query: Out<Q>; body: Out<B>; rawBody?: unknown }, ctx: OpContext): Promise<unknown>;
}

export function defineOp<P extends Shape | undefined = undefined, Q extends Shape | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  op: Operation<P, Q, B>,
): Operation<P, Q, B> {
  return op;
}

/**
 * Parses raw input with the operation's schemas. Query/path problems are 400, body problems
 * 422; both list the failing paths. Shared by HTTP and MCP so both reject the same way.
 * A NUL character anywhere in a part is refused before its schema runs, even in a part the
 * operation ignores, alike on both databases (kernel/nul.ts).
 */
export function parseInput(op: Operation, raw: { params?: unknown; query?: unknown; body?: unknown }) {
  const part = (schema: z.ZodType | undefined, value: unknown, status: number, where: string) => {
    const nul = nulIssues(value);
    if (nul.length > 0) throw invalidInput(status, where, nul);
    if (!schema) return undefined;
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    throw invalidInput(status, where, issuesFrom(r.error));
  };
  const params = part(op.params, raw.params ?? {}, 400, 'path');
  const query = part(op.query, raw.query ?? {}, 400, 'query');
  let body: unknown;
  if (op.body) {
    // Fastify hands a bodiless request over as null.
    const absent = raw.body === undefined || raw.body === null;
    if (absent && op.bodyOptional) body = undefined;
    else if (absent) throw new AppError(422, 'Request body is required', { issues: [{ path: '/', message: 'Required' }] });
    else body = part(op.body, raw.body, 422, 'body');
  } else part(undefined, raw.body, 422, 'body');
  return { params, query, body, rawBody: raw.body } as any;
}
