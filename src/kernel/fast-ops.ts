import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { FAST_OP_COMPRESSION } from './compression.js';
import { parseJsonBody } from './http.js';
import type { ClientInfo, OpContext, Operation } from './operation.js';
import { parseInput } from './operation.js';
import type { Preroute } from './preroute.js';
import type { RateBudget } from './rate-limit.js';
import { BASE_HEADERS } from './security-headers.js';
import { firstValue } from './first-value.js';


/**
 * Operations answered in front of Fastify (kernel/preroute.ts): public JSON POSTs called at app
 * launch (promotion resolve and events, #18), where Fastify's request lifecycle (routing, hooks,
 * content-type parsing, reply pipeline) cost about as much as the operation itself.
 *
 * The fast path does what the operation's route does, with the same pieces: the public API's
 * JSON-only rule, the route's rate limit in the same shared budget (rate-limit.ts), the same JSON
 * parser, `parseInput` (zod and the NUL rule), the operation's handler, the same serializer (the
 * response schema) and the headers the route would send (BASE_HEADERS, request id, CORS, rate-limit
 * headers). It answers only the plain case: a JSON body of known length, a success whose answer
 * needs no compression (fast operations compress from 4 KB: kernel/compression.ts). Everything
 * else is Fastify's, which then sees the request exactly as sent:
 * - before the body is read (another method or URL, no Content-Length, a non-JSON type, an
 *   exhausted rate budget — Fastify counts that request again and answers 429), untouched;
 * - after (malformed JSON, invalid input, an error from the handler, an answer to compress), with
 *   the body replayed (`registerFastOpsReplay`), the rate budget marked as spent (the limiter's
 *   allowList skips it), and the handler's outcome, if it ran, handed over: Fastify's route answers
 *   with that outcome instead of running the handler twice.
 * Not done on the fast path: per-request info logs, and the per-route latency histogram of /metrics
 * (it counts these requests in appflows_fast_path_requests_total instead).
 */
export interface FastOps {
  preroute: Preroute | undefined;
  /** The body of a request the fast path read before handing it over (replayed to Fastify's parser). */
  replayed(req: IncomingMessage): Buffer | undefined;
  /** The handler's outcome for a request the fast path handed over after running it. */
  outcome(req: IncomingMessage): Promise<unknown> | undefined;
  /** True for a request whose rate budget the fast path already spent. */
  prepaid(req: IncomingMessage): boolean;
}

interface Handover {
  body?: Buffer;
  outcome?: Promise<unknown>;
  prepaid?: boolean;
}

