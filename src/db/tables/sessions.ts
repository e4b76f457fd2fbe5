/** Table types: Flow sessions and steps (cancel, onboarding). */

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
