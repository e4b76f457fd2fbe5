import { createHash } from 'node:crypto';
import type { AppService } from '../../apps/apps.service.js';
import type { Clock } from '../../kernel/clock.js';
import type { Events } from '../../kernel/events/events.js';
import { AppError, notFound, unprocessable } from '../../kernel/errors.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { randomString } from '../../kernel/ids.js';
import type { ClientInfo } from '../../kernel/operation.js';
import { rowId } from '../../db/row-id.js';
import { CLAIM_PREFIX, CLAIM_TOKEN, CLAIM_TTL_DAYS } from './referral.public.schema.js';
import type { Reward, ReferralConfig } from './referral.schema.js';
import { REFERRAL_ATTRIBUTED, REFERRAL_REWARD_CLAIMED, type ReferralAttributed, type ReferralRewardClaimed } from './referral.events.js';
import { referralView } from './referral.owner.js';
import type { ReferralRow, ReferralStore } from './referral.store.js';

/** No 0/O, 1/I/L: a code read aloud or typed from a screenshot survives. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** A typed code as stored: case, dashes and spaces ignored (`k7q4 r9xp` = `K7Q4-R9XP`). */
export const normalizeCode = (typed: string) => typed.replace(/[\s-]+/g, '').toUpperCase();
export const displayCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
const DAY_MS = 24 * 60 * 60 * 1000;

export function rewardPayload(r: Reward, label: string | undefined) {
  const week = r.unit.toLowerCase() === 'week';
  return { amount: r.amount, unit: r.unit, unitPlural: r.unitPlural ?? `${r.unit}s`, weeks: week ? r.amount : 0, label: label ?? null };
}

