import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { CSV_CELLS_NOTE } from '../../kernel/csv.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { defineOp, textResult, type Operation } from '../../kernel/operation.js';
import { pageQuery } from '../../kernel/pagination.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import type { ReferralOwner } from './referral.owner.js';
import {
  attributeBody,
  attributeResponse,
  CLAIM_TTL_DAYS,
  claimIntentBody,
  claimIntentResponse,
  codeBody,
  codeResponse,
  rewardsBody,
  rewardsResponse,
} from './referral.public.schema.js';
import { referralSchema, referralStatus as status } from './referral.owner.schema.js';
import type { ReferralConfig } from './referral.schema.js';
import type { ReferralService } from './referral.service.js';

export function referralOperations(d: { apps: AppService; flows: FlowService; referrals: ReferralService; owner: ReferralOwner }, rateLimit: number): Operation[] {
  const { apps, referrals, owner } = d;
  const tags = ['Referral'];
  const ownerTags = ['Referral (owner)'];
  return [
    defineOp({
      id: 'getReferralCode',
      method: 'POST',
      path: '/api/public/referral/code',
      auth: 'public',
      tags,
      summary: 'The user’s referral code (minted on the first call, the same afterwards)',
      description: 'Answers the code (8 characters), `displayCode` (`XXXX-XXXX`), `shareUrl` (`WEB_URL/r/<code>`), `shareMessage` (the template with the link), the referrer reward and the legacy `referrerWeeks`. 404 when the app is unknown or has no published referral flow.',
      body: codeBody,
      response: codeResponse,
      errors: [404, 422, 429],
      route: { config: publicLimit(rateLimit * 3, 'referral.code') },
      handler: async ({ body }) => referrals.code(body),
    }),
    defineOp({
      id: 'referralClaimIntent',
      method: 'POST',
      path: '/api/public/referral/claim-intent',
      auth: 'public',
      tags,
      summary: 'A friend tapped the invite: a pending referral and its one-time clipboard token',
      description: `The invite page calls it on its button: 201 \`{ claimToken, expiresAt }\` (\`amrf_\` + 32 characters; only its SHA-256 is stored; valid ${CLAIM_TTL_DAYS} days; redeemed once by POST /api/public/referral/attribute). 404 for an unknown code.`,
      body: claimIntentBody,
      status: 201,
      response: claimIntentResponse,
      errors: [404, 422, 429],
      route: { config: publicLimit(rateLimit, 'referral.intent') },
      handler: async ({ body }, ctx) => referrals.claimIntent(body, ctx.client),
    }),
    defineOp({
      id: 'attributeReferral',
      method: 'POST',
      path: '/api/public/referral/attribute',
      auth: 'public',
      tags,
      summary: 'Attribute the new user to a referrer (the reward trigger)',
      description:
        'Exactly one of `code` (typed; case, dashes and spaces ignored) or `claimToken` (the clipboard token), else 422. 200 `{ attributed, alreadyAttributed, refereeReward }`: a referee attributes once per app (a repeat answers `alreadyAttributed: true` and grants nothing twice). 404 for an unknown or expired code or token; 409 `{ error, selfReferral: true }` when the redeemer owns the code; 409 `{ error, inviteLimitReached | deviceLimitReached }` past `maxInvitesPerReferrer` / `maxReferralsPerDevice` (the SDK treats every 2xx as attributed, so refusals are never 2xx).',
      body: attributeBody,
      response: attributeResponse,
      errors: [404, 409, 422, 429],
      route: { config: publicLimit(rateLimit, 'referral.attribute') },
      handler: async ({ body }, ctx) => referrals.attribute(body, ctx.client),
    }),
    defineOp({
      id: 'claimReferralRewards',
      method: 'POST',
      path: '/api/public/referral/rewards',
      auth: 'public',
      tags,
      summary: 'The referrer’s owed rewards, each returned exactly once (called on every launch)',
      description:
        'Grants every attributed, unrewarded friend of the user, up to `maxRewardsPerReferrer` over the user’s lifetime, atomically (concurrent calls never grant one twice or pass the cap). `newReferrals` is what this call granted; `amountOwed` = newReferrals x the reward amount; `weeks`/`weeksOwed` the same in weeks (0 for other units).',
      body: rewardsBody,
      response: rewardsResponse,
      errors: [404, 422, 429],
      route: { config: publicLimit(rateLimit * 6, 'referral.rewards') },
      handler: async ({ body }) => referrals.rewards(body),
    }),
    defineOp({
      id: 'listReferrals',
      mcp: 'list_referrals',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/referrals',
      auth: 'owner',
      tags: ownerTags,
      summary: 'The referral graph: every landing visit and attribution, newest first',
      params: appParams,
      query: z.object({ status: status.optional() }).extend(pageQuery.shape),
      response: z.object({ referrals: z.array(referralSchema), nextCursor: z.string().nullable() }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => owner.list(await apps.resolve(ctx.accountId, params.idOrSlug), query),
    }),
    defineOp({
      id: 'exportReferralsCsv',
      mcp: 'export_referrals_csv',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/referrals.csv',
      auth: 'owner',
      tags: ownerTags,
      summary: 'Export referrals as CSV (streamed)',
      description: `Header row \`id,code,referrerUserId,status,source,refereeUserId,refereeAnonymousId,attributedAt,referrerRewarded,refereeRewarded,country,createdAt\`. ${CSV_CELLS_NOTE}`,
      params: appParams,
      query: z.object({ status: status.optional() }),
      produces: 'text/csv',
      errors: [404],
      handler: async ({ params, query }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return textResult('text/csv; charset=utf-8', owner.csv(app, query), `${app.slug}-referrals.csv`);
      },
    }),
    defineOp({
      id: 'listReferrers',
      mcp: 'list_referrers',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/referrals/referrers',
      auth: 'owner',
      tags: ownerTags,
      summary: 'Per referrer: invites, attributed, rewarded, capped, distinct attributing devices',
      description:
        'One row per user with a code, by user id (`sort=userId`, the default) or top referrers first (`sort=attributed`: most attributed, ties by user id). `distinctDevices` far below `attributed` means one client attributed many friends: farming (cap it with `maxReferralsPerDevice`).',
      params: appParams,
      query: pageQuery.extend({ sort: z.enum(['userId', 'attributed']).default('userId').describe('Order: by user id, or most attributed referrals first. A cursor only continues the order it came from.') }),
      response: z.object({
        referrers: z.array(
          z.object({
            userId: z.string(),
            code: z.string(),
            invites: z.number().int().describe('Landing visits and attributions.'),
            attributed: z.number().int(),
            rewarded: z.number().int(),
            capped: z.number().int().describe('Attributed beyond maxRewardsPerReferrer.'),
            distinctDevices: z.number().int(),
            codeCreatedAt: z.string(),
          }),
        ),
        nextCursor: z.string().nullable(),
      }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        const flow = await d.flows.publicFlow(app.slug, 'referral').catch(() => undefined);
        return owner.referrers(app, query, (flow?.config as ReferralConfig | undefined)?.maxRewardsPerReferrer ?? 0);
      },
    }),
  ];
}
