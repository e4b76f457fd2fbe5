import { defineModule } from '../../kernel/module.js';
import { registerPromotionDashboard } from './promotion.dashboard.js';
import { createEventWriter } from './promotion.events.js';
import { promotionFlow } from './promotion.flow.js';
import { createPromotionOwner } from './promotion.owner.js';
import { promotionOperations } from './promotion.routes.js';
import { createPromotionService } from './promotion.service.js';
import { createPromotionStore } from './promotion.store.js';
import { promotionSubjectData } from './promotion.subject.js';
import { createTokenSigner } from './promotion.token.js';
import { promotionEvents } from './promotion.webhooks.js';

/** Cross-promotion of the owner's other apps: placements, eligibility, rotation, caps, signed tracking, deferred routes, stats. */
export const promotionModule = defineModule({
  name: 'promotion',
  flowTypes: [promotionFlow],
  events: promotionEvents,
  create(k) {
    const store = createPromotionStore(k.db);
    const promotions = createPromotionService({ store, writer: createEventWriter(k.db), signer: createTokenSigner(k.config.secret), flows: k.flows, apps: k.apps, clock: k.clock, events: k.events });
    const owner = createPromotionOwner({ store, flows: k.flows, apps: k.apps, clock: k.clock, flush: () => promotions.flush() });
    let timer: NodeJS.Timeout | undefined;
    return {
      services: { promotion: { promotions, owner, store } },
      operations: promotionOperations({ apps: k.apps, promotions, owner }, k.config.publicRateLimit),
      subjectData: promotionSubjectData(k.db.db, () => {
        promotions.history.clear();
        promotions.reservations.clear();
      }),
      overview: [
        { metric: 'promotion.impressions', label: 'Promotion impressions', flowType: 'app_promotion', section: 'promotion' },
        { metric: 'promotion.taps', label: 'Promotion taps', flowType: 'app_promotion', section: 'promotion' },
      ],
      dashboardSections: [{ path: 'promotion', label: 'App promotion' }],
      dashboard: (scope, d) => registerPromotionDashboard(scope, d, { db: k.db, clock: k.clock }),
      start() {
        timer = setInterval(() => void promotions.flush().catch(() => {}), 1000);
        timer.unref();
      },
      async close() {
        if (timer) clearInterval(timer);
        await promotions.drain();
        await promotions.flush().catch(() => {});
      },
    };
  },
});
