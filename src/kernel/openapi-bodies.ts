import type { Operation } from './operation.js';

type Doc = { paths?: Record<string, Record<string, { operationId?: string; requestBody?: { required?: boolean } }>> };

/**
 * @fastify/swagger documents every body as required (Fastify would require one), but our
 * operations parse input themselves (kernel/operation.ts) and those with `bodyOptional` take
 * none: a publish without a body publishes now, and a client generated from the document must
 * be allowed to send none.
 */
export function optionalRequestBodies<D extends object>(doc: D, ops: readonly Operation[]): D {
  const optional = new Set(ops.filter((op) => op.bodyOptional).map((op) => op.id));
  for (const methods of Object.values((doc as Doc).paths ?? {})) {
    for (const op of Object.values(methods)) if (op?.requestBody && op.operationId && optional.has(op.operationId)) op.requestBody.required = false;
  }
  return doc;
}
