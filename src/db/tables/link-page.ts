/** Table types: Link page clicks. */

export interface LinkPageClicksTable {
  app_id: string;
  /** base64url SHA-256 of `<kind>\n<url>`: one link of the page (its list and destination). */
  link_key: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  is_bot: number;
  /** icon | link */
  kind: string;
  url: string;
  /** The link's label at its latest click. */
  label: string;
  clicks: number;
}

export interface LinkPageTables {
  link_page_clicks: LinkPageClicksTable;
}
