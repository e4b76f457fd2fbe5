import { appParams } from '../apps/apps.schema.js';
import { defineOp, type Operation } from '../kernel/operation.js';
import { eraseResponse, exportResponse, retentionBody, retentionResponse, retentionSetResponse, subjectBody } from './privacy.schema.js';
import type { PrivacyService } from './privacy.service.js';

export function privacyOperations(privacy: PrivacyService): Operation[] {
  const tags = ['Privacy'];
  return [
    defineOp({
      id: 'exportEndUserData',
      mcp: 'export_end_user_data',
      method: 'POST',
      path: '/api/v1/apps/:idOrSlug/data-subjects/export',
      auth: 'owner',
      tags,
      summary: 'Everything one end user left in this app, across every flow',
      description:
        'Data-rights export (access and portability). Name the user by `email`, `userId` and/or `anonymousId` (at least one; 422 otherwise); every row matching any of them is returned, grouped by kind. POST so identities never appear in URLs or logs. Scoped to this app; another account’s app is a 404.',
      params: appParams,
      body: subjectBody,
      response: exportResponse,
      errors: [400, 404, 422],
      handler: async ({ params, body }, ctx) => privacy.exportSubject(ctx.accountId, params.idOrSlug, body),
    }),
    defineOp({
      id: 'eraseEndUserData',
      mcp: 'erase_end_user_data',
      method: 'POST',
      path: '/api/v1/apps/:idOrSlug/data-subjects/erase',
      auth: 'owner',
      tags,
      summary: 'Erase everything one end user left in this app, across every flow',
      description:
        'Data-rights erasure. Deletes every row the export would return, in one transaction for the app (all or nothing), moving the counters that counted them, and answers how many rows went per kind. Idempotent: a second call removes nothing. Scoped to this app; another account’s app is a 404.',
      params: appParams,
      body: subjectBody,
      response: eraseResponse,
      errors: [400, 404, 422],
      handler: async ({ params, body }, ctx) => privacy.eraseSubject(ctx.accountId, params.idOrSlug, body),
    }),
    defineOp({
      id: 'getDataRetention',
      mcp: 'get_data_retention',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/retention',
      auth: 'owner',
      tags,
      summary: 'The app’s retention period for raw submissions',
      params: appParams,
      response: retentionResponse,
      errors: [400, 404],
      handler: async ({ params }, ctx) => privacy.retention(ctx.accountId, params.idOrSlug),
    }),
    defineOp({
      id: 'setDataRetention',
      mcp: 'set_data_retention',
      method: 'PUT',
      path: '/api/v1/apps/:idOrSlug/retention',
      auth: 'owner',
      tags,
      summary: 'Set or clear the app’s retention period for raw submissions',
      description:
        'A background sweep (hourly, on every node running the HTTP server) deletes the raw submissions created more than `days` ago, in batches of 500 rows, each batch its own short transaction. `null` keeps everything.',
      params: appParams,
      body: retentionBody,
      response: retentionSetResponse,
      errors: [400, 404, 422],
      handler: async ({ params, body }, ctx) => privacy.setRetention(ctx.accountId, params.idOrSlug, body.days),
    }),
  ];
}
