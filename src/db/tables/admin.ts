/** Table types: Dashboard owners and their sessions. */

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
