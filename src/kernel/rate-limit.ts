import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { requestIpHash } from './identity.js';

/**
 * Per-client limits for public endpoints, keyed on the hashed client IP. `request.ip` only
 * honours X-Forwarded-For when TRUST_PROXY says so, so a spoofed header cannot reset a limit.
 * With REDIS_URL the counters are shared by every node.
 */
export async function registerRateLimit(app: FastifyInstance, opts: { secret: string; redisUrl?: string }) {
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'appflows-rl-',
    keyGenerator: (request) => requestIpHash(request, opts.secret),
    // Keep answering if Redis hiccups: a limiter outage must not take the public API down.
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, error: `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s` }),
  });
}

/** Route option: `config: publicLimit(30)` allows 30 requests per minute per client. */
export const publicLimit = (max: number, timeWindow = 60_000) => ({ rateLimit: { max, timeWindow } });
