/** Table types: one interface per table, composed into Database. Modules add theirs here. */

export interface AccountsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface ApiTokensTable {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AppsTable {
  id: string;
  account_id: string;
  name: string;
  slug: string;
  bundle_id: string | null;
  deep_link_scheme: string | null;
  logo_url: string | null;
  promotion_json: string | null;
  /** Default language of the app's hosted pages (a flow's own `locale` wins); null = English. */
  locale: string | null;
  created_at: string;
  updated_at: string;
}

export interface FlowsTable {
  id: string;
  app_id: string;
  type: string;
  slug: string;
  is_primary: number;
  draft_json: string;
  draft_updated_at: string;
  current_version_id: string | null;
  published_version_number: number;
  created_at: string;
  updated_at: string;
}

export interface FlowVersionsTable {
  id: string;
  flow_id: string;
  version_number: number;
  config_json: string;
  published_at: string;
}

export interface KernelTables {
  accounts: AccountsTable;
  api_tokens: ApiTokensTable;
  apps: AppsTable;
  flows: FlowsTable;
  flow_versions: FlowVersionsTable;
}

export interface LinksTable {
  id: string;
  app_id: string;
  code: string;
  name: string;
  url: string;
  ios_url: string | null;
  android_url: string | null;
  status: 'active' | 'disabled';
  expires_at: string | null;
  max_clicks: number | null;
  click_count: number;
  bot_click_count: number;
  /** Rows in link_clicks for this link; the next row's seq. */
  history_count: number;
  expired_behavior: 'page' | 'redirect';
  expired_url: string | null;
  expired_message: string | null;
  created_at: string;
  updated_at: string;
}

/** Per-link click counters by target, country ('' = unknown) and bot flag: what stats read. */
export interface LinkClickCountsTable {
  link_id: string;
  target: LinkClicksTable['target'];
  country: string;
  is_bot: number;
  clicks: number;
}

export interface LinkClicksTable {
  link_id: string;
  seq: number;
  created_at: string;
  target: 'ios' | 'android' | 'fallback' | 'expired';
  country: string | null;
  is_bot: number;
}

export interface LinksTables {
  links: LinksTable;
  link_clicks: LinkClicksTable;
  link_click_counts: LinkClickCountsTable;
}

export interface WaitlistSignupsTable {
  id: string;
  app_id: string;
  flow_id: string;
  email: string;
  /** Lower-cased, trimmed: one signup per address per waitlist. */
  email_normalized: string;
  source: string | null;
  country: string | null;
  user_agent: string | null;
  locale: string | null;
  platform: string | null;
  app_version: string | null;
  referrer: string | null;
  attributes_json: string | null;
  created_at: string;
  /** Approximate place, as the client sent it (migration 0012). */
  area: string | null;
  approx_lat: number | null;
  approx_lon: number | null;
  /** Geohash of the rounded coordinates, 5 characters (about 5 km). */
  geohash: string | null;
}

export interface FormSubmissionsTable {
  id: string;
  app_id: string;
  flow_id: string;
  type: string;
  message: string | null;
  rating: number | null;
  category: string | null;
  name: string | null;
  email: string | null;
  attributes_json: string | null;
  source: string | null;
  country: string | null;
  user_agent: string | null;
  created_at: string;
  /** `new` or `reviewed` (migration 0121). */
  status: string;
  reviewed_at: string | null;
}

export interface FormsTables {
  waitlist_signups: WaitlistSignupsTable;
  form_submissions: FormSubmissionsTable;
}

export interface WishlistIdeasTable {
  id: string;
  app_id: string;
  flow_id: string;
  title: string;
  body: string | null;
  category: string | null;
  status: string;
  vote_count: number;
  comment_count: number;
  pinned: number;
  author_name: string | null;
  email: string | null;
  email_hash: string | null;
  voter_key: string | null;
  source: string | null;
  country: string | null;
  created_at: string;
  updated_at: string;
}

export interface WishlistVotesTable {
  idea_id: string;
  voter_key: string;
  created_at: string;
}

export interface WishlistCommentsTable {
  id: string;
  idea_id: string;
  app_id: string;
  body: string;
  author_name: string | null;
  is_owner: number;
  is_official: number;
  voter_key: string | null;
  deleted_at: string | null;
  created_at: string;
}

export interface WishlistTables {
  wishlist_ideas: WishlistIdeasTable;
  wishlist_votes: WishlistVotesTable;
  wishlist_comments: WishlistCommentsTable;
}

export interface FlowSessionsTable {
  id: string;
  app_id: string;
  flow_id: string;
  /** `cancel`, `onboarding`. */
  flow_type: string;
  /** The published version the session was started on (pinned). */
  version_id: string;
  version_number: number;
  /** The page's capability: only a visitor holding it can walk and record the session. */
  token: string;
  /** `sdk` (POST /api/public/sessions) or `web` (the page opened without a session). */
  source: string;
  platform: string | null;
  user_id: string | null;
  anonymous_id: string | null;
  locale: string | null;
  app_version: string | null;
  attributes_json: string | null;
  country: string | null;
  created_at: string;
}

/** One row per session, step and key (a reload records nothing twice). */
export interface FlowStepsTable {
  session_id: string;
  /** cancel: opened | reason | response | click | thanks | exit; onboarding: opened | reached | completed */
  step: string;
  /** The reason id for reason/response, the button for click, '' otherwise. */
  key: string;
  /** The action of a click or an exit. */
  detail: string | null;
  app_id: string;
  flow_id: string;
  version_number: number;
  created_at: string;
}

/** Sessions of the hosted flows that have them (kernel/sessions). */
export interface SessionTables {
  flow_sessions: FlowSessionsTable;
  flow_steps: FlowStepsTable;
}

export interface OnboardingSubmissionsTable {
  id: string;
  app_id: string;
  flow_id: string;
  version_number: number;
  /** The funnel session it completed, when it ran in one. */
  session_id: string | null;
  /** Answer key (step id) -> option key(s) or text. */
  answers_json: string;
  email: string | null;
  source: string;
  country: string | null;
  /** SHA-256 (hex) of the one-time claim token; the token itself is never stored. */
  claim_hash: string;
  claim_expires_at: string;
  claimed_at: string | null;
  claimed_user_id: string | null;
  claimed_anonymous_id: string | null;
  created_at: string;
}

export interface OnboardingTables {
  onboarding_submissions: OnboardingSubmissionsTable;
}

export interface ReferralCodesTable {
  app_id: string;
  user_id: string;
  /** 8 characters of an unambiguous alphabet, upper case; unique across the service. */
  code: string;
  created_at: string;
}

export interface ReferralsTable {
  id: string;
  app_id: string;
  code: string;
  referrer_user_id: string;
  /** pending (a landing visit holding a clipboard token) | attributed | expired */
  status: string;
  /** link (through the invite page's token or deep link) | code (typed) */
  source: string;
  /** SHA-256 (hex) of the one-time `amrf_` token of a landing visit. */
  claim_hash: string | null;
  claim_expires_at: string | null;
  /** `u:<userId>`, `a:<anonymousId>` or `ip:<hash>`: one attribution per referee and app. */
  referee_key: string | null;
  referee_user_id: string | null;
  referee_anonymous_id: string | null;
  attributed_at: string | null;
  referee_rewarded: number;
  referrer_rewarded: number;
  referrer_rewarded_at: string | null;
  /** HMAC of the attributing client's address: the farming signal. */
  ip_hash: string | null;
  country: string | null;
  created_at: string;
}

export interface CrashGroupsTable {
  id: string;
  app_id: string;
  fingerprint: string;
  app_version: string | null;
  exception_name: string | null;
  exception_reason: string | null;
  top_frames: string | null;
  occurrences: number;
  reports: number;
  first_seen_at: string;
  last_seen_at: string;
}

export interface CrashReportsTable {
  id: string;
  app_id: string;
  flow_id: string;
  group_id: string | null;
  fingerprint: string | null;
  device_key: string | null;
  status: string;
  reviewed_at: string | null;
  message: string | null;
  exception_name: string | null;
  exception_reason: string | null;
  stack_trace: string | null;
  platform: string | null;
  os_version: string | null;
  device_model: string | null;
  app_version: string | null;
  build_number: string | null;
  crashed_at: string | null;
  metadata_json: string | null;
  attachments_json: string | null;
  email: string | null;
  source: string | null;
  country: string | null;
  user_agent: string | null;
  occurrences: number;
  last_occurred_at: string;
  created_at: string;
}

export interface ContactRepliesTable {
  id: string;
  app_id: string;
  submission_id: string;
  to_email: string;
  subject: string;
  body: string;
  mode: string;
  status: string;
  error: string | null;
  message_id: string | null;
  created_at: string;
}

export interface CrashTables {
  crash_groups: CrashGroupsTable;
  crash_reports: CrashReportsTable;
  contact_replies: ContactRepliesTable;
}

export interface ReferralTables {
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
}

export interface OwnersTable {
  id: string;
  account_id: string;
  /** Lower-cased. */
  email: string;
  /** bcrypt. */
  password_hash: string;
  created_at: string;
  password_changed_at: string;
}

export interface OwnerSessionsTable {
  /** SHA-256 (base64url) of the cookie value; the value itself is never stored. */
  id_hash: string;
  owner_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  /** One-time message for the session's next page (a new API token), sealed with a key only the cookie gives (0101). */
  flash?: string | null;
}

export interface OwnerSetupLinksTable {
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OwnerLoginFailuresTable {
  /** `e:<HMAC of the email>` or `ip:<HMAC of the address>`. */
  key: string;
  failures: number;
  last_failed_at: string;
  locked_until: string | null;
}

export interface AdminTables {
  owners: OwnersTable;
  owner_sessions: OwnerSessionsTable;
  owner_setup_links: OwnerSetupLinksTable;
  owner_login_failures: OwnerLoginFailuresTable;
}

export interface LinkPageClicksTable {
  app_id: string;
  /** base64url SHA-256 of `<kind>\n<url>`: one link of the page (its list and destination). */
  link_key: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  is_bot: number;
  /** icon | link */
  kind: string;
  url: string;
  /** The link's label at its latest click. */
  label: string;
  clicks: number;
}

export interface LinkPageTables {
  link_page_clicks: LinkPageClicksTable;
}

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

/** An app's retention period (src/privacy); no row = keep everything. */
export interface AppRetentionTable {
  app_id: string;
  days: number;
  updated_at: string;
  last_swept_at: string | null;
}

export interface PrivacyTables {
  app_retention: AppRetentionTable;
}

/** Arrivals per app, metric and day (src/kernel/rollups.ts); readers sum the shards. */
export interface DailyCountsTable {
  app_id: string;
  metric: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  shard: number;
  n: number;
}

export interface RollupTables {
  daily_counts: DailyCountsTable;
}

export type Database = RollupTables & PrivacyTables & CrashTables & AdminTables & KernelTables & FormsTables & LinksTables & WishlistTables & SessionTables & OnboardingTables & ReferralTables & LinkPageTables & PromotionTables;
