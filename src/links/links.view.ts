import type { Link, LinkState } from './links.schema.js';
import type { LinkRow } from './links.store.js';

/** Derived state, by precedence: disabled > expired > limit_reached > active. */
export function stateOf(row: Pick<LinkRow, 'status' | 'expires_at' | 'max_clicks' | 'click_count'>, now: string): LinkState {
  if (row.status === 'disabled') return 'disabled';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  if (row.max_clicks !== null && row.click_count >= row.max_clicks) return 'limit_reached';
  return 'active';
}

/** A link as the owner API answers it (and the `link.click_limit_reached` event carries it). */
export const linkView = (r: LinkRow, shortLinkUrl: string, now: string): Link => ({
  id: r.id,
  code: r.code,
  shortUrl: `${shortLinkUrl}/${r.code}`,
  name: r.name,
  url: r.url,
  iosUrl: r.ios_url,
  androidUrl: r.android_url,
  status: r.status,
  state: stateOf(r, now),
  expiresAt: r.expires_at,
  maxClicks: r.max_clicks,
  clickCount: r.click_count,
  expiredBehavior: r.expired_behavior,
  expiredUrl: r.expired_url,
  expiredMessage: r.expired_message,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
