/** Table types: the event outbox, webhook endpoints and deliveries, owner notifications (#33). */

/** One event, written in the transaction of the data it reports (src/db/outbox.ts). */
export interface OutboxEventsTable {
  id: string;
  app_id: string;
  type: string;
  /** JSON of the event's `data` (what the owner API answers for the row). */
  data_json: string;
  created_at: string;
  fanned_out: number;
}

export interface WebhookEndpointsTable {
  id: string;
  app_id: string;
  url: string;
  events_json: string;
  format: string;
  description: string | null;
  enabled: number;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_until: string | null;
  failing_since: string | null;
  disabled_reason: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  app_id: string;
  event_id: string | null;
  event_type: string;
  payload_json: string | null;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_response: string | null;
  last_attempt_at: string | null;
  created_at: string;
}

export interface NotificationSettingsTable {
  app_id: string;
  email: string | null;
  events_json: string;
  mode: string;
  /** IANA time zone of the daily digest (08:00 there); null = UTC. */
  time_zone: string | null;
  last_sent_at: string | null;
  updated_at: string;
}

export interface NotificationQueueTable {
  id: string;
  app_id: string;
  event_id: string;
  created_at: string;
  sent_at: string | null;
}

export interface WebhookTables {
  outbox_events: OutboxEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  notification_settings: NotificationSettingsTable;
  notification_queue: NotificationQueueTable;
}
