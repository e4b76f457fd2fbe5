/** A destination the rotation may pick: eligible for this request, in config order. */
export interface Candidate {
  id: string;
  weight: number;
  /** Position in the config (ties go to the earlier one). */
  index: number;
}

/**
 * Node-local rotation state. What is kept here only orders eligible destinations; nothing here
 * can let a cap or a frequency rule be passed (those read the database):
 * - smart: per (placement, user) the last time each destination was served by this node, merged
 *   with the user's impressions from the database (every node's), so a user's next decision is the
 *   destination they saw or were served least recently: never an immediate repeat while another is
 *   eligible, every eligible one before any repeats. Ties (a new user: every destination) go to
 *   the least served on this node, as `even`. Users with neither id share one rotation.
 * - even: per published version, decisions served per destination; the least served is picked, so
 *   on one node the counts of always-eligible destinations stay within 1 of each other (across n
 *   nodes within n).
 * - weighted: smooth weighted round robin (nginx's) per published version: after any k picks each
 *   always-eligible destination has been picked within 1 of k x weight / total weight on this node.
 */
export function createRotation(maxKeys = 100_000) {
  const recent = new Map<string, Map<string, number>>();
  const served = new Map<string, Map<string, number>>();
  const current = new Map<string, Map<string, number>>();
  let lastStamp = 0;

  const bucket = (m: Map<string, Map<string, number>>, key: string) => {
    let b = m.get(key);
    if (b) {
      // Least recently used first out: re-insert on use.
      m.delete(key);
      m.set(key, b);
      return b;
    }
    if (m.size >= maxKeys) m.delete(m.keys().next().value!);
    b = new Map();
    m.set(key, b);
    return b;
  };

  return {
    smart(flowId: string, versionId: string, userKey: string | null, candidates: Candidate[], seen: Map<string, number>, nowMs: number): Candidate | undefined {
      const mine = bucket(recent, `${flowId}\n${userKey ?? ''}`);
      let ties: Candidate[] = [];
      let bestTouch = Infinity;
      for (const c of candidates) {
        const touch = Math.max(seen.get(c.id) ?? -Infinity, mine.get(c.id) ?? -Infinity);
        if (ties.length === 0 || touch < bestTouch) {
          ties = [c];
          bestTouch = touch;
        } else if (touch === bestTouch) ties.push(c);
      }
      // Among equally fresh ones (a new user: all of them) the least served on this node, so new
      // users do not all start with the first destination.
      const best = ties.length > 1 ? this.even(versionId, ties) : ties[0];
      if (best) {
        if (ties.length === 1) bucket(served, versionId).set(best.id, (bucket(served, versionId).get(best.id) ?? 0) + 1);
        // Strictly increasing stamps, even when the clock stands still (tests) or steps back.
        lastStamp = Math.max(nowMs, lastStamp + 0.001);
        mine.set(best.id, lastStamp);
      }
      return best;
    },

    even(versionId: string, candidates: Candidate[]): Candidate | undefined {
      const counts = bucket(served, versionId);
      let best: Candidate | undefined;
      for (const c of candidates) if (!best || (counts.get(c.id) ?? 0) < (counts.get(best.id) ?? 0)) best = c;
      if (best) counts.set(best.id, (counts.get(best.id) ?? 0) + 1);
      return best;
    },

    weighted(versionId: string, candidates: Candidate[]): Candidate | undefined {
      const cur = bucket(current, versionId);
      let total = 0;
      let best: Candidate | undefined;
      for (const c of candidates) {
        if (c.weight <= 0) continue;
        const w = (cur.get(c.id) ?? 0) + c.weight;
        cur.set(c.id, w);
        total += c.weight;
        if (!best || w > cur.get(best.id)!) best = c;
      }
      if (best) cur.set(best.id, cur.get(best.id)! - total);
      return best;
    },
  };
}
export type Rotation = ReturnType<typeof createRotation>;
