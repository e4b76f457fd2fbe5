import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvents, defineEvent } from '../../src/kernel/events/events.js';
import { createMailer, type MailLogger } from '../../src/kernel/mail.js';
import { createNotificationWorker } from '../../src/notifications/notifications.worker.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { movableClock, pendingCount, queueEvent, quiet, smtpServer, subjectOf, unfold } from './notifications.fixtures.js';

/** A catalogue entry of this test's own, so the mails' wording does not hang on other modules' events. */
const noteEvent = defineEvent({
  type: 'test.note',
  description: 'A note was left (test only).',
  data: z.object({ id: z.string(), text: z.string(), ipHash: z.string().optional() }),
  summary: (d) => `New note: ${d.text}`,
  dashboardPath: (d) => `notes/${d.id}`,
});

describeEachDb('notification mails (instant)', (dialect) => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let t: TestApp;
  const clock = movableClock('2026-03-10T10:00:00.000Z');
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await testApp(dialect, { clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'appflows@example.com' } });
    // The module's own timer is stopped: each test runs passes at the times it names.
    await t.app.services.notificationWorker.close();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const worker = () => {
    const events = createEvents([noteEvent], t.db);
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'appflows@example.com', logger: quiet });
    return createNotificationWorker({ db: t.db, events, config: t.config, mailer, clock });
  };
  async function notifiedApp(name: string, settings: Record<string, unknown> = {}) {
    const app = await t.createApp({ name });
    const r = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/notifications`, headers: t.auth, payload: { email: 'owner@example.com', ...settings } });
    expect(r.statusCode).toBe(200);
    return app;
  }
  const note = (id: string, text: string) => ({ id, text, ipHash: 'f00dfeedcafe' });
  const mailsTo = (slug: string) => smtp.received.filter((m) => unfold(m.raw).includes(`/admin/apps/${slug}/`));

  it('mails the first event at once, gathers the next minute’s into one mail, then the next', async () => {
    const app = await notifiedApp('Batch App');
    const w = worker();
    await queueEvent(t.db, app.id, 'test.note', note('n1', 'hello there'), '2026-03-10T10:00:00.000Z');
    expect(await w.runOnce(new Date('2026-03-10T10:00:01.000Z'))).toEqual({ sent: 1, failed: 0 });
    let mails = mailsTo(app.slug);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['owner@example.com']);
    expect(subjectOf(mails[0].raw)).toBe('[Batch App] New note: hello there');
    const first = unfold(mails[0].raw);
    expect(first).toContain('Open: http://api.test/admin/apps/batch-app/notes/n1');
    expect(first).toContain('http://api.test/admin/apps/batch-app/integrations');
    // Only the summary leaves: no other field of the event's data.
    expect(first).not.toContain('f00dfeedcafe');

    await queueEvent(t.db, app.id, 'test.note', note('n2', 'two'), '2026-03-10T10:00:10.000Z');
    await queueEvent(t.db, app.id, 'test.note', note('n3', 'three'), '2026-03-10T10:00:20.000Z');
    expect(await w.runOnce(new Date('2026-03-10T10:00:30.000Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await w.runOnce(new Date('2026-03-10T10:01:00.500Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await pendingCount(t.db, app.id)).toBe(2);
    expect(await w.runOnce(new Date('2026-03-10T10:01:01.000Z'))).toEqual({ sent: 1, failed: 0 });
    mails = mailsTo(app.slug);
    expect(mails).toHaveLength(2);
    expect(subjectOf(mails[1].raw)).toBe('[Batch App] 2 new events: New note: two');
    const second = unfold(mails[1].raw);
    expect(second).toContain('2 new events for Batch App');
    expect(second).toMatch(/- New note: two\r?\n {2}http:\/\/api\.test\/admin\/apps\/batch-app\/notes\/n2/);
    expect(second).toMatch(/- New note: three\r?\n {2}http:\/\/api\.test\/admin\/apps\/batch-app\/notes\/n3/);
    expect(await pendingCount(t.db, app.id)).toBe(0);

    await queueEvent(t.db, app.id, 'test.note', note('n4', 'four'), '2026-03-10T10:01:30.000Z');
    expect(await w.runOnce(new Date('2026-03-10T10:01:31.000Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await w.runOnce(new Date('2026-03-10T10:02:01.000Z'))).toEqual({ sent: 1, failed: 0 });
    expect(subjectOf(mailsTo(app.slug)[2].raw)).toBe('[Batch App] New note: four');
  });

  it('two nodes at the same moment send one mail: the turn is a compare-and-set on last_sent_at', async () => {
    const app = await notifiedApp('Two Nodes');
    for (let i = 0; i < 3; i++) await queueEvent(t.db, app.id, 'test.note', note(`m${i}`, `n${i}`), `2026-03-10T11:00:0${i}.000Z`);
    const [a, b] = [worker(), worker()];
    const runs = await Promise.all([a.runOnce(new Date('2026-03-10T11:00:05.000Z')), b.runOnce(new Date('2026-03-10T11:00:05.000Z'))]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(mailsTo(app.slug)).toHaveLength(1);
    expect(subjectOf(mailsTo(app.slug)[0].raw)).toBe('[Two Nodes] 3 new events: New note: n0');
    expect(await pendingCount(t.db, app.id)).toBe(0);
  });

  it('a refused mail leaves its events pending and is tried again a minute later', async () => {
    const app = await notifiedApp('Flaky Mail');
    const w = worker();
    await queueEvent(t.db, app.id, 'test.note', note('f1', 'kept'), '2026-03-10T12:00:00.000Z');
    smtp.fail(1);
    expect(await w.runOnce(new Date('2026-03-10T12:00:01.000Z'))).toEqual({ sent: 0, failed: 1 });
    expect(await pendingCount(t.db, app.id)).toBe(1);
    expect(await w.runOnce(new Date('2026-03-10T12:00:30.000Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await w.runOnce(new Date('2026-03-10T12:01:02.000Z'))).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(app.slug).map((m) => subjectOf(m.raw))).toEqual(['[Flaky Mail] New note: kept']);
    expect(await pendingCount(t.db, app.id)).toBe(0);
  });

  it('an event type this server does not know is mailed under its type name, linking the app', async () => {
    const app = await notifiedApp('Old Events');
    await queueEvent(t.db, app.id, 'legacy.thing.happened', { anything: 1 }, '2026-03-10T13:00:00.000Z');
    expect(await worker().runOnce(new Date('2026-03-10T13:00:01.000Z'))).toEqual({ sent: 1, failed: 0 });
    const [mail] = smtp.received.filter((m) => subjectOf(m.raw)?.startsWith('[Old Events]'));
    expect(subjectOf(mail.raw)).toBe('[Old Events] legacy.thing.happened');
    expect(unfold(mail.raw)).toContain('Open: http://api.test/admin/apps/old-events\r\n');
  });

  it('drops what the owner no longer wants: e-mail turned off, or an event type taken off the list', async () => {
    const off = await notifiedApp('Turned Off');
    const narrowed = await notifiedApp('Narrowed');
    await queueEvent(t.db, off.id, 'test.note', note('o1', 'unwanted'), '2026-03-10T14:00:00.000Z');
    await queueEvent(t.db, narrowed.id, 'test.note', note('o2', 'unwanted'), '2026-03-10T14:00:00.000Z');
    await queueEvent(t.db, narrowed.id, 'legacy.kept', {}, '2026-03-10T14:00:00.000Z');
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${off.slug}/notifications`, headers: t.auth, payload: { email: null } });
    // Stored as a list that leaves test.note out (the API checks names against the real catalogue).
    await t.db.db.updateTable('notification_settings').set({ events_json: JSON.stringify(['legacy.kept']) }).where('app_id', '=', narrowed.id).execute();
    const before = smtp.received.length;
    expect(await worker().runOnce(new Date('2026-03-10T14:00:05.000Z'))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.slice(before).map((m) => subjectOf(m.raw))).toEqual(['[Narrowed] legacy.kept']);
    expect(await pendingCount(t.db, off.id)).toBe(0);
    expect(await pendingCount(t.db, narrowed.id)).toBe(0);
  });

  it('the module’s own worker sends through SMTP_URL when started', async () => {
    const app = await notifiedApp('Wired Up');
    await queueEvent(t.db, app.id, 'legacy.wired', {}, '2026-03-10T15:00:00.000Z');
    clock.set('2026-03-10T15:00:01.000Z');
    const w = t.app.services.notificationWorker;
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.some((m) => subjectOf(m.raw) === '[Wired Up] legacy.wired')).toBe(true);
  });

  it('start() polls on its own', async () => {
    const app = await notifiedApp('Polling');
    await queueEvent(t.db, app.id, 'test.note', note('p1', 'polled'), '2026-03-10T16:00:00.000Z');
    clock.set('2026-03-10T16:00:01.000Z');
    const events = createEvents([noteEvent], t.db);
    const w = createNotificationWorker({ db: t.db, events, config: t.config, mailer: createMailer({ smtpUrl: smtp.url, from: 'a@example.com', logger: quiet }), clock, tickMs: 50 });
    w.start();
    try {
      await expect.poll(() => mailsTo(app.slug).length, { timeout: 5_000 }).toBe(1);
    } finally {
      await w.close();
    }
    expect(subjectOf(mailsTo(app.slug)[0].raw)).toBe('[Polling] New note: polled');
  });
});

