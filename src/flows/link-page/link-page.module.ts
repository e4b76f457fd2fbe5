import { registerFlowTab } from '../../admin/admin.flow-tab.js';
import { defineModule, type DashboardSection } from '../../kernel/module.js';
import { brandLookup } from '../../kernel/pages/bare-page.js';
import { createPageClickRecorder } from './link-page.clicks.js';
import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import { linkPageFlow } from './link-page.flow.js';
import type { LinkPageConfig } from './link-page.schema.js';
import { linkPageDraftView, registerLinkPagePages } from './link-page.pages.js';
import { linkPageOperations } from './link-page.routes.js';
import { createLinkPageStats } from './link-page.stats.js';

const LINK_PAGE_SECTION: DashboardSection = { path: 'link-page', label: 'Link page' };

/** The flow type with the dashboard's live preview of a draft (page code, attached here so the flow declaration, read by the CLI and MCP, imports no page). */
const linkPageFlowType: FlowTypeDef<LinkPageConfig> = { ...linkPageFlow, preview: (config, ctx) => linkPageDraftView(config, ctx.app) };

/** A link-in-bio page per app (`WEB_URL/p/<app>`): config, the hosted page, counted clicks, the owner's stats. */
export const linkPageModule = defineModule({
  name: 'link-page',
  flowTypes: [linkPageFlowType],
  create(k) {
    const clicks = createPageClickRecorder({ db: k.db, clock: k.clock });
    const stats = createLinkPageStats({ db: k.db.db, clock: k.clock });
    return {
      services: { linkPage: { clicks, stats } },
      operations: linkPageOperations({ apps: k.apps, flows: k.flows, stats }),
      routes: (app) => registerLinkPagePages(app, { flows: k.flows, clicks, brand: brandLookup(k.apps) }),
      dashboardSections: [LINK_PAGE_SECTION],
      dashboard: (scope, d) =>
        registerFlowTab(scope, d, {
          section: LINK_PAGE_SECTION,
          flow: linkPageFlow,
          intro: 'One page for your bio links: your app, its store buttons and your links, with every click counted.',
          urls: { webUrl: k.config.webUrl, baseUrl: k.config.baseUrl },
        }),
      close: () => clicks.drain(),
    };
  },
});
