/** Table types: Short links and their clicks. */

export interface LinksTable {
  id: string;
  app_id: string;
  code: string;
  name: string;
  url: string;
  ios_url: string | null;
  android_url: string | null;
  status: 'active' | 'disabled';
  expires_at: string | null;
  max_clicks: number | null;
  click_count: number;
  bot_click_count: number;
  /** Rows in link_clicks for this link; the next row's seq. */
  history_count: number;
  expired_behavior: 'page' | 'redirect';
  expired_url: string | null;
  expired_message: string | null;
  created_at: string;
  updated_at: string;
}

/** Per-link click counters by target, country ('' = unknown) and bot flag: what stats read. */
export interface LinkClickCountsTable {
  link_id: string;
  target: LinkClicksTable['target'];
  country: string;
  is_bot: number;
  clicks: number;
}

export interface LinkClicksTable {
  link_id: string;
  seq: number;
  created_at: string;
  target: 'ios' | 'android' | 'fallback' | 'expired';
  country: string | null;
  is_bot: number;
}

export interface LinksTables {
  links: LinksTable;
  link_clicks: LinkClicksTable;
  link_click_counts: LinkClickCountsTable;
}
