import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { invalidInput, pointer, type Issue } from './errors.js';
import { MessagePage } from './pages/layout.js';
import { sendPage } from './pages/render.js';
import { applyBaseHeaders } from './security-headers.js';

/**
 * U+0000 is refused in every input, on both databases: PostgreSQL text cannot store it (the
 * query fails, a 500), SQLite can, and an API must not answer differently per database. One
 * rule at the edge instead of a refinement on every string schema: operations check it in
 * parseInput (HTTP and MCP alike), every other route in the hook below.
 */
export const NUL_MESSAGE = 'must not contain the NUL character';

const MAX_ISSUES = 20;

interface PathNode {
  parent: PathNode | undefined;
  key: PropertyKey;
}

const pathOf = (node: PathNode | undefined): PropertyKey[] => {
  const out: PropertyKey[] = [];
  for (let n = node; n; n = n.parent) out.push(n.key);
  return out.reverse();
};

/** A key shown in an issue path: its NUL written out, so the path itself carries none. */
const shownKey = (k: string) => k.replaceAll('\0', '\\u0000');

/**
 * Where a parsed input holds NUL: in a string or an object key, at any depth (arrays, records,
 * nested objects). Iterative, with parent-linked paths: a 1 MB JSON body can nest deeper than
 * the call stack, and copying each path would be quadratic. At most MAX_ISSUES are reported.
 */
export function nulIssues(value: unknown): Issue[] {
  const issues: Issue[] = [];
  const stack: [unknown, PathNode | undefined][] = [[value, undefined]];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) issues.push({ path: pointer(pathOf(at)), message: NUL_MESSAGE });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], { parent: at, key: i }]);
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      // Any record: parsed JSON, and Fastify's params and query objects (not plain Objects).
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        if (k.includes('\0')) {
          issues.push({ path: pointer(pathOf({ parent: at, key: shownKey(k) })), message: `key ${NUL_MESSAGE}` });
          continue;
        }
        stack.push([(v as Record<string, unknown>)[k], { parent: at, key: k }]);
      }
    }
  }
  return issues;
}

/** The first part of a request holding NUL, with the status parseInput gives that part. */
export function nulInRequest(raw: { params?: unknown; query?: unknown; body?: unknown }): { status: number; where: string; issues: Issue[] } | undefined {
  for (const [where, value, status] of [
    ['path', raw.params, 400],
    ['query', raw.query, 400],
    ['body', raw.body, 422],
  ] as const) {
    const issues = nulIssues(value);
    if (issues.length > 0) return { status, where, issues };
  }
  return undefined;
}

/** Browsers following a page or posting a form get a page; everything else the API's JSON. */
function wantsPage(request: FastifyRequest) {
  return !request.url.startsWith('/api/') && /text\/html/.test(request.headers.accept ?? '');
}

async function refuseNul(request: FastifyRequest, reply: FastifyReply) {
  const found = nulInRequest({ params: request.params, query: request.query, body: request.body });
  if (!found) return;
  const error = invalidInput(found.status, found.where, found.issues);
  if (request.routeOptions.config.ownHeaders) applyBaseHeaders(reply);
  if (wantsPage(request)) {
    const field = found.issues[0].path.slice(1) || found.where;
    return sendPage(reply, MessagePage({ title: 'That didn’t work', message: `“${field}” contains a character that is not allowed (NUL). Please remove it and try again.` }), {
      status: found.status,
    });
  }
  return reply.code(error.status).send(error.body());
}

/**
 * Adds the NUL check to every route registered from now on, except those that check their
 * input themselves (`checksOwnInput`): operations do it in parseInput after authentication (an
 * unauthenticated caller gets 401 whatever it sent), and the MCP endpoint through the same
 * parseInput for each tool call. Register before any route.
 */
export function registerNulGuard(app: FastifyInstance, checksOwnInput: (route: RouteOptions) => boolean) {
  app.addHook('onRoute', (route) => {
    if (checksOwnInput(route)) return;
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [refuseNul] : Array.isArray(existing) ? [refuseNul, ...existing] : [refuseNul, existing];
  });
}
