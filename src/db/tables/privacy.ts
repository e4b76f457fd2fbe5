/** Table types: Per-app retention. */

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
