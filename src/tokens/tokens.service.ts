import bcrypt from 'bcrypt';
import { createHash } from 'node:crypto';
import type { Clock } from '../kernel/clock.js';
import { AppError, notFound } from '../kernel/errors.js';
import { newId, randomString } from '../kernel/ids.js';
import { createAuthGuard, type AuthGuard } from './tokens.guard.js';
import type { TokenStore } from './tokens.store.js';

/**
 * API tokens: `afk_<8-char prefix>_<32-char secret>` (base62). Only a bcrypt hash is stored;
 * lookup is by prefix. A verified token is cached in memory (keyed by a SHA-256 of the token,
 * never the token itself) for CACHE_MS so bcrypt is not paid per request; revoking through
 * this service evicts it at once, revoking from another process takes effect within CACHE_MS.
 *
 * Every bcrypt check runs off the event loop within the bounds of tokens.guard.ts. A token
 * whose prefix matches no token is refused without any hash: the prefix is an identifier
 * shown in `token list`, not a secret, so the time this saves reveals nothing that helps to
 * guess a 190-bit secret — and a flood of random tokens costs one indexed lookup each.
 */
export const TOKEN_RE = /^afk_([A-Za-z0-9]{8})_([A-Za-z0-9]{32})$/;
const BCRYPT_COST = 10;
export const CACHE_MS = 60_000;

export interface TokenView {
  prefix: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export const unauthorized = () =>
  new AppError(401, 'Invalid or missing API token', {}, { 'WWW-Authenticate': 'Bearer realm="appflows"' });

const view = (r: { prefix: string; name: string; created_at: string; last_used_at: string | null; revoked_at: string | null }): TokenView => ({
  prefix: r.prefix,
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

export function createTokenService({ store, clock, guard = createAuthGuard() }: { store: TokenStore; clock: Clock; guard?: AuthGuard }) {
  const cache = new Map<string, { accountId: string; tokenId: string; prefix: string; until: number }>();
  const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
  const now = () => clock.now().toISOString();
  const checking = new Map<string, Promise<CacheEntry | undefined>>();
  type CacheEntry = { accountId: string; tokenId: string; prefix: string; until: number };

  /** Looks the token up and bcrypt-checks it (within the guard's bounds); caches a success. */
  async function verifyToken(token: string, prefix: string, client: string): Promise<CacheEntry | undefined> {
    const row = await store.byPrefix(prefix);
    if (!row || row.revoked_at || !(await guard.verify(client, token, row.hash))) return undefined;
    const entry = { accountId: row.account_id, tokenId: row.id, prefix: row.prefix, until: Date.now() + CACHE_MS };
    cache.set(digest(token), entry);
    // last_used_at is advisory: written at most once per cache period, off the request path.
    store.touch(row.id, now()).catch(() => {});
    return entry;
  }

  return {
    async create(name: string, accountId?: string): Promise<{ token: string } & TokenView> {
      const account = accountId ?? (await store.ensureDefaultAccount(newId(), now()));
      const prefix = randomString(8);
      const token = `afk_${prefix}_${randomString(32)}`;
      const hash = await bcrypt.hash(token, BCRYPT_COST);
      const createdAt = now();
      await store.insert({ id: newId(), account_id: account, name, prefix, hash, created_at: createdAt });
      return { token, prefix, name, createdAt, lastUsedAt: null, revokedAt: null };
    },

    async list(accountId?: string): Promise<TokenView[]> {
      return (await store.list(accountId)).map(view);
    },

    async revoke(prefix: string, accountId?: string): Promise<void> {
      for (const [k, v] of cache) if (v.prefix === prefix) cache.delete(k);
      if (await store.revoke(prefix, now(), accountId)) return;
      const row = await store.byPrefix(prefix);
      if (row?.revoked_at && (!accountId || row.account_id === accountId)) throw new AppError(409, `Token ${prefix} was already revoked at ${row.revoked_at}`);
      throw notFound('Token not found');
    },

    /**
     * Resolves a presented token to its account; every failure is the same 401, except that a
     * client (`client`: its hashed address) past its failure budget gets 429 and an overloaded
     * verifier 503, both before any hash is computed.
     */
    async authenticate(header: string | undefined, client = 'local'): Promise<{ accountId: string; prefix: string }> {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
      const token = m?.[1];
      const parts = token ? TOKEN_RE.exec(token) : null;
      if (!token || !parts) throw unauthorized();
      const key = digest(token);
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return hit;
      cache.delete(key);
      guard.admit(client);
      // Concurrent requests carrying one token (a client's first burst) share one check.
      let check = checking.get(key);
      if (!check) {
        check = verifyToken(token, parts[1], client).finally(() => checking.delete(key));
        checking.set(key, check);
      }
      const entry = await check;
      if (!entry) {
        guard.failed(client);
        throw unauthorized();
      }
      return entry;
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
