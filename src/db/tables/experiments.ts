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

/** A distinct person exposed by a page view; `unit` is the hashed assignment unit. */
export interface ExperimentVisitorsTable {
  experiment_id: string;
  unit: string;
  app_id: string;
  variant_key: string;
  created_at: string;
}

export interface ExperimentTables {
  experiments: ExperimentsTable;
  experiment_visitors: ExperimentVisitorsTable;
}
