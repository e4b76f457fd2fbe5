/** Table types: Accounts, tokens, apps, flows and their versions. */

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
  /** Accent colour `#rrggbb` of the app's hosted pages (a flow's own wins); null = the built-in indigo. */
  accent_color: string | null;
  /** `light | dark | auto` colour scheme of the app's hosted pages (a flow's own wins); null = each page's default. */
  theme: string | null;
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

/** One row per fact about the installation (`secret_fingerprint`: HMAC of a constant under SECRET). */
export interface InstanceSettingsTable {
  key: string;
  value: string;
  created_at: string;
}

export interface KernelTables {
  accounts: AccountsTable;
  api_tokens: ApiTokensTable;
  apps: AppsTable;
  flows: FlowsTable;
  flow_versions: FlowVersionsTable;
  instance_settings: InstanceSettingsTable;
  flow_schedules: FlowSchedulesTable;
}

/** A flow's scheduled publish (kernel/flows/flows.schedule.ts): pending while `publish_at` is set. */
export interface FlowSchedulesTable {
  flow_id: string;
  app_id: string;
  /** ISO-8601 UTC; null once fired or failed. */
  publish_at: string | null;
  /** When the owner asked. */
  scheduled_at: string;
  /** The lease of the node publishing it (ISO-8601 UTC); others skip the row until then. */
  claimed_until: string | null;
  /** Why the last scheduled publish did not happen: `{ at, failedAt, error, issues }`. */
  error_json: string | null;
}
