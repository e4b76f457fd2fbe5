import { createHash } from 'node:crypto';
import type { Variant } from './experiments.schema.js';

/**
 * Deterministic, sticky assignment: SHA-256 of (experiment id, unit) mapped onto the weights.
 * Nothing is stored, so the same person gets the same variant on every node and after restarts.
 * The unit is the first of userId, anonymousId, the visitor cookie, the hashed client address
 * (see `unitOf`), prefixed by its kind so two kinds never collide.
 */
export function assign<V extends Pick<Variant, 'weight'>>(experimentId: string, unit: string, variants: readonly V[]): V {
  const h = createHash('sha256').update(`${experimentId}\n${unit}`).digest();
  const x = h.readUInt32BE(0) / 4294967296; // [0, 1)
  const total = variants.reduce((s, v) => s + v.weight, 0);
  let acc = 0;
  for (const v of variants) {
    acc += v.weight / total;
    if (x < acc) return v;
  }
  return variants[variants.length - 1];
}

export interface Who {
  userId?: string | null;
  anonymousId?: string | null;
  visitor?: string | null;
  ipHash?: string | null;
}

/** The assignment unit of a person, or null when nothing identifies them. */
export function unitOf(who: Who): string | null {
  if (who.userId) return `u:${who.userId}`;
  if (who.anonymousId) return `a:${who.anonymousId}`;
  if (who.visitor) return `v:${who.visitor}`;
  if (who.ipHash) return `i:${who.ipHash}`;
  return null;
}
