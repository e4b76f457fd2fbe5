import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvents, defineEvent } from '../../src/kernel/events/events.js';
import { createMailer } from '../../src/kernel/mail.js';
import { canonicalTimeZone, lastMorning } from '../../src/notifications/notifications.morning.js';
import { createNotificationWorker } from '../../src/notifications/notifications.worker.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { pendingCount, queueEvent, quiet, smtpServer, subjectOf, unfold } from './notifications.fixtures.js';

const reviewEvent = defineEvent({
  type: 'test.review',
  description: 'A review came in (test only).',
  data: z.object({ id: z.string(), stars: z.number() }),
  summary: (d) => `New review: ${d.stars} stars`,
  dashboardPath: (d) => `reviews/${d.id}`,
});

describe('08:00 in a time zone', () => {
  const at = (now: string, tz: string) => lastMorning(new Date(now), tz).toISOString();
  it('is the latest 08:00 there at or before now, daylight saving included', () => {
    expect(at('2026-03-10T08:00:00.000Z', 'UTC')).toBe('2026-03-10T08:00:00.000Z');
    expect(at('2026-03-10T07:59:59.999Z', 'UTC')).toBe('2026-03-09T08:00:00.000Z');
    // Tokyo (+9): 08:00 there is 23:00 UTC the day before.
    expect(at('2026-03-10T00:00:00.000Z', 'Asia/Tokyo')).toBe('2026-03-09T23:00:00.000Z');
    expect(at('2026-03-09T22:59:00.000Z', 'Asia/Tokyo')).toBe('2026-03-08T23:00:00.000Z');
    // Paris moves to summer time on 29 March 2026: 08:00 is 07:00 UTC before, 06:00 UTC on that day.
    expect(at('2026-03-29T05:59:59.000Z', 'Europe/Paris')).toBe('2026-03-28T07:00:00.000Z');
    expect(at('2026-03-29T06:00:00.000Z', 'Europe/Paris')).toBe('2026-03-29T06:00:00.000Z');
    // New York (-4 in summer), and a zone whose 08:00 falls on another UTC date.
    expect(at('2026-07-01T11:00:00.000Z', 'America/New_York')).toBe('2026-06-30T12:00:00.000Z');
    expect(at('2026-07-01T12:00:00.000Z', 'America/New_York')).toBe('2026-07-01T12:00:00.000Z');
    expect(at('2026-01-15T19:30:00.000Z', 'Pacific/Auckland')).toBe('2026-01-15T19:00:00.000Z');
  });
  it('knows zone names only', () => {
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('+02:00')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });
});

