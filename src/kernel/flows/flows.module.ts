import { defineModule } from '../module.js';
import { flowEvents } from './flows.events.js';
import { flowOperations } from './flows.routes.js';
import { createFlowScheduler, type ScheduleLogger } from './flows.schedule.js';

/** GET / PUT / publish / versions of every registered flow type (the types come from the other modules), and scheduled publish. */
export const flowsModule = defineModule({
  name: 'flows',
  events: flowEvents,
  create: (k) => {
    // Attached once the HTTP server exists (the scheduler runs only there).
    let logger: ScheduleLogger | undefined;
    const flowScheduler = createFlowScheduler({ db: k.db.db, flows: k.flows, apps: k.apps, clock: k.clock, logger: () => logger });
    return {
      services: { flowScheduler },
      operations: flowOperations(k.apps, k.flows, flowScheduler),
      routes: (app) => {
        logger = app.log;
      },
      start: () => flowScheduler.start(),
      close: () => flowScheduler.close(),
    };
  },
});
