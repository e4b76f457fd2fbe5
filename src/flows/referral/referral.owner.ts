import type { AppRow } from '../../apps/apps.store.js';
import type { Clock } from '../../kernel/clock.js';
import { csvStream, type CsvColumn } from '../../kernel/csv.js';
import { decodeCursor, pageOf } from '../../kernel/pagination.js';
import { afterFromCursor, allPages } from '../../kernel/keyset.js';
import type { ReferralRow, ReferralStore } from './referral.store.js';

export type ReferralStatus = 'pending' | 'attributed' | 'expired';

// A landing visit whose token ran out unredeemed is `expired` (derived: nothing rewrites the row).
const statusOf = (r: ReferralRow, now: string): ReferralStatus => (r.status === 'pending' && r.claim_expires_at && r.claim_expires_at <= now ? 'expired' : (r.status as ReferralStatus));

/** A referral as the owner API answers it (and the referral events carry it): no client hash, no token hash. */
export const referralView = (r: ReferralRow, now: string) => ({
  id: r.id,
  code: r.code,
  referrerUserId: r.referrer_user_id,
  status: statusOf(r, now),
  source: r.source as 'link' | 'code',
  refereeUserId: r.referee_user_id,
  refereeAnonymousId: r.referee_anonymous_id,
  attributedAt: r.attributed_at,
  referrerRewarded: r.referrer_rewarded === 1,
  refereeRewarded: r.referee_rewarded === 1,
  country: r.country,
  createdAt: r.created_at,
});

/** What the owner sees of the referral graph: every referral, and per referrer what they brought. */
export function createReferralOwner(deps: { store: ReferralStore; clock: Clock }) {
  const { store, clock } = deps;
  /** Keyset pages of the status asked for: `pending` and `expired` split one stored status by the clock. */
  async function filteredPage(app: AppRow, status: ReferralStatus | undefined, after: [string, string] | undefined, limit: number) {
    const now = clock.now().toISOString();
    const stored = status === 'expired' ? 'pending' : status;
    const out: ReferralRow[] = [];
    let cursor = after;
    for (;;) {
      const rows = await store.page(app.id, stored, cursor, limit + 1);
      for (const r of rows) if (!status || statusOf(r, now) === status) out.push(r);
      if (out.length > limit || rows.length <= limit) return { rows: out, now };
      const last = rows[rows.length - 1];
      cursor = [last.created_at, last.id];
    }
  }

  return {
    async list(app: AppRow, q: { status?: ReferralStatus; limit: number; cursor?: string }) {
      const { rows, now } = await filteredPage(app, q.status, afterFromCursor(q.cursor), q.limit);
      const { items, nextCursor } = pageOf(rows, q.limit, (r) => [r.created_at, r.id]);
      return { referrals: items.map((r) => referralView(r, now)), nextCursor };
    },

    csv(app: AppRow, q: { status?: ReferralStatus }) {
      type Row = ReturnType<typeof referralView>;
      const columns: CsvColumn<Row>[] = [
        { header: 'id', value: (r) => r.id },
        { header: 'code', value: (r) => r.code },
        { header: 'referrerUserId', value: (r) => r.referrerUserId },
        { header: 'status', value: (r) => r.status },
        { header: 'source', value: (r) => r.source },
        { header: 'refereeUserId', value: (r) => r.refereeUserId },
        { header: 'refereeAnonymousId', value: (r) => r.refereeAnonymousId },
        { header: 'attributedAt', value: (r) => r.attributedAt },
        { header: 'referrerRewarded', value: (r) => String(r.referrerRewarded) },
        { header: 'refereeRewarded', value: (r) => String(r.refereeRewarded) },
        { header: 'country', value: (r) => r.country },
        { header: 'createdAt', value: (r) => r.createdAt },
      ];
      const now = clock.now().toISOString();
      async function* rows() {
        for await (const page of allPages((after, limit) => store.page(app.id, q.status === 'expired' ? 'pending' : q.status, after, limit))) {
          yield page.map((r) => referralView(r, now)).filter((v) => !q.status || v.status === q.status);
        }
      }
      return csvStream(columns, rows());
    },

    /** Per referrer (by user id): landing visits, attributed, rewarded, capped, distinct attributing clients. */
    async referrers(app: AppRow, q: { limit: number; cursor?: string; sort?: 'userId' | 'attributed' }, cap: number) {
      const byAttributed = q.sort === 'attributed';
      const rows = byAttributed
        ? await store.referrers(app.id, q.limit + 1, { by: 'attributed', after: decodeCursor(q.cursor, ['count', 'text']) })
        : await store.referrers(app.id, q.limit + 1, { by: 'userId', after: decodeCursor(q.cursor, ['text'])?.[0] });
      const { items: page, nextCursor } = pageOf(rows, q.limit, (r) => (byAttributed ? [Number(r.attributed ?? 0), r.user_id] : [r.user_id]));
      const items = page.map((r) => {
        const attributed = Number(r.attributed ?? 0);
        const rewarded = Number(r.rewarded ?? 0);
        return {
          userId: r.user_id,
          code: r.code,
          invites: Number(r.referrals),
          attributed,
          rewarded,
          capped: cap > 0 ? Math.max(0, attributed - cap) : 0,
          distinctDevices: Number(r.devices),
          codeCreatedAt: r.created_at,
        };
      });
      return { referrers: items, nextCursor };
    },
  };
}
export type ReferralOwner = ReturnType<typeof createReferralOwner>;
