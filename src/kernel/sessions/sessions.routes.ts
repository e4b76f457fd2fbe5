import { defineOp, type ClientInfo, type Operation } from '../operation.js';
import { publicLimit } from '../rate-limit.js';
import { startRequest, startResponse, type StartRequest } from './sessions.schema.js';

/** Per-minute sessions per client: a flow is opened rarely, but carrier NAT puts many users behind one address. */
export const sessionLimit = (submit: number) => submit * 3;

/** The public `POST …/sessions` of a hosted flow type (the SDK's start call): WIRE B.2 StartRequest in, StartResponse out. */
export function startSessionOp(o: {
  id: string;
  path: string;
  tags: string[];
  summary: string;
  description: string;
  /** Rate-limit action, shared with the flow's own pages that start web sessions. */
  action: string;
  rateLimit: number;
  sessions: { start(body: StartRequest, client: ClientInfo): Promise<unknown> };
}): Operation {
  return defineOp({
    id: o.id,
    method: 'POST',
    path: o.path,
    auth: 'public',
    tags: o.tags,
    summary: o.summary,
    description: o.description,
    body: startRequest,
    status: 201,
    response: startResponse,
    errors: [404, 422, 429],
    route: { config: publicLimit(sessionLimit(o.rateLimit), o.action), bodyLimit: 16 * 1024 },
    // The SDK's start call is a hot path (#38): answered in front of Fastify (kernel/fast-ops.ts).
    fast: true,
    handler: async ({ body }, ctx) => o.sessions.start(body, ctx.client),
  });
}
