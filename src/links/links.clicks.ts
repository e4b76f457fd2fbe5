import { sql } from 'kysely';
import type { DbHandle } from '../db/index.js';
import type { LinkClicksTable } from '../db/types.js';
import type { Clock } from '../kernel/clock.js';

/**
 * Group commit for clicks. A redirect is answered only once its click is durably committed,
 * yet paying one fsync per click would cap throughput. So clicks queue up; the clicks that
 * arrived during one event-loop turn are committed in ONE transaction (flushed from
 * setImmediate, i.e. as soon as the loop is idle), then every waiting request is answered.
 *
 * Inside the transaction each link's row is read and written under a write lock
 * (SQLite: BEGIN IMMEDIATE; PostgreSQL: SELECT ... FOR UPDATE in id order), so status,
 * expiry and maxClicks are decided exactly, across processes, at commit time: with
 * maxClicks = L exactly L human clicks are ever sent to the destination.
 */

export type ClickTarget = 'ios' | 'android' | 'fallback';
/** redirect: go to the destination; ended: expired / limit reached; disabled; gone: deleted. */
export type ClickOutcome = 'redirect' | 'ended' | 'disabled' | 'gone';

export interface Click {
  linkId: string;
  bot: boolean;
  target: ClickTarget;
  country: string | null;
}

export interface LinkCounters {
  status: string;
  expires_at: string | null;
  max_clicks: number | null;
  click_count: number;
}

type HistoryRow = LinkClicksTable;

/** Decides one link's clicks of a batch, in arrival order. Pure: the executors only do I/O. */
export function settle(row: LinkCounters | undefined, clicks: readonly Click[], now: string) {
  const outcomes: ClickOutcome[] = [];
  const history: HistoryRow[] = [];
  let granted = 0;
  let bots = 0;
  if (!row) return { outcomes: clicks.map((): ClickOutcome => 'gone'), history, granted, bots };
  const expired = row.expires_at !== null && row.expires_at <= now;
  for (const c of clicks) {
    if (row.status === 'disabled') {
      outcomes.push('disabled');
      continue;
    }
    const limitReached = row.max_clicks !== null && row.click_count + granted >= row.max_clicks;
    const ended = expired || limitReached;
    if (c.bot) bots++;
    else if (!ended) granted++;
    outcomes.push(ended ? 'ended' : 'redirect');
    history.push({ link_id: c.linkId, created_at: now, target: ended ? 'expired' : c.target, country: c.country, is_bot: c.bot ? 1 : 0 });
  }
  return { outcomes, history, granted, bots };
}

interface Pending extends Click {
  resolve(outcome: ClickOutcome): void;
  reject(err: unknown): void;
}

/** Groups a batch by link, links in id order (a fixed lock order: no deadlocks between nodes). */
function byLink(batch: readonly Pending[]): Map<string, Pending[]> {
  const groups = new Map<string, Pending[]>();
  for (const p of [...batch].sort((a, b) => (a.linkId < b.linkId ? -1 : a.linkId > b.linkId ? 1 : 0))) {
    const g = groups.get(p.linkId);
    if (g) g.push(p);
    else groups.set(p.linkId, [p]);
  }
  return groups;
}

type Commit = (batch: readonly Pending[], now: string) => Promise<Map<Pending, ClickOutcome>> | Map<Pending, ClickOutcome>;

function sqliteCommit(handle: DbHandle): Commit {
  const sqlite = handle.sqlite!;
  const read = sqlite.prepare('SELECT status, expires_at, max_clicks, click_count FROM links WHERE id = ?');
  const write = sqlite.prepare('UPDATE links SET click_count = click_count + ?, bot_click_count = bot_click_count + ? WHERE id = ?');
  const insert = sqlite.prepare('INSERT INTO link_clicks (link_id, created_at, target, country, is_bot) VALUES (?, ?, ?, ?, ?)');
  const run = sqlite.transaction((batch: readonly Pending[], now: string) => {
    const result = new Map<Pending, ClickOutcome>();
    for (const [linkId, clicks] of byLink(batch)) {
      const s = settle(read.get(linkId) as LinkCounters | undefined, clicks, now);
      if (s.granted || s.bots) write.run(s.granted, s.bots, linkId);
      for (const h of s.history) insert.run(h.link_id, h.created_at, h.target, h.country, h.is_bot);
      clicks.forEach((c, i) => result.set(c, s.outcomes[i]));
    }
    return result;
  });
  return (batch, now) => run.immediate(batch, now);
}

