/**
 * Response compression (@fastify/compress) for clients that send Accept-Encoding: pages, JSON,
 * CSV and /docs from 1 KB.
 */
export const COMPRESSION = { threshold: 1024, encodings: ['br', 'gzip'] as ('br' | 'gzip')[], zlibOptions: { level: 4 } };

/**
 * Fast operations (kernel/fast-ops.ts: launch-time answers such as a promotion decision, ~1.2 KB)
 * are compressed only from 4 KB. An answer of a segment or two takes the same round trips
 * compressed or not, so compressing it would only spend CPU on both ends of an app launch, and
 * the fast path would have to hand nearly every SDK request (they all accept gzip) to Fastify.
 * The route gets the same threshold, so both paths answer alike.
 */
export const FAST_OP_COMPRESSION = { ...COMPRESSION, threshold: 4096 };
