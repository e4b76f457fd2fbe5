import { z } from 'zod';
import { defineEvent, type Events } from '../kernel/events/events.js';
import type { LinkCounters } from './links.settle.js';
import { linkSchema } from './links.schema.js';
import type { LinkRow } from './links.store.js';
import { linkView } from './links.view.js';

/** The events of short links (#33): a link's last allowed click. */
export const LINK_LIMIT_REACHED = 'link.click_limit_reached';

const limitData = linkSchema.extend({ app: z.string().describe('The app slug.') });
export type LinkLimitReached = z.infer<typeof limitData>;

export const linkEvents = [
  defineEvent({
    type: LINK_LIMIT_REACHED,
    description: 'A short link took the click that reaches its maxClicks: later visitors get its expired behaviour. Once per link (again only after its clicks are reset or its limit raised).',
    data: limitData,
    summary: (d: LinkLimitReached) => `Short link /${d.code} reached its ${d.maxClicks ?? d.clickCount}-click limit`,
    dashboardPath: (d: LinkLimitReached) => `links/${d.id}`,
  }),
];

/** What the click committers need to report a limit reached: who listens, and the short-link base URL of the data. */
export interface LimitEvents {
  events: Events;
  shortLinkUrl: string;
}

/**
 * Whether this group's human clicks take the link to its limit: it was under it and is at it now.
 * Decided under the link's write lock (both committers), so exactly one group of one node sees it.
 */
export const reachesLimit = (row: LinkCounters, granted: number) =>
  granted > 0 && row.max_clicks !== null && row.click_count < row.max_clicks && row.click_count + granted >= row.max_clicks;

/** The event's data: the link as the owner API answers it (after the group's clicks), and its app. */
export const limitReachedData = (row: LinkRow & { app_slug: string }, shortLinkUrl: string, now: string): LinkLimitReached => {
  const { app_slug, ...link } = row;
  return { app: app_slug, ...linkView(link, shortLinkUrl, now) };
};
