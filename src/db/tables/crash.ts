/** Table types: Crash reports and contact replies. */

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
