import nodemailer from 'nodemailer';
import { AppError } from './errors.js';

/**
 * The server's one way to send mail (contact replies; wishlist status mails next). With
 * `SMTP_URL` and `MAIL_FROM` set it sends over SMTP (nodemailer); without them each message is
 * written to the server log instead (`mode: 'logged'`), so a server with no mail set up still
 * works and the owner can see what would have gone out.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  replyTo?: string;
}

export type SentMail = { mode: 'smtp'; messageId: string | null } | { mode: 'logged' };

/** What the mailer logs through (Fastify's pino logger fits). */
export interface MailLogger {
  info(obj: object, msg: string): void;
}

export interface Mailer {
  readonly mode: 'smtp' | 'logged';
  /** Sends (or logs) one message; throws MailError (502) when the SMTP server refuses it or cannot be reached. */
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

/** The mail server refused the message or could not be reached: a 502 naming the reason, never the credentials. */
export class MailError extends AppError {
  constructor(
    /** The reason alone (stored with a failed reply). */
    readonly reason: string,
    readonly refused: boolean,
  ) {
    super(502, refused ? `Mail not sent: the mail server refused it (${reason})` : `Mail not sent: could not reach the mail server (${reason})`);
  }
}

/** Logs to stderr as one JSON line until a real logger is attached (the CLI and MCP on stdio have no HTTP server). */
const stderrLogger: MailLogger = {
  info: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: 30, time: Date.now(), msg, ...obj })}\n`),
};

/** A reason safe to show and store: the server's answer or the socket error, anything URL-shaped (credentials) removed. */
function mailError(err: unknown): MailError {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  const text = (e.response || e.message || String(err)).replace(/smtps?:\/\/\S+/gi, '<smtp url>').replace(/\s+/g, ' ').trim().slice(0, 300);
  if (e.responseCode) return new MailError(text.startsWith(String(e.responseCode)) ? text : `${e.responseCode} ${text}`, true);
  return new MailError(e.code ? `${e.code}: ${text}` : text, false);
}

export function createMailer(opts: {
  smtpUrl?: string;
  from?: string;
  /** Where logged mail goes; a function so a module can attach the server's logger once it exists. */
  logger?: () => MailLogger | undefined;
  /** Connection, greeting and socket timeouts (ms). */
  timeoutMs?: number;
}): Mailer {
  const log = () => opts.logger?.() ?? stderrLogger;
  if (!opts.smtpUrl) {
    return {
      mode: 'logged',
      async send(mail) {
        // The body is logged on purpose: with no SMTP server this log line is the only copy that "went out".
        log().info({ mail: { from: opts.from ?? null, to: mail.to, replyTo: mail.replyTo ?? null, subject: mail.subject, text: mail.text } }, 'mail not sent (no SMTP_URL): logged instead');
        return { mode: 'logged' };
      },
      close() {},
    };
  }
  const timeout = opts.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as never);
  return {
    mode: 'smtp',
    async send(mail) {
      try {
        const info = await transport.sendMail({ from: opts.from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
        if ((info.rejected ?? []).length > 0 && (info.accepted ?? []).length === 0) throw new MailError(`recipient refused: ${String(info.response ?? 'rejected').slice(0, 300)}`, true);
        log().info({ mail: { to: mail.to, subject: mail.subject, messageId: info.messageId ?? null } }, 'mail sent');
        return { mode: 'smtp', messageId: info.messageId ?? null };
      } catch (err) {
        if (err instanceof MailError) throw err;
        throw mailError(err);
      }
    },
    close: () => transport.close(),
  };
}
