/**
 * The per-user frequency cap counts impressions, and an impression arrives only after the app
 * shows the decision: 20 resolves of one user at once all saw no impression and all showed (#34).
 * So a `show` decision reserves its impression at decision time, on this node, and the cap
 * counts the user's stored impressions plus the reservations not yet among them. The check and
 * the reservation are one synchronous step at the end of a resolve (no await in between), so
 * concurrent resolves on a node cannot all win.
 *
 * A reservation ends when its impression is stored through this node (`consume`: from then on
 * it counts only if the history a resolve read does not hold that impression yet, matched by
 * destination and time), or after RESERVATION_MS: a decision the app never showed (the user left,
 * a network error) gives its unit back. Per node: across nodes sharing PostgreSQL each node
 * reserves for itself, and an impression recorded through another node counts twice (its
 * reservation here and the stored row) until the reservation expires, which errs on showing less.
 */
export const RESERVATION_MS = 5 * 60_000;

interface Reservation {
  until: number;
  /** Set once its impression is stored through this node: `destination\ncreated_at` of that row. */
  stored?: string;
}

export function createReservations(opts: { ttlMs?: number; maxUsers?: number } = {}) {
  const ttl = opts.ttlMs ?? RESERVATION_MS;
  const maxUsers = opts.maxUsers ?? 100_000;
  /** `app\nuser key\nflow` -> decision nonce -> reservation; insertion order = age. */
  const users = new Map<string, Map<string, Reservation>>();
  const key = (appId: string, userKey: string, flowId: string) => `${appId}\n${userKey}\n${flowId}`;

  return {
    /**
     * The user's live reservations at this placement flow, dropping expired ones. `stored` tells
     * whether a stored impression (`destination\ncreated_at`) is in the history the caller read.
     */
    live(appId: string, userKey: string, flowId: string, nowMs: number, stored: (impression: string) => boolean): number {
      const k = key(appId, userKey, flowId);
      const m = users.get(k);
      if (!m) return 0;
      let n = 0;
      for (const [nonce, r] of m) {
        if (r.until <= nowMs) m.delete(nonce);
        else if (!r.stored || !stored(r.stored)) n++;
      }
      if (m.size === 0) users.delete(k);
      return n;
    },
    /** Whether any live reservation of the user has its impression stored (the caller then collects its history's impressions). */
    anyStored(appId: string, userKey: string, flowId: string) {
      const m = users.get(key(appId, userKey, flowId));
      if (m) for (const r of m.values()) if (r.stored) return true;
      return false;
    },
    reserve(appId: string, userKey: string, flowId: string, nonce: string, nowMs: number) {
      const k = key(appId, userKey, flowId);
      let m = users.get(k);
      if (!m) {
        if (users.size >= maxUsers) users.delete(users.keys().next().value!);
        users.set(k, (m = new Map()));
      }
      m.set(nonce, { until: nowMs + ttl });
    },
    /** The decision's impression was stored (`destination`, `createdAt` as in the history row). */
    consume(appId: string, userKey: string, flowId: string, nonce: string, destinationAppId: string, createdAt: string) {
      const r = users.get(key(appId, userKey, flowId))?.get(nonce);
      if (r) r.stored = `${destinationAppId}\n${createdAt}`;
    },
    /** Forget everything (a user's data erased). */
    clear() {
      users.clear();
    },
    get size() {
      return users.size;
    },
  };
}
export type Reservations = ReturnType<typeof createReservations>;