describeEachDb('daily digest', (dialect) => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await testApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'appflows@example.com' } });
    await t.app.services.notificationWorker.close();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const worker = () =>
    createNotificationWorker({ db: t.db, events: createEvents([reviewEvent], t.db), config: t.config, mailer: createMailer({ smtpUrl: smtp.url, from: 'appflows@example.com', logger: quiet }) });
  const mailsOf = (name: string) => smtp.received.filter((m) => subjectOf(m.raw)?.startsWith(`[${name}]`));

  it('goes out at 08:00 in the owner’s zone with what came before; later events wait for the next morning; an empty day sends nothing', async () => {
    const app = await t.createApp({ name: 'Morning App' });
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/notifications`, headers: t.auth, payload: { email: 'owner@example.com', mode: 'daily', timeZone: 'Europe/Paris' } });
    expect(put.statusCode).toBe(200);
    const w = worker();
    // Saturday 28 March in Paris (UTC+1), the day before summer time.
    await queueEvent(t.db, app.id, 'test.review', { id: 'r1', stars: 5 }, '2026-03-28T09:15:00.000Z');
    await queueEvent(t.db, app.id, 'test.review', { id: 'r2', stars: 1 }, '2026-03-28T13:00:00.000Z');
    await queueEvent(t.db, app.id, 'legacy.signup', { id: 's1' }, '2026-03-28T22:30:00.000Z');
    const run = (now: string) => w.runOnce(new Date(now));
    expect(await run('2026-03-28T14:00:00.000Z')).toEqual({ sent: 0, failed: 0 });
    // 07:59 in Paris on the 29th (summer time began at 02:00): not yet.
    expect(await run('2026-03-29T05:59:00.000Z')).toEqual({ sent: 0, failed: 0 });
    expect(await run('2026-03-29T06:00:05.000Z')).toEqual({ sent: 1, failed: 0 });
    expect(await run('2026-03-29T06:00:30.000Z')).toEqual({ sent: 0, failed: 0 });
    let mails = mailsOf('Morning App');
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0].raw)).toBe('[Morning App] Daily summary: 3 events');
    const body = unfold(mails[0].raw);
    expect(body).toContain('Daily summary for Morning App: 3 events.');
    expect(body).toMatch(/\n +2 {2}test\.review\r\n +1 {2}legacy\.signup\r\n/);
    expect(body).toContain('Times in Europe/Paris:');
    // Local times (UTC+1 that day), each line with its dashboard link.
    expect(body).toMatch(/- 28 Mar, 10:15 {2}New review: 5 stars\r\n {2}http:\/\/api\.test\/admin\/apps\/morning-app\/reviews\/r1/);
    expect(body).toMatch(/- 28 Mar, 14:00 {2}New review: 1 stars\r\n {2}http:\/\/api\.test\/admin\/apps\/morning-app\/reviews\/r2/);
    expect(body).toMatch(/- 28 Mar, 23:30 {2}legacy\.signup\r\n {2}http:\/\/api\.test\/admin\/apps\/morning-app\r\n/);
    expect(await pendingCount(t.db, app.id)).toBe(0);

    // After this morning's 08:00: tomorrow's digest.
    await queueEvent(t.db, app.id, 'test.review', { id: 'r3', stars: 3 }, '2026-03-29T06:10:00.000Z');
    expect(await run('2026-03-29T12:00:00.000Z')).toEqual({ sent: 0, failed: 0 });
    expect(await run('2026-03-30T05:59:59.000Z')).toEqual({ sent: 0, failed: 0 });
    expect(await run('2026-03-30T06:00:00.000Z')).toEqual({ sent: 1, failed: 0 });
    mails = mailsOf('Morning App');
    expect(subjectOf(mails[1].raw)).toBe('[Morning App] Daily summary: 1 event');
    expect(unfold(mails[1].raw)).toContain('- 29 Mar, 08:10  New review: 3 stars');
    // Nothing happened on the 30th: no mail on the 31st.
    expect(await run('2026-03-31T06:00:00.000Z')).toEqual({ sent: 0, failed: 0 });
    expect(mailsOf('Morning App')).toHaveLength(2);
  });

  it('a digest that fails is tried again a minute later, not the next day; a server down at 08:00 sends it when it is back', async () => {
    const app = await t.createApp({ name: 'Tokyo App' });
    await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/notifications`, headers: t.auth, payload: { email: 'owner@example.com', mode: 'daily', timeZone: 'Asia/Tokyo' } });
    const w = worker();
    await queueEvent(t.db, app.id, 'test.review', { id: 't1', stars: 4 }, '2026-05-01T03:00:00.000Z');
    smtp.fail(1);
    // 08:00 in Tokyo on 2 May is 23:00 UTC on 1 May.
    expect(await w.runOnce(new Date('2026-05-01T23:00:10.000Z'))).toEqual({ sent: 0, failed: 1 });
    expect(await pendingCount(t.db, app.id)).toBe(1);
    expect(await w.runOnce(new Date('2026-05-01T23:00:40.000Z'))).toEqual({ sent: 0, failed: 0 });
    expect(await w.runOnce(new Date('2026-05-01T23:01:11.000Z'))).toEqual({ sent: 1, failed: 0 });
    expect(mailsOf('Tokyo App').map((m) => subjectOf(m.raw))).toEqual(['[Tokyo App] Daily summary: 1 event']);

    // Nobody ran at 08:00 on the 3rd; at 15:00 (Tokyo) the digest still goes, once.
    await queueEvent(t.db, app.id, 'test.review', { id: 't2', stars: 2 }, '2026-05-02T10:00:00.000Z');
    expect(await w.runOnce(new Date('2026-05-03T06:00:00.000Z'))).toEqual({ sent: 1, failed: 0 });
    expect(await w.runOnce(new Date('2026-05-03T06:05:00.000Z'))).toEqual({ sent: 0, failed: 0 });
    expect(mailsOf('Tokyo App')).toHaveLength(2);
  });
});
