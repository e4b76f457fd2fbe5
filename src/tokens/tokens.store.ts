import type { Db } from '../db/index.js';

export function createTokenStore(db: Db) {
  return {
    async ensureDefaultAccount(id: string, now: string): Promise<string> {
      const existing = await db.selectFrom('accounts').select('id').orderBy('created_at').limit(1).executeTakeFirst();
      if (existing) return existing.id;
      await db.insertInto('accounts').values({ id, name: 'Default account', created_at: now }).execute();
      return id;
    },
    insert(row: { id: string; account_id: string; name: string; prefix: string; hash: string; created_at: string }) {
      return db.insertInto('api_tokens').values({ ...row, last_used_at: null, revoked_at: null }).execute();
    },
    byPrefix(prefix: string) {
      return db.selectFrom('api_tokens').selectAll().where('prefix', '=', prefix).executeTakeFirst();
    },
    list(accountId?: string) {
      let q = db.selectFrom('api_tokens').selectAll().orderBy('created_at', 'desc');
      if (accountId) q = q.where('account_id', '=', accountId);
      return q.execute();
    },
    async revoke(prefix: string, now: string, accountId?: string): Promise<boolean> {
      let q = db.updateTable('api_tokens').set({ revoked_at: now }).where('prefix', '=', prefix).where('revoked_at', 'is', null);
      if (accountId) q = q.where('account_id', '=', accountId);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    touch(id: string, now: string) {
      return db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
    },
  };
}
export type TokenStore = ReturnType<typeof createTokenStore>;
