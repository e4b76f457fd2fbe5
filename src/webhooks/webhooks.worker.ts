import type { Config } from '../config.js';
import type { DbHandle } from '../db/index.js';
import { systemClock, type Clock } from '../kernel/clock.js';
import type { Events } from '../kernel/events/events.js';
import { createMailer, type Mailer } from '../kernel/mail.js';
import { createPoller } from '../kernel/poller.js';
import { createDeliveryStore, type AttemptRecord, type ClaimedDelivery, type EndpointForSend } from './webhooks.deliveries.store.js';
import { FANOUT_BATCH, fanOutBatch } from './webhooks.fanout.js';
import { formatBody } from './webhooks.formats.js';
import { createHealth } from './webhooks.health.js';
import { secretBox } from './webhooks.secrets.js';
import { createSender, type SendResult } from './webhooks.send.js';
import { webhookBodyJson, webhookMessageId } from './webhooks.payload.js';
import { signedHeaders } from './webhooks.sign.js';
import { batcher, keyedSlots } from './webhooks.slots.js';

/**
 * The delivery worker every node runs (#33 §3): in rounds it fans new outbox events out to
 * deliveries, claims due deliveries under a lease (WEBHOOK_LEASE, 60 s) and sends them, at
 * most PER_ENDPOINT at once per endpoint and GLOBAL_CAP in all on this node. A round starts at
 * once when an event is built on this node (kernel events wake it), a send ends, or kick() is
 * called; then every POLL_MS while there is work or this node wrote an event in the last
 * ACTIVE_MS (its commit may land after the round it woke), and every IDLE_POLL_MS otherwise
 * (events of other nodes, due retries): an idle node reads the database every 2 s instead of
 * twice a second.
 *
 * Retries follow Svix's schedule. After attempt n fails (n = 1…8) the next is RETRY_SCHEDULE_MS[n-1]
 * later: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. When attempt 9 fails the delivery
 * is `failed`: 1 initial attempt + 8 retries = at most 9 attempts over about 33 hours.
 */
export const RETRY_SCHEDULE_MS = [0, 5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000] as const;
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
export const POLL_MS = 500;
export const IDLE_POLL_MS = 2_000;
const ACTIVE_MS = 2_000;
export const PER_ENDPOINT = 4;
export const GLOBAL_CAP = 32;
export const RETENTION_MS = 30 * 24 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;
/** How often deliveries of disabled endpoints are parked, and those of enabled ones resumed. */
const PARK_EVERY_MS = 10_000;
const CLOSE_WAIT_MS = 10_000;

/** When the attempt after `attempts` failed ones is due, or null when none is left. */
export function nextAttemptAt(attempts: number, now: Date): string | null {
  const wait = RETRY_SCHEDULE_MS[attempts - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait).toISOString();
}

export interface WebhookWorker {
  start(): void;
  close(): Promise<void>;
  kick(): void;
  /** One round (fan out, claim, send) that resolves when the sends it started are recorded (tests, CLI). */
  runOnce(): Promise<void>;
}

