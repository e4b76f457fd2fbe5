import bcrypt from 'bcrypt';
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isUniqueViolation } from '../db/errors.js';
import type { Clock } from '../kernel/clock.js';
import { AppError, conflict, issuesFrom, unprocessable } from '../kernel/errors.js';
import { bcryptCost } from '../kernel/hash-cost.js';
import { newId, randomString } from '../kernel/ids.js';
import { createAuthGuard, type AuthGuard } from '../tokens/tokens.guard.js';
import type { AdminStore } from './admin.store.js';

/**
 * Owners (people who sign in to the dashboard), their sessions and the first-owner setup link.
 *
 * - Passwords: bcrypt cost 12 (4 under the test runner: kernel/hash-cost.ts), hashed and
 *   compared natively on libuv's thread pool through the same bounded verifier as API tokens
 *   (tokens.guard.ts), never on the event loop.
 * - Sessions: 32 random bytes in the cookie; only their SHA-256 is stored. Each sign-in makes a
 *   new session (no fixation); sign out deletes one, "sign out everywhere" and a password change
 *   delete them all. Sessions expire SESSION_DAYS after sign-in.
 * - Sign-in answers one identical 401 for an unknown email and a wrong password, after the same
 *   bcrypt work (against a dummy hash). Failures are counted per hashed email and per hashed
 *   address; past a free allowance, each further failure doubles a lock (1 s, 2 s, ... 15 min),
 *   during which sign-in answers 429 before any hash is computed. A quiet hour forgets them.
 * - Setup link: while no owner exists, every server start prints a one-time link (24 h) that
 *   creates the first owner. Once an owner exists, setup links open nothing.
 */
export const BCRYPT_COST = bcryptCost(12);
export const SESSION_DAYS = 14;
export const SETUP_LINK_HOURS = 24;
export const FREE_FAILURES = { email: 5, address: 20 };
export const MAX_LOCK_S = 15 * 60;
const FORGET_AFTER_MS = 60 * 60_000;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('must be an email address').max(254));
export const passwordSchema = z
  .string()
  .min(10, 'must be at least 10 characters')
  .refine((p) => Buffer.byteLength(p) <= 72, 'must be at most 72 bytes (bcrypt reads no further)');
const credentials = z.object({ email: emailSchema, password: passwordSchema });

export const wrongCredentials = () => new AppError(401, 'Wrong email or password');
const locked = (s: number) => new AppError(429, `Too many sign-in attempts. Try again in ${s} s.`, {}, { 'Retry-After': String(s) });

export interface Owner {
  ownerId: string;
  accountId: string;
  email: string;
}
export interface OwnerSession extends Owner {
  /** SHA-256 of the cookie value: the CSRF token is derived from it. */
  idHash: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
/** How long a flash (the new API token) waits for the page after the redirect. */
const FLASH_MINUTES = 10;
const flashKey = (cookieValue: string) => createHash('sha256').update(`admin-flash\n${cookieValue}`).digest();

export function createOwnerService(deps: {
  store: AdminStore;
  clock: Clock;
  secret: string;
  /** The account the CLI and API tokens use by default (tokens.store.ts ensureDefaultAccount). */
  defaultAccount(): Promise<string>;
  guard?: AuthGuard;
}) {
  const { store, clock } = deps;
  const guard = deps.guard ?? createAuthGuard({ concurrency: 2, maxQueue: 64, failuresPerWindow: 1_000_000 });
  const now = () => clock.now();
  const iso = () => now().toISOString();
  const keyed = (kind: string, v: string) => `${kind}:${createHmac('sha256', deps.secret).update(`owner-login\n${kind}\n${v}`).digest('base64url')}`;
  // A hash to compare against when the email is unknown, so both answers cost the same
  // (made on the first sign-in: the CLI and MCP build this service too and never need it).
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= bcrypt.hash(randomBytes(16).toString('hex'), BCRYPT_COST));

