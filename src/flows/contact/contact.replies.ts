import { z } from 'zod';
import { appParams } from '../../apps/apps.schema.js';
import type { AppRow } from '../../apps/apps.store.js';
import type { AppService } from '../../apps/apps.service.js';
import type { Selectable } from 'kysely';
import type { Db, DbHandle } from '../../db/index.js';
import type { ContactRepliesTable } from '../../db/types.js';
import { chunks } from '../../kernel/subject.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { MailError, type Mailer } from '../../kernel/mail.js';
import { defineOp, type Operation } from '../../kernel/operation.js';
import { rowId } from '../../db/row-id.js';
import type { RowExtras } from '../forms/forms.service.js';

/** Owner replies to contact submissions: mailed through kernel/mail.ts, every one kept with its submission. */

export const replySchema = z.object({
  id: z.string(),
  to: z.string().describe('The submission’s email at the time of the reply.'),
  subject: z.string(),
  body: z.string(),
  mode: z.enum(['smtp', 'logged']).describe('`smtp`: handed to the SMTP server; `logged`: no SMTP_URL, written to the server log only.'),
  status: z.enum(['sending', 'sent', 'logged', 'failed']).describe('`failed`: the SMTP server refused it or could not be reached (see `error`); `sending`: the server stopped mid-send.'),
  error: z.string().nullable(),
  createdAt: z.string(),
});

export const replyBody = z.object({
  subject: z.string().trim().min(1, 'is required').max(200).regex(/^[^\r\n]*$/, 'must be one line').describe('1-200 characters, one line.'),
  body: z.string().trim().min(1, 'is required').max(8000).describe('Plain text, 1-8000 characters.'),
});

type ReplyRow = Selectable<ContactRepliesTable>;

const toReply = (r: ReplyRow) => ({
  id: r.id,
  to: r.to_email,
  subject: r.subject,
  body: r.body,
  mode: r.mode as 'smtp' | 'logged',
  status: r.status as 'sending' | 'sent' | 'logged' | 'failed',
  error: r.error,
  createdAt: r.created_at,
});

/** Every query is scoped by app. */
export function createReplyStore(handle: DbHandle) {
  const { db } = handle;
  return {
    /** Replies to these contact submissions, inside a transaction when given (data rights, src/privacy). */
    subjectReplies(appId: string, ids: readonly string[], on: Db = db) {
      if (ids.length === 0) return Promise.resolve([]);
      return on.selectFrom('contact_replies').selectAll().where('app_id', '=', appId).where('submission_id', 'in', [...ids]).orderBy('created_at').orderBy('id').execute();
    },
    /** Deletes the replies to these submissions (before the submissions themselves); answers how many. */
    async deleteForSubmissions(appId: string, ids: readonly string[], on: Db): Promise<number> {
      let n = 0;
      for (const part of chunks(ids)) {
        const r = await on.deleteFrom('contact_replies').where('app_id', '=', appId).where('submission_id', 'in', part).executeTakeFirst();
        n += Number(r.numDeletedRows);
      }
      return n;
    },
    contactSubmission(appId: string, id: string) {
      return db.selectFrom('form_submissions').select(['id', 'email']).where('app_id', '=', appId).where('type', '=', 'contact').where('id', '=', id).executeTakeFirst();
    },
    insert: (row: ReplyRow) => db.insertInto('contact_replies').values(row).execute(),
    finish: (appId: string, id: string, set: { status: string; error: string | null; message_id: string | null }) =>
      db.updateTable('contact_replies').set(set).where('app_id', '=', appId).where('id', '=', id).execute(),
    /** Replies of these submissions, oldest first. */
    forSubmissions(appId: string, ids: string[]) {
      if (ids.length === 0) return Promise.resolve([] as ReplyRow[]);
      return db.selectFrom('contact_replies').selectAll().where('app_id', '=', appId).where('submission_id', 'in', ids).orderBy('created_at').orderBy('id').execute() as Promise<ReplyRow[]>;
    },
  };
}
export type ReplyStore = ReturnType<typeof createReplyStore>;

