import type { Db } from '../db/index.js';
import type { OwnersTable, OwnerSessionsTable } from '../db/types.js';

/** Owners, their sessions, setup links and sign-in failure counts (tables of migration 0100). */
export function createAdminStore(db: Db) {
  return {
    async ownerCount(): Promise<number> {
      const r = await db.selectFrom('owners').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    ownerByEmail(email: string) {
      return db.selectFrom('owners').selectAll().where('email', '=', email).executeTakeFirst();
    },
    insertOwner(row: OwnersTable) {
      return db.insertInto('owners').values(row).execute();
    },
    async setPassword(ownerId: string, hash: string, now: string) {
      await db.updateTable('owners').set({ password_hash: hash, password_changed_at: now }).where('id', '=', ownerId).execute();
    },

    insertSession(row: OwnerSessionsTable) {
      return db.insertInto('owner_sessions').values(row).execute();
    },
    /** The session and its owner; expired sessions are not returned. */
    session(idHash: string, now: string) {
      return db
        .selectFrom('owner_sessions as s')
        .innerJoin('owners as o', 'o.id', 's.owner_id')
        .select(['s.id_hash', 's.last_seen_at', 's.expires_at', 'o.id as owner_id', 'o.account_id', 'o.email'])
        .where('s.id_hash', '=', idHash)
        .where('s.expires_at', '>', now)
        .executeTakeFirst();
    },
    /** Expired sessions and failure counts nobody needs any more (run at each sign-in; both tables stay small). */
    async prune(now: string, failuresBefore: string) {
      await db.deleteFrom('owner_sessions').where('expires_at', '<=', now).execute();
      await db.deleteFrom('owner_login_failures').where('last_failed_at', '<', failuresBefore).where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)])).execute();
    },
    touchSession(idHash: string, now: string) {
      return db.updateTable('owner_sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
    },
    setFlash(idHash: string, flash: string | null) {
      return db.updateTable('owner_sessions').set({ flash }).where('id_hash', '=', idHash).execute();
    },
    /** Reads and clears the session's flash; only the caller whose update cleared it gets it (two tabs: one). */
    async takeFlash(idHash: string): Promise<string | undefined> {
      const row = await db.selectFrom('owner_sessions').select('flash').where('id_hash', '=', idHash).executeTakeFirst();
      if (!row?.flash) return undefined;
      const r = await db.updateTable('owner_sessions').set({ flash: null }).where('id_hash', '=', idHash).where('flash', '=', row.flash).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1 ? row.flash : undefined;
    },
    deleteSession(idHash: string) {
      return db.deleteFrom('owner_sessions').where('id_hash', '=', idHash).execute();
    },
    async deleteOwnerSessions(ownerId: string): Promise<number> {
      const r = await db.deleteFrom('owner_sessions').where('owner_id', '=', ownerId).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    countOwnerSessions(ownerId: string, now: string) {
      return db
        .selectFrom('owner_sessions')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('owner_id', '=', ownerId)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    insertSetupLink(tokenHash: string, now: string, expiresAt: string) {
      return db.insertInto('owner_setup_links').values({ token_hash: tokenHash, created_at: now, expires_at: expiresAt, used_at: null }).execute();
    },
    setupLink(tokenHash: string, now: string) {
      return db.selectFrom('owner_setup_links').selectAll().where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
    },
    /** Marks the link used; false when it was used (or expired) meanwhile: exactly one caller wins. */
    async useSetupLink(tokenHash: string, now: string): Promise<boolean> {
      const r = await db
        .updateTable('owner_setup_links')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    failures(key: string) {
      return db.selectFrom('owner_login_failures').selectAll().where('key', '=', key).executeTakeFirst();
    },
    /** Counts one more failure (starting again after a quiet period: failures before `forgetBefore` are forgotten). */
    async recordFailure(key: string, now: string, forgetBefore: string, lockedUntil: (failures: number) => string | null) {
      const prev = await db.selectFrom('owner_login_failures').select(['failures', 'last_failed_at']).where('key', '=', key).executeTakeFirst();
      const failures = (prev && prev.last_failed_at >= forgetBefore ? prev.failures : 0) + 1;
      await db
        .insertInto('owner_login_failures')
        .values({ key, failures, last_failed_at: now, locked_until: lockedUntil(failures) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ failures, last_failed_at: now, locked_until: lockedUntil(failures) }))
        .execute();
    },
    clearFailures(key: string) {
      return db.deleteFrom('owner_login_failures').where('key', '=', key).execute();
    },
  };
}
export type AdminStore = ReturnType<typeof createAdminStore>;
