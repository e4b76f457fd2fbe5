import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { contactForm } from '../contact/contact.form.js';
import { createReplyService, createReplyStore } from '../contact/contact.replies.js';
import { createMailer, type MailLogger } from '../../kernel/mail.js';
import type { Config } from '../../config.js';
import { feedbackForm } from '../feedback/feedback.form.js';
import { reportForm } from '../report/report.form.js';
import { createWaitlistService } from '../waitlist/waitlist.service.js';
import { createWaitlistStore } from '../waitlist/waitlist.store.js';
import type { FormKind } from './forms.kind.js';
import { createFormService } from './forms.service.js';
import { createFormStore } from './forms.store.js';
import { formsSubjectData } from './forms.subject.js';
import type { Events } from '../../kernel/events/events.js';

// Split from forms.module.ts so that the pages can read the kinds and the services' type
// without importing the module that registers them (no circle).

/** The three hosted form types sharing one submission store, service, routes and page. */
export const FORM_KINDS: FormKind[] = [feedbackForm, reportForm, contactForm];

/** Feedback, report and contact submissions and waitlist signups. */
export function createFormsServices(deps: { db: DbHandle; flows: FlowService; clock: Clock; events: Events; rateLimit: number; mail?: Config['mail']; logger?: () => MailLogger | undefined }) {
  const { flows, clock, events } = deps;
  const published = flows.publicFlow;
  // Contact replies go out through the shared mail sender (logged when SMTP_URL is unset).
  const mailer = createMailer({ smtpUrl: deps.mail?.smtpUrl, from: deps.mail?.from, logger: deps.logger });
  const stores = { forms: createFormStore(deps.db), replies: createReplyStore(deps.db), waitlist: createWaitlistStore(deps.db) };
  const replies = createReplyService({ store: stores.replies, mailer, clock });
  const waitlist = createWaitlistService({ store: stores.waitlist, published, flows, clock, events });
  return {
    submissions: createFormService({ store: stores.forms, published, clock, events, extras: { contact: replies.extras } }),
    replies,
    mailer,
    waitlist,
    /** What end users left here, for data rights and retention (src/privacy). */
    subjectData: formsSubjectData({ ...stores, forgetCounts: (ids) => waitlist.forgetCounts(ids) }),
    /** Requests per minute per client on each public submit. */
    rateLimit: deps.rateLimit,
  };
}
export type FormsServices = ReturnType<typeof createFormsServices>;
