import type { FlowTypeDef } from '../../kernel/flows/registry.js';
import { defineModule } from '../../kernel/module.js';
import type { ReferralConfig } from './referral.schema.js';
import { registerReferralDashboard } from './referral.dashboard.js';
import { referralEvents } from './referral.events.js';
import { referralFlow } from './referral.flow.js';
import { createReferralOwner } from './referral.owner.js';
import { referralDraftView, referralScreens, registerReferralPages } from './referral.pages.js';
import { referralOperations } from './referral.routes.js';
import { createReferralService } from './referral.service.js';
import { createReferralStore } from './referral.store.js';
import { referralSubjectData } from './referral.subject.js';

/** The flow type with the dashboard's live preview of a draft (page code, attached here so the flow declaration, read by the CLI and MCP, imports no page). */
const referralFlowType: FlowTypeDef<ReferralConfig> = { ...referralFlow, preview: (config, ctx) => referralDraftView(config, ctx.app, ctx.screen), previewScreens: referralScreens };

/** Share-with-a-friend: codes, the invite page, clipboard handoff, attribution, rewards with caps, the owner's graph. */
export const referralModule = defineModule({
  name: 'referral',
  flowTypes: [referralFlowType],
  events: referralEvents,
  create(k) {
    const store = createReferralStore(k.db);
    const referrals = createReferralService({ store, flows: k.flows, apps: k.apps, clock: k.clock, webUrl: k.config.webUrl, events: k.events });
    const owner = createReferralOwner({ store, clock: k.clock });
    return {
      services: { referral: { referrals, owner, store } },
      subjectData: referralSubjectData(store),
      overview: [{ metric: 'referral.referrals', label: 'Referrals', flowType: 'referral', section: 'referral' }],
      dashboardSections: [{ path: 'referral', label: 'Referrals' }],
      dashboard: (scope, d) => registerReferralDashboard(scope, d, { db: k.db, clock: k.clock }),
      operations: referralOperations({ apps: k.apps, flows: k.flows, referrals, owner }, k.config.publicRateLimit),
      routes: (app, ctx) => registerReferralPages(app, { referrals, store, apps: k.apps, config: k.config, country: ctx.country }),
    };
  },
});
