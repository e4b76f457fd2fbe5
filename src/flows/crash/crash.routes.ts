import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { CSV_CELLS_NOTE } from '../../kernel/csv.js';
import { defineOp, textResult, type Operation } from '../../kernel/operation.js';
import { pageQuery } from '../../kernel/pagination.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import { envelopeSchema } from '../forms/forms.envelope.js';
import { configQuery } from '../forms/forms.routes.js';
import { CRASH_BODY_LIMIT, CRASH_LIMITS, crashBody, crashGroup, crashRow, crashStatus, crashSubmitted } from './crash.schema.js';
import { CRASH_CSV_HEADER } from './crash.rows.js';
import { FOLD_WINDOW_MS, type CrashService } from './crash.service.js';
import { searchQuery } from '../forms/forms.routes.js';
import { SEARCH_NOTE } from '../forms/forms.search.js';

const tags = ['Crash reports'];
const owner = '/api/v1/apps/:idOrSlug/crash';
const filters = {
  status: crashStatus.optional().describe('Only reports with this status.'),
  fingerprint: z.string().regex(/^[0-9a-f]{32}$/, 'must be a crash fingerprint (32 hex characters)').optional().describe('Only the reports of one crash group.'),
  q: searchQuery.describe('Only reports containing this text (message, exception name or reason, email, app version, device model), case-insensitive.'),
};
const submissionParams = appParams.extend({ submissionId: z.string().min(1).max(64).describe('Id of the crash report.') });

/** Crash reports per minute per client: a multiple of PUBLIC_RATE_LIMIT, since several devices may share an address; repeats fold anyway. */
export const crashRateLimit = (publicRateLimit: number) => publicRateLimit * 3;

export function crashOperations(apps: AppService, crash: CrashService, publicRateLimit: number): Operation[] {
  return [
    defineOp({
      id: 'getPublicCrashForm',
      method: 'GET',
      path: '/api/public/crash',
      auth: 'public',
      tags: ['Public forms'],
      summary: 'Published crash report form config',
      description: '404 while the crash form is not published (the SDK shows “not published yet”) or the app slug is unknown.',
      query: configQuery,
      response: envelopeSchema,
      errors: [400, 404],
      handler: async ({ query }) => crash.envelope(query.appSlug, query.flowSlug),
    }),
    defineOp({
      id: 'submitCrash',
      method: 'POST',
      path: '/api/public/crash',
      auth: 'public',
      tags: ['Public forms'],
      summary: 'Send a crash report',
      description:
        `Stores a crash report against the published config (404 when unpublished or the app is unknown; 422 on invalid fields). ` +
        `Over-long diagnostics are cut, not refused: stack trace ${CRASH_LIMITS.stackTrace / 1024} KB, attachments ${CRASH_LIMITS.attachments} × ${CRASH_LIMITS.attachmentBytes / 1024} KB / ${CRASH_LIMITS.attachmentsTotalBytes / 1024} KB; the answer lists every cut in \`clamped\`. ` +
        `Identical crashes share a \`fingerprint\` and are counted per group; an automatic report (\`source: "sdk_auto"\`) repeating one the same device sent within ${FOLD_WINDOW_MS / 60000} minutes is counted on that report (\`folded: true\`) instead of stored again. ` +
        `Rate limited per client (429 with Retry-After; the SDK keeps the report and retries); body up to ${CRASH_BODY_LIMIT / 1024} KB.`,
      body: crashBody,
      status: 201,
      response: crashSubmitted,
      errors: [404, 413, 422, 429],
      route: { config: publicLimit(crashRateLimit(publicRateLimit), 'crash.submit'), bodyLimit: CRASH_BODY_LIMIT },
      handler: async ({ body }, ctx) => crash.submit(body, ctx.client),
    }),
    defineOp({
      id: 'listCrashSubmissions',
      mcp: 'list_crash_submissions',
      method: 'GET',
      path: `${owner}/submissions`,
      auth: 'owner',
      tags,
      summary: 'List crash reports, newest first',
      description: `Each row carries its \`fingerprint\`, \`occurrences\` (repeats from one device folded into it) and \`groupCount\` (every report of that crash). \`?fingerprint=\` lists one group; \`list_crash_groups\` gives the grouped view. Filters combine. ${SEARCH_NOTE}`,
      params: appParams,
      query: pageQuery.extend(filters),
      response: z.object({ submissions: z.array(crashRow), nextCursor: z.string().nullable() }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => crash.list(await apps.resolve(ctx.accountId, params.idOrSlug), query),
    }),
    defineOp({
      id: 'setCrashReportStatus',
      mcp: 'set_crash_report_status',
      method: 'PATCH',
      path: `${owner}/submissions/:submissionId`,
      auth: 'owner',
      tags,
      summary: 'Set a crash report’s status',
      description: '`new` clears reviewedAt; `reviewed` and `resolved` stamp it with the current time. A later repeat of a resolved crash is stored as a new report.',
      params: submissionParams,
      body: z.object({ status: crashStatus.describe('new, reviewed or resolved.') }),
      response: z.object({ ok: z.literal(true), submission: crashRow }),
      errors: [404, 422],
      handler: async ({ params, body }, ctx) => crash.setStatus(await apps.resolve(ctx.accountId, params.idOrSlug), params.submissionId, body.status),
    }),
    defineOp({
      id: 'exportCrashCsv',
      mcp: 'export_crash_csv',
      method: 'GET',
      path: `${owner}/submissions.csv`,
      auth: 'owner',
      tags,
      summary: 'Export every crash report as CSV, attachments included (streamed)',
      description: `Columns: ${CRASH_CSV_HEADER}. Takes the list's filters. \`metadata\` and \`attachments\` are JSON (\`[{name, content}]\`). ${CSV_CELLS_NOTE}`,
      params: appParams,
      query: z.object(filters),
      produces: 'text/csv',
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return textResult('text/csv; charset=utf-8', crash.csv(app, query), `${app.slug}-crash.csv`);
      },
    }),
    defineOp({
      id: 'listCrashGroups',
      mcp: 'list_crash_groups',
      method: 'GET',
      path: `${owner}/groups`,
      auth: 'owner',
      tags,
      summary: 'Identical crashes grouped with a count, most recently seen first',
      description: 'One row per fingerprint (app version + exception name + top 5 frames, addresses stripped). A group that recurs while you page moves to the top.',
      params: appParams,
      query: pageQuery,
      response: z.object({ groups: z.array(crashGroup), nextCursor: z.string().nullable() }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => crash.groups(await apps.resolve(ctx.accountId, params.idOrSlug), query),
    }),
  ];
}