  function validate(input: unknown) {
    const r = credentials.safeParse(input);
    if (!r.success) {
      const issues = issuesFrom(r.error);
      throw unprocessable(`Invalid ${issues[0].path.slice(1)}: ${issues[0].message}`, issues);
    }
    return r.data;
  }

  const lockFor = (free: number) => (failures: number) => {
    if (failures <= free) return null;
    const s = Math.min(MAX_LOCK_S, 2 ** (failures - free - 1));
    return new Date(now().getTime() + s * 1000).toISOString();
  };

  async function checkLock(key: string) {
    const f = await store.failures(key);
    if (f?.locked_until && f.locked_until > iso()) throw locked(Math.max(1, Math.ceil((Date.parse(f.locked_until) - now().getTime()) / 1000)));
  }

  async function newSession(owner: Owner, userAgent: string | null): Promise<{ token: string; session: OwnerSession }> {
    const token = randomBytes(32).toString('base64url');
    const idHash = sha256(token);
    const t = now();
    await store.insertSession({
      id_hash: idHash,
      owner_id: owner.ownerId,
      created_at: t.toISOString(),
      last_seen_at: t.toISOString(),
      expires_at: new Date(t.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
      user_agent: userAgent?.slice(0, 300) ?? null,
    });
    return { token, session: { ...owner, idHash } };
  }

  async function insertOwner(email: string, password: string): Promise<Owner> {
    const accountId = await deps.defaultAccount();
    const hash = await bcrypt.hash(password, BCRYPT_COST);
    const t = iso();
    const id = newId();
    try {
      await store.insertOwner({ id, account_id: accountId, email, password_hash: hash, created_at: t, password_changed_at: t });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(`An owner with email ${email} already exists`);
      throw e;
    }
    return { ownerId: id, accountId, email };
  }

  return {
    hasOwner: async () => (await store.ownerCount()) > 0,

    /** CLI `user create`: a password is generated (and returned once) when none is given. */
    async create(email: string, password?: string): Promise<Owner & { generatedPassword?: string }> {
      const generated = password === undefined ? randomString(20) : undefined;
      const c = validate({ email, password: password ?? generated });
      return { ...(await insertOwner(c.email, c.password)), generatedPassword: generated };
    },

    /** CLI `user password`: sets a new password and ends every session of that owner. */
    async setPassword(email: string, password?: string): Promise<{ email: string; generatedPassword?: string; sessionsEnded: number }> {
      const generated = password === undefined ? randomString(20) : undefined;
      const c = validate({ email, password: password ?? generated });
      const owner = await store.ownerByEmail(c.email);
      if (!owner) throw new AppError(404, `No owner with email ${c.email}`);
      await store.setPassword(owner.id, await bcrypt.hash(c.password, BCRYPT_COST), iso());
      const sessionsEnded = await store.deleteOwnerSessions(owner.id);
      await store.clearFailures(keyed('e', c.email));
      return { email: c.email, generatedPassword: generated, sessionsEnded };
    },

    /** Email + password -> a new session; see the header for the failure answers. */
    async signIn(input: { email: string; password: string }, client: { ipHash: string; userAgent: string | null }) {
      const email = String(input.email ?? '').trim().toLowerCase().slice(0, 254);
      const password = String(input.password ?? '');
      const emailKey = keyed('e', email);
      const ipKey = keyed('ip', client.ipHash);
      await checkLock(emailKey);
      await checkLock(ipKey);
      const owner = email && password && Buffer.byteLength(password) <= 72 ? await store.ownerByEmail(email) : undefined;
      const ok = await guard.verify(client.ipHash, password.slice(0, 200), owner?.password_hash ?? (await dummy()));
      if (!owner || !ok) {
        const t = iso();
        const forget = new Date(now().getTime() - FORGET_AFTER_MS).toISOString();
        await store.recordFailure(emailKey, t, forget, lockFor(FREE_FAILURES.email));
        await store.recordFailure(ipKey, t, forget, lockFor(FREE_FAILURES.address));
        throw wrongCredentials();
      }
      await store.clearFailures(emailKey);
      await store.prune(iso(), new Date(now().getTime() - FORGET_AFTER_MS).toISOString());
      return newSession({ ownerId: owner.id, accountId: owner.account_id, email: owner.email }, client.userAgent);
    },

    /** The session a cookie value names, or undefined (unknown, expired, signed out). */
    async session(token: string | undefined): Promise<OwnerSession | undefined> {
      if (!token || token.length > 100) return undefined;
      const idHash = sha256(token);
      const t = now();
      const row = await store.session(idHash, t.toISOString());
      if (!row) return undefined;
      // last_seen_at is advisory (shown to the owner): written at most once a minute.
      if (t.getTime() - Date.parse(row.last_seen_at) > 60_000) await store.touchSession(idHash, t.toISOString());
      return { ownerId: row.owner_id, accountId: row.account_id, email: row.email, idHash };
    },

    signOut: (session: OwnerSession) => store.deleteSession(session.idHash),
    signOutEverywhere: (session: OwnerSession) => store.deleteOwnerSessions(session.ownerId),
    activeSessions: (session: OwnerSession) => store.countOwnerSessions(session.ownerId, iso()),

    /** CSRF token of a session: an HMAC of its id hash (a synchronizer token nobody else can compute). */
    csrfToken: (session: OwnerSession) => createHmac('sha256', deps.secret).update(`admin-csrf\n${session.idHash}`).digest('base64url'),
    checkCsrf(session: OwnerSession, given: unknown): boolean {
      if (typeof given !== 'string' || given.length > 100) return false;
      const expected = Buffer.from(this.csrfToken(session));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },

    /**
     * A one-time message for the session's next page (post/redirect/get: the new API token).
     * AES-256-GCM with a key derived from the cookie value, which the database never holds; it
     * is cleared when read and ignored after FLASH_MINUTES.
     */
    async putFlash(cookieValue: string, session: OwnerSession, data: unknown): Promise<void> {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', flashKey(cookieValue), iv);
      const body = Buffer.concat([c.update(JSON.stringify({ at: now().getTime(), data }), 'utf8'), c.final()]);
      await store.setFlash(session.idHash, [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.'));
    },
    /** The session's flash, once (undefined when none, expired, or not sealed for this cookie). */
    async takeFlash(cookieValue: string, session: OwnerSession): Promise<unknown> {
      const sealed = await store.takeFlash(session.idHash);
      if (!sealed) return undefined;
      try {
        const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
        const d = createDecipheriv('aes-256-gcm', flashKey(cookieValue), iv);
        d.setAuthTag(tag);
        const v = JSON.parse(Buffer.concat([d.update(body), d.final()]).toString('utf8')) as { at: number; data: unknown };
        return now().getTime() - v.at <= FLASH_MINUTES * 60_000 ? v.data : undefined;
      } catch {
        return undefined;
      }
    },

    /** A new one-time setup link token, or undefined when an owner exists. */
    async issueSetupLink(): Promise<string | undefined> {
      if ((await store.ownerCount()) > 0) return undefined;
      const token = randomBytes(24).toString('base64url');
      const t = now();
      await store.insertSetupLink(sha256(token), t.toISOString(), new Date(t.getTime() + SETUP_LINK_HOURS * 3600_000).toISOString());
      return token;
    },

    /** Whether the link still opens the setup form. */
    async setupLinkValid(token: string | undefined): Promise<boolean> {
      if (!token || token.length > 100) return false;
      return !!(await store.setupLink(sha256(token), iso())) && (await store.ownerCount()) === 0;
    },

    /** Creates the first owner through a setup link (once) and signs them in. */
    async completeSetup(token: string, input: { email: string; password: string }, userAgent: string | null) {
      const c = validate(input);
      if (!(await this.setupLinkValid(token))) throw new AppError(410, 'This setup link was used or has expired');
      if (!(await store.useSetupLink(sha256(token), iso()))) throw new AppError(410, 'This setup link was used or has expired');
      const owner = await insertOwner(c.email, c.password);
      return newSession(owner, userAgent);
    },
  };
}
export type OwnerService = ReturnType<typeof createOwnerService>;