export function createFastOps(
  ops: Operation[],
  deps: { bodyLimit: number; client: (req: IncomingMessage) => ClientInfo; rate: RateBudget; /** True once the server began closing. */ closing(): boolean },
): FastOps {
  const handed = new WeakMap<IncomingMessage, Handover>();
  const byPath = new Map<string, { bodyLimit: number; run(req: IncomingMessage, res: ServerResponse, fastify: (req: IncomingMessage, res: ServerResponse) => void): void }>();

  for (const op of ops.filter((o) => o.fast)) {
    if (op.method !== 'POST' || op.auth !== 'public' || !op.body || !op.response || op.path.includes(':')) throw new Error(`${op.id}: only public JSON POSTs without path parameters can be fast`);
    const limit = (op.route?.config as { rateLimit?: { max: number; timeWindow: number }; rateAction?: string } | undefined) ?? {};
    if (!limit.rateLimit || !limit.rateAction) throw new Error(`${op.id}: a fast operation needs publicLimit()`);
    const { max, timeWindow } = limit.rateLimit;
    const action = limit.rateAction;
    const bodyLimit = op.route?.bodyLimit ?? deps.bodyLimit;
    const serialize = serializerCompiler({ schema: op.response, method: op.method, url: op.path } as never) as (data: unknown) => string;

    byPath.set(op.path, { bodyLimit, run: (req, res, fastify) => {
      const client = deps.client(req);
      const headers: Record<string, string> = { ...BASE_HEADERS, 'x-request-id': firstHeader(req, 'x-request-id') || randomUUID(), 'access-control-allow-origin': '*' };
      const send = (status: number, text: string, length: number) => {
        headers['content-type'] = 'application/json; charset=utf-8';
        headers['content-length'] = String(length);
        res.writeHead(status, headers);
        res.end(text);
      };
      const giveBack = (h: Handover) => {
        // What the rate limiter would have added (Fastify merges headers set here with its own).
        for (const k of RATE_HEADERS) if (headers[k]) res.setHeader(k, headers[k]);
        handed.set(req, h);
        fastify(req, res);
      };
      void deps.rate.take(`${action}:${client.ipHash}`, max, timeWindow).then((spent) => {
        if (spent.current > max) return fastify(req, res); // over budget: Fastify counts it and answers 429
        headers['x-ratelimit-limit'] = String(max);
        headers['x-ratelimit-remaining'] = String(Math.max(0, max - spent.current));
        headers['x-ratelimit-reset'] = String(Math.ceil(spent.ttl / 1000));
        readBody(req, bodyLimit, (body) => {
          if (!body) return res.destroy(); // the client went away, or sent more than it announced
          let input: unknown;
          try {
            input = parseInput(op, { params: {}, query: {}, body: parseJsonBody(body.toString('utf8')) });
          } catch {
            return giveBack({ body, prepaid: true }); // Fastify's parser and parseInput say why, the usual way
          }
          const ctx: OpContext = { accountId: '', client, cookie: req.headers.cookie };
          const outcome = Promise.resolve().then(() => op.handler(input as never, ctx));
          outcome.then(
            (result) => {
              const status = op.statusOf ? op.statusOf(result) : (op.status ?? 200);
              let text: string;
              try {
                text = serialize(result);
              } catch {
                return giveBack({ body, prepaid: true, outcome });
              }
              const length = Buffer.byteLength(text);
              // While the server closes, Fastify would answer 503 to a handler that already ran: answer it here, uncompressed.
              if (length >= FAST_OP_COMPRESSION.threshold && ACCEPTS_COMPRESSION.test(firstHeader(req, 'accept-encoding') ?? '') && !deps.closing()) return giveBack({ body, prepaid: true, outcome });
              send(status, text, length);
            },
            () => giveBack({ body, prepaid: true, outcome }),
          );
        });
      }, () => fastify(req, res));
    } });
  }

  return {
    preroute: byPath.size === 0
      ? undefined
      : (req, res, fastify) => {
          if (req.method !== 'POST') return false;
          const op = byPath.get(req.url ?? '');
          if (!op) return false;
          const type = req.headers['content-type'];
          const length = Number(req.headers['content-length']);
          const encoding = req.headers['content-encoding'];
          // Only what Fastify's application/json parser takes (other +json types: Fastify), and no
          // compressed bodies (the route's compress plugin inflates or refuses them).
          if (!type || !PLAIN_JSON.test(type) || !(length > 0 && length <= op.bodyLimit) || req.headers['transfer-encoding'] !== undefined) return false;
          if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
          op.run(req, res, fastify);
          return true;
        },
    outcome: (req) => handed.get(req)?.outcome,
    prepaid: (req) => handed.get(req)?.prepaid === true,
    replayed: (req) => handed.get(req)?.body,
  };
}

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;
const PLAIN_JSON = /^application\/json\s*(?:;|$)/i;
const ACCEPTS_COMPRESSION = /\b(?:br|gzip)\b|\*/;

const firstHeader = (req: IncomingMessage, name: string) => firstValue(req.headers[name]);

/** The whole body (Node's parser stops at Content-Length, which the preroute checked against the limit), or undefined if the client left. */
function readBody(req: IncomingMessage, limit: number, done: (body: Buffer | undefined) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > limit) over = true;
    else chunks.push(c);
  });
  req.on('end', () => done(over ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  req.on('error', () => done(undefined));
}

/**
 * Gives Fastify back a body the fast path read: a preParsing hook hands the content-type parser
 * a stream of the same bytes. Requests the fast path never touched pass through unchanged.
 */
export function registerFastOpsReplay(app: FastifyInstance, fast: FastOps) {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const body = fast.replayed(request.raw);
    if (!body) return done(null, payload);
    const stream = Readable.from([body]) as Readable & { receivedEncodedLength?: number };
    stream.receivedEncodedLength = body.length;
    done(null, stream);
  });
}
