import type { Operation } from '../../kernel/operation.js';
import { startSessionOp } from '../../kernel/sessions/sessions.routes.js';
import type { CancelSessions } from './cancel.sessions.js';

export function cancelPublicOperations(sessions: CancelSessions, rateLimit: number): Operation[] {
  return [
    startSessionOp({
      id: 'startCancelSession',
      path: '/api/public/sessions',
      tags: ['Cancel flow (public)'],
      summary: 'Start a cancel session (the SDK’s startCancelFlow)',
      description:
        'Creates a session pinned to the published version of the app’s cancel flow (`flowSlug` targets a secondary one) and answers 201 `{ sessionId, token, flowUrl }`; the app opens `flowUrl` (an absolute URL under WEB_URL) in an in-app browser. 404 when the app is unknown or has no published cancel flow: the SDK then opens the subscription screen. The session is on disk before the answer. Rate limited per client (429 with Retry-After).',
      action: 'cancel.session',
      rateLimit,
      sessions,
    }),
  ];
}
