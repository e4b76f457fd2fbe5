import { FlowRegistry } from '../kernel/flows/registry.js';
import { cancelFlow } from './cancel/cancel.flow.js';
import { wishlistFlow } from './wishlist/wishlist.flow.js';

/** The flow registry: one line per flow type. */
export function createRegistry(): FlowRegistry {
  return new FlowRegistry()
    .register(cancelFlow)
    .register(wishlistFlow);
}
