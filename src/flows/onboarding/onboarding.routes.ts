import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppService } from '../../apps/apps.service.js';
import { CSV_CELLS_NOTE } from '../../kernel/csv.js';
import { defineOp, textResult, type Operation } from '../../kernel/operation.js';
import { pageQuery } from '../../kernel/pagination.js';
import { publicLimit } from '../../kernel/rate-limit.js';
import { CLAIM_TTL_DAYS, claimBody, claimResponse, completeBody, completeResponse } from './onboarding.runtime.schema.js';
import { startSessionOp } from '../../kernel/sessions/sessions.routes.js';
import type { SessionStore } from '../../kernel/sessions/sessions.store.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { funnelStats } from './onboarding.funnel.js';
import { onboardingSubmission } from './onboarding.submission.schema.js';
import type { OnboardingSessions } from './onboarding.sessions.js';
import type { OnboardingStore } from './onboarding.store.js';
import type { OnboardingSubmissions } from './onboarding.submissions.js';

const funnelVersion = z.object({
  versionNumber: z.number().int(),
  sessions: z.number().int().describe('Sessions started (SDK and web).'),
  opened: z.number().int().describe('Funnels whose first screen was shown.'),
  steps: z.array(
    z.object({
      id: z.string().describe('The step’s answer key.'),
      kind: z.enum(['question', 'info', 'email_capture']),
      reached: z.number().int(),
      reachedRate: z.number().nullable().describe('reached / opened.'),
    }),
  ),
  completed: z.number().int(),
  completionRate: z.number().nullable().describe('completed / opened.'),
  claimed: z.number().int().describe('Completions the app redeemed.'),
  claimRate: z.number().nullable().describe('claimed / completed.'),
});

export interface OnboardingDeps {
  apps: AppService;
  flows: FlowService;
  submissions: OnboardingSubmissions;
  sessions: OnboardingSessions;
  store: OnboardingStore;
  sessionStore: SessionStore;
}

export function onboardingOperations(d: OnboardingDeps, rateLimit: number): Operation[] {
  const { apps, submissions, sessions } = d;
  const tags = ['Onboarding'];
  return [
    startSessionOp({
      id: 'startOnboardingSession',
      path: '/api/public/onboarding/sessions',
      tags,
      summary: 'Start a funnel session (the SDK’s startOnboardingFlow)',
      description:
        'The same StartRequest as cancel sessions; 201 `{ sessionId, token, flowUrl }`, a session pinned to the published funnel. The SDK appends `scheme=<urlScheme>` to `flowUrl`; the page then ends with the deep link `{scheme}://retention-flow/action?type=onboarding_complete&session_id=…&claim_token=amob_…`. 404 when the app is unknown or has no published funnel (the SDK then reports no result).',
      action: 'onboarding.session',
      rateLimit,
      sessions,
    }),
    defineOp({
      id: 'completeOnboarding',
      method: 'POST',
      path: '/api/public/onboarding/complete',
      auth: 'public',
      tags,
      summary: 'Complete a funnel: store the answers and email, mint a one-time claim token',
      description: `What the hosted funnel calls at its end (other clients may too). Answers are checked against the funnel (its session’s pinned version when \`sessionId\` + \`token\` are given, else the published one): unknown steps or options, a missing required answer or email are 422 with paths. 201 \`{ ok, submissionId, claimToken, expiresAt }\`: the token (\`amob_\` + 32 characters, 190 bits; only its SHA-256 is stored) is valid ${CLAIM_TTL_DAYS} days and redeemed once by the app. 404 when the app is unknown or has no published funnel. The submission is on disk before the answer. Rate limited per client.`,
      body: completeBody,
      status: 201,
      response: completeResponse,
      errors: [404, 422, 429],
      route: { config: publicLimit(rateLimit, 'onboarding.complete'), bodyLimit: 64 * 1024 },
      handler: async ({ body }, ctx) => submissions.complete(body, ctx.client),
    }),
    defineOp({
      id: 'claimOnboarding',
      method: 'POST',
      path: '/api/public/onboarding/claim',
      auth: 'public',
      tags,
      summary: 'Redeem a claim token for the answers and email (the SDK, on first launch)',
      description:
        'The first claim stamps `claimedAt` (and the claiming userId/anonymousId) and answers `alreadyClaimed: false`; later claims of the same token answer the same answers with `alreadyClaimed: true`. An unknown, expired, malformed or other app’s token is 404 (the SDK treats it as an organic install).',
      body: claimBody,
      response: claimResponse,
      errors: [404, 422, 429],
      route: { config: publicLimit(rateLimit * 3, 'onboarding.claim') },
      handler: async ({ body }) => submissions.claim(body),
    }),
    defineOp({
      id: 'listOnboardingSubmissions',
      mcp: 'list_onboarding_submissions',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/onboarding/submissions',
      auth: 'owner',
      tags,
      summary: 'List completed funnels, newest first',
      params: appParams,
      query: pageQuery,
      response: z.object({ submissions: z.array(onboardingSubmission), nextCursor: z.string().nullable() }),
      errors: [400, 404],
      handler: async ({ params, query }, ctx) => submissions.list(await apps.resolve(ctx.accountId, params.idOrSlug), query),
    }),
    defineOp({
      id: 'exportOnboardingCsv',
      mcp: 'export_onboarding_csv',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/onboarding/submissions.csv',
      auth: 'owner',
      tags,
      summary: 'Export completed funnels as CSV (streamed)',
      description: `Header row \`id,email,answers,source,claimed,claimedAt,country,createdAt\` (answers as JSON). ${CSV_CELLS_NOTE}`,
      params: appParams,
      produces: 'text/csv',
      errors: [404],
      handler: async ({ params }, ctx) => {
        const app = await apps.resolve(ctx.accountId, params.idOrSlug);
        return textResult('text/csv; charset=utf-8', submissions.csv(app), `${app.slug}-onboarding.csv`);
      },
    }),
    defineOp({
      id: 'getOnboardingStats',
      mcp: 'get_onboarding_stats',
      method: 'GET',
      path: '/api/v1/apps/:idOrSlug/onboarding/stats',
      auth: 'owner',
      tags,
      summary: 'Where people drop off: sessions, each step reached, completed, claimed — per published version',
      params: appParams,
      response: z.object({ versions: z.array(funnelVersion) }),
      errors: [404],
      handler: async ({ params }, ctx) =>
        funnelStats({ sessions: d.sessionStore, submissions: d.store, flows: d.flows }, await apps.resolve(ctx.accountId, params.idOrSlug)),
    }),
  ];
}
