import type { App } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { memoize } from '../../kernel/memoize.js';

/** How long this node trusts what it read of other nodes' state (placements, apps, cap counters). */
export const PROMOTION_CACHE_MS = 1000;

/** What resolve and tracking share on one node: the account's apps, and which caps it saw reached. */
export function createPromotionState(apps: AppService) {
  /** Destinations whose cap this node saw reached (counters read from the database may be up to a second old). */
  const capped = new Set<string>();
  const capKey = (flowId: string, destinationAppId: string, cap: number) => `${flowId}\n${destinationAppId}\n${cap}`;
  return {
    /** The account's apps by id (destination metadata), for at most PROMOTION_CACHE_MS. */
    accountApps: memoize(async (accountId: string): Promise<Map<string, App>> => new Map((await apps.list(accountId)).map((a) => [a.id, a])), (a) => a, PROMOTION_CACHE_MS, 10_000, 'promotion.apps'),
    /** An app's account never changes: the source app of a token is kept a minute. */
    appById: memoize((id: string) => apps.byId(id), (id) => id, 60_000, 10_000, 'promotion.source'),
    capReached: (flowId: string, destinationAppId: string, cap: number) => void capped.add(capKey(flowId, destinationAppId, cap)),
    isCapReached: (flowId: string, destinationAppId: string, cap: number) => capped.has(capKey(flowId, destinationAppId, cap)),
  };
}
export type PromotionState = ReturnType<typeof createPromotionState>;
