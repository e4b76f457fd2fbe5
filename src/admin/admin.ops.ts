import type { FastifyRequest } from 'fastify';
import { AppError, type Issue } from '../kernel/errors.js';
import type { OperationDeps } from '../kernel/http.js';
import { clientInfo } from '../kernel/identity.js';
import { parseInput, type Method, type Operation } from '../kernel/operation.js';
import { plainMessage } from './admin.messages.js';

/**
 * The dashboard's one logic path: it calls the declared operations (the same input schemas,
 * services and errors as REST and MCP), authenticated by the owner's session instead of a
 * Bearer token. No rule is written twice.
 */
export function createOpRunner(operations: Operation[], deps: Pick<OperationDeps, 'secret' | 'country'>) {
  const byRoute = new Map(operations.map((op) => [`${op.method} ${op.path}`, op]));
  const find = (method: Method, path: string) => byRoute.get(`${method} ${path}`);
  return {
    /** The operation at `method path` (Fastify path syntax), or undefined when no module declares it. */
    find,
    async call<T = any>(request: FastifyRequest, method: Method, path: string, raw: { params?: unknown; query?: unknown; body?: unknown }): Promise<T> {
      const op = find(method, path);
      if (!op) throw new AppError(404, `No operation ${method} ${path}`);
      if (!request.owner) throw new AppError(401, 'Sign in first');
      const ctx = { accountId: request.owner.accountId, client: clientInfo(request, deps.secret, deps.country) };
      return (await op.handler(parseInput(op, raw), ctx)) as T;
    },
  };
}
export type OpRunner = ReturnType<typeof createOpRunner>;

/**
 * An operation's refusal as form errors: issues by their first path segment (`/promotion/storeUrl`
 * -> promotion), in plain words. A field shows its first issue only; its further issues (an empty
 * URL is both too short and not a URL) are not repeated above the form as raw pointers.
 */
export function fieldErrors(e: AppError, fields: string[]): { errors: Record<string, string>; error?: string } {
  const errors: Record<string, string> = {};
  const issues = (e.extra.issues as Issue[] | undefined) ?? [];
  const rest: string[] = [];
  for (const i of issues) {
    const [first, ...more] = i.path.slice(1).split('/');
    const message = plainMessage(i.message);
    if (fields.includes(first)) errors[first] ??= more.length ? `${more.join('/')}: ${message}` : message;
    else rest.push(`${i.path} ${message}`);
  }
  if (!issues.length && e.status === 409 && /slug/i.test(e.message) && fields.includes('slug')) errors.slug = e.message;
  const shown = Object.keys(errors).length > 0;
  return { errors, error: shown && !rest.length ? undefined : shown ? rest.join('; ') : e.message };
}
