import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { DbHandle } from '../../src/db/index.js';
import type { Clock } from '../../src/kernel/clock.js';
import { writeOutbox } from '../../src/db/outbox.js';
import { rowId } from '../../src/db/row-id.js';

/** A real SMTP server on a free port; collects what it receives (`failNext` answers 451 to the next messages). */
export async function smtpServer() {
  const received: { to: string[]; raw: string }[] = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (raw += c));
      stream.on('end', () => {
        if (failNext > 0) {
          failNext--;
          return cb(Object.assign(new Error('try again later'), { responseCode: 451 }));
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    fail: (n: number) => (failNext = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw message with folded headers and soft line breaks undone, quoted-printable decoded enough to read (ASCII). */
export const unfold = (raw: string) => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw
    .slice(split)
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return head + body;
};

/** Mail goes out quietly (the mailer logs each message it sends). */
export const quiet = () => ({ info() {}, warn() {} });

export const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(unfold(raw))?.[1]?.trim();

/** A clock the test moves. */
export function movableClock(start: string) {
  let now = new Date(start);
  const clock: Clock & { set(iso: string): void; add(ms: number): Date } = {
    now: () => new Date(now),
    set: (iso) => (now = new Date(iso)),
    add: (ms) => (now = new Date(now.getTime() + ms)),
  };
  return clock;
}

/**
 * An event as the fan-out leaves it (it is another part's work): the outbox row, already fanned
 * out, and its notification_queue row, in one transaction.
 */
export async function queueEvent(db: DbHandle, appId: string, type: string, data: unknown, at: string) {
  const queueId = rowId(Date.parse(at));
  await db.db.transaction().execute(async (trx) => {
    await writeOutbox(trx, [{ appId, type, data, at }]);
    const ev = await trx.selectFrom('outbox_events').select('id').where('app_id', '=', appId).where('fanned_out', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await trx.updateTable('outbox_events').set({ fanned_out: 1 }).where('id', '=', ev.id).execute();
    await trx.insertInto('notification_queue').values({ id: queueId, app_id: appId, event_id: ev.id, created_at: at }).execute();
  });
  return queueId;
}

export async function pendingCount(db: DbHandle, appId: string) {
  const r = await db.db.selectFrom('notification_queue').select((eb) => eb.fn.countAll<string>().as('n')).where('app_id', '=', appId).where('sent_at', 'is', null).executeTakeFirstOrThrow();
  return Number(r.n);
}
