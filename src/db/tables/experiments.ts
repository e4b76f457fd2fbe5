/** Table types: experiments on published flow versions (#37). */
export interface ExperimentsTable {
  id: string;
  app_id: string;
  flow_id: string;
  flow_type: string;
  name: string;
  status: string;
  /** JSON array of { key, versionNumber, weight }. */
  variants_json: string;
  winner_key: string | null;
  started_at: string;
  stopped_at: string | null;
}

export interface ExperimentTables {
  experiments: ExperimentsTable;
}
