import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { CSV_CELLS_NOTE } from '../../kernel/csv.js';
import { defineOp, textResult, type Operation } from '../../kernel/operation.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import type { PromotionOwner } from './promotion.owner.js';
import { eventBody, eventResponse, pendingBody, pendingResponse, resolveBody, resolveResponse } from './promotion.public.schema.js';
import type { PromotionService } from './promotion.service.js';

const metrics = z.object({
  decisions: z.number().int().describe('Decisions served with this destination (counted per node in memory, added to the database every second).'),
  impressions: z.number().int().describe('impression events (each token once).'),
  impressionsOverCap: z.number().int().describe('Of those, impressions reported after maxImpressions was reached (shown from decisions served before): not counted against the cap.'),
  taps: z.number().int(),
  dismissals: z.number().int(),
  installs: z.number().int(),
  opens: z.number().int(),
  ctr: z.number().nullable().describe('taps / impressions (null without impressions).'),
  installRate: z.number().nullable().describe('installs / taps (null without taps).'),
});
const day = z.string().regex(/^\d{4}-\d\d-\d\d$/, 'must be a date (YYYY-MM-DD)');

export function promotionOperations(d: { apps: AppService; promotions: PromotionService; owner: PromotionOwner }, rateLimit: number): Operation[] {
  const { apps, promotions, owner } = d;
  const tags = ['App promotion'];
  const ownerTags = ['App promotion (owner)'];
  return [
    defineOp({
      id: 'resolvePromotion',
      method: 'POST',
      path: '/api/public/promotions/resolve',
      auth: 'public',
      tags,
      summary: 'What to show at a placement now: a decision, or none (called at app launch)',
      description:
        'Eligibility, in order: the placement’s targeting (schedule, platform, country, language, app version); the per-user frequency caps (impressions of this placement by `userId`, else `anonymousId`, in the rolling window, and in all with lifetimeImpressions); per destination: enabled, startAt/endAt, countries, languages, maxImpressions (counted impressions), cooldownDays since the user’s last impression of it, installed (hints or installed/opened events; skipped with frequency.hideInstalled), and store data to install from. Then `single` takes the highest-priority eligible destination; `rotating` rotates among the highest eligible priority with rotationStrategy. 200 `{ decision: "show", … }` or `{ decision: "none", reason }`; 404 for an unknown app.',
      body: resolveBody,
      response: resolveResponse,
      errors: [404, 422, 429],
      route: { config: publicLimit(rateLimit * 30, 'promotion.resolve') },
      fast: true,
      handler: async ({ body }, ctx) => promotions.resolve(body, ctx.client),
    }),
    defineOp({
      id: 'recordPromotionEvent',
      method: 'POST',
      path: '/api/public/promotions/event',
      auth: 'public',
      tags,
      summary: 'Record a funnel event of a decision (idempotent per token and event, durable)',
      description:
        'Answered once the event is on disk. A repeat of the same event for the same token changes nothing (`duplicate: true`). 400 for a forged or malformed token, 404 for an expired one or one whose promotion is gone; unknown event names are a 422. An `impression` past the destination’s maxImpressions is stored but not counted (`counted: false`). A `tapped` leaves the destination’s deferred route pending for its app.',
      body: eventBody,
      response: eventResponse,
      errors: [400, 404, 422, 429],
      route: { config: publicLimit(rateLimit * 30, 'promotion.event') },
      fast: true,
      handler: async ({ body }, ctx) => promotions.event(body.trackingToken, body.event, ctx.client),
    }),
    defineOp({
      id: 'pendingPromotion',
      method: 'POST',
      path: '/api/public/promotions/pending',
      auth: 'public',
      tags,
      summary: 'The deferred route of a recent tapped promotion towards this app (first launch; one-time, best effort)',
      description:
        'Matches an unclaimed `tapped` event whose destination is this app, from an app of the same account, within the destination’s window (deferredAction.windowHours, default 72 h): by userId, else anonymousId, else the same network (hashed client address). Returned once (an atomic claim); `{ pending: null }` otherwise. Best-effort attribution: a shared network can match a neighbour’s tap.',
      body: pendingBody,
      response: pendingResponse,
      errors: [404, 422, 429],
      route: { config: publicLimit(rateLimit * 3, 'promotion.pending') },
      handler: async ({ body }, ctx) => promotions.pending(body, ctx.client),
    }),
    defineOp({
      id: 'getPromotionStats',
      mcp: 'get_promotion_stats',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/promotions/stats',
      auth: 'owner',
      tags: ownerTags,
      summary: 'Promotion stats per placement and destination, by day (decisions, impressions, taps, CTR, installs)',
      description: 'Days are UTC; default the 30 days ending today; at most 366 days. `noFill` counts `none` decisions of a placement.',
      params: appParams,
      query: z.object({ from: day.optional(), to: day.optional(), placement: z.string().max(80).optional() }),
      response: z.object({
        from: z.string(),
        to: z.string(),
        placements: z.array(
          z.object({
            placement: z.string(),
            flowSlug: z.string().nullable(),
            totals: metrics,
            noFill: z.number().int(),
            destinations: z.array(z.object({ appId: z.string(), name: z.string().nullable(), totals: metrics, days: z.array(metrics.extend({ day: z.string() })) })),
          }),
        ),
      }),
      errors: [400, 404, 422],
      handler: async ({ params, query }, ctx) => owner.stats(await apps.resolve(ctx.accountId, params.idOrSlug), query),
    }),
    defineOp({
      id: 'exportPromotionEventsCsv',
      mcp: 'export_promotion_events_csv',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/promotions/events.csv',
      auth: 'owner',
      tags: ownerTags,
      summary: 'Export the app’s promotion events as CSV (streamed, newest first)',
      description: `Header row \`id,createdAt,placement,destinationAppId,event,counted,userId,anonymousId,deferredRoute,claimedAt\`. ${CSV_CELLS_NOTE}`,
      params: appParams,
      produces: 'text/csv',
      errors: [404],
      handler: async ({ params }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return textResult('text/csv; charset=utf-8', owner.csv(app), `${app.slug}-promotion-events.csv`);
      },
    }),
  ];
}
