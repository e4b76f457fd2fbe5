import type { Clock } from '../../kernel/clock.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { createFlowSessions, type OpenFlowSession } from '../../kernel/sessions/sessions.service.js';
import type { SessionStore } from '../../kernel/sessions/sessions.store.js';
import type { OnboardingConfig } from './onboarding.schema.js';

/** Steps the funnel records, once per session and key: opened, reached (key = the step's answer key, onboarding.warnings.ts answerKeys), completed. */
export type FunnelStep = 'opened' | 'reached' | 'completed';
export type OpenFunnel = OpenFlowSession<OnboardingConfig>;

/** Funnel sessions: the kernel's flow sessions of type `onboarding`, page `/onboarding/<app>/s/<id>?t=<token>`. */
export function createOnboardingSessions(deps: { store: SessionStore; flows: FlowService; clock: Clock; webUrl: string }) {
  return createFlowSessions<OnboardingConfig, FunnelStep>({
    ...deps,
    type: 'onboarding',
    // An experiment on the funnel converts when a session completes.
    converts: (r) => r.step === 'completed',
    pagePath: (appSlug, id, token) => `/onboarding/${encodeURIComponent(appSlug)}/s/${id}?t=${token}`,
  });
}
export type OnboardingSessions = ReturnType<typeof createOnboardingSessions>;