const stderrLog = { warn: (obj: object, msg: string) => process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg, ...obj })}\n`) };

export function createWebhookWorker(deps: { db: DbHandle; events: Events; config: Config; clock?: Clock; log?: { warn(obj: object, msg: string): void }; mailer?: Mailer }): WebhookWorker {
  const { db, events, config } = deps;
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? stderrLog;
  const ownMailer = !deps.mailer && config.mail.smtpUrl ? createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }) : undefined;
  const store = createDeliveryStore(db);
  const sender = createSender({ allowPrivate: config.webhooks.allowPrivate });
  const box = secretBox(config.secret);
  const health = createHealth({ db: db.db, events, config, clock, log, mailer: deps.mailer ?? ownMailer });

  const slots = keyedSlots(PER_ENDPOINT);
  const sends = new Set<Promise<void>>();
  /** Endpoints this node saw fail since it last read them: a success must clear their failing_since. */
  const failedHere = new Set<string>();
  let lastSweep = 0;
  let lastPark = 0;
  /** Whether the last round fanned out or claimed anything, when this node last built an event, and whether the loop waits IDLE_POLL_MS. */
  let worked = false;
  let wroteAt = 0;
  let idle = false;

  /** Fans out, sweeps when due, claims and starts the sends; answers the started sends. */
  async function pump(): Promise<Promise<void>[]> {
    worked = false;
    for (let i = 0; i < 10; i++) {
      const n = await fanOutBatch(db, clock.now().toISOString(), FANOUT_BATCH);
      if (n > 0) worked = true;
      if (n < FANOUT_BATCH) break;
    }
    await sweep();
    const now = clock.now();
    // An endpoint with a full set of sends and as many waiting gets no more until some finish.
    const busy = slots.loaded(2 * PER_ENDPOINT);
    const claimed = await store.claim({ now: now.toISOString(), leaseUntil: new Date(now.getTime() + config.webhooks.leaseMs).toISOString(), limit: GLOBAL_CAP - sends.size, perEndpoint: PER_ENDPOINT, skip: busy });
    if (!claimed.length) return [];
    worked = true;
    const endpoints = new Map((await store.endpoints([...new Set(claimed.map((c) => c.endpoint_id))])).map((e) => [e.id, e]));
    const gone = claimed.filter((c) => !endpoints.get(c.endpoint_id)?.enabled);
    await store.release(gone.map((c) => c.id));
    return claimed.filter((c) => !gone.includes(c)).map((c) => track(c, endpoints.get(c.endpoint_id)!));
  }

  /**
   * One delivery: its HTTP attempt holds one of the endpoint's slots; the result is recorded
   * afterwards with the results of other sends in one transaction (one commit for many
   * deliveries instead of one each), the lease held until then.
   */
  function track(c: ClaimedDelivery, ep: EndpointForSend): Promise<void> {
    const p = (async () => {
      let result: SendResult;
      await slots.acquire(ep.id);
      try {
        // A request that cannot even be built (an unreadable payload) is a failed attempt, not a stuck lease.
        result = await attempt(c, ep, clock.now()).catch((err: Error) => ({ ok: false, statusCode: null, error: `Not sent: ${err.message}`.slice(0, 300), response: null }));
      } finally {
        slots.release(ep.id);
        loop.kick();
      }
      const done = clock.now();
      const next = result.ok ? null : nextAttemptAt(c.attempts + 1, done);
      await record({ id: c.id, status: result.ok ? 'succeeded' : next ? 'pending' : 'failed', nextAttemptAt: next, statusCode: result.statusCode, error: result.error, response: result.response, at: done.toISOString() });
      // A retry due at once (the first) is claimed now that its lease is given back, not at the next poll.
      if (next && Date.parse(next) <= done.getTime()) loop.kick();
      if (result.ok) {
        if (ep.failing_since || failedHere.delete(ep.id)) await health.succeeded(ep.id);
      } else {
        failedHere.add(ep.id);
        await health.failed(ep);
      }
    })().catch((err) => {
      // Left leased: it is due again when the lease runs out.
      log.warn({ deliveryId: c.id, err: (err as Error).message }, 'webhook delivery not recorded');
    });
    sends.add(p);
    void p.finally(() => sends.delete(p));
    return p;
  }

  const record = batcher<AttemptRecord>((list) => store.recordMany(list));

  async function attempt(c: ClaimedDelivery, ep: EndpointForSend, at: Date): Promise<SendResult> {
    const secrets = [box.open(ep.secret_sealed, ep.id)];
    if (ep.previous_secret_sealed && ep.previous_until && Date.parse(ep.previous_until) > at.getTime()) secrets.push(box.open(ep.previous_secret_sealed, ep.id));
    if (!secrets.every(Boolean)) return { ok: false, statusCode: null, error: 'The signing secret cannot be read (was SECRET changed?); not sent.', response: null };
    const stored = c.payload_json ?? (await payloadOf(c));
    if (!stored) return { ok: false, statusCode: null, error: 'The event of this delivery is gone; not sent.', response: null };
    const body = formatBody(ep.format, stored, { baseUrl: config.baseUrl, app: { slug: ep.app_slug, name: ep.app_name }, def: events.catalog.get(c.event_type) });
    return sender.send(ep.url, body, { ...signedHeaders(webhookMessageId(c), at, body, secrets as string[]) });
  }

  async function payloadOf(c: ClaimedDelivery): Promise<string | undefined> {
    if (!c.event_id) return undefined;
    const e = await db.db.selectFrom('outbox_events').select(['type', 'created_at', 'data_json']).where('id', '=', c.event_id).executeTakeFirst();
    return e && webhookBodyJson(e.type, e.created_at, e.data_json);
  }

  async function sweep() {
    const now = clock.now().getTime();
    if (now - lastPark >= PARK_EVERY_MS || now < lastPark) {
      lastPark = now;
      await store.park(new Date(now).toISOString()).catch((err) => log.warn({ err: (err as Error).message }, 'webhook parking failed'));
    }
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await store.sweep(new Date(now - RETENTION_MS).toISOString()).catch((err) => log.warn({ err: (err as Error).message }, 'webhook retention sweep failed'));
  }

  /**
   * The background loop runs only once started (runOnce alone drives a worker that is not). A
   * round asked for while one runs (a send finished, kick()) follows it at once instead of
   * waiting POLL_MS, so a burst flows at the speed of the receiver.
   */
  const loop = createPoller({
    round: pump,
    everyMs: () => {
      idle = !worked && Date.now() - wroteAt >= ACTIVE_MS;
      return idle ? IDLE_POLL_MS : POLL_MS;
    },
    onError: (err) => log.warn({ err: (err as Error).message }, 'webhook worker round failed'),
    immediate: true,
  });
  let unsubscribe: (() => void) | undefined;

  return {
    start() {
      // An event built on this node wakes an idle loop; a busy one already polls every POLL_MS.
      unsubscribe ??= events.onEvent(() => {
        wroteAt = Date.now();
        if (!idle) return;
        idle = false;
        loop.kick();
      });
      loop.start();
    },
    kick: loop.kick,
    async runOnce() {
      await Promise.all(await loop.run(pump));
    },
    async close() {
      unsubscribe?.();
      await loop.close();
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...sends]), new Promise((r) => (wait = setTimeout(r, CLOSE_WAIT_MS)))]);
      clearTimeout(wait);
      sender.close();
      ownMailer?.close();
    },
  };
}
