import { defineOp, type Operation } from '../../kernel/operation.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import { startRequest, startResponse } from '../../kernel/sessions/sessions.schema.js';
import type { CancelSessions } from './cancel.sessions.js';

/** Per-minute sessions per client: a cancel intent is rare, but carrier NAT puts many users behind one address. */
export const sessionLimit = (submit: number) => submit * 3;

export function cancelPublicOperations(sessions: CancelSessions, rateLimit: number): Operation[] {
  return [
    defineOp({
      id: 'startCancelSession',
      method: 'POST',
      path: '/api/public/sessions',
      auth: 'public',
      tags: ['Cancel flow (public)'],
      summary: 'Start a cancel session (the SDK’s startCancelFlow)',
      description:
        'Creates a session pinned to the published version of the app’s cancel flow (`flowSlug` targets a secondary one) and answers 201 `{ sessionId, token, flowUrl }`; the app opens `flowUrl` (an absolute URL under WEB_URL) in an in-app browser. 404 when the app is unknown or has no published cancel flow: the SDK then opens the subscription screen. The session is on disk before the answer. Rate limited per client (429 with Retry-After).',
      body: startRequest,
      status: 201,
      response: startResponse,
      errors: [404, 422, 429],
      route: { config: publicLimit(sessionLimit(rateLimit), 'cancel.session'), bodyLimit: 16 * 1024 },
      handler: async ({ body }, ctx) => sessions.start(body, ctx.client),
    }),
  ];
}
