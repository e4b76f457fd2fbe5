import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import { defineModule } from '../../kernel/module.js';
import { registerOnboardingDashboard } from './onboarding.dashboard.js';
import { onboardingEvents } from './onboarding.events.js';
import { onboardingFlow } from './onboarding.flow.js';
import { onboardingDraftView, registerOnboardingPages } from './onboarding.pages.js';
import type { OnboardingConfig } from './onboarding.schema.js';
import { createOnboardingPreview, onboardingPreviewOperations } from './onboarding.preview.js';
import { onboardingOperations } from './onboarding.routes.js';
import { createOnboardingSessions } from './onboarding.sessions.js';
import { createOnboardingStore } from './onboarding.store.js';
import { createOnboardingSubmissions } from './onboarding.submissions.js';
import { onboardingSubjectData } from './onboarding.subject.js';

/** The flow type with the dashboard's live preview of a draft (page code, attached here so onboarding.flow.ts, read by the CLI and MCP, imports no page). */
const onboardingFlowType: FlowTypeDef<OnboardingConfig> = { ...onboardingFlow, preview: (config, ctx) => onboardingDraftView(config, ctx.app, ctx.screen) };

/** The web onboarding funnel: config, sessions, the hosted funnel and its embed, the owner's preview, completion with a one-time claim token, the app's claim, owner lists and funnel stats. */
export const onboardingModule = defineModule({
  name: 'onboarding',
  flowTypes: [onboardingFlowType],
  events: onboardingEvents,
  create(k) {
    const store = createOnboardingStore(k.db);
    const sessionStore = k.sessions;
    const sessions = createOnboardingSessions({ store: sessionStore, flows: k.flows, clock: k.clock, webUrl: k.config.webUrl });
    const submissions = createOnboardingSubmissions({
      store,
      flows: k.flows,
      apps: k.apps,
      clock: k.clock,
      events: k.events,
      // A completion in a session answers the version the session pinned, and marks it completed.
      pinned: async (appSlug, sessionId, token) => {
        const o = await sessions.open(appSlug, sessionId, token);
        return { sessionId, versionNumber: o.session.version_number, config: o.config, markCompleted: () => sessions.record(o.session, 'completed') };
      },
    });
    const preview = createOnboardingPreview({ apps: k.apps, flows: k.flows, clock: k.clock, secret: k.config.secret, webUrl: k.config.webUrl });
    return {
      services: { onboarding: { submissions, sessions, store, sessionStore } },
      overview: [
        { metric: 'onboarding.sessions', label: 'Onboarding starts', flowType: 'onboarding', section: 'onboarding' },
        { metric: 'onboarding.completions', label: 'Onboarding completions', flowType: 'onboarding', section: 'onboarding' },
      ],
      dashboardSections: [{ path: 'onboarding', label: 'Onboarding' }],
      dashboard: (scope, d) => registerOnboardingDashboard(scope, d, { db: k.db, clock: k.clock }),
      subjectData: onboardingSubjectData(store, sessionStore, k.db.db),
      operations: [
        ...onboardingOperations({ apps: k.apps, flows: k.flows, submissions, sessions, store, sessionStore }, k.config.publicRateLimit),
        ...onboardingPreviewOperations(preview),
      ],
      routes: (app, ctx) =>
        registerOnboardingPages(app, { sessions, submissions, flows: k.flows, preview, secret: k.config.secret, rateLimit: k.config.publicRateLimit }, ctx),
    };
  },
});
