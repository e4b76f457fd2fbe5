import type { AppService } from '../../apps/apps.service.js';
import type { AppRow } from '../../apps/apps.store.js';
import type { Db } from '../../db/index.js';
import type { Clock } from '../clock.js';
import { AppError, invalidInput, notFound, type Issue } from '../errors.js';
import { createPoller } from '../poller.js';
import type { FlowService } from './flows.service.js';
import { claimSchedule, createScheduleStore, type DueSchedule } from './flows.schedule.store.js';
import { PublishClaimLost } from './flows.store.js';

/**
 * Scheduled publish (#37 §2): `POST …/publish { at }` stores a time; a worker in every node looks
 * for due times every second and publishes the draft as it is then, through the same
 * `flows.publish` as a publish now (versions, warnings, the `flow.published` event). The node
 * that publishes first leases the row, then takes it with a compare-and-set in the publish
 * transaction, so two nodes make one version; the time is in the database, so a restart does not
 * lose it.
 */

/** How often a node looks for due schedules: a publish lands within about a second of its time. */
export const SCHEDULE_TICK_MS = 1000;
/** The furthest ahead a publish may be scheduled (a year, and a day for leap years). */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 86_400_000;
/**
 * How long a node holds a due schedule while it publishes it. A publish that failed for a reason
 * other than its draft (the database away), or a node that died, leaves it to any node after this.
 */
const LEASE_MS = 30_000;
/** Due schedules one pass publishes; the rest wait for the next tick. */
const BATCH = 50;

export const SCHEDULE_NOTE =
  'The draft is published as it is at that time: draft edits saved before then are published too. GET the flow to see the time (scheduledPublishAt); DELETE …/schedule cancels; scheduling again replaces the time.';

export interface ScheduleLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ScheduleRun {
  published: number;
  /** Drafts that would not publish at their time (recorded on the flow as scheduleError). */
  failed: number;
}

export function createFlowScheduler(deps: { db: Db; flows: FlowService; apps: AppService; clock: Clock; logger?: () => ScheduleLogger | undefined; tickMs?: number }) {
  const { flows, clock } = deps;
  const store = createScheduleStore(deps.db);

  const def = (type: string) => {
    const d = flows.registry.get(type) ?? flows.registry.segment(type);
    if (!d) throw notFound(`Unknown flow type "${type}"`);
    return d;
  };

  /** A time the owner may schedule: in the future and at most SCHEDULE_MAX_AHEAD_MS ahead; 422 at `/at` otherwise. */
  function checkTime(at: string): string {
    const t = Date.parse(at);
    const now = clock.now().getTime();
    const refuse = (message: string) => invalidInput(422, 'body', [{ path: '/at', message }]);
    if (Number.isNaN(t)) throw refuse('must be an ISO-8601 date-time with a time zone');
    if (t <= now) throw refuse(`must be in the future (it is ${new Date(now).toISOString()} now); publish without a body to publish now`);
    if (t > now + SCHEDULE_MAX_AHEAD_MS) throw refuse('must be at most 366 days ahead');
    return new Date(t).toISOString();
  }

  /** One due schedule: published (the claim won), lost to another node, or recorded as failed. */
  async function fire(s: DueSchedule, now: Date, run: ScheduleRun) {
    const at = s.publish_at;
    if (!(await store.lease(s.flow_id, at, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString()))) return;
    try {
      const app = await deps.apps.resolve(s.account_id, s.app_id);
      const r = await flows.publish(app, s.type, s.slug, (trx) => claimSchedule(trx, s.flow_id, at));
      run.published++;
      deps.logger?.()?.info({ appId: s.app_id, type: s.type, flowSlug: s.slug, at, version: r.version }, 'scheduled publish done');
    } catch (e) {
      if (e instanceof PublishClaimLost) return;
      if (e instanceof AppError && e.status < 500) {
        // The draft (or its references) would not publish: nothing is published, the owner sees why.
        const issues = (e.extra.issues as Issue[] | undefined) ?? [];
        if (await store.fail(s.flow_id, at, { at, failedAt: now.toISOString(), error: e.message, issues })) {
          run.failed++;
          deps.logger?.()?.warn({ appId: s.app_id, type: s.type, flowSlug: s.slug, at, error: e.message, issues }, 'scheduled publish not done: the draft does not publish');
        }
        return;
      }
      deps.logger?.()?.warn({ appId: s.app_id, type: s.type, flowSlug: s.slug, at, error: (e as Error).message }, `scheduled publish failed; tried again in ${LEASE_MS / 1000} s`);
    }
  }

  async function pass(now: Date): Promise<ScheduleRun> {
    const run: ScheduleRun = { published: 0, failed: 0 };
    for (const s of await store.due(now.toISOString(), BATCH)) await fire(s, now, run);
    return run;
  }

  const loop = createPoller({
    round: () => pass(clock.now()),
    everyMs: deps.tickMs ?? SCHEDULE_TICK_MS,
    onError: (err) => deps.logger?.()?.warn({ error: (err as Error).message }, 'scheduled publish pass failed'),
  });

  /** One pass over the due schedules (a pass under way is awaited first). */
  const runOnce = (now: Date = clock.now()): Promise<ScheduleRun> => loop.run(() => pass(now));

  return {
    /** Schedules (or re-schedules) the publish of a flow's draft; the draft must publish today too (404 / 422 as publish). */
    async schedule(app: AppRow, type: string, flowSlug: string | undefined, at: string) {
      const when = checkTime(at);
      const flow = await flows.publishable(app, type, flowSlug);
      await store.set(app.id, flow.id, when, clock.now().toISOString());
      return { scheduled: { at: when, flowSlug: flow.slug }, note: SCHEDULE_NOTE };
    },

    /** Cancels a flow's pending schedule; 404 when there is none. `type`: the type, a legacy name or the URL segment. */
    async cancel(app: AppRow, type: string, flowSlug?: string): Promise<void> {
      const d = def(type);
      const got = await flows.get(app, d.type, flowSlug);
      if (!(await store.cancel(got.flow.id))) throw notFound(`No scheduled publish of the ${d.label.toLowerCase()} "${got.flow.slug}"`);
    },

    runOnce,
    start: loop.start,
    close: loop.close,
  };
}
export type FlowScheduler = ReturnType<typeof createFlowScheduler>;
