import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppRow } from '../../apps/apps.store.js';
import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../clock.js';
import { notFound, unprocessable } from '../errors.js';
import { flowSlugSchema, type FlowService } from '../flows/flows.service.js';
import { defineOp, type Operation } from '../operation.js';

/**
 * Owners preview the draft of a hosted flow (cancel, onboarding) through a signed, expiring
 * token: `<base64url {a: appId, f: flowSlug, e: expiry seconds}>.<HMAC>`, the HMAC keyed by
 * SECRET with the flow type as its purpose (`<type>:preview:`), so one type's token never opens
 * another's. Whoever holds the link sees the draft; a preview records nothing and writes no
 * session.
 */
export const PREVIEW_TTL_HOURS = 24;

const mac = (secret: string, type: string, payload: string) => createHmac('sha256', secret).update(`${type}:preview:${payload}`).digest('base64url');

export function signFlowPreview(secret: string, type: string, appId: string, flowSlug: string, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ a: appId, f: flowSlug, e: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
  return `${payload}.${mac(secret, type, payload)}`;
}

/** Whether the token was issued for this type, app and flow, and has not expired. */
export function checkFlowPreview(secret: string, type: string, token: string, appId: string, flowSlug: string, now: Date): boolean {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined || token.length > 400) return false;
  const expected = Buffer.from(mac(secret, type, payload));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const { a, f, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return a === appId && f === flowSlug && typeof e === 'number' && e * 1000 > now.getTime();
  } catch {
    return false;
  }
}

export interface FlowPreviewDeps<C> {
  /** The flow type (`cancel`, `onboarding`) and its primary's slug. */
  type: string;
  primarySlug: string;
  /** The draft's schema: a draft saved under an older, looser schema must not break the page. */
  schema: z.ZodType<C>;
  /** The public path of a flow's page (relative to WEB_URL); `flowSlug` is undefined for the primary. */
  path(appSlug: string, flowSlug: string | undefined): string;
  apps: AppService;
  flows: FlowService;
  clock: Clock;
  secret: string;
  webUrl: string;
}

export function createFlowPreview<C>(deps: FlowPreviewDeps<C>) {
  const { type } = deps;
  /** The flow a slug names: omitted and the primary's own slug are the primary. */
  const flowOf = (flowSlug: string | undefined) => flowSlug || deps.primarySlug;
  const pathOf = (appSlug: string, flowSlug: string | undefined) => deps.path(appSlug, flowOf(flowSlug) === deps.primarySlug ? undefined : flowSlug);

  return {
    type,
    path: pathOf,

    async issue(accountId: string, idOrSlug: string, flowSlug: string | undefined, hours = PREVIEW_TTL_HOURS) {
      const app = await deps.apps.resolve(accountId, idOrSlug);
      await deps.flows.draft(app, type, flowSlug).catch(() => {
        throw notFound(`No ${type} flow "${flowOf(flowSlug)}" yet: PUT a config first`);
      });
      const expiresAt = new Date(deps.clock.now().getTime() + hours * 3600_000);
      const token = signFlowPreview(deps.secret, type, app.id, flowOf(flowSlug), expiresAt);
      return { token, url: `${deps.webUrl}${pathOf(app.slug, flowSlug)}?p=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
    },

    /** The draft a preview link shows; 404 when the token is wrong, expired or for another flow. */
    async draft(appSlug: string, flowSlug: string | undefined, token: string): Promise<{ app: AppRow; config: C }> {
      const app = await deps.apps.resolvePublic(appSlug);
      if (!checkFlowPreview(deps.secret, type, token, app.id, flowOf(flowSlug), deps.clock.now())) throw notFound('This preview link is invalid or has expired');
      const d = await deps.flows.draft(app, type, flowSlug);
      const parsed = deps.schema.safeParse(d.config);
      if (!parsed.success) throw unprocessable(`The draft is not a valid ${type} flow; save it again`);
      return { app, config: parsed.data };
    },
  };
}
export type FlowPreview<C = unknown> = ReturnType<typeof createFlowPreview<C>>;

const previewResponse = z.object({
  token: z.string().describe('Pass as `p=` on the page URL.'),
  url: z.string().describe('Page URL showing the draft.'),
  expiresAt: z.string(),
});
const previewBody = z.object({ expiresInHours: z.number().int().min(1).max(720).default(PREVIEW_TTL_HOURS).describe('Lifetime, 1-720 hours (default 24).') });

/**
 * `POST /api/v1/apps/:idOrSlug/flows/<type>/preview-token` (MCP `create_<type>_preview_token`).
 * `multi`: the type has secondary flows, addressed by `?flowSlug=`.
 */
export function previewTokenOperation(preview: FlowPreview<any>, opts: { id: string; label: string; description: string; multi: boolean }): Operation {
  const common = {
    id: opts.id,
    mcp: `create_${preview.type}_preview_token`,
    method: 'POST' as const,
    path: `/api/v1/apps/:idOrSlug/flows/${preview.type}/preview-token`,
    auth: 'owner' as const,
    tags: ['Flows'],
    summary: `A signed, expiring link that shows the ${opts.label} draft`,
    description: opts.description,
    params: appParams,
    body: previewBody,
    bodyOptional: true,
    response: previewResponse,
    errors: [404, 422],
  };
  if (!opts.multi) {
    return defineOp({ ...common, handler: ({ params, body }, ctx) => preview.issue(ctx.accountId, params.idOrSlug, undefined, body?.expiresInHours) });
  }
  return defineOp({
    ...common,
    query: z.object({ flowSlug: flowSlugSchema.optional().describe(`A secondary ${preview.type} flow; omitted (or "${preview.type}") = the primary.`) }),
    handler: ({ params, query, body }, ctx) => preview.issue(ctx.accountId, params.idOrSlug, query.flowSlug, body?.expiresInHours),
  });
}
