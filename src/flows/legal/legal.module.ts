import { registerFlowTab } from '../../admin/admin.flow-tab.js';
import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import { defineModule, type DashboardSection } from '../../kernel/module.js';
import { freeze } from './legal.declaration.js';
import { legalFlow } from './legal.flow.js';
import { LEGAL_SCREENS, legalDraftView, registerLegalPages } from './legal.pages.js';
import type { LegalConfig } from './legal.schema.js';
import { legalOperations } from './legal.routes.js';
import { createLegalService } from './legal.service.js';

const LEGAL_SECTION: DashboardSection = { path: 'legal', label: 'Legal' };

/** The flow type with the dashboard's live preview (page code, attached here so legal.flow.ts, read by the CLI and MCP, imports no page). */
const legalFlowType: FlowTypeDef<LegalConfig> = {
  ...legalFlow,
  /** The legal pages the draft would publish today (what the app's published flows collect, frozen as publish would). */
  async preview(config, ctx) {
    const flows = (await ctx.publishedFlows()).filter((f) => f.type !== 'legal');
    return legalDraftView(config, ctx.app, freeze(config, flows), ctx.clock.now().toISOString().slice(0, 10), ctx.screen);
  },
  previewScreens: () => LEGAL_SCREENS,
};

/** Privacy policy and terms from asserted facts: frozen versions, public pages, App Store and Play declarations. */
export const legalModule = defineModule({
  name: 'legal',
  flowTypes: [legalFlowType],
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
