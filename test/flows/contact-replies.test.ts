import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/kernel/mail.js';
import { describeEachDb, testApp, testConfig, type TestApp } from '../helpers.js';
import { connectMcp, toolJson } from '../mcp/mcp.client.js';
import { goodContact, goodFeedback, json, putAndPublish, submit } from './forms/forms.fixtures.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port (smtp-server); `refuse` answers 550 to every recipient. */
async function smtpServer(opts: { refuse?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (!opts.refuse) return cb();
      const err = Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 });
      cb(err);
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (raw += c));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? (session.envelope.mailFrom as { address: string }).address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Header value of a raw message (unfolded). */
const header = (raw: string, name: string) => raw.split(/\r\n\r\n/)[0].replace(/\r\n[ \t]+/g, ' ').match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1];
const bodyOf = (raw: string) => raw.split(/\r\n\r\n/).slice(1).join('\r\n\r\n').replace(/=\r\n/g, '');

const contactWithOptionalEmail = () => ({ ...goodContact(), emailField: { enabled: true } });

async function seed(t: TestApp) {
  const slug = (await t.createApp({ name: 'Replies App' })).slug;
  await putAndPublish(t, slug, 'contact', contactWithOptionalEmail());
  await putAndPublish(t, slug, 'feedback', goodFeedback());
  const withEmail = await submit(t, 'contact', { appSlug: slug, name: 'Ann', email: 'ann@example.com', message: 'Where is my invoice?', source: 'sdk' });
  const noEmail = await submit(t, 'contact', { appSlug: slug, name: 'Bob', message: 'No email here', source: 'sdk' });
  const feedback = await submit(t, 'feedback', { appSlug: slug, message: 'Nice', email: 'fb@example.com' });
  for (const r of [withEmail, noEmail, feedback]) expect(r.statusCode, r.body).toBe(201);
  return { slug, withEmail: withEmail.json().id as string, noEmail: noEmail.json().id as string, feedback: feedback.json().id as string };
}

const reply = (t: TestApp, slug: string, id: string, payload: unknown, headers: Record<string, string> = t.auth) =>
  t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/contact/submissions/${encodeURIComponent(id)}/reply`, headers: { ...headers, ...json }, payload: JSON.stringify(payload) });
const listed = async (t: TestApp, slug: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/contact/submissions`, headers: t.auth });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().submissions as any[];
};

describeEachDb('contact replies over SMTP', (dialect) => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await testApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Replies App <support@example.com>', PUBLIC_RATE_LIMIT: '1000' } });
    ids = await seed(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the reply to the submission’s address and lists it with the submission', async () => {
    const r = await reply(t, ids.slug, ids.withEmail, { subject: 'Re: your invoice', body: 'Hi Ann,\n\nYour invoice is attached to your account page.\n\nThe team' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ ok: true, mode: 'smtp', reply: { to: 'ann@example.com', subject: 'Re: your invoice', status: 'sent', mode: 'smtp', error: null } });
    expect(smtp.received).toHaveLength(1);
    const m = smtp.received[0];
    expect(m.to).toEqual(['ann@example.com']);
    expect(m.from).toBe('support@example.com');
    expect(header(m.raw, 'To')).toBe('ann@example.com');
    expect(header(m.raw, 'Subject')).toBe('Re: your invoice');
    expect(header(m.raw, 'From')).toBe('Replies App <support@example.com>');
    expect(bodyOf(m.raw)).toContain('Your invoice is attached to your account page.');

    const rows = await listed(t, ids.slug);
    const ann = rows.find((s) => s.id === ids.withEmail);
    expect(ann.replies).toHaveLength(1);
    expect(ann.replies[0]).toMatchObject({ id: r.json().reply.id, subject: 'Re: your invoice', status: 'sent', to: 'ann@example.com' });
    expect(rows.find((s) => s.id === ids.noEmail).replies).toEqual([]);
  });

  it('is an MCP tool with WIRE’s name and inputs', async () => {
    const client = await connectMcp(t);
    try {
      const out = toolJson(await client.callTool({ name: 'reply_to_contact_submission', arguments: { appIdOrSlug: ids.slug, submissionId: ids.withEmail, subject: 'Second note', body: 'One more thing.' } }));
      expect(out).toMatchObject({ ok: true, mode: 'smtp' });
      expect(smtp.received.at(-1)!.to).toEqual(['ann@example.com']);
      const rows = toolJson(await client.callTool({ name: 'list_contact_submissions', arguments: { appIdOrSlug: ids.slug } }));
      expect(rows.submissions.find((s: any) => s.id === ids.withEmail).replies.map((x: any) => x.subject)).toEqual(['Re: your invoice', 'Second note']);
    } finally {
      await client.close();
    }
  });

  it('422 for a submission without an email, 404 for unknown, other-type or other-account ids; bad bodies refused; nothing sent', async () => {
    const sent = smtp.received.length;
    const none = await reply(t, ids.slug, ids.noEmail, { subject: 'Hi', body: 'Hello' });
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toMatch(/no email address/);
    expect((await reply(t, ids.slug, 'cnosuchsubmission', { subject: 'Hi', body: 'x' })).statusCode).toBe(404);
    const fb = await reply(t, ids.slug, ids.feedback, { subject: 'Hi', body: 'x' });
    expect(fb.statusCode).toBe(404);
    expect(fb.json().error).toBe('Contact submission not found');
    const other = await t.otherAccount();
    expect((await reply(t, ids.slug, ids.withEmail, { subject: 'Hi', body: 'x' }, other.auth)).statusCode).toBe(404);
    const otherSlug = (await t.createApp({ name: 'Other replies' }, other.auth)).slug;
    expect((await reply(t, otherSlug, ids.withEmail, { subject: 'Hi', body: 'x' }, other.auth)).statusCode).toBe(404);
    for (const [payload, path] of [
      [{ subject: '', body: 'x' }, '/subject'],
      [{ subject: 'Bcc: everyone\r\nX: y', body: 'x' }, '/subject'],
      [{ subject: 'x'.repeat(201), body: 'x' }, '/subject'],
      [{ subject: 'Hi', body: 'x'.repeat(8001) }, '/body'],
      [{ subject: 'Hi' }, '/body'],
    ] as const) {
      const r = await reply(t, ids.slug, ids.withEmail, payload);
      expect(r.statusCode).toBe(422);
      expect(r.json().issues[0].path).toBe(path);
    }
    expect(smtp.received.length).toBe(sent);
    expect((await listed(t, ids.slug)).find((s) => s.id === ids.noEmail).replies).toEqual([]);
  });
});

