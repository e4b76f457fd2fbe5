/** Table types: Waitlist signups and feedback/report/contact submissions. */

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
