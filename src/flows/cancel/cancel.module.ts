import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import { defineModule } from '../../kernel/module.js';
import { registerCancelDashboard } from './cancel.dashboard.js';
import { outcomeOf } from './cancel.deeplink.js';
import { cancelCompletion, cancelEvents } from './cancel.events.js';
import { cancelFlow } from './cancel.flow.js';
import { createCancelInsights } from './cancel.insights.js';
import { cancelOwnerOperations } from './cancel.owner.routes.js';
import { cancelDraftView, registerCancelPages } from './cancel.pages.js';
import type { CancelConfig } from './cancel.schema.js';
import { cancelPreviewOperations, createCancelPreview } from './cancel.preview.js';
import { cancelPublicOperations } from './cancel.routes.js';
import { createCancelSessions } from './cancel.sessions.js';
import { sessionsSubjectData } from '../../kernel/sessions/sessions.subject.js';

/** The flow type with the dashboard's live preview of a draft, one screen at a time (the hosted page's own views). */
const cancelFlowType: FlowTypeDef<CancelConfig> = { ...cancelFlow, preview: (config, ctx) => cancelDraftView(config, ctx.app, ctx.flowSlug, 'cancel', ctx.screen) };

/** The cancel (retention) flow: config, sessions started by the SDK, the hosted page, analytics. */
export const cancelModule = defineModule({
  name: 'cancel',
  flowTypes: [cancelFlowType],
  events: cancelEvents,
  create(k) {
    // A save (the owner's daily `cancel.saves`): the session's one exit, by an action that keeps the subscriber.
    const store = k.sessions;
    store.rollUpSteps('cancel', (r) => (r.step === 'exit' && outcomeOf(r.detail) === 'saved' ? 'cancel.saves' : null));
    const sessions = createCancelSessions({ store, flows: k.flows, clock: k.clock, webUrl: k.config.webUrl, completed: cancelCompletion({ events: k.events, store, flows: k.flows }) });
    const preview = createCancelPreview({ apps: k.apps, flows: k.flows, clock: k.clock, secret: k.config.secret, webUrl: k.config.webUrl });
    const insights = createCancelInsights({ store, flows: k.flows });
    return {
      services: { cancel: { sessions, store, insights } },
      overview: [
        { metric: 'cancel.sessions', label: 'Cancel flow sessions', flowType: 'cancel', section: 'cancel' },
        { metric: 'cancel.saves', label: 'Subscribers saved', flowType: 'cancel', section: 'cancel' },
      ],
      dashboardSections: [{ path: 'cancel', label: 'Cancel flow' }],
      dashboard: (scope, d) => registerCancelDashboard(scope, d, { db: k.db, clock: k.clock }),
      subjectData: sessionsSubjectData(store, k.db.db, 'cancel'),
      operations: [...cancelPublicOperations(sessions, k.config.publicRateLimit), ...cancelOwnerOperations(k.apps, insights), ...cancelPreviewOperations(preview)],
      routes: (app, ctx) => registerCancelPages(app, { sessions, flows: k.flows, preview, secret: k.config.secret, rateLimit: k.config.publicRateLimit }, ctx),
    };
  },
});
