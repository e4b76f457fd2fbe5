import bcrypt from 'bcrypt';
import { createHash } from 'node:crypto';
import type { Clock } from '../kernel/clock.js';
import { AppError, notFound } from '../kernel/errors.js';
import { bcryptCost } from '../kernel/hash-cost.js';
import { newId, randomString } from '../kernel/ids.js';
import { createAuthGuard, tooManyFailures, type AuthGuard } from './tokens.guard.js';
import type { TokenStore } from './tokens.store.js';

/**
 * API tokens: `afk_<8-char prefix>_<32-char secret>` (base62). Only a bcrypt hash is stored;
 * lookup is by prefix. A verified token is remembered in memory (keyed by a SHA-256 of the
 * token, never the token itself) until it is revoked: for CACHE_MS it passes with no work at
 * all, after that with one indexed lookup (still this row, not revoked?), never bcrypt again
 * on this node. Revoking through this service forgets it at once (checks in flight read the
 * row again); revoking from another process takes effect within CACHE_MS.
 *
 * Verified tokens have their own lane (#34 item 10). The failure budget and the verifier's
 * queue are shared: by everyone behind one address (an office, a carrier NAT) and by everyone
 * presenting a known prefix. Before, a client at the owner's address that kept its budget spent
 * made the owner's valid token a 429 once its cache expired, and a flood of wrong secrets for a
 * known prefix kept an expired token waiting seconds behind their bcrypt checks. Now:
 * - a digest verified before skips the budget, the per-client lock and the verifier. Entering
 *   the lane takes a token whose SHA-256 matches one that passed bcrypt, i.e. the token itself
 *   with its 190-bit secret: a guess either is the token or goes the ordinary way, so the lane
 *   helps no one brute-force anything, and costs a Map lookup and one indexed row read per
 *   CACHE_MS (the revocation check);
 * - the budget no longer refuses a token it has not checked. Past its budget, a client's token
 *   whose prefix is active (not revoked) is still bcrypt-checked, but only on a free verifier
 *   slot with nobody waiting (tokens.guard.ts `spare`), else 429 at once; every failure past
 *   the budget is a 429.
 *   So a spent client costs at most the verifier's idle time, never a place in the queue, and
 *   at bcrypt speed (~16 checks a second per slot) a 190-bit secret stays out of reach. An
 *   unknown prefix is still refused without a hash (one indexed lookup, as within the budget).
 *   A token never verified on this node, sent from an address an attacker keeps busy, may still
 *   meet a 429 while the attacker's check holds the slot: nothing tells the two apart before
 *   bcrypt. Once it passes, it is in the lane.
 *
 * Every bcrypt check runs off the event loop within the bounds of tokens.guard.ts. A token
 * whose prefix matches no token is refused without any hash: the prefix is an identifier
 * shown in `token list`, not a secret, so the time this saves reveals nothing that helps to
 * guess a 190-bit secret — and a flood of random tokens costs one indexed lookup each.
 */
export const TOKEN_RE = /^afk_([A-Za-z0-9]{8})_([A-Za-z0-9]{32})$/;
/** bcrypt cost of a new token's hash; 4 under the test runner (kernel/hash-cost.ts). */
export const TOKEN_BCRYPT_COST = 10;
export const CACHE_MS = 60_000;
/** Verified tokens remembered at most (oldest forgotten first; only valid tokens get in). */
const MAX_KNOWN = 10_000;

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

