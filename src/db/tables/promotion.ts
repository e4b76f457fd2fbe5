/** Table types: App promotion events, caps and decisions. */

export interface PromotionEventsTable {
  id: string;
  account_id: string;
  /** The source app (where the promotion was shown). */
  app_id: string;
  flow_id: string;
  placement: string;
  destination_app_id: string;
  /** The tracking token's nonce: (token_id, event) is unique, so events are idempotent. */
  token_id: string;
  /** impression | tapped | dismissed | installed | opened */
  event: string;
  /** `u:<userId>` or `a:<anonymousId>`: whose frequency caps the event counts for. */
  user_key: string | null;
  user_id: string | null;
  anonymous_id: string | null;
  /** Impressions: 1 when counted against maxImpressions, 0 when past the cap. */
  counted: number;
  /** tapped: the route the destination app opens on its first launch, and until when. */
  deferred_route: string | null;
  /** tapped with a deferred route: the token, handed to the destination app with it (for installed/opened). */
  tracking_token: string | null;
  pending_until: string | null;
  claimed_at: string | null;
  ip_hash: string | null;
  created_at: string;
}

export interface PromotionCapsTable {
  flow_id: string;
  destination_app_id: string;
  app_id: string;
  impressions: number;
}

export interface PromotionDecisionsTable {
  flow_id: string;
  /** '' for `none` decisions (no fill). */
  destination_app_id: string;
  day: string;
  app_id: string;
  decisions: number;
}

export interface PromotionTables {
  promotion_events: PromotionEventsTable;
  promotion_caps: PromotionCapsTable;
  promotion_decisions: PromotionDecisionsTable;
}
