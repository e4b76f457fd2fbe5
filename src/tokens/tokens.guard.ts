import bcrypt from 'bcrypt';
import { AppError } from '../kernel/errors.js';

/**
 * What stands between an anonymous flood of well-formed tokens and the CPU (bcrypt costs
 * ~60 ms a check). Three limits, each cheap to enforce before any hash is computed:
 * - a failure budget per client: after FAILURES_PER_WINDOW failed authentications in a
 *   window, a client's checks only run on spare capacity (see `verify`'s `spare`), and each
 *   further failure answers 429;
 * - one bcrypt check at a time per client: a second one while the first runs is a 429;
 * - a bounded verifier: at most `concurrency` checks run (natively, on libuv's thread pool,
 *   never on the event loop) and at most `maxQueue` wait; past that, 503 with Retry-After.
 * Memory per node; a flood spread over nodes is bounded per node, which is what matters for CPU.
 * The budget says when it is spent (`spent`) and refuses nothing itself: an address is shared
 * (an office, a NAT), so the caller decides what a spent client may still do (#34 item 10,
 * tokens.service.ts).
 */
export interface GuardOptions {
  failuresPerWindow?: number;
  windowMs?: number;
  concurrency?: number;
  maxQueue?: number;
  /** Tracked clients at most (oldest forgotten first): a flood of addresses cannot grow memory. */
  maxClients?: number;
}

export const tooManyFailures = (retryAfterS: number) =>
  new AppError(429, `Too many failed authentications, retry in ${retryAfterS} s`, {}, { 'Retry-After': String(retryAfterS) });
const busy = () => new AppError(503, 'Too many token checks in progress, retry shortly', {}, { 'Retry-After': '1' });

export function createAuthGuard(opts: GuardOptions = {}) {
  const failuresPerWindow = opts.failuresPerWindow ?? 20;
  const windowMs = opts.windowMs ?? 60_000;
  const concurrency = opts.concurrency ?? 1;
  const maxQueue = opts.maxQueue ?? 64;
  const maxClients = opts.maxClients ?? 100_000;
  // Map order is insertion order: the first key is the client tracked longest.
  const failures = new Map<string, { count: number; resetAt: number }>();
  const hashing = new Set<string>();
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    /** 0 while `client` has failures to spare, else the seconds until its window ends (Retry-After). */
    spent(client: string): number {
      const f = failures.get(client);
      if (!f) return 0;
      const now = Date.now();
      if (f.resetAt <= now) failures.delete(client);
      else if (f.count >= failuresPerWindow) return Math.max(1, Math.ceil((f.resetAt - now) / 1000));
      return 0;
    },

    failed(client: string): void {
      const now = Date.now();
      const f = failures.get(client);
      if (f && f.resetAt > now) f.count++;
      else {
        failures.delete(client);
        if (failures.size >= maxClients) failures.delete(failures.keys().next().value!);
        failures.set(client, { count: 1, resetAt: now + windowMs });
      }
    },

    /**
     * bcrypt-compares off the event loop, within the per-client and global bounds. `spare`
     * (a client past its failure budget): the check runs only on a free slot with nobody
     * waiting, else 429 at once. It never queues, so it never delays a check within budget
     * by more than the one compare it started while the verifier was idle.
     */
    async verify(client: string, token: string, hash: string, opts: { spare?: number } = {}): Promise<boolean> {
      if (hashing.has(client)) throw tooManyFailures(1);
      if (opts.spare && (running >= concurrency || waiting.length > 0)) throw tooManyFailures(opts.spare);
      if (running >= concurrency && waiting.length >= maxQueue) throw busy();
      hashing.add(client);
      try {
        if (running < concurrency) running++;
        else await new Promise<void>((resolve) => waiting.push(resolve));
        try {
          return await bcrypt.compare(token, hash);
        } finally {
          release();
        }
      } finally {
        hashing.delete(client);
      }
    },

    /** For tests and metrics. */
    stats: () => ({ running, waiting: waiting.length, trackedClients: failures.size }),
  };
}
export type AuthGuard = ReturnType<typeof createAuthGuard>;
