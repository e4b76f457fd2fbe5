import type { Db } from '../db/index.js';

/**
 * End-user data rights (src/privacy): one end user of an app, as the owner names them. Each
 * capability that stores something an end user sent contributes a `SubjectData` (on the
 * capability its module creates); src/privacy iterates them, so a new capability plugs in by
 * giving its store a few subject functions and naming them on its capability.
 */
export interface Subject {
  /** Matched case-insensitively, trimmed (as every flow stores and dedupes it). */
  email?: string;
  /** The host app's user id (SDK `userId`). */
  userId?: string;
  /** The SDK's anonymous id (`anonymousId` / `anonId`). */
  anonymousId?: string;
}

/** Rows by kind (`waitlist_signups`, `wishlist_votes`, …), as stored, for an export. */
export type SubjectRows = Record<string, unknown[]>;
/** Rows removed by kind. */
export type SubjectCounts = Record<string, number>;

export interface SubjectData {
  /** Every row of this capability that belongs to the subject in this app. */
  export(appId: string, subject: Subject, trx?: Db): Promise<SubjectRows>;
  /**
   * Deletes them inside the caller's transaction (one per app for every capability), moving any
   * counter that counted them (vote counts, comment counts, crash group counts) in the same one.
   */
  erase(appId: string, subject: Subject, trx: Db): Promise<SubjectCounts>;
  /**
   * Retention: deletes at most `limit` raw submissions of this app created before `before`
   * (ISO), each batch in its own short transaction; answers how many per kind. The sweep calls it
   * again until a batch comes back short.
   */
  expire?(appId: string, before: string, limit: number): Promise<SubjectCounts>;
}

/** The subject's email as stored for matching (lower-cased, trimmed), if given. */
export const subjectEmail = (s: Subject): string | undefined => (s.email ? s.email.trim().toLowerCase() : undefined);

/** Sums count maps (kinds that several batches or capabilities report). */
export function addCounts(into: SubjectCounts, more: SubjectCounts): SubjectCounts {
  for (const [k, n] of Object.entries(more)) into[k] = (into[k] ?? 0) + n;
  return into;
}

/** Ids in chunks small enough for an `IN (…)` list on both databases. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