function postgresCommit(handle: DbHandle): Commit {
  return (batch, now) =>
    handle.db.transaction().execute(async (trx) => {
      const groups = byLink(batch);
      const rows = await sql<LinkCounters & { id: string }>`
        SELECT id, status, expires_at, max_clicks, click_count FROM links
        WHERE id IN (${sql.join([...groups.keys()])}) ORDER BY id FOR UPDATE`.execute(trx);
      const byId = new Map(rows.rows.map((r) => [r.id, r]));
      const result = new Map<Pending, ClickOutcome>();
      const history: HistoryRow[] = [];
      for (const [linkId, clicks] of groups) {
        const s = settle(byId.get(linkId), clicks, now);
        if (s.granted || s.bots) {
          await trx
            .updateTable('links')
            .set((eb) => ({ click_count: eb('click_count', '+', s.granted), bot_click_count: eb('bot_click_count', '+', s.bots) }))
            .where('id', '=', linkId)
            .execute();
        }
        history.push(...s.history);
        clicks.forEach((c, i) => result.set(c, s.outcomes[i]));
      }
      for (let i = 0; i < history.length; i += 1000) await trx.insertInto('link_clicks').values(history.slice(i, i + 1000)).execute();
      return result;
    });
}

export function createClickRecorder({ db, clock }: { db: DbHandle; clock: Clock }) {
  const commit = db.sqlite ? sqliteCommit(db) : postgresCommit(db);
  let queue: Pending[] = [];
  let scheduled = false;
  let inFlight: Promise<void> | null = null;
  const idle: (() => void)[] = [];

  const schedule = () => {
    if (scheduled || inFlight) return;
    scheduled = true;
    setImmediate(flush);
  };

  function settleAll(batch: Pending[], outcomes: Map<Pending, ClickOutcome>) {
    for (const p of batch) p.resolve(outcomes.get(p) ?? 'gone');
  }

  function next() {
    if (queue.length) schedule();
    else for (const done of idle.splice(0)) done();
  }

  function flush() {
    scheduled = false;
    // Another module's Kysely transaction may be open on the shared SQLite connection
    // (it awaits between statements); our clicks must not join it. Try again shortly.
    if (db.sqlite?.inTransaction) {
      scheduled = true;
      setTimeout(flush, 1);
      return;
    }
    const batch = queue;
    queue = [];
    if (batch.length === 0) return next();
    const now = clock.now().toISOString();
    try {
      const committed = commit(batch, now);
      if (committed instanceof Map) {
        settleAll(batch, committed);
        return next();
      }
      // PostgreSQL: one batch in flight; clicks arriving meanwhile form the next batch.
      inFlight = committed.then(
        (outcomes) => settleAll(batch, outcomes),
        (err) => batch.forEach((p) => p.reject(err)),
      );
      void inFlight.finally(() => {
        inFlight = null;
        next();
      });
    } catch (err) {
      for (const p of batch) p.reject(err);
      next();
    }
  }

  return {
    /** Resolves once the click is committed (or known not to count), with what to show. */
    record(click: Click): Promise<ClickOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ ...click, resolve, reject });
        schedule();
      });
    },
    /** Resolves when every queued click is committed (server shutdown). */
    drain(): Promise<void> {
      if (!queue.length && !inFlight && !scheduled) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
export type ClickRecorder = ReturnType<typeof createClickRecorder>;
