import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodWishlist, ownerApi, publicApi, publishedBoard } from './wishlist.fixtures.js';

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

/** The "to hear back" promise: kept over SMTP, not made without it. */
describeEachDb('wishlist status mail', (dialect) => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await testApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'board@example.com', PUBLIC_RATE_LIMIT: '1000' } });
    plain = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
    await smtp?.close();
  });

  it('tells the author who left an email when the status changes, once per change; nobody else', async () => {
    const slug = (await publishedBoard(t, goodWishlist({ moderation: { autoApprove: true } }), 'Mail App')).slug;
    const board = await t.app.inject({ method: 'GET', url: `/wishlist/${slug}` });
    expect(board.body).toContain('to hear back when its status changes');
    const p = publicApi(t, slug);
    const withEmail = (await p.submit({ title: 'Offline mode', email: 'ann@example.com', displayName: 'Ann' })).json().idea;
    const noEmail = (await p.submit({ title: 'No address' })).json().idea;
    await p.vote({ ideaId: withEmail.id, userId: 'voter-1' });
    const o = ownerApi(t, slug);
    expect((await o.patch(withEmail.id, { status: 'planned' })).statusCode).toBe(200);
    expect((await o.patch(withEmail.id, { status: 'planned', pinned: true })).statusCode).toBe(200); // no status change: no mail
    expect((await o.patch(withEmail.id, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await o.patch(noEmail.id, { status: 'planned' })).statusCode).toBe(200);
    expect(smtp.received.map((m) => m.to)).toEqual([['ann@example.com'], ['ann@example.com']]);
    const [first, second] = smtp.received.map((m) => unfold(m.raw));
    expect(first).toMatch(/Subject: Mail App: your idea is now Planned/);
    expect(first).toContain('"Offline mode", is now: Planned.');
    expect(first).toContain(`/wishlist/${slug}/ideas/${withEmail.id}`);
    // The board's own status label.
    expect(second).toMatch(/Subject: Mail App: your idea is now Building now/);
  });

  it('without SMTP the form does not promise an answer and nothing is sent', async () => {
    const slug = (await publishedBoard(plain, goodWishlist({ moderation: { autoApprove: true } }), 'Quiet App')).slug;
    const board = await plain.app.inject({ method: 'GET', url: `/wishlist/${slug}` });
    expect(board.statusCode).toBe(200);
    expect(board.body).not.toContain('hear back');
    const before = smtp.received.length;
    const idea = (await publicApi(plain, slug).submit({ title: 'Quiet idea', email: 'bob@example.com' })).json().idea;
    expect((await ownerApi(plain, slug).patch(idea.id, { status: 'done' })).statusCode).toBe(200);
    expect(smtp.received.length).toBe(before);
  });
});
