import { z } from 'zod';
import { appParams, publicAppSlug } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { CSV_CELLS_NOTE } from '../../kernel/csv.js';
import { ignoredFlowSlug } from '../../kernel/flows/flows.service.js';
import { defineOp, textResult, type Operation } from '../../kernel/operation.js';
import { pageQuery, type PageQuery } from '../../kernel/pagination.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import { envelopeSchema } from './forms.envelope.js';
import type { FormKind, SubmissionColumn } from './forms.kind.js';
import { SEARCH_MAX, SEARCH_NOTE } from './forms.search.js';
import { SUBMISSION_STATUSES, type Filters, type FormService } from './forms.service.js';

type ListQuery = PageQuery & Filters;

export const submissionStatus = z.enum(SUBMISSION_STATUSES);
/** `?q=`: trimmed, an empty box means no filter. */
export const searchQuery = z
  .string()
  .max(SEARCH_MAX)
  .transform((s) => s.trim() || undefined)
  .optional()
  .describe(`Only rows containing this text (message, name, email, category…), case-insensitive; up to ${SEARCH_MAX} characters.`);

/** Submit bodies are small; anything bigger is refused before parsing. */
export const SUBMIT_BODY_LIMIT = 64 * 1024;

export const submitted = z.object({ ok: z.literal(true), id: z.string().describe('Id of the stored submission.') });

export const configQuery = z.object({
  appSlug: publicAppSlug,
  flowSlug: ignoredFlowSlug.optional().describe('Omitted or the primary’s own slug = the primary.'),
});

const columnSchemas: Record<SubmissionColumn, z.ZodType> = {
  message: z.string().nullable(),
  rating: z.number().int().nullable().describe('1-5 stars or null.'),
  category: z.string().nullable().describe('Category id.'),
  name: z.string().nullable(),
  email: z.string().nullable(),
};

/** A submission as the owner API answers it (the list, the status change, the `<type>.submitted` event's data). */
export const submissionSchema = (kind: FormKind, extra: Record<string, z.ZodType> = {}) =>
  z.object({
    id: z.string(),
    ...Object.fromEntries(kind.columns.map((c) => [c, columnSchemas[c]])),
    attributes: z.record(z.string(), z.unknown()).nullable().describe('Custom-field answers keyed by field id.'),
    source: z.string().nullable().describe('`sdk`, `web` or the caller’s own tag.'),
    country: z.string().nullable().describe('2-letter ISO code or null.'),
    userAgent: z.string().nullable(),
    createdAt: z.string(),
    status: submissionStatus.describe('`new` until the owner marks it `reviewed`.'),
    reviewedAt: z.string().nullable().describe('When it was marked reviewed; null while new.'),
    ...extra,
  });

/** Public config + submit and owner list + CSV for each hosted form type. */
export function formOperations(apps: AppService, forms: FormService, kinds: FormKind[], rateLimit: number): Operation[] {
  return kinds.flatMap((kind): Operation[] => {
    const t = kind.flow.type;
    const T = t[0].toUpperCase() + t.slice(1);
    const filter = {
      ...(kind.categoryFilter ? { category: z.string().max(60).optional().describe('Only this category id.') } : {}),
      status: submissionStatus.optional().describe('Only submissions with this status.'),
      q: searchQuery,
    };
    const row = submissionSchema(kind, forms.extras[t]?.shape);
    return [
      defineOp({
        id: `getPublic${T}Form`,
        method: 'GET',
        path: `/api/public/${t}`,
        auth: 'public',
        tags: ['Public forms'],
        summary: `Published ${kind.flow.label.toLowerCase()} config`,
        description: `404 while the ${t} form is not published (the SDK shows “not published yet”) or the app slug is unknown.`,
        query: configQuery,
        response: envelopeSchema,
        errors: [400, 404],
        handler: async ({ query }) => forms.envelope(kind, query.appSlug, query.flowSlug),
      }),
      defineOp({
        id: `submit${T}`,
        method: 'POST',
        path: `/api/public/${t}`,
        auth: 'public',
        tags: ['Public forms'],
        summary: `Submit the ${kind.flow.label.toLowerCase()}`,
        description: `Stores a submission against the published config (404 when unpublished or the app is unknown; 422 on invalid fields${kind.categoryFilter ? ' or an unknown category' : ''}). Rate limited per client (429 with Retry-After); body up to ${SUBMIT_BODY_LIMIT / 1024} KB.`,
        body: kind.body,
        status: 201,
        response: submitted,
        errors: [404, 413, 422, 429],
        route: { config: publicLimit(rateLimit, `${t}.submit`), bodyLimit: SUBMIT_BODY_LIMIT },
        handler: async ({ body }, ctx) => forms.submit(kind, body, ctx.client),
      }),
      defineOp({
        id: `list${T}Submissions`,
        mcp: `list_${t}_submissions`,
        method: 'GET',
        path: `/api/v1/apps/:idOrSlug/${t}/submissions`,
        auth: 'owner',
        tags: ['Submissions'],
        summary: `List ${t} submissions, newest first`,
        description: `Filters combine: ${kind.categoryFilter ? '`category`, ' : ''}\`status\` and \`q\`. ${SEARCH_NOTE}`,
        params: appParams,
        query: pageQuery.extend(filter),
        response: z.object({ submissions: z.array(row), nextCursor: z.string().nullable() }),
        errors: [400, 404],
        handler: async ({ params, query }, ctx) => forms.list(await apps.resolve(ctx.accountId, params.idOrSlug), kind, query as ListQuery),
      }),
      defineOp({
        id: `set${T}SubmissionStatus`,
        mcp: `set_${t}_submission_status`,
        method: 'PATCH',
        path: `/api/v1/apps/:idOrSlug/${t}/submissions/:submissionId`,
        auth: 'owner',
        tags: ['Submissions'],
        summary: `Mark a ${t} submission reviewed (or new again)`,
        description: '`reviewed` stamps reviewedAt with the current time; `new` clears it. Answers the submission as the list shows it.',
        params: appParams.extend({ submissionId: z.string().min(1).max(64).describe(`Id of the ${t} submission.`) }),
        body: z.object({ status: submissionStatus.describe('new or reviewed.') }),
        response: z.object({ ok: z.literal(true), submission: row }),
        errors: [404, 422],
        handler: async ({ params, body }, ctx) => forms.setStatus(await apps.resolve(ctx.accountId, params.idOrSlug), kind, params.submissionId, body.status),
      }),
      defineOp({
        id: `export${T}Csv`,
        mcp: `export_${t}_csv`,
        method: 'GET',
        path: `/api/v1/apps/:idOrSlug/${t}/submissions.csv`,
        auth: 'owner',
        tags: ['Submissions'],
        summary: `Export every ${t} submission as CSV (streamed)`,
        description: `Columns: id,${kind.columns.join(',')},source,country,attributes,createdAt. Takes the list's filters (every matching row, newest first). ${CSV_CELLS_NOTE}`,
        params: appParams,
        query: z.object(filter),
        produces: 'text/csv',
        errors: [400, 404],
        handler: async ({ params, query }, ctx) => {
          const app = await apps.resolve(ctx.accountId, params.idOrSlug);
          return textResult('text/csv; charset=utf-8', forms.csv(app, kind, query as ListQuery), `${app.slug}-${t}.csv`);
        },
      }),
    ];
  });
}
