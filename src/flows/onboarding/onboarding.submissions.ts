import { createHash } from 'node:crypto';
import type { AppRow } from '../../apps/apps.store.js';
import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import type { Events } from '../../kernel/events/events.js';
import { csvStream, type CsvColumn } from '../../kernel/csv.js';
import { notFound, unprocessable } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { randomString } from '../../kernel/ids.js';
import type { ClientInfo } from '../../kernel/operation.js';
import { rowId } from '../../db/row-id.js';
import { afterFromCursor, allPages, pageRows } from '../../kernel/keyset.js';
import { checkAnswers, type Answers } from './onboarding.answers.js';
import { ONBOARDING_CLAIMED, ONBOARDING_COMPLETED, type OnboardingClaimed, type OnboardingCompleted } from './onboarding.events.js';
import { CLAIM_PREFIX, CLAIM_TOKEN, CLAIM_TTL_DAYS, type CompleteBody } from './onboarding.runtime.schema.js';
import type { OnboardingConfig } from './onboarding.schema.js';
import type { OnboardingStore, SubmissionRow } from './onboarding.store.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

/** The funnel version a completion answers: its session's pinned one, or the published one. */
export type PinnedFunnel = (
  appSlug: string,
  sessionId: string,
  token: string,
) => Promise<{ sessionId: string; versionNumber: number; config: OnboardingConfig; markCompleted(): Promise<unknown> }>;

/** A completion as the owner API answers it (and its events carry it). */
export const submissionView = (r: SubmissionRow) => ({
  id: r.id,
  answers: JSON.parse(r.answers_json) as Answers,
  email: r.email,
  source: r.source,
  claimed: r.claimed_at !== null,
  claimedAt: r.claimed_at,
  country: r.country,
  versionNumber: r.version_number,
  createdAt: r.created_at,
});

const CSV_COLUMNS: CsvColumn<SubmissionRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'email', value: (r) => r.email },
  { header: 'answers', value: (r) => r.answers_json },
  { header: 'source', value: (r) => r.source },
  { header: 'claimed', value: (r) => (r.claimed_at ? 'true' : 'false') },
  { header: 'claimedAt', value: (r) => r.claimed_at },
  { header: 'country', value: (r) => r.country },
  { header: 'createdAt', value: (r) => r.created_at },
];

/** Completing a funnel (answers + a one-time claim token), claiming it in the app, and the owner's lists. */
export function createOnboardingSubmissions(deps: { store: OnboardingStore; flows: FlowService; apps: AppService; clock: Clock; pinned: PinnedFunnel; events: Events }) {
  const { store, flows, clock } = deps;

  return {
    async complete(body: CompleteBody, client: ClientInfo) {
      const p = await flows.publicFlow(body.appSlug, 'onboarding');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + CLAIM_TTL_DAYS * DAY_MS).toISOString();
      const claimToken = `${CLAIM_PREFIX}${randomString(32)}`;
      const id = rowId(now.getTime());
      // Honeypot filled: a bot. It gets an answer of the usual shape, nothing is stored.
      if (body.website) return { ok: true as const, submissionId: id, claimToken, expiresAt };
      let funnel: { sessionId: string | null; versionNumber: number; config: OnboardingConfig; markCompleted?(): Promise<unknown> } = {
        sessionId: null,
        versionNumber: p.versionNumber,
        config: p.config as OnboardingConfig,
      };
      if (body.sessionId) {
        if (!body.token) throw unprocessable('token is required with sessionId', [{ path: '/token', message: 'is required with sessionId' }]);
        funnel = await deps.pinned(body.appSlug, body.sessionId, body.token);
      }
      const { answers, email, issues } = checkAnswers(funnel.config, body.answers, body.email);
      if (issues.length) throw unprocessable(`Invalid body: ${issues[0].path} ${issues[0].message}`, issues);
      const row: SubmissionRow = {
        id,
        app_id: p.app.id,
        flow_id: p.flow.id,
        version_number: funnel.versionNumber,
        session_id: funnel.sessionId,
        answers_json: JSON.stringify(answers),
        email: email ?? null,
        source: body.source || 'web',
        country: client.country,
        claim_hash: hashOf(claimToken),
        claim_expires_at: expiresAt,
        claimed_at: null,
        claimed_user_id: null,
        claimed_anonymous_id: null,
        created_at: now.toISOString(),
      };
      const event = deps.events.event(
        p.app.id,
        ONBOARDING_COMPLETED,
        (): OnboardingCompleted => ({ app: p.app.slug, flow: { slug: p.flow.slug, version: funnel.versionNumber }, ...submissionView(row), sessionId: funnel.sessionId }),
        row.created_at,
      );
      await store.insert(row, event);
      await funnel.markCompleted?.();
      return { ok: true as const, submissionId: id, claimToken, expiresAt };
    },

    /** First claim wins and stamps claimedAt; a re-claim answers the same with alreadyClaimed. */
    async claim(body: { appSlug: string; claimToken: string; userId?: string | null; anonymousId?: string | null }) {
      // Unknown, expired, malformed or another app's token: 404, which the SDK reads as an organic install.
      const none = () => notFound('No onboarding result for this token');
      const app = await deps.apps.resolvePublic(body.appSlug).catch(() => Promise.reject(none()));
      if (!CLAIM_TOKEN.test(body.claimToken)) throw none();
      const row = await store.byClaimHash(app.id, hashOf(body.claimToken));
      const now = clock.now().toISOString();
      if (!row || row.claim_expires_at <= now) throw none();
      const claimedBy = { claimed_at: now, claimed_user_id: body.userId ?? null, claimed_anonymous_id: body.anonymousId ?? null };
      const event = deps.events.event(
        app.id,
        ONBOARDING_CLAIMED,
        (): OnboardingClaimed => ({
          app: app.slug,
          flow: { slug: deps.flows.registry.get('onboarding')?.primarySlug ?? 'onboarding', version: row.version_number },
          ...submissionView({ ...row, ...claimedBy }),
          claimedUserId: claimedBy.claimed_user_id,
          claimedAnonymousId: claimedBy.claimed_anonymous_id,
        }),
        now,
      );
      const first = await store.claim(row.id, now, claimedBy.claimed_user_id, claimedBy.claimed_anonymous_id, event);
      const claimedAt = first ? now : (await store.byId(row.id)).claimed_at!;
      return {
        answers: JSON.parse(row.answers_json) as Answers,
        ...(row.email ? { email: row.email } : {}),
        completedAt: row.created_at,
        claimedAt,
        alreadyClaimed: !first,
      };
    },

    async list(app: AppRow, q: { limit: number; cursor?: string }) {
      const rows = await store.page(app.id, afterFromCursor(q.cursor), q.limit + 1);
      const { items, nextCursor } = pageRows(rows, q.limit);
      return { submissions: items.map(submissionView), nextCursor };
    },

    csv(app: AppRow) {
      return csvStream(CSV_COLUMNS, allPages((after, limit) => store.page(app.id, after, limit)));
    },
  };
}
export type OnboardingSubmissions = ReturnType<typeof createOnboardingSubmissions>;
