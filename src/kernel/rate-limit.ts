import rateLimit from '@fastify/rate-limit';
// The plugin's own stores, shared by every route (below); the package has no exports map.
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Redis } from 'ioredis';
import { requestIpHash } from './identity.js';

/**
 * Per-client limits for public endpoints: one budget per client (the hashed client IP) and
 * action (`waitlist.signup`, `wishlist.vote`, …), whichever route spends it — the public API,
 * a hosted page's form post, the signup host. `request.ip` only honours X-Forwarded-For when
 * TRUST_PROXY says so, so a spoofed header cannot reset a limit. With REDIS_URL the counters
 * are shared by every node.
 *
 * The plugin keeps a store per route (its `child()`); the budgets would then be per route and
 * one address could sign up three times the limit through three paths. One store for all
 * routes, keyed `<action>:<client>`, makes the budget the action's.
 */
/** One client's spending of one action's budget: the count in the window after this request, and the window's time left. */
export interface RateBudget {
  take(key: string, max: number, timeWindow: number): Promise<{ current: number; ttl: number }>;
}

export async function registerRateLimit(
  app: FastifyInstance,
  opts: { secret: string; redisUrl?: string; /** Requests whose budget a fast path already spent (kernel/fast-ops.ts). */ prepaid?: (req: IncomingMessage) => boolean },
): Promise<RateBudget> {
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  const shared = redis ? new RedisStore(false, false, redis, 'appflows-rl-') : new LocalStore(false, false, 50_000);
  class SharedStore {
    incr(key: string, cb: unknown, timeWindow: number, max: number) {
      shared.incr(key, cb, timeWindow, max);
    }
    child() {
      return this;
    }
  }
  await app.register(rateLimit, {
    global: false,
    store: SharedStore as never,
    keyGenerator: (request: FastifyRequest) => `${actionOf(request)}:${requestIpHash(request, opts.secret)}`,
    // Keep answering if Redis hiccups: a limiter outage must not take the public API down.
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, error: `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s` }),
    ...(opts.prepaid ? { allowList: (request: FastifyRequest) => opts.prepaid!(request.raw) } : {}),
  });
  // The same store and keys for fast paths (kernel/fast-ops.ts), so a budget stays the action's.
  return {
    take: (key, max, timeWindow) =>
      new Promise((resolve, reject) => shared.incr(key, (err: Error | null, r: { current: number; ttl: number }) => (err ? reject(err) : resolve(r)), timeWindow, max)),
  };
}

const actionOf = (request: FastifyRequest) => (request.routeOptions.config as { rateAction?: string }).rateAction ?? `${request.method} ${request.routeOptions.url}`;

/**
 * Route option: `config: publicLimit(30, 'waitlist.signup')` allows 30 requests per minute per
 * client for that action, counted across every route that names it (give them the same max).
 */
export const publicLimit = (max: number, action: string, timeWindow = 60_000) => ({ rateLimit: { max, timeWindow }, rateAction: action });
