import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db, DbHandle } from '../../db/index.js';
import { chunks } from '../../kernel/subject.js';
import type { Database, ReferralsTable } from '../../db/types.js';
import { olderThan, type After } from '../../kernel/keyset.js';
import { bump, pgShard } from '../../db/rollups.js';
import { writeOutbox, type OutboxEvent } from '../../db/outbox.js';

export type ReferralRow = Selectable<ReferralsTable>;

/**
 * The attribution caps of an app's referral flow (0 = none), checked in the attribution's own
 * transaction under the referrer's lock, so concurrent attributions (on any number of nodes)
 * never store more than the cap. The device cap counts one client's attributions to this
 * referrer, so the referrer's lock covers it too.
 */
export interface AttributionCaps {
  referrer: string;
  maxInvites: number;
  maxPerDevice: number;
  ipHash: string;
}
/** true: stored; false: a clash (the referee already attributed, the token spent); else the cap that refused it. */
export type AttributeOutcome = boolean | 'inviteLimit' | 'deviceLimit';

/** Referral codes and referrals, scoped by app. */
export function createReferralStore(handle: DbHandle) {
  const { db, dialect } = handle;

  /** Serialises one referrer's reward claims and attributions: PostgreSQL across processes; SQLite has one writer. */
  const lockReferrer = async (trx: Kysely<Database>, appId: string, userId: string) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`referral:${appId}:${userId}`}))`.execute(trx);
  };

  /** The daily counter of attributions (db/rollups.ts), in the attribution's own transaction. */
  const countAttribution = (trx: Kysely<Database>, appId: string, at: string) => bump(trx, [{ appId, metric: 'referral.referrals', at }], dialect === 'postgres' ? pgShard() : 0);

  const countIn = (on: Db, appId: string, referrer: string, ipHash?: string) => {
    let q = on
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .where('referrer_user_id', '=', referrer)
      .where('status', '=', 'attributed');
    if (ipHash) q = q.where('ip_hash', '=', ipHash);
    return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  };

  /** Under the referrer's lock (taken here): the cap this attribution would pass, if any. */
  const capHit = async (trx: Kysely<Database>, appId: string, caps: AttributionCaps | undefined): Promise<'inviteLimit' | 'deviceLimit' | null> => {
    if (!caps || (!caps.maxInvites && !caps.maxPerDevice)) return null;
    await lockReferrer(trx, appId, caps.referrer);
    if (caps.maxInvites && (await countIn(trx, appId, caps.referrer)) >= caps.maxInvites) return 'inviteLimit';
    if (caps.maxPerDevice && (await countIn(trx, appId, caps.referrer, caps.ipHash)) >= caps.maxPerDevice) return 'deviceLimit';
    return null;
  };

  return {
    codeOf(appId: string, userId: string) {
      return db.selectFrom('referral_codes').selectAll().where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst();
    },
    byCode(code: string) {
      return db.selectFrom('referral_codes').selectAll().where('code', '=', code).executeTakeFirst();
    },
    /** Stores the user's code unless they have one (or the code is taken): true when this one was stored. */
    async insertCode(row: { app_id: string; user_id: string; code: string; created_at: string }): Promise<boolean> {
      const r = await db.insertInto('referral_codes').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /**
     * Stores a referral; false when it clashes (the referee already attributed, a token hash reused),
     * or the cap of `caps` it would pass. An attribution adds to the daily `referral.referrals`
     * counter in the same transaction, and writes its `event` there (null: nobody listens).
     */
    insertReferral(row: Omit<ReferralRow, 'referrer_rewarded' | 'referrer_rewarded_at'>, caps?: AttributionCaps, event: OutboxEvent | null = null): Promise<AttributeOutcome> {
      return db.transaction().execute(async (trx) => {
        const capped = await capHit(trx, row.app_id, caps);
        if (capped) return capped;
        const r = await trx.insertInto('referrals').values({ ...row, referrer_rewarded: 0, referrer_rewarded_at: null }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
        const stored = Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
        if (stored && row.status === 'attributed') await countAttribution(trx, row.app_id, row.attributed_at!);
        if (stored) await writeOutbox(trx, [event]);
        return stored;
      });
    },
    byClaimHash(appId: string, hash: string) {
      return db.selectFrom('referrals').selectAll().where('app_id', '=', appId).where('claim_hash', '=', hash).executeTakeFirst();
    },
    /** The referee's attribution in this app, if any (one per referee). */
    attributionOf(appId: string, refereeKey: string) {
      return db.selectFrom('referrals').selectAll().where('app_id', '=', appId).where('referee_key', '=', refereeKey).executeTakeFirst();
    },
    /**
     * Turns a pending landing visit into the attribution; false when it is no longer pending or the
     * referee already has one, or the cap of `caps` it would pass. Its `event` is written with it.
     */
    async attributePending(
      appId: string,
      id: string,
      set: Pick<ReferralRow, 'referee_key' | 'referee_user_id' | 'referee_anonymous_id' | 'attributed_at' | 'referee_rewarded' | 'ip_hash' | 'country'>,
      caps?: AttributionCaps,
      event: OutboxEvent | null = null,
    ): Promise<AttributeOutcome> {
      try {
        return await db.transaction().execute(async (trx): Promise<AttributeOutcome> => {
          const capped = await capHit(trx, appId, caps);
          if (capped) return capped;
          const r = await trx.updateTable('referrals').set({ ...set, status: 'attributed' }).where('app_id', '=', appId).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) return false;
          await countAttribution(trx, appId, set.attributed_at!);
          await writeOutbox(trx, [event]);
          return true;
        });
      } catch (err) {
        // The referee's unique key: somebody attributed this referee meanwhile.
        if (/unique|constraint/i.test(String((err as Error).message))) return false;
        throw err;
      }
    },
    /** The referrer's attributions (from one client when `ipHash` is given). */
    countAttributed(appId: string, referrer: string, ipHash?: string) {
      return countIn(db, appId, referrer, ipHash);
    },

    /**
     * Grants the referrer's owed rewards once each, never past `cap` (0 = unlimited), atomically:
     * under the referrer's lock, the rewarded count and the unrewarded attributions are read and
     * the granted ones flipped in one transaction. Returns what this call granted and the totals.
     * `event` (called when something was granted) makes the outbox event written in that transaction.
     */
    claimRewards(appId: string, referrer: string, cap: number, now: string, event?: (r: { granted: ReferralRow[]; totalRewarded: number; cappedOut: number }) => OutboxEvent | null) {
      return db.transaction().execute(async (trx) => {
        await lockReferrer(trx, appId, referrer);
        const base = () => trx.selectFrom('referrals').where('app_id', '=', appId).where('referrer_user_id', '=', referrer).where('status', '=', 'attributed');
        const rewarded = Number((await base().select((eb) => eb.fn.countAll<number>().as('n')).where('referrer_rewarded', '=', 1).executeTakeFirstOrThrow()).n);
        const room = cap > 0 ? Math.max(0, cap - rewarded) : Number.MAX_SAFE_INTEGER;
        const owed = await base().selectAll().where('referrer_rewarded', '=', 0).orderBy('attributed_at').orderBy('id').execute();
        const grant = owed.slice(0, room).map((r) => r.id);
        let granted = 0;
        for (let i = 0; i < grant.length; i += 500) {
          const r = await trx
            .updateTable('referrals')
            .set({ referrer_rewarded: 1, referrer_rewarded_at: now })
            .where('id', 'in', grant.slice(i, i + 500))
            .where('referrer_rewarded', '=', 0)
            .executeTakeFirst();
          granted += Number(r.numUpdatedRows);
        }
        const totals = { totalRewarded: rewarded + granted, cappedOut: owed.length - grant.length };
        // Under the referrer's lock: the rows granted are exactly the first `granted` owed ones.
        if (granted && event) {
          const rows = owed.slice(0, granted).map((r) => ({ ...r, referrer_rewarded: 1, referrer_rewarded_at: now }));
          await writeOutbox(trx, [event({ granted: rows, ...totals })]);
        }
        return { granted, ...totals };
      });
    },

    /** This end user's code and the referrals they are in, as referrer (userId) or referee (userId, anonymous id) (data rights, src/privacy). */
    async subjectRows(appId: string, who: { userId?: string; anonymousId?: string }, on: Db = db) {
      const { userId, anonymousId } = who;
      if (!userId && !anonymousId) return { codes: [], referrals: [] };
      const codes = userId ? await on.selectFrom('referral_codes').selectAll().where('app_id', '=', appId).where('user_id', '=', userId).execute() : [];
      const referrals = await on
        .selectFrom('referrals')
        .selectAll()
        .where('app_id', '=', appId)
        .where((eb) =>
          eb.or([
            ...(userId ? [eb('referrer_user_id', '=', userId), eb('referee_user_id', '=', userId)] : []),
            ...(anonymousId ? [eb('referee_anonymous_id', '=', anonymousId)] : []),
          ]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return { codes, referrals };
    },
    /**
     * Erases them: the user's code and the referrals they made as referrer are deleted (the invite
     * link stops working); where they were the referee of somebody else, the row stays in that
     * referrer's ledger (their attributed and rewarded counts, and so their reward cap, must not
     * move) but loses everything about the referee: ids, key, client hash, country, token hash.
     */
    async eraseSubject(appId: string, who: { userId?: string; anonymousId?: string }, on: Db): Promise<{ codes: number; referrals: number; anonymized: number }> {
      const { referrals } = await this.subjectRows(appId, who, on);
      const own = referrals.filter((r) => who.userId !== undefined && r.referrer_user_id === who.userId);
      const asReferee = referrals.filter((r) => !own.includes(r));
      let deleted = 0;
      for (const part of chunks(own.map((r) => r.id))) deleted += Number((await on.deleteFrom('referrals').where('app_id', '=', appId).where('id', 'in', part).executeTakeFirst()).numDeletedRows);
      let anonymized = 0;
      for (const r of asReferee) {
        const u = await on
          .updateTable('referrals')
          .set({ referee_user_id: null, referee_anonymous_id: null, referee_key: r.referee_key === null ? null : `erased:${r.id}`, ip_hash: null, country: null, claim_hash: null })
          .where('app_id', '=', appId)
          .where('id', '=', r.id)
          .executeTakeFirst();
        anonymized += Number(u.numUpdatedRows);
      }
      const codes = who.userId ? Number((await on.deleteFrom('referral_codes').where('app_id', '=', appId).where('user_id', '=', who.userId).executeTakeFirst()).numDeletedRows) : 0;
      return { codes, referrals: deleted, anonymized };
    },

    page(appId: string, status: string | undefined, after: After | undefined, limit: number) {
      let q = db.selectFrom('referrals').selectAll().where('app_id', '=', appId);
      if (status) q = q.where('status', '=', status);
      if (after) q = q.where((eb) => olderThan(eb, after));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /**
     * Per referrer: codes, landing visits, attributions, rewards, and distinct attributing clients.
     * By user id, or most attributions first (ties by user id): keyset on the aggregate (HAVING).
     */
    referrers(appId: string, limit: number, order: { by: 'userId'; after?: string } | { by: 'attributed'; after?: readonly [number, string] }) {
      const attributed = sql<number>`SUM(CASE WHEN r.status = 'attributed' THEN 1 ELSE 0 END)`;
      let q = db
        .selectFrom('referral_codes as c')
        .leftJoin('referrals as r', (j) => j.onRef('r.app_id', '=', 'c.app_id').onRef('r.referrer_user_id', '=', 'c.user_id'))
        .select((eb) => [
          'c.user_id',
          'c.code',
          'c.created_at',
          eb.fn.count<number>('r.id').as('referrals'),
          attributed.as('attributed'),
          eb.fn.sum<number>('r.referrer_rewarded').as('rewarded'),
          eb.fn.count<number>('r.ip_hash').distinct().as('devices'),
        ])
        .where('c.app_id', '=', appId)
        .groupBy(['c.user_id', 'c.code', 'c.created_at']);
      if (order.by === 'userId') {
        if (order.after) q = q.where('c.user_id', '>', order.after);
        return q.orderBy('c.user_id').limit(limit).execute();
      }
      if (order.after) {
        const [n, user] = order.after;
        q = q.having((eb) => eb.or([eb(attributed, '<', n), eb.and([eb(attributed, '=', n), eb('c.user_id', '>', user)])]));
      }
      return q.orderBy(attributed, 'desc').orderBy('c.user_id').limit(limit).execute();
    },
  };
}
export type ReferralStore = ReturnType<typeof createReferralStore>;
