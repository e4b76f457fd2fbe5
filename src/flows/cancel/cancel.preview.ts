import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppRow } from '../../apps/apps.store.js';
import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import { notFound, unprocessable } from '../../kernel/errors.js';
import { flowSlugSchema, type FlowService } from '../../kernel/flows/flows.service.js';
import { defineOp, type Operation } from '../../kernel/operation.js';
import { cancelFlow } from './cancel.flow.js';
import { cancelConfig, type CancelConfig } from './cancel.schema.js';

/**
 * Owners preview the draft of a cancel flow through a signed, expiring token (like the wishlist
 * board's): `<base64url {a: appId, f: flowSlug, e: expiry seconds}>.<HMAC>`. Whoever holds the
 * link sees the draft; the preview records nothing and writes no session.
 */
const PREVIEW_TTL_HOURS = 24;
const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`cancel:preview:${payload}`).digest('base64url');
/** The flow a slug names: omitted and the primary's own slug are the primary. */
const flowOf = (flowSlug: string | undefined) => flowSlug || cancelFlow.primarySlug;

export function signCancelPreview(secret: string, appId: string, flowSlug: string | undefined, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ a: appId, f: flowOf(flowSlug), e: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** Whether the token was issued for this app's flow and has not expired. */
export function checkCancelPreview(secret: string, token: string, appId: string, flowSlug: string | undefined, now: Date): boolean {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined || token.length > 400) return false;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const { a, f, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return a === appId && f === flowOf(flowSlug) && typeof e === 'number' && e * 1000 > now.getTime();
  } catch {
    return false;
  }
}

export interface CancelPreviewDeps {
  apps: AppService;
  flows: FlowService;
  clock: Clock;
  secret: string;
  webUrl: string;
}

/** The public path of a flow's page: `/cancel/<app>` for the primary, `/cancel/<app>/<flowSlug>` for a secondary. */
export const flowPath = (appSlug: string, flowSlug: string | undefined) =>
  `/cancel/${encodeURIComponent(appSlug)}${flowOf(flowSlug) === cancelFlow.primarySlug ? '' : `/${encodeURIComponent(flowSlug!)}`}`;

export function createCancelPreview(deps: CancelPreviewDeps) {
  return {
    async issue(accountId: string, idOrSlug: string, flowSlug: string | undefined, hours = PREVIEW_TTL_HOURS) {
      const app = await deps.apps.resolve(accountId, idOrSlug);
      await deps.flows.draft(app, 'cancel', flowSlug).catch(() => {
        throw notFound(`No cancel flow "${flowOf(flowSlug)}" yet: PUT a config first`);
      });
      const expiresAt = new Date(deps.clock.now().getTime() + hours * 3600_000);
      const token = signCancelPreview(deps.secret, app.id, flowSlug, expiresAt);
      return { token, url: `${deps.webUrl}${flowPath(app.slug, flowSlug)}?p=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
    },

    /** The draft a preview link shows; 404 when the token is wrong, expired or for another flow. */
    async draft(appSlug: string, flowSlug: string | undefined, token: string): Promise<{ app: AppRow; config: CancelConfig }> {
      const app = await deps.apps.resolvePublic(appSlug);
      if (!checkCancelPreview(deps.secret, token, app.id, flowSlug, deps.clock.now())) throw notFound('This preview link is invalid or has expired');
      const d = await deps.flows.draft(app, 'cancel', flowSlug);
      // Drafts were valid when saved; a stricter schema since then must not break the page.
      const parsed = cancelConfig.safeParse(d.config);
      if (!parsed.success) throw unprocessable('The draft is not a valid cancel flow; save it again');
      return { app, config: parsed.data };
    },
  };
}
export type CancelPreview = ReturnType<typeof createCancelPreview>;

export function cancelPreviewOperations(preview: CancelPreview): Operation[] {
  return [
    defineOp({
      id: 'createCancelPreviewToken',
      mcp: 'create_cancel_preview_token',
      method: 'POST',
      path: '/api/v1/apps/:idOrSlug/flows/cancel/preview-token',
      auth: 'owner',
      tags: ['Flows'],
      summary: 'A signed, expiring link that shows the cancel flow draft',
      description:
        'The hosted page at `url` renders the draft (`flowSlug` targets a secondary flow) with a Preview banner; it records nothing and creates no session, and buttons that leave the page show the deep link they would open. Anyone holding the link can see the draft until `expiresAt`.',
      params: appParams,
      query: z.object({ flowSlug: flowSlugSchema.optional().describe('A secondary cancel flow; omitted (or "cancel") = the primary.') }),
      body: z.object({ expiresInHours: z.number().int().min(1).max(720).default(PREVIEW_TTL_HOURS).describe('Lifetime, 1-720 hours (default 24).') }),
      bodyOptional: true,
      response: z.object({
        token: z.string().describe('Pass as `p=` on the page URL.'),
        url: z.string().describe('Page URL showing the draft.'),
        expiresAt: z.string(),
      }),
      errors: [404, 422],
      handler: ({ params, query, body }, ctx) => preview.issue(ctx.accountId, params.idOrSlug, query.flowSlug, body?.expiresInHours),
    }),
  ];
}