export function createTokenService({
  store,
  clock,
  guard = createAuthGuard(),
  hashCost = bcryptCost(TOKEN_BCRYPT_COST),
}: {
  store: TokenStore;
  clock: Clock;
  guard?: AuthGuard;
  /** The guard's tests need checks that take real time, so they pass TOKEN_BCRYPT_COST. */
  hashCost?: number;
}) {
  type Known = { accountId: string; tokenId: string; prefix: string; hash: string; until: number };
  type Row = NonNullable<Awaited<ReturnType<TokenStore['byPrefix']>>>;
  /** digest -> a token verified on this node, until revoked. */
  const known = new Map<string, Known>();
  const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
  const now = () => clock.now().toISOString();
  const checking = new Map<string, Promise<Known | undefined>>();
  /** Revocations completed on this node: a check that saw one start meanwhile reads its row again. */
  let revocations = 0;

  /** Remembers a verified row, unless a revocation completed while it was being checked. */
  async function remember(key: string, row: Row, seen: number): Promise<Known | undefined> {
    // Read again until no revocation completed during the read: the last read then started
    // after every completed revocation committed, and a later one forgets this entry itself.
    let current: Row | undefined = row;
    while (seen !== revocations) {
      seen = revocations;
      current = await store.byPrefix(row.prefix);
    }
    if (!current || current.revoked_at || current.id !== row.id || current.hash !== row.hash) {
      known.delete(key);
      return undefined;
    }
    const entry = { accountId: row.account_id, tokenId: row.id, prefix: row.prefix, hash: row.hash, until: Date.now() + CACHE_MS };
    known.delete(key);
    if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!);
    known.set(key, entry);
    // last_used_at is advisory: written at most once per cache period, off the request path.
    store.touch(row.id, now()).catch(() => {});
    return entry;
  }

  /** Looks the token up and bcrypt-checks it (within the guard's bounds); remembers a success. */
  async function verifyToken(key: string, token: string, prefix: string, client: string, spare: number): Promise<Known | undefined> {
    const seen = revocations;
    const row = await store.byPrefix(prefix);
    if (!row || row.revoked_at || !(await guard.verify(client, token, row.hash, { spare }))) return undefined;
    return remember(key, row, seen);
  }

  /** The verified lane: is it still the same row, not revoked? One indexed lookup, no hash. */
  async function recheck(key: string, was: Known): Promise<Known | undefined> {
    const seen = revocations;
    const row = await store.byPrefix(was.prefix);
    if (!row || row.id !== was.tokenId || row.hash !== was.hash) {
      known.delete(key);
      return undefined;
    }
    return remember(key, row, seen);
  }

  return {
    async create(name: string, accountId?: string): Promise<{ token: string } & TokenView> {
      const account = accountId ?? (await store.ensureDefaultAccount(newId(), now()));
      const prefix = randomString(8);
      const token = `afk_${prefix}_${randomString(32)}`;
      const hash = await bcrypt.hash(token, hashCost);
      const createdAt = now();
      await store.insert({ id: newId(), account_id: account, name, prefix, hash, created_at: createdAt });
      return { token, prefix, name, createdAt, lastUsedAt: null, revokedAt: null };
    },

    async list(accountId?: string): Promise<TokenView[]> {
      return (await store.list(accountId)).map(view);
    },

    async revoke(prefix: string, accountId?: string): Promise<void> {
      const done = await store.revoke(prefix, now(), accountId);
      // Once committed: forget the token, and make every check in flight read its row again.
      revocations++;
      for (const [k, v] of known) if (v.prefix === prefix) known.delete(k);
      if (done) return;
      const row = await store.byPrefix(prefix);
      if (row?.revoked_at && (!accountId || row.account_id === accountId)) throw new AppError(409, `Token ${prefix} was already revoked at ${row.revoked_at}`);
      throw notFound('Token not found');
    },

    /**
     * Resolves a presented token to its account; every failure is the same 401, except that a
     * client (`client`: its hashed address) past its failure budget gets 429 for a token that
     * fails or cannot be checked at once, and an overloaded verifier 503, both before any hash.
     */
    async authenticate(header: string | undefined, client = 'local'): Promise<{ accountId: string; prefix: string }> {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
      const token = m?.[1];
      const parts = token ? TOKEN_RE.exec(token) : null;
      if (!token || !parts) throw unauthorized();
      const key = digest(token);
      const hit = known.get(key);
      if (hit && hit.until > Date.now()) return hit;
      // Verified before: its own lane, whatever the budget. Otherwise the budget only decides how
      // the check runs (spare capacity only), never that a valid token is refused unchecked.
      const spare = hit ? 0 : guard.spent(client);
      // Concurrent requests carrying one token (a client's first burst) share one check.
      let check = checking.get(key);
      if (!check) {
        check = (hit ? recheck(key, hit) : verifyToken(key, token, parts[1], client, spare)).finally(() => checking.delete(key));
        checking.set(key, check);
      }
      const entry = await check;
      if (!entry) {
        guard.failed(client);
        throw spare ? tooManyFailures(spare) : unauthorized();
      }
      return entry;
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
