import { defineModule } from '../../kernel/module.js';
import { cancelFlow } from './cancel.flow.js';
import { createCancelInsights } from './cancel.insights.js';
import { cancelOwnerOperations } from './cancel.owner.routes.js';
import { registerCancelPages } from './cancel.pages.js';
import { cancelPreviewOperations, createCancelPreview } from './cancel.preview.js';
import { cancelPublicOperations } from './cancel.routes.js';
import { createCancelSessions } from './cancel.sessions.js';
import { createSessionStore } from '../../kernel/sessions/sessions.store.js';
import { sessionsSubjectData } from '../../kernel/sessions/sessions.subject.js';

/** The cancel (retention) flow: config, sessions started by the SDK, the hosted page, analytics. */
export const cancelModule = defineModule({
  name: 'cancel',
  flowTypes: [cancelFlow],
  create(k) {
    const store = createSessionStore(k.db);
    const sessions = createCancelSessions({ store, flows: k.flows, clock: k.clock, webUrl: k.config.webUrl });
    const preview = createCancelPreview({ apps: k.apps, flows: k.flows, clock: k.clock, secret: k.config.secret, webUrl: k.config.webUrl });
    const insights = createCancelInsights({ store, flows: k.flows });
    return {
      services: { cancel: { sessions, store, insights } },
      overview: [{ metric: 'cancel.sessions', label: 'Cancel flow sessions', flowType: 'cancel' }],
      subjectData: sessionsSubjectData(store, k.db.db, 'cancel'),
      operations: [...cancelPublicOperations(sessions, k.config.publicRateLimit), ...cancelOwnerOperations(k.apps, insights), ...cancelPreviewOperations(preview)],
      routes: (app, ctx) => registerCancelPages(app, { sessions, flows: k.flows, preview, secret: k.config.secret, rateLimit: k.config.publicRateLimit }, ctx),
    };
  },
});
