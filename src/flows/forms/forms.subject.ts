import type { SubjectData, SubjectRows } from '../../kernel/subject.js';
import { addCounts, subjectEmail } from '../../kernel/subject.js';
import type { ReplyStore } from '../contact/contact.replies.js';
import type { WaitlistStore } from '../waitlist/waitlist.store.js';
import type { FormStore } from './forms.store.js';

/**
 * Data rights for the forms module (kernel/subject.ts): waitlist signups, feedback, report and
 * contact submissions (kinds `<type>_submissions`) and the replies sent to contact submissions.
 * All are found by email only: these flows store no user or anonymous id.
 */
export function formsSubjectData(d: { forms: FormStore; replies: ReplyStore; waitlist: WaitlistStore; forgetCounts(flowIds: readonly string[]): void }): SubjectData {
  const kinds = (rows: { type: string }[]) => {
    const out: SubjectRows = { feedback_submissions: [], report_submissions: [], contact_submissions: [] };
    for (const r of rows) (out[`${r.type}_submissions`] ??= []).push(r);
    return out;
  };
  const typed = (counts: Record<string, number>) => ({
    feedback_submissions: 0,
    report_submissions: 0,
    contact_submissions: 0,
    ...Object.fromEntries(Object.entries(counts).map(([t, n]) => [`${t}_submissions`, n])),
  });
  return {
    async export(appId, subject, on) {
      const email = subjectEmail(subject);
      if (!email) return { waitlist_signups: [], ...kinds([]), contact_replies: [] };
      const submissions = await d.forms.subjectRows(appId, email, on);
      const replies = await d.replies.subjectReplies(appId, submissions.filter((s) => s.type === 'contact').map((s) => s.id), on);
      return { waitlist_signups: await d.waitlist.subjectRows(appId, email, on), ...kinds(submissions), contact_replies: replies };
    },
    async erase(appId, subject, trx) {
      const email = subjectEmail(subject);
      if (!email) return { waitlist_signups: 0, ...typed({}), contact_replies: 0 };
      const ids = (await d.forms.subjectRows(appId, email, trx)).map((s) => s.id);
      const contact_replies = await d.replies.deleteForSubmissions(appId, ids, trx);
      const removed = typed(await d.forms.deleteIds(appId, ids, trx));
      const signups = await d.waitlist.eraseSubject(appId, email, trx);
      d.forgetCounts(signups.flowIds);
      return { waitlist_signups: signups.removed, ...removed, contact_replies };
    },
    async expire(appId, before, limit) {
      const ids = await d.forms.expiredIds(appId, before, limit);
      const out: Record<string, number> = {};
      if (ids.length) {
        // The replies and their submissions go together, in one short transaction.
        await d.forms.transaction(async (trx) => {
          out.contact_replies = await d.replies.deleteForSubmissions(appId, ids, trx);
          addCounts(out, typed(await d.forms.deleteIds(appId, ids, trx)));
        });
      }
      const signups = await d.waitlist.expire(appId, before, limit);
      d.forgetCounts(signups.flowIds);
      if (signups.removed) out.waitlist_signups = signups.removed;
      return out;
    },
  };
}
