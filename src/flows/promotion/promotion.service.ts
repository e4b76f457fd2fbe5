import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import type { Events } from '../../kernel/events/events.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { EventWriter } from './promotion.events.js';
import { createHistoryCache } from './promotion.history.js';
import { createResolver } from './promotion.resolve.js';
import { createReservations } from './promotion.reservations.js';
import { createPromotionState } from './promotion.state.js';
import type { PromotionStore } from './promotion.store.js';
import type { TokenSigner } from './promotion.token.js';
import { createTracking } from './promotion.tracking.js';

/** The SDK side of app promotion: resolve (promotion.resolve.ts), events and pending (promotion.tracking.ts). */
export function createPromotionService(deps: { store: PromotionStore; writer: EventWriter; signer: TokenSigner; flows: FlowService; apps: AppService; clock: Clock; events: Events }) {
  const state = createPromotionState(deps.apps);
  const history = createHistoryCache(deps.store, { singleWriter: deps.store.singleWriter });
  const reservations = createReservations();
  return { ...createResolver({ ...deps, state, history, reservations }), ...createTracking({ ...deps, state, history, reservations }), history, reservations };
}
export type PromotionService = ReturnType<typeof createPromotionService>;
