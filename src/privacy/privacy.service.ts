import type { AppService } from '../apps/apps.service.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../kernel/clock.js';
import { addCounts, type Subject, type SubjectCounts, type SubjectData, type SubjectRows } from '../kernel/subject.js';
import type { RetentionStore } from './privacy.store.js';

/** Rows per delete batch of the retention sweep (each batch is its own short transaction). */
export const SWEEP_BATCH = 500;
const DAY_MS = 24 * 3600 * 1000;

export interface PrivacyDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  apps: AppService;
  clock: Clock;
  store: RetentionStore;
  /** Every capability's contribution, read when an operation runs (all modules exist by then). */
  contributors: () => SubjectData[];
}

/** What the owner named, trimmed; empty strings count as absent. */
const clean = (s: Subject): Subject => ({
  ...(s.email?.trim() ? { email: s.email.trim() } : {}),
  ...(s.userId?.trim() ? { userId: s.userId.trim() } : {}),
  ...(s.anonymousId?.trim() ? { anonymousId: s.anonymousId.trim() } : {}),
});

/**
 * End-user data rights over every capability (kernel/subject.ts): export and erase one end user
 * of an app, and the per-app retention period with its sweep. Knows no table: each capability's
 * `subjectData` does its own queries.
 */
export function createPrivacyService(d: PrivacyDeps) {
  let sweeping: Promise<SubjectCounts> | undefined;

  async function sweepOnce(now: Date): Promise<SubjectCounts> {
    const total: SubjectCounts = {};
    for (const { app_id, days } of await d.store.all()) {
      const before = new Date(now.getTime() - Number(days) * DAY_MS).toISOString();
      for (const c of d.contributors()) {
        if (!c.expire) continue;
        // Batch after batch until one removes nothing; yield between batches so requests go on.
        for (;;) {
          const counts = await c.expire(app_id, before, SWEEP_BATCH);
          addCounts(total, counts);
          if (Object.values(counts).every((n) => n === 0)) break;
          await new Promise((r) => setImmediate(r));
        }
      }
      await d.store.swept(app_id, now.toISOString());
    }
    for (const k of Object.keys(total)) if (total[k] === 0) delete total[k];
    return total;
  }

  const sweep = (now: Date = d.clock.now()): Promise<SubjectCounts> => {
    if (sweeping) return sweeping.then(() => sweep(now));
    sweeping = sweepOnce(now).finally(() => (sweeping = undefined));
    return sweeping;
  };

  return {
    async exportSubject(accountId: string, idOrSlug: string, subject: Subject): Promise<{ subject: Subject; data: SubjectRows }> {
      const app = await d.apps.resolve(accountId, idOrSlug);
      const who = clean(subject);
      const data: SubjectRows = {};
      // One snapshot across capabilities (SQLite: a read transaction; PostgreSQL: repeatable read).
      const tx = d.dialect === 'postgres' ? d.db.transaction().setIsolationLevel('repeatable read') : d.db.transaction();
      await tx.execute(async (trx) => {
        for (const c of d.contributors()) Object.assign(data, await c.export(app.id, who, trx));
      });
      return { subject: who, data };
    },

    /** One transaction for the whole app: every capability's rows go, or none do. */
    async eraseSubject(accountId: string, idOrSlug: string, subject: Subject): Promise<{ ok: true; subject: Subject; removed: SubjectCounts }> {
      const app = await d.apps.resolve(accountId, idOrSlug);
      const who = clean(subject);
      // Capabilities lock what they change in an order their own writers share (wishlist ideas,
      // crash groups); should PostgreSQL still pick this transaction as a deadlock victim, it rolled
      // back whole and is run again.
      for (let attempt = 1; ; attempt++) {
        try {
          const removed: SubjectCounts = {};
          await d.db.transaction().execute(async (trx) => {
            for (const c of d.contributors()) addCounts(removed, await c.erase(app.id, who, trx));
          });
          return { ok: true, subject: who, removed };
        } catch (err) {
          if (attempt >= 3 || (err as { code?: string }).code !== '40P01') throw err;
        }
      }
    },

    async retention(accountId: string, idOrSlug: string): Promise<{ days: number | null }> {
      const app = await d.apps.resolve(accountId, idOrSlug);
      return { days: await d.store.get(app.id) };
    },

    async setRetention(accountId: string, idOrSlug: string, days: number | null): Promise<{ ok: true; days: number | null }> {
      const app = await d.apps.resolve(accountId, idOrSlug);
      await d.store.set(app.id, days, d.clock.now().toISOString());
      return { ok: true, days };
    },

    /**
     * Deletes, for every app with a period, the raw submissions created before now − days, in
     * batches of SWEEP_BATCH; answers how many rows went per kind. Runs one sweep at a time in
     * this process (a call during a sweep waits for it); two nodes sweeping at once delete
     * disjoint or already-deleted rows, which is harmless.
     */
    sweep,
    /** The sweep in progress, if any (close waits for it). */
    running: () => sweeping,
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
