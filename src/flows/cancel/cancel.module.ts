import { defineModule } from '../../kernel/module.js';
import { cancelFlow } from './cancel.flow.js';
import { createCancelInsights } from './cancel.insights.js';
import { cancelOwnerOperations } from './cancel.owner.routes.js';
import { cancelPublicOperations } from './cancel.routes.js';
import { createCancelSessions } from './cancel.sessions.js';
import { createCancelStore } from './cancel.store.js';

/** The cancel (retention) flow: config, sessions started by the SDK, the hosted page, analytics. */
export const cancelModule = defineModule({
  name: 'cancel',
  flowTypes: [cancelFlow],
  create(k) {
    const store = createCancelStore(k.db);
    const sessions = createCancelSessions({ store, flows: k.flows, clock: k.clock, webUrl: k.config.webUrl });
    const insights = createCancelInsights({ store, flows: k.flows });
    return {
      services: { cancel: { sessions, store, insights } },
      operations: [...cancelPublicOperations(sessions, k.config.publicRateLimit), ...cancelOwnerOperations(k.apps, insights)],
    };
  },
});