describeEachDb('contact replies when mail fails', (dialect) => {
  it('a refusing SMTP server: 502 with the reason, the reply kept as failed', async () => {
    const smtp = await smtpServer({ refuse: true });
    const t = await testApp(dialect, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'support@example.com' } });
    try {
      const ids = await seed(t);
      const r = await reply(t, ids.slug, ids.withEmail, { subject: 'Re: invoice', body: 'Hello' });
      expect(r.statusCode).toBe(502);
      expect(r.json().error).toBe('Mail not sent: the mail server refused it (550 Mailbox ann@example.com unavailable)');
      expect(r.json().replyId).toBeTruthy();
      const [stored] = (await listed(t, ids.slug)).find((s) => s.id === ids.withEmail).replies;
      expect(stored).toMatchObject({ id: r.json().replyId, status: 'failed', mode: 'smtp' });
      expect(stored.error).toMatch(/550/);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('an unreachable SMTP server: 502 naming the connection error, never the credentials', async () => {
    const smtp = await smtpServer();
    const url = smtp.url.replace('smtp://', 'smtp://mailer:s3cret-pw@');
    await smtp.close(); // nothing listens on that port any more
    const t = await testApp(dialect, { env: { SMTP_URL: url, MAIL_FROM: 'support@example.com' } });
    try {
      const ids = await seed(t);
      const r = await reply(t, ids.slug, ids.withEmail, { subject: 'Re', body: 'Hello' });
      expect(r.statusCode).toBe(502);
      expect(r.json().error).toMatch(/^Mail not sent: could not reach the mail server \(.*ECONNREFUSED/);
      expect(r.body).not.toContain('s3cret-pw');
      const [stored] = (await listed(t, ids.slug)).find((s) => s.id === ids.withEmail).replies;
      expect(stored.status).toBe('failed');
      expect(stored.error).not.toContain('s3cret-pw');
    } finally {
      await t.close();
    }
  });
});

describeEachDb('contact replies without SMTP', (dialect) => {
  it('logs the reply (mode logged) and stores it', async () => {
    const t = await testApp(dialect);
    try {
      const ids = await seed(t);
      const r = await reply(t, ids.slug, ids.withEmail, { subject: 'Logged only', body: 'Hello Ann' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ ok: true, mode: 'logged', reply: { status: 'logged', mode: 'logged' } });
      const [stored] = (await listed(t, ids.slug)).find((s) => s.id === ids.withEmail).replies;
      expect(stored).toMatchObject({ subject: 'Logged only', body: 'Hello Ann', status: 'logged', to: 'ann@example.com' });
    } finally {
      await t.close();
    }
  });
});

describe('mail sender (kernel/mail.ts)', () => {
  it('logged mode writes the whole message to the logger it is given', async () => {
    const lines: { obj: any; msg: string }[] = [];
    const mailer = createMailer({ from: 'support@example.com', logger: () => ({ info: (obj, msg) => lines.push({ obj, msg }) }) });
    expect(mailer.mode).toBe('logged');
    expect(await mailer.send({ to: 'ann@example.com', subject: 'Hi', text: 'Body' })).toEqual({ mode: 'logged' });
    expect(lines).toEqual([{ obj: { mail: { from: 'support@example.com', to: 'ann@example.com', replyTo: null, subject: 'Hi', text: 'Body' } }, msg: expect.stringMatching(/no SMTP_URL/) }]);
  });

  it('config: SMTP_URL must be smtp(s):// and needs MAIL_FROM; MAIL_FROM must be an address', () => {
    expect(() => testConfig({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => testConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/MAIL_FROM: required when SMTP_URL is set/);
    expect(() => testConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM: must be an address/);
    expect(testConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Team <team@example.com>' }).mail).toEqual({ smtpUrl: 'smtps://u:p@mail.example.com:465', from: 'Team <team@example.com>' });
    expect(testConfig().mail).toEqual({ smtpUrl: undefined, from: undefined });
  });
});
