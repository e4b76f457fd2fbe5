import { defineModule } from '../../kernel/module.js';
import { crashFlow } from './crash.flow.js';
import { registerCrashPages } from './crash.pages.js';
import { crashOperations, crashRateLimit } from './crash.routes.js';
import { createCrashService } from './crash.service.js';
import { createCrashStore } from './crash.store.js';

/** Crash reports (WIRE B.1 #19-#20): the form flow, SDK submits grouped by fingerprint, the owner inbox and the hosted page. */
export const crashModule = defineModule({
  name: 'crash',
  flowTypes: [crashFlow],
  create(k) {
    const crash = createCrashService({ store: createCrashStore(k.db), published: k.flows.publicFlow, clock: k.clock });
    return {
      services: { crash },
      operations: crashOperations(k.apps, crash, k.config.publicRateLimit),
      routes: (app, ctx) => registerCrashPages(app, crash, { deps: ctx.deps, rateLimit: crashRateLimit(k.config.publicRateLimit) }),
    };
  },
});