export function createReplyService(deps: { store: ReplyStore; mailer: Mailer; clock: Clock }) {
  const { store, mailer, clock } = deps;
  return {
    /**
     * Mails (or logs) a reply to the submission's email. The reply is stored before it is sent
     * and marked sent, logged or failed after, so the list shows every attempt; a refused or
     * unreachable SMTP server is a 502 and the reply stays listed as `failed`.
     */
    async reply(app: AppRow, submissionId: string, input: { subject: string; body: string }) {
      const sub = await store.contactSubmission(app.id, submissionId);
      if (!sub) throw notFound('Contact submission not found');
      if (!sub.email) {
        throw new AppError(422, 'This contact submission has no email address, so there is nowhere to send a reply', { reason: 'no_email' });
      }
      const row: ReplyRow = {
        id: rowId(clock.now().getTime()),
        app_id: app.id,
        submission_id: sub.id,
        to_email: sub.email,
        subject: input.subject,
        body: input.body,
        mode: mailer.mode,
        status: 'sending',
        error: null,
        message_id: null,
        created_at: clock.now().toISOString(),
      };
      await store.insert(row);
      try {
        const sent = await mailer.send({ to: sub.email, subject: input.subject, text: input.body });
        const done = { status: sent.mode === 'smtp' ? 'sent' : 'logged', error: null, message_id: sent.mode === 'smtp' ? sent.messageId : null };
        await store.finish(app.id, row.id, done);
        return { ok: true as const, mode: sent.mode, reply: toReply({ ...row, ...done }) };
      } catch (err) {
        if (!(err instanceof MailError)) throw err;
        await store.finish(app.id, row.id, { status: 'failed', error: err.reason, message_id: null });
        throw new AppError(502, err.message, { replyId: row.id });
      }
    },

    /** The contact list's `replies` column (forms.service RowExtras). */
    extras: {
      shape: { replies: z.array(replySchema).describe('Owner replies to this submission, oldest first.') },
      async load(appId: string, ids: string[]) {
        const out = new Map<string, Record<string, unknown>>(ids.map((id) => [id, { replies: [] as unknown[] }]));
        for (const r of await store.forSubmissions(appId, ids)) (out.get(r.submission_id)!.replies as unknown[]).push(toReply(r));
        return out;
      },
    } satisfies RowExtras,
  };
}
export type ReplyService = ReturnType<typeof createReplyService>;

export function replyOperations(apps: AppService, replies: ReplyService): Operation[] {
  return [
    defineOp({
      id: 'replyToContactSubmission',
      mcp: 'reply_to_contact_submission',
      method: 'POST',
      path: '/api/v1/apps/:idOrSlug/contact/submissions/:submissionId/reply',
      auth: 'owner',
      tags: ['Submissions'],
      summary: 'Reply to a contact submission by email',
      description:
        'Sends `body` as plain text to the submission’s email from MAIL_FROM over SMTP_URL (`mode: "smtp"`); without SMTP_URL the reply is written to the server log instead (`mode: "logged"`). ' +
        'Every reply is stored and listed with its submission (`replies` in list_contact_submissions). 422 when the submission has no email; 502 when the SMTP server refuses the message or cannot be reached (the reply is kept, `status: "failed"`, with the reason).',
      params: appParams.extend({ submissionId: z.string().min(1).max(64).describe('Id of the contact submission.') }),
      body: replyBody,
      response: z.object({ ok: z.literal(true), mode: z.enum(['smtp', 'logged']), reply: replySchema }),
      errors: [404, 422, 502],
      handler: async ({ params, body }, ctx) => replies.reply(await apps.resolve(ctx.accountId, params.idOrSlug), params.submissionId, body),
    }),
  ];
}
