import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DISABLE_AFTER_MS } from '../../src/webhooks/webhooks.health.js';
import { createWebhookWorker, MAX_ATTEMPTS, RETRY_SCHEDULE_MS, type WebhookWorker } from '../../src/webhooks/webhooks.worker.js';
import { describeEachDb } from '../helpers.js';
import { addEndpoint, deliveries, emit, fixture, movableClock, receiver, type Fixture } from './delivery.helpers.js';

/** A real SMTP server on a free port; collects what it receives. */
async function smtpServer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (raw += c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
const unfold = (raw: string) => raw.replace(/=\r\n/g, '').replace(/\r\n[ \t]+/g, ' ');

describeEachDb('webhook delivery: retries and endpoint health', (dialect) => {
  let f: Fixture;
  let worker: WebhookWorker | undefined;
  beforeEach(async () => {
    f = await fixture(dialect);
  });
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
    await f.cleanup();
  });

  it('retries a 500 at once with the same webhook-id, then records the 200 as succeeded', async () => {
    const rx = await receiver((_, n) => (n === 1 ? { status: 500, body: 'boom' } : { status: 204 }));
    try {
      const ep = await addEndpoint(f, { url: rx.url });
      worker = createWebhookWorker({ db: f.db, events: f.events, config: f.config });
      await emit(f, [{ type: 'test.other.happened', data: { n: 1 } }]);
      await worker.runOnce();
      let [d] = await deliveries(f.db);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'answered 500', last_response: 'boom', locked_until: null });
      // The first retry is immediate: due now.
      expect(Date.parse(d.next_attempt_at!)).toBeLessThanOrEqual(Date.now());
      const failing = await f.db.db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', ep.id).executeTakeFirstOrThrow();
      expect(failing.failing_since).not.toBeNull();

      await worker.runOnce();
      [d] = await deliveries(f.db);
      expect(d).toMatchObject({ status: 'succeeded', attempts: 2, last_status_code: 204, last_error: null, next_attempt_at: null });
      expect(rx.received).toHaveLength(2);
      expect(rx.received[1].headers['webhook-id']).toBe(rx.received[0].headers['webhook-id']);
      expect(rx.received[1].body).toBe(rx.received[0].body);
      const healed = await f.db.db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', ep.id).executeTakeFirstOrThrow();
      expect(healed.failing_since).toBeNull();
    } finally {
      await rx.close();
    }
  });

  it('does not follow a redirect: a 3xx is a failure and the target sees nothing', async () => {
    const target = await receiver();
    const rx = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    try {
      await addEndpoint(f, { url: rx.url });
      worker = createWebhookWorker({ db: f.db, events: f.events, config: f.config });
      await emit(f, [{ type: 'test.other.happened', data: { n: 1 } }]);
      await worker.runOnce();
      const [d] = await deliveries(f.db);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 302 });
      expect(d.last_error).toContain('redirects are not followed');
      expect(target.received).toHaveLength(0);
      expect(target.connections()).toBe(0);
    } finally {
      await Promise.all([rx.close(), target.close()]);
    }
  });

  it('follows the schedule (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then fails after 9 attempts', async () => {
    const rx = await receiver(() => ({ status: 503 }));
    try {
      const clock = movableClock(new Date());
      await addEndpoint(f, { url: rx.url });
      worker = createWebhookWorker({ db: f.db, events: f.events, config: f.config, clock });
      await emit(f, [{ type: 'test.other.happened', data: { n: 1 } }]);
      expect(MAX_ATTEMPTS).toBe(9);
      for (let n = 1; n <= MAX_ATTEMPTS; n++) {
        await worker.runOnce();
        const [d] = await deliveries(f.db);
        expect(d.attempts).toBe(n);
        expect(rx.received).toHaveLength(n);
        if (n === MAX_ATTEMPTS) {
          expect(d).toMatchObject({ status: 'failed', next_attempt_at: null });
          break;
        }
        const wait = RETRY_SCHEDULE_MS[n - 1];
        expect(d.status).toBe('pending');
        expect(Date.parse(d.next_attempt_at!) - clock.now().getTime()).toBe(wait);
        if (wait > 0) {
          // Not due a moment before.
          clock.advance(wait - 1000);
          await worker.runOnce();
          expect(rx.received).toHaveLength(n);
          clock.advance(1000);
        }
      }
      expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      // A failed delivery is not sent again.
      clock.advance(24 * 3600_000);
      await worker.runOnce();
      expect(rx.received).toHaveLength(MAX_ATTEMPTS);
    } finally {
      await rx.close();
    }
  });

  it('disables an endpoint failing for 5 days, mails the owner through SMTP, sends it nothing more until it is enabled again', async () => {
    const smtp = await smtpServer();
    let answer = 500;
    const rx = await receiver(() => ({ status: answer }));
    try {
      await f.cleanup();
      f = await fixture(dialect, { SMTP_URL: smtp.url, MAIL_FROM: 'hooks@example.com' });
      const now = new Date().toISOString();
      await f.db.db.insertInto('owners').values({ id: 'own_1', account_id: f.accountId, email: 'owner@example.com', password_hash: 'x', created_at: now, password_changed_at: now }).execute();
      const clock = movableClock(new Date());
      const warnings: string[] = [];
      const ep = await addEndpoint(f, { url: rx.url });
      worker = createWebhookWorker({ db: f.db, events: f.events, config: f.config, clock, log: { warn: (_o, msg) => warnings.push(msg) } });
      await emit(f, [{ type: 'test.other.happened', data: { n: 1 } }]);
      await worker.runOnce();
      const start = clock.now().toISOString();
      expect((await f.db.db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', ep.id).executeTakeFirstOrThrow()).failing_since).toBe(start);

      // Failing for just under 5 days: still enabled.
      clock.advance(DISABLE_AFTER_MS - 60_000);
      await emit(f, [{ type: 'test.other.happened', data: { n: 2 } }]);
      await worker.runOnce();
      expect((await f.db.db.selectFrom('webhook_endpoints').select('enabled').where('id', '=', ep.id).executeTakeFirstOrThrow()).enabled).toBe(1);
      expect(smtp.received).toHaveLength(0);

      clock.advance(120_000);
      await worker.runOnce(); // delivery 2's immediate retry fails past the 5 days
      const e = await f.db.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', ep.id).executeTakeFirstOrThrow();
      expect(e).toMatchObject({ enabled: 0, failing_since: start, disabled_at: clock.now().toISOString() });
      expect(e.disabled_reason).toContain('5 days');
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['owner@example.com']);
      const mail = unfold(smtp.received[0].raw);
      expect(mail).toContain('Webhook endpoint disabled for Hook App');
      expect(mail).toContain(`127.0.0.1:${rx.port}`);
      expect(mail).toContain(`http://api.test/admin/apps/${f.slug}/integrations`);
      expect(mail).not.toContain(`${rx.port}/hook`);
      expect(warnings).toEqual([]);
      // Listeners were refreshed: the app has none now, so writers stop writing its events.
      expect(await f.events.eventFresh(f.appId, 'test.other.happened', { n: 3 })).toBeNull();

      // Its pending deliveries are not sent while it is disabled.
      const seen = rx.received.length;
      clock.advance(24 * 3600_000);
      await worker.runOnce();
      expect(rx.received).toHaveLength(seen);
      const parked = (await deliveries(f.db)).filter((d) => d.status === 'pending');
      expect(parked).toHaveLength(2);
      // Parked out of the due index while the endpoint is disabled...
      expect(parked.map((d) => d.next_attempt_at)).toEqual([null, null]);

      // ...and due again once the owner enables it.
      answer = 200;
      await f.db.db.updateTable('webhook_endpoints').set({ enabled: 1, disabled_reason: null, disabled_at: null, failing_since: null }).where('id', '=', ep.id).execute();
      clock.advance(11_000);
      await worker.runOnce();
      expect(rx.received).toHaveLength(seen + 2);
      expect((await deliveries(f.db)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    } finally {
      await Promise.all([rx.close(), smtp.close()]);
    }
  });

  it("tells the app's notification e-mail rather than the account's owners when there is one", async () => {
    const smtp = await smtpServer();
    const rx = await receiver(() => ({ status: 500 }));
    try {
      await f.cleanup();
      f = await fixture(dialect, { SMTP_URL: smtp.url, MAIL_FROM: 'hooks@example.com' });
      const now = new Date().toISOString();
      await f.db.db.insertInto('owners').values({ id: 'own_2', account_id: f.accountId, email: 'owner@example.com', password_hash: 'x', created_at: now, password_changed_at: now }).execute();
      await f.db.db.insertInto('notification_settings').values({ app_id: f.appId, email: 'alerts@example.com', events_json: '[]', mode: 'instant', last_sent_at: null, updated_at: now }).execute();
      const clock = movableClock(new Date());
      await addEndpoint(f, { url: rx.url });
      worker = createWebhookWorker({ db: f.db, events: f.events, config: f.config, clock });
      await emit(f, [{ type: 'test.other.happened', data: { n: 1 } }]);
      await worker.runOnce();
      clock.advance(DISABLE_AFTER_MS + 1000);
      await worker.runOnce();
      expect(smtp.received.map((m) => m.to)).toEqual([['alerts@example.com']]);
    } finally {
      await Promise.all([rx.close(), smtp.close()]);
    }
  });

  it('without SMTP a disabled endpoint is logged as a warning', async () => {
    const rx = await receiver(() => ({ status: 500 }));
    try {
      const clock = movableClock(new Date());
      const warnings: object[] = [];
      await addEndpoint(f, { url: rx.url });
      worker = createWebhookWorker({ db: f.db, events: f.events, config: f.config, clock, log: { warn: (o) => warnings.push(o) } });
      await emit(f, [{ type: 'test.other.happened', data: { n: 1 } }]);
      await worker.runOnce();
      clock.advance(DISABLE_AFTER_MS + 1000);
      await worker.runOnce();
      expect(await f.db.db.selectFrom('webhook_endpoints').select('enabled').executeTakeFirstOrThrow()).toEqual({ enabled: 0 });
      expect(warnings).toEqual([expect.objectContaining({ appId: f.appId, reason: 'SMTP not configured' })]);
    } finally {
      await rx.close();
    }
  });

  it('a deleted endpoint takes its deliveries with it; nothing is sent', async () => {
    const rx = await receiver();
    try {
      const ep = await addEndpoint(f, { url: rx.url });
      worker = createWebhookWorker({ db: f.db, events: f.events, config: f.config });
      await emit(f, [{ type: 'test.other.happened', data: { n: 1 } }]);
      await worker.runOnce();
      expect(rx.received).toHaveLength(1);
      await emit(f, [{ type: 'test.other.happened', data: { n: 2 } }]);
      await f.db.db.deleteFrom('webhook_endpoints').where('id', '=', ep.id).execute();
      await worker.runOnce();
      expect(rx.received).toHaveLength(1);
      expect(await deliveries(f.db)).toHaveLength(0);
    } finally {
      await rx.close();
    }
  });
});
