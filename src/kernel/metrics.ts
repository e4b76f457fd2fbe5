import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { setDbInstruments } from '../db/instruments.js';

/**
 * Prometheus metrics (prom-client). One registry per process: what a scrape describes is the
 * process (its event loop, its group commits, its WAL fsyncs), whichever servers it runs.
 *
 * Counting is always on where it happens once per group or per cache lookup (a pre-bound
 * child's `inc` costs tens of nanoseconds); the per-request HTTP histogram is added only when
 * the endpoint is enabled (METRICS_TOKEN), so the hot paths of a server nobody scrapes pay nothing.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'appflows_' });

const httpDuration = new Histogram({
  name: 'appflows_http_request_duration_seconds',
  help: 'Requests answered by Fastify routes, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [metricsRegistry],
});

const fastPath = new Counter({
  name: 'appflows_fast_path_requests_total',
  help: 'Requests answered in front of Fastify (short-link redirects: kernel/preroute.ts).',
  registers: [metricsRegistry],
});

const groupSize = new Histogram({
  name: 'appflows_group_commit_size',
  help: 'Items written per group commit (one transaction and one fsync each), by write path.',
  labelNames: ['path'] as const,
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
  registers: [metricsRegistry],
});

const fsyncSeconds = new Histogram({
  name: 'appflows_wal_fsync_duration_seconds',
  help: 'SQLite WAL fdatasync latency (durable writes wait for it).',
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 1],
  registers: [metricsRegistry],
});

const cacheLookups = new Counter({
  name: 'appflows_cache_lookups_total',
  help: 'In-memory cache lookups by cache and result (hit or miss).',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
});

const pgRolledBack = new Counter({
  name: 'appflows_pg_rolled_back_total',
  help: 'PostgreSQL group commits rolled back by PostgreSQL (deadlock 40P01, serialization 40001) and run again (db/pg-retry.ts).',
  labelNames: ['sqlstate'] as const,
  registers: [metricsRegistry],
});

export const metrics = {
  pgRolledBack: (sqlstate: string) => pgRolledBack.labels(sqlstate).inc(),
  fastPath: () => fastPath.inc(),
  groupCommit: (path: string) => {
    const child = groupSize.labels(path);
    return (n: number) => child.observe(n);
  },
  fsync: () => fsyncSeconds.startTimer(),
  cache: (name: string) => {
    const hit = cacheLookups.labels(name, 'hit');
    const miss = cacheLookups.labels(name, 'miss');
    return (wasHit: boolean) => (wasHit ? hit.inc() : miss.inc());
  },
};

// Storage reports through hooks (db/instruments.ts) so that db/ never imports the kernel;
// installed when this module loads, which server.ts does before any store (and its group
// committers) exists.
setDbInstruments({ groupCommit: metrics.groupCommit, fsync: metrics.fsync, pgRolledBack: metrics.pgRolledBack });

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in the Prometheus text format, behind `Authorization: Bearer <METRICS_TOKEN>`.
 * Without METRICS_TOKEN the route does not exist (404): request counts and latencies per route
 * are operational detail a public host should not hand out.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  if (!token) return;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.labels(request.method, route, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const h = request.headers.authorization ?? '';
    if (!h.startsWith('Bearer ') || !sameToken(h.slice(7), token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' });
    }
    reply.header('content-type', metricsRegistry.contentType);
    reply.header('cache-control', 'no-store');
    return metricsRegistry.metrics();
  });
}