describeEachDb('notification mails without SMTP_URL', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
    await t.app.services.notificationWorker.close();
  });
  afterAll(async () => t?.close());

  it('are written to the log instead (the kernel mailer’s logged mode)', async () => {
    const app = await t.createApp({ name: 'Log Only' });
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/notifications`, headers: t.auth, payload: { email: 'owner@example.com' } });
    const lines: { obj: Record<string, any>; msg: string }[] = [];
    const logger: MailLogger & { warn: MailLogger['info'] } = { info: (obj, msg) => lines.push({ obj, msg }), warn: (obj, msg) => lines.push({ obj, msg }) };
    const mailer = createMailer({ logger: () => logger });
    expect(mailer.mode).toBe('logged');
    const w = createNotificationWorker({ db: t.db, events: createEvents([noteEvent], t.db), config: t.config, mailer, logger: () => logger });
    await queueEvent(t.db, app.id, 'test.note', { id: 'l1', text: 'logged' }, '2026-03-10T10:00:00.000Z');
    expect(await w.runOnce(new Date('2026-03-10T10:00:01.000Z'))).toEqual({ sent: 1, failed: 0 });
    const logged = lines.find((l) => l.msg.startsWith('mail not sent (no SMTP_URL)'));
    expect(logged?.obj.mail).toMatchObject({ to: 'owner@example.com', subject: '[Log Only] New note: logged' });
    expect(await pendingCount(t.db, app.id)).toBe(0);
  });
});