export function createReferralService(deps: { store: ReferralStore; flows: FlowService; apps: AppService; clock: Clock; webUrl: string; events: Events }) {
  const { store, flows, clock } = deps;
  const published = async (appSlug: string) => {
    const p = await flows.publicFlow(appSlug, 'referral');
    return { ...p, config: p.config as ReferralConfig };
  };
  const shareUrl = (code: string) => `${deps.webUrl}/r/${code}`;

  /** The code of an app's referrer, or undefined (unknown codes and other apps' codes). */
  async function findCode(appId: string, typed: string) {
    const code = normalizeCode(typed);
    const row = /^[A-Z0-9]{8}$/.test(code) ? await store.byCode(code) : undefined;
    return row && row.app_id === appId ? row : undefined;
  }

  /** The same, a 404 when there is none. */
  async function codeIn(appId: string, typed: string) {
    const row = await findCode(appId, typed);
    if (!row) throw notFound('Unknown referral code');
    return row;
  }

  /** Where an event happened: the app and the published referral flow (single-instance). */
  const whereOf = (p: Awaited<ReturnType<typeof published>>) => ({ app: p.app.slug, flow: { slug: p.flow.slug, version: p.versionNumber } });

  const refereeRewardOf = (c: ReferralConfig) => (c.rewards.refereeEnabled && c.rewards.referee ? rewardPayload(c.rewards.referee, c.rewards.refereeLabel) : null);

  return {
    published,
    shareUrl,
    findCode,

    /** Mints the user's code once; the same code afterwards. */
    async code(body: { appSlug: string; userId: string }) {
      const p = await published(body.appSlug);
      let row = await store.codeOf(p.app.id, body.userId);
      for (let i = 0; !row && i < 10; i++) {
        await store.insertCode({ app_id: p.app.id, user_id: body.userId, code: randomString(8, CODE_ALPHABET), created_at: clock.now().toISOString() });
        // Ours, a concurrent call's for the same user, or none (the code was taken elsewhere: draw again).
        row = await store.codeOf(p.app.id, body.userId);
      }
      if (!row) throw new AppError(503, 'Could not draw a free referral code; retry');
      const c = p.config;
      const reward = rewardPayload(c.rewards.referrer, c.rewards.referrerLabel);
      return {
        code: row.code,
        displayCode: displayCode(row.code),
        shareUrl: shareUrl(row.code),
        shareMessage: `${c.share.messageTemplate.trim()} ${shareUrl(row.code)}`,
        referrerReward: reward,
        referrerWeeks: reward.weeks,
        referrerLabel: c.rewards.referrerLabel ?? null,
      };
    },

    /** The invite page's tap: a pending referral holding a one-time clipboard token. */
    async claimIntent(body: { appSlug: string; code: string }, client: ClientInfo) {
      const p = await published(body.appSlug);
      const owner = await codeIn(p.app.id, body.code);
      const now = clock.now();
      const claimToken = `${CLAIM_PREFIX}${randomString(32)}`;
      const expiresAt = new Date(now.getTime() + CLAIM_TTL_DAYS * DAY_MS).toISOString();
      await store.insertReferral({
        id: rowId(now.getTime()),
        app_id: p.app.id,
        code: owner.code,
        referrer_user_id: owner.user_id,
        status: 'pending',
        source: 'link',
        claim_hash: hashOf(claimToken),
        claim_expires_at: expiresAt,
        referee_key: null,
        referee_user_id: null,
        referee_anonymous_id: null,
        attributed_at: null,
        referee_rewarded: 0,
        ip_hash: client.ipHash,
        country: client.country,
        created_at: now.toISOString(),
      });
      return { claimToken, expiresAt };
    },

    /**
     * Attributes the caller (the new user) to a referrer by typed code or clipboard token. Once
     * per referee and app: a repeat answers alreadyAttributed and grants nothing again.
     */
    async attribute(body: { appSlug: string; code?: string; claimToken?: string; userId?: string | null; anonymousId?: string | null }, client: ClientInfo) {
      const hasCode = !!body.code?.trim();
      const hasToken = !!body.claimToken;
      if (hasCode === hasToken) {
        throw unprocessable('Send exactly one of code or claimToken', [{ path: hasCode ? '/claimToken' : '/code', message: 'exactly one of code and claimToken is required' }]);
      }
      const p = await published(body.appSlug);
      const c = p.config;
      let pending: ReferralRow | undefined;
      let referrer: { code: string; user_id: string };
      if (hasToken) {
        const token = body.claimToken!;
        pending = CLAIM_TOKEN.test(token) ? await store.byClaimHash(p.app.id, hashOf(token)) : undefined;
        if (!pending || (pending.status === 'pending' && pending.claim_expires_at! <= clock.now().toISOString())) throw notFound('Unknown or expired claim token');
        referrer = { code: pending.code, user_id: pending.referrer_user_id };
      } else {
        referrer = await codeIn(p.app.id, body.code!);
      }
      if (body.userId && body.userId === referrer.user_id) {
        throw new AppError(409, 'You cannot redeem your own referral code', { selfReferral: true });
      }
      const refereeKey = body.userId ? `u:${body.userId}` : body.anonymousId ? `a:${body.anonymousId}` : `ip:${client.ipHash}`;
      const already = async () => {
        const prior = await store.attributionOf(p.app.id, refereeKey);
        const same = prior?.referrer_user_id === referrer.user_id;
        return { attributed: same, alreadyAttributed: true, refereeReward: same && prior!.referee_rewarded ? refereeRewardOf(c) : null };
      };
      if (await store.attributionOf(p.app.id, refereeKey)) return already();
      // A token already used by another referee: the token is spent.
      if (pending && pending.status !== 'pending') throw notFound('Unknown or expired claim token');
      // Checked again by the store under the referrer's lock as it stores (concurrent attributions,
      // other nodes); these reads only spare a transaction when the cap is plainly reached.
      const inviteLimit = () => new AppError(409, 'This invite has reached its limit', { inviteLimitReached: true });
      const deviceLimit = () => new AppError(409, 'Too many referrals from this device', { deviceLimitReached: true });
      if (c.maxInvitesPerReferrer && (await store.countAttributed(p.app.id, referrer.user_id)) >= c.maxInvitesPerReferrer) throw inviteLimit();
      if (c.maxReferralsPerDevice && (await store.countAttributed(p.app.id, referrer.user_id, client.ipHash)) >= c.maxReferralsPerDevice) throw deviceLimit();
      const caps = { referrer: referrer.user_id, maxInvites: c.maxInvitesPerReferrer ?? 0, maxPerDevice: c.maxReferralsPerDevice ?? 0, ipHash: client.ipHash };
      const reward = refereeRewardOf(c);
      const now = clock.now().toISOString();
      const attribution = {
        referee_key: refereeKey,
        referee_user_id: body.userId ?? null,
        referee_anonymous_id: body.anonymousId ?? null,
        attributed_at: now,
        referee_rewarded: reward ? 1 : 0,
        ip_hash: client.ipHash,
        country: client.country,
      };
      const row: ReferralRow = pending
        ? { ...pending, ...attribution, status: 'attributed' }
        : {
            id: rowId(),
            app_id: p.app.id,
            code: referrer.code,
            referrer_user_id: referrer.user_id,
            status: 'attributed',
            source: 'code',
            claim_hash: null,
            claim_expires_at: null,
            created_at: now,
            referrer_rewarded: 0,
            referrer_rewarded_at: null,
            ...attribution,
          };
      // Written by the store in the attribution's transaction, only if it stores.
      const event = deps.events.event(p.app.id, REFERRAL_ATTRIBUTED, (): ReferralAttributed => ({ ...whereOf(p), ...referralView(row, now) }), now);
      const { referrer_rewarded: _, referrer_rewarded_at: __, ...fresh } = row;
      const stored = pending ? await store.attributePending(p.app.id, pending.id, attribution, caps, event) : await store.insertReferral(fresh, caps, event);
      if (stored === 'inviteLimit') throw inviteLimit();
      if (stored === 'deviceLimit') throw deviceLimit();
      // Lost a race: this referee was attributed meanwhile (or the token was spent by another).
      if (!stored) {
        if (await store.attributionOf(p.app.id, refereeKey)) return already();
        throw notFound('Unknown or expired claim token');
      }
      return { attributed: true, alreadyAttributed: false, refereeReward: reward };
    },

    /** The referrer's launch-time claim: each earned reward once, never past the lifetime cap. */
    async rewards(body: { appSlug: string; userId: string }) {
      const p = await published(body.appSlug);
      const c = p.config;
      const reward = rewardPayload(c.rewards.referrer, c.rewards.referrerLabel);
      const now = clock.now().toISOString();
      const r = await store.claimRewards(p.app.id, body.userId, c.maxRewardsPerReferrer ?? 0, now, (g) =>
        deps.events.event(
          p.app.id,
          REFERRAL_REWARD_CLAIMED,
          (): ReferralRewardClaimed => ({
            ...whereOf(p),
            referrerUserId: body.userId,
            newReferrals: g.granted.length,
            totalRewarded: g.totalRewarded,
            cappedOut: g.cappedOut,
            reward,
            amountOwed: g.granted.length * reward.amount,
            referrals: g.granted.map((x) => referralView(x, now)),
          }),
          now,
        ),
      );
      const amountOwed = r.granted * reward.amount;
      const weeks = r.granted * reward.weeks;
      return {
        weeks,
        amountOwed,
        weeksOwed: weeks,
        reward,
        newReferrals: r.granted,
        referrerWeeksEach: reward.weeks,
        totalRewarded: r.totalRewarded,
        cappedOut: r.cappedOut,
      };
    },
  };
}
export type ReferralService = ReturnType<typeof createReferralService>;
