import type { Config } from '../config.js';
import type { DbHandle } from '../db/index.js';
import { systemClock, type Clock } from '../kernel/clock.js';
import type { Events } from '../kernel/events/events.js';
import type { Mailer } from '../kernel/mail.js';
import { createPoller } from '../kernel/poller.js';
import { digestMail, instantMail, type PendingEvent } from './notifications.mail.js';
import { lastMorning } from './notifications.morning.js';
import { parseEvents, wantsType } from './notifications.service.js';
import { createNotificationStore, type PendingApp } from './notifications.store.js';

/**
 * Sends the owner mails of `notification_queue` (rows the webhooks fan-out writes for every
 * event an app's notification settings want). Runs in every node: before sending, a node takes
 * the app's turn with a compare-and-set on `notification_settings.last_sent_at`, so two nodes
 * never send the same minute (or the same morning) twice. A mail that fails leaves its rows
 * pending and is tried again a minute later (a digest too). A node that dies between sending and
 * marking sends those events again on the next turn (at least once, like webhook deliveries).
 */

/** Instant mode: at most one mail a minute per app. */
export const INSTANT_GAP_MS = 60_000;
/** The daily digest goes out at this hour in the settings' time zone. */
export const DIGEST_HOUR = 8;
/** How often a node looks for work. */
const TICK_MS = 5_000;
/** Rows per instant mail (the rest go a minute later) and per digest. */
const INSTANT_ROWS = 500;
const DIGEST_ROWS = 5_000;
/** Sent rows are kept this long, then removed (they only help to look back). */
const KEEP_SENT_MS = 7 * 86_400_000;

export interface WorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface NotificationRun {
  /** Mails sent (or logged, without SMTP). */
  sent: number;
  failed: number;
}

export function createNotificationWorker(deps: { db: DbHandle; events: Events; config: Config; mailer: Mailer; clock?: Clock; logger?: () => WorkerLogger | undefined; tickMs?: number }) {
  const { mailer } = deps;
  const store = createNotificationStore(deps.db);
  const clock = deps.clock ?? systemClock;
  let prunedAt = 0;
  /** Apps whose digest failed on this node: not tried again before this time (ms), so a down SMTP server gets one try a minute. */
  const retryAt = new Map<string, number>();

  /** One app's turn: nothing, one mail, or (e-mail turned off) its pending rows dropped. */
  async function serveApp(s: PendingApp, now: Date, run: NotificationRun) {
    const nowIso = now.toISOString();
    if (!s.email) {
      // Turned off (or never on): nobody to tell; the fan-out stops writing once listeners are re-read.
      await store.forgetPending(s.app_id);
      return;
    }
    const daily = s.mode === 'daily';
    const timeZone = s.time_zone ?? 'UTC';
    // The digest due now covers what was queued before this morning's 08:00; later rows wait for tomorrow's.
    const morning = daily ? lastMorning(now, timeZone, DIGEST_HOUR).toISOString() : undefined;
    const due = daily ? !s.last_sent_at || s.last_sent_at < morning! : !s.last_sent_at || Date.parse(s.last_sent_at) <= now.getTime() - INSTANT_GAP_MS;
    if (!due || (retryAt.get(s.app_id) ?? 0) > now.getTime()) return;
    const wanted = parseEvents(s.events_json);
    const rows = await store.pending(s.app_id, daily ? DIGEST_ROWS : INSTANT_ROWS, morning);
    // Rows of types the owner stopped wanting since they were queued.
    const unwanted = rows.filter((r) => !wantsType(wanted, r.type)).map((r) => r.id);
    if (unwanted.length) await store.forget(unwanted);
    if (unwanted.length === rows.length) return;
    const before = daily ? morning! : new Date(now.getTime() - INSTANT_GAP_MS).toISOString();
    if (!(await store.claim(s.app_id, before, nowIso, !daily))) return;
    // Read again after the claim: another node may have sent some of them meanwhile.
    const mine = (await store.pending(s.app_id, daily ? DIGEST_ROWS : INSTANT_ROWS, morning)).filter((r) => wantsType(wanted, r.type));
    if (!mine.length) return;
    const app = await store.app(s.app_id);
    if (!app) return;
    const events: PendingEvent[] = mine.map((r) => ({ type: r.type, data: parseData(r.data_json), at: r.at }));
    const catalog = deps.events.catalog;
    const mail = daily ? digestMail(s.email, app, events, catalog, deps.config.baseUrl, timeZone) : instantMail(s.email, app, events, catalog, deps.config.baseUrl);
    try {
      await mailer.send(mail);
    } catch (err) {
      run.failed++;
      // The rows stay pending. Instant: the claim keeps the pace (tried again in a minute). Daily:
      // the morning's turn is given back, and this node waits a minute before trying again.
      const reason = (err as { reason?: string; message?: string }).reason ?? (err as Error).message;
      if (daily) {
        await store.release(s.app_id, nowIso, s.last_sent_at);
        retryAt.set(s.app_id, now.getTime() + INSTANT_GAP_MS);
      }
      deps.logger?.()?.warn({ appId: s.app_id, events: mine.length, error: reason }, 'notification mail not sent; will retry');
      return;
    }
    retryAt.delete(s.app_id);
    await store.markSent(
      mine.map((r) => r.id),
      nowIso,
    );
    run.sent++;
  }

  async function prune(now: Date) {
    if (now.getTime() - prunedAt < 3_600_000) return;
    prunedAt = now.getTime();
    await store.pruneSent(new Date(now.getTime() - KEEP_SENT_MS).toISOString());
  }

  async function pass(now: Date): Promise<NotificationRun> {
    const run: NotificationRun = { sent: 0, failed: 0 };
    for (const s of await store.appsWithPending()) {
      try {
        await serveApp(s, now, run);
      } catch (err) {
        run.failed++;
        deps.logger?.()?.warn({ appId: s.app_id, error: (err as Error).message }, 'notification pass failed for an app');
      }
    }
    await prune(now);
    return run;
  }

  const loop = createPoller({
    round: () => pass(clock.now()),
    everyMs: deps.tickMs ?? TICK_MS,
    onError: (err) => deps.logger?.()?.warn({ error: (err as Error).message }, 'notification pass failed'),
  });

  return {
    /** One pass over every app with pending rows (a pass already under way is awaited, then this one runs). */
    runOnce: (now: Date = clock.now()): Promise<NotificationRun> => loop.run(() => pass(now)),
    start: loop.start,
    close: loop.close,
  };
}
export type NotificationWorker = ReturnType<typeof createNotificationWorker>;

function parseData(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
