import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * The public API's cross-origin policy (docs/decisions.md, "Public API: JSON only, CORS"):
 * - Bodies are JSON only. A form-encoded (or text/plain, multipart) body is what a page on any
 *   site can make its visitors' browsers send without asking (no preflight): 415.
 * - Any origin may call it from a browser — owners embed waitlists and boards in their own
 *   sites — but only without credentials: responses carry `Access-Control-Allow-Origin: *` and
 *   never `Allow-Credentials`, so a cross-origin call carries no cookie of ours and acts for
 *   nobody but what its body says. A JSON POST or DELETE from another origin is preflighted;
 *   the preflight answers which methods and headers are allowed, cached for a day.
 */
export const PUBLIC_PREFIX = '/api/public/';
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function registerPublicApiPolicy(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(PUBLIC_PREFIX)) return;
    reply.header('access-control-allow-origin', '*');
    const type = request.headers['content-type'];
    // A bodiless request (GET, an empty DELETE) has nothing to parse.
    if (type !== undefined && !JSON_TYPE.test(type) && request.method !== 'OPTIONS') {
      throw new AppError(415, 'The public API takes JSON bodies only (Content-Type: application/json)');
    }
  });
  app.options(`${PUBLIC_PREFIX}*`, { schema: { hide: true } }, async (_request, reply) => {
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, DELETE')
      .header('access-control-allow-headers', 'Content-Type, Accept')
      .header('access-control-max-age', '86400');
  });
}
