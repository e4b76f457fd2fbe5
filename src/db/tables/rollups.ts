/** Table types: Daily counters. */

/** Arrivals per app, metric and day (src/db/rollups.ts); readers sum the shards. */
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
