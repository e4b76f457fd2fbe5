import bcrypt from 'bcrypt';
import { AppError } from '../kernel/errors.js';

/**
 * What stands between an anonymous flood of well-formed tokens and the CPU (bcrypt costs
 * ~60 ms a check). Three limits, each cheap to enforce before any hash is computed:
 * - a failure budget per client: after FAILURES_PER_WINDOW failed authentications in a
 *   window, a client gets 429 before its token is even looked up;
 * - one bcrypt check at a time per client: a second one while the first runs is a 429;
 * - a bounded verifier: at most `concurrency` checks run (natively, on libuv's thread pool,
 *   never on the event loop) and at most `maxQueue` wait; past that, 503 with Retry-After.
 * Memory per node; a flood spread over nodes is bounded per node, which is what matters for CPU.
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
    /** Throws 429 when `client` has spent its failure budget. Call before any lookup or hash. */
    admit(client: string): void {
      const f = failures.get(client);
      if (!f) return;
      const now = Date.now();
      if (f.resetAt <= now) failures.delete(client);
      else if (f.count >= failuresPerWindow) throw tooManyFailures(Math.ceil((f.resetAt - now) / 1000));
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

    /** bcrypt-compares off the event loop, within the per-client and global bounds. */
    async verify(client: string, token: string, hash: string): Promise<boolean> {
      if (hashing.has(client)) throw tooManyFailures(1);
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
