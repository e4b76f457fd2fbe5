import type { Clock } from '../../kernel/clock.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { createFlowSessions, type FlowSessionsDeps, type OpenFlowSession } from '../../kernel/sessions/sessions.service.js';
import type { SessionStore } from '../../kernel/sessions/sessions.store.js';
import type { CancelConfig } from './cancel.schema.js';
import { outcomeOf } from './cancel.deeplink.js';

/** Steps the cancel page records, once per session and key. */
export type Step = 'opened' | 'reason' | 'response' | 'click' | 'thanks' | 'exit';

export type OpenSession = OpenFlowSession<CancelConfig>;

/** Cancel sessions: the kernel's flow sessions of type `cancel`, whose page is `/cancel/<app>/s/<id>?t=<token>`. */
export function createCancelSessions(deps: { store: SessionStore; flows: FlowService; clock: Clock; webUrl: string; completed?: FlowSessionsDeps<Step>['completed'] }) {
  return createFlowSessions<CancelConfig, Step>({
    ...deps,
    type: 'cancel',
    // An experiment on the cancel flow converts when a session's outcome is saved (what `cancel.saves` counts).
    converts: (r) => r.step === 'exit' && outcomeOf(r.detail) === 'saved',
    pagePath: (appSlug, id, token) => `/cancel/${encodeURIComponent(appSlug)}/s/${id}?t=${token}`,
  });
}
export type CancelSessions = ReturnType<typeof createCancelSessions>;
