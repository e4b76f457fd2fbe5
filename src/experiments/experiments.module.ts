import { conflict } from '../kernel/errors.js';
import { defineModule } from '../kernel/module.js';
import { experimentOperations } from './experiments.routes.js';
import { createExperimentPicker } from './experiments.picker.js';
import { createExperimentService } from './experiments.service.js';
import { registerExperimentsDashboard } from './experiments.dashboard.js';

/** Experiments (#37 §1): owners split a flow's live traffic between published versions (REST + OpenAPI + MCP). */
export const experimentsModule = defineModule({
  name: 'experiments',
  create(k) {
    // Serving: sessions of a flow with a running experiment start on the person's variant (kernel/flows/variants.ts).
    const serving = createExperimentPicker(k.db, k.clock);
    k.flows.setVariantPicker(serving.picker);
    const experiments = createExperimentService({ db: k.db, clock: k.clock, flows: k.flows, changed: serving.forget });
    // While an experiment runs, a plain publish would change what one variant serves mid-test.
    k.flows.guardPublish(async (_app, flow) => {
      const running = await experiments.running(flow.id);
      if (running) throw conflict(`Experiment "${running.name}" (${running.id}) runs on this flow: stop it before publishing`, { experimentId: running.id });
    });
    return {
      services: { experiments },
      operations: experimentOperations(k.apps, experiments),
      // Pages under the cancel, onboarding and waitlist tabs (/admin/apps/:app/<type>/experiments).
      dashboard: (scope, d) => registerExperimentsDashboard(scope, d),
    };
  },
});
