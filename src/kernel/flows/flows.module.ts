import { defineModule } from '../module.js';
import { flowEvents } from './flows.events.js';
import { flowOperations } from './flows.routes.js';

/** GET / PUT / publish / versions of every registered flow type (the types come from the other modules). */
export const flowsModule = defineModule({
  name: 'flows',
  events: flowEvents,
  create: (k) => ({ services: {}, operations: flowOperations(k.apps, k.flows) }),
});
