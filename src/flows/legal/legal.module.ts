import { registerFlowTab } from '../../admin/admin.flow-tab.js';
import { defineModule, type DashboardSection } from '../../kernel/module.js';
import { legalFlow } from './legal.flow.js';
import { registerLegalPages } from './legal.pages.js';
import { legalOperations } from './legal.routes.js';
import { createLegalService } from './legal.service.js';

const LEGAL_SECTION: DashboardSection = { path: 'legal', label: 'Legal' };

/** Privacy policy and terms from asserted facts: frozen versions, public pages, App Store and Play declarations. */
export const legalModule = defineModule({
  name: 'legal',
  flowTypes: [legalFlow],
  create(k) {
    const legal = createLegalService({ flows: k.flows, webUrl: k.config.webUrl });
    return {
      services: { legal: { legal } },
      operations: legalOperations({ apps: k.apps, legal }),
      routes: (app) => registerLegalPages(app, { legal, apps: k.apps }),
      dashboardSections: [LEGAL_SECTION],
      // The tab says where the policy, terms and store answers live; the flow editor edits them.
      dashboard: (scope, d) =>
        registerFlowTab(scope, d, {
          section: LEGAL_SECTION,
          flow: legalFlow,
          intro: 'Your privacy policy and terms, written from facts you assert, and the answers for the App Store and Google Play privacy forms.',
          urls: { webUrl: k.config.webUrl, baseUrl: k.config.baseUrl },
        }),
    };
  },
});
