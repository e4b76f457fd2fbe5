import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { CSV_CELLS_NOTE } from '../../kernel/csv.js';
import { flowSlugSchema } from '../../kernel/flows/flows.service.js';
import { defineOp, textResult, type Operation } from '../../kernel/operation.js';
import { pageQuery } from '../../kernel/pagination.js';
import type { CancelInsights } from './cancel.insights.js';

/** An ISO 8601 date or date-time, compared as UTC (`2026-11-01` is its midnight UTC). */
const instant = (what: string) =>
  z
    .string()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be an ISO 8601 date or date-time')
    .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date')
    .transform((s) => new Date(s.length === 10 ? `${s}T00:00:00Z` : s).toISOString())
    .optional()
    .describe(what);

const filters = {
  flowSlug: flowSlugSchema.optional().describe('Only this cancel flow; omitted = every cancel flow of the app.'),
  version: z.coerce.number().int().min(1).max(1_000_000).optional().describe('Only sessions started on this published version.'),
  from: instant('Sessions started at or after this instant.'),
  to: instant('Sessions started before this instant.'),
};

const step = z.object({ step: z.string(), key: z.string(), detail: z.string().nullable(), at: z.string() });
/** A session as the owner API answers it (and the `cancel.session.completed` event carries it). */
export const cancelSession = z.object({
  id: z.string(),
  flowSlug: z.string().nullable(),
  versionNumber: z.number().int().describe('The published version the session was pinned to.'),
  source: z.string().describe('`sdk` (POST /api/public/sessions) or `web` (the page opened without a session).'),
  platform: z.string().nullable(),
  userId: z.string().nullable(),
  anonymousId: z.string().nullable(),
  locale: z.string().nullable(),
  appVersion: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()).nullable(),
  country: z.string().nullable().describe('2-letter ISO code or null; never an IP.'),
  reasons: z.array(z.string()).describe('Reason ids picked.'),
  exit: z.string().nullable().describe('The action the user left by, or null (still open or abandoned).'),
  outcome: z.enum(['saved', 'cancelled', 'other']).nullable().describe('saved: return_to_app, open_offer, open_premium; cancelled: manage_subscription; other: support, feature, external URL.'),
  steps: z.array(step).describe('opened, reason (key = reason id), response (key = reason id), click (key = button, detail = action), thanks, exit (detail = action); each at most once per key.'),
  createdAt: z.string(),
});

const reasonStats = z.object({
  id: z.string(),
  label: z.string().nullable(),
  picked: z.number().int(),
  saved: z.number().int(),
  cancelled: z.number().int(),
  other: z.number().int(),
  undecided: z.number().int().describe('Sessions that picked it and have not left by any exit.'),
  saveRate: z.number().nullable().describe('saved / picked.'),
});
const versionStats = z.object({
  flowSlug: z.string().nullable(),
  versionNumber: z.number().int(),
  sessions: z.number().int().describe('Sessions started.'),
  opened: z.number().int().describe('Sessions whose page was opened.'),
  exited: z.number().int(),
  abandoned: z.number().int().describe('Opened without an exit (so far).'),
  saved: z.number().int(),
  cancelled: z.number().int(),
  otherExits: z.number().int(),
  saveRate: z.number().nullable().describe('saved / opened.'),
  thanksShown: z.number().int(),
  exits: z.record(z.string(), z.number().int()).describe('Exit action -> sessions.'),
  reasons: z.array(reasonStats),
  offers: z.array(
    z.object({
      offerId: z.string().nullable(),
      reasonId: z.string().nullable(),
      button: z.string(),
      shown: z.number().int().describe('Sessions that saw the response screen carrying the offer.'),
      accepted: z.number().int().describe('Sessions that clicked it.'),
      acceptRate: z.number().nullable(),
    }),
  ),
});

export function cancelOwnerOperations(apps: AppService, insights: CancelInsights): Operation[] {
  const tags = ['Cancel flow (analytics)'];
  return [
    defineOp({
      id: 'listCancelSessions',
      mcp: 'list_cancel_sessions',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/cancel/sessions',
      auth: 'owner',
      tags,
      summary: 'List cancel sessions, newest first, with their steps and outcome',
      params: appParams,
      query: pageQuery.extend(filters),
      response: z.object({ sessions: z.array(cancelSession), nextCursor: z.string().nullable() }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => insights.list(await apps.resolve(ctx.accountId, params.idOrSlug), query),
    }),
    defineOp({
      id: 'exportCancelSessionsCsv',
      mcp: 'export_cancel_sessions_csv',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/cancel/sessions.csv',
      auth: 'owner',
      tags,
      summary: 'Export cancel sessions as CSV (streamed)',
      description: `Header row \`id,flowSlug,versionNumber,source,platform,userId,anonymousId,locale,appVersion,country,reasons,exit,outcome,attributes,createdAt\` (reasons space-separated, attributes as JSON). ${CSV_CELLS_NOTE}`,
      params: appParams,
      query: z.object(filters),
      produces: 'text/csv',
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return textResult('text/csv; charset=utf-8', await insights.csv(app, query), `${app.slug}-cancel-sessions.csv`);
      },
    }),
    defineOp({
      id: 'getCancelStats',
      mcp: 'get_cancel_stats',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/cancel/stats',
      auth: 'owner',
      tags,
      summary: 'Which reasons and offers save subscribers, per published version',
      description:
        'Per cancel flow and published version: sessions started and opened, exits by action, saved (return_to_app, open_offer, open_premium) vs cancelled (manage_subscription), abandoned (opened, no exit yet), and per reason and per offer how many were saved — compare version 3 with version 4.',
      params: appParams,
      query: z.object(filters),
      response: z.object({ versions: z.array(versionStats) }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => insights.stats(await apps.resolve(ctx.accountId, params.idOrSlug), query),
    }),
  ];
}
