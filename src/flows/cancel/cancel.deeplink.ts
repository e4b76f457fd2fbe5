import { actionLink } from '../../kernel/sessions/deep-link.js';
import type { CancelButton } from './cancel.schema.js';

/**
 * The deep link a terminal button fires (WIRE C): `{scheme}://retention-flow/action?type=…&
 * session_id=…[&params]` (kernel/sessions/deep-link.ts). Config params are camelCase, link
 * params snake_case (`supportTopic` is `topic`); every value percent-encoded.
 */
const LINK_PARAMS: [keyof ButtonParams, string][] = [
  ['paywallId', 'paywall_id'],
  ['offerId', 'offer_id'],
  ['featureId', 'feature_id'],
  ['supportTopic', 'topic'],
  ['message', 'message'],
  ['url', 'url'],
];
type ButtonParams = { paywallId?: string; offerId?: string; featureId?: string; supportTopic?: string; message?: string; url?: string };

export function deepLink(scheme: string, button: Pick<CancelButton, 'action'> & ButtonParams, sessionId: string): string {
  return actionLink(scheme, button.action, sessionId, LINK_PARAMS.map(([from, to]) => [to, button[from]]));
}

/** Exits that keep the subscriber (the owner's "saved"), and the one that cancels. */
export const SAVED_ACTIONS = ['return_to_app', 'open_offer', 'open_premium'] as const;
export const CANCELLED_ACTION = 'manage_subscription';

export function outcomeOf(exit: string | null | undefined): 'saved' | 'cancelled' | 'other' | null {
  if (!exit) return null;
  if ((SAVED_ACTIONS as readonly string[]).includes(exit)) return 'saved';
  return exit === CANCELLED_ACTION ? 'cancelled' : 'other';
}
