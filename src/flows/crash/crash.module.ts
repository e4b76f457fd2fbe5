import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import { defineModule } from '../../kernel/module.js';
import type { CrashConfig } from './crash.schema.js';
import { crashFlow } from './crash.flow.js';
import { CRASH_SECTION, registerCrashInbox } from './crash.dashboard.js';
import { crashDraftView, registerCrashPages } from './crash.pages.js';
import { crashOperations, crashRateLimit } from './crash.routes.js';
import { createCrashService } from './crash.service.js';
import { CRASH_METRIC, createCrashStore } from './crash.store.js';
import { crashSubjectData } from './crash.subject.js';
import { CRASH_EVENTS } from './crash.events.js';

/** The flow type with the dashboard's live preview of a draft (page code, attached here so the flow declaration, read by the CLI and MCP, imports no page). */
const crashFlowType: FlowTypeDef<CrashConfig> = { ...crashFlow, preview: (config, ctx) => crashDraftView(config, ctx.app, ctx.flowSlug, ctx.screen) };

/** Crash reports (WIRE B.1 #19-#20): the form flow, SDK submits grouped by fingerprint, the owner inbox and the hosted page. */
export const crashModule = defineModule({
  name: 'crash',
  flowTypes: [crashFlowType],
  events: CRASH_EVENTS,
  create(k) {
    const store = createCrashStore(k.db);
    const crash = createCrashService({ store, published: k.flows.publicFlow, clock: k.clock, events: k.events });
    return {
      services: { crash },
      subjectData: crashSubjectData(store, k.db.db),
      operations: crashOperations(k.apps, crash, k.config.publicRateLimit),
      routes: (app, ctx) => registerCrashPages(app, crash, { deps: ctx.deps, rateLimit: crashRateLimit(k.config.publicRateLimit) }),
      dashboard: (scope, d) => registerCrashInbox(scope, d),
      dashboardSections: [CRASH_SECTION],
      overview: [{ metric: CRASH_METRIC, label: 'Crash reports', flowType: 'crash', section: 'crash' }],
    };
  },
});
