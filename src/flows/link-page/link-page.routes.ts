import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { AppError } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { defineOp, type Operation } from '../../kernel/operation.js';
import type { LinkPageConfig } from './link-page.schema.js';
import type { LinkPageStats } from './link-page.stats.js';

const counts = { humans: z.number().int().describe('Clicks by people.'), bots: z.number().int().describe('Clicks by bots: HEAD requests, crawlers, link-preview fetchers (isbot and a list of preview agents, as short links count them).') };

export const linkPageStatsResponse = z.object({
  version: z.number().int().nullable().describe('The published version whose links are listed first (null: never published).'),
  since: z.string().describe('First UTC day (YYYY-MM-DD) covered by `byDay`.'),
  days: z.number().int(),
  totals: z.object(counts).describe('All-time, every link.'),
  links: z.array(
    z.object({
      kind: z.enum(['icon', 'link']).describe('`icon`: an icon link; `link`: a link button.'),
      index: z.number().int().nullable().describe('Position in its list on the published page; null for a link no longer on it.'),
      label: z.string().describe('The label on the page, or for a removed link the label at its latest click.'),
      url: z.string(),
      onPage: z.boolean(),
      ...counts,
      byDay: z.array(z.object({ day: z.string(), ...counts })).describe('Days with clicks within the window, oldest first.'),
    }),
  ),
});

export function linkPageOperations(d: { apps: AppService; flows: FlowService; stats: LinkPageStats }): Operation[] {
  return [
    defineOp({
      id: 'getLinkPageStats',
      mcp: 'get_link_page_stats',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/link-page/stats',
      auth: 'owner',
      tags: ['Link page'],
      summary: 'Clicks on the link page’s links: per link, people and bots, by day',
      description:
        'A link is its list (icon links or links) and its URL: a label edit keeps its counts, a new URL starts new ones, and the same URL twice in one list counts as one. The published page’s links come first, in page order (zeros included); then links of earlier versions that got clicks. Totals are all-time; `byDay` covers the last `days` UTC days.',
      params: appParams,
      query: z.object({ days: z.coerce.number().int().min(1).max(366).default(30).describe('Length of the `byDay` window in UTC days, today included (1-366, default 30).') }),
      response: linkPageStatsResponse,
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => {
        const app = await d.apps.resolve(ctx.accountId, params.idOrSlug);
        const p = await d.flows.published(app, 'link_page').catch((e) => (e instanceof AppError && e.status === 404 ? undefined : Promise.reject(e)));
        return { version: p?.versionNumber ?? null, ...(await d.stats(app.id, p?.config as LinkPageConfig | undefined, query.days)) };
      },
    }),
  ];
}
