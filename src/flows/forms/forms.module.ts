import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import { defineModule } from '../../kernel/module.js';
import { contactForm } from '../contact/contact.form.js';
import { createReplyService, createReplyStore, replyOperations } from '../contact/contact.replies.js';
import { createMailer, type MailLogger } from '../../kernel/mail.js';
import type { Config } from '../../config.js';
import { feedbackForm } from '../feedback/feedback.form.js';
import { reportForm } from '../report/report.form.js';
import { registerWaitlistDashboard } from '../waitlist/waitlist.dashboard.js';
import { waitlistFlow } from '../waitlist/waitlist.flow.js';
import { waitlistOperations } from '../waitlist/waitlist.routes.js';
import { createWaitlistService } from '../waitlist/waitlist.service.js';
import { createWaitlistStore } from '../waitlist/waitlist.store.js';
import type { FormKind } from './forms.kind.js';
import { FORM_SECTIONS, registerFormInboxes } from './forms.dashboard.js';
import { registerFormPages } from './forms.pages.js';
import { brandLookup } from '../../kernel/pages/bare-page.js';
import { formOperations } from './forms.routes.js';
import { createFormService } from './forms.service.js';
import { createFormStore } from './forms.store.js';
import { formsSubjectData } from './forms.subject.js';
import { registerWaitlistExamples } from '../waitlist/waitlist.examples.js';
import { WAITLIST_EVENTS } from '../waitlist/waitlist.events.js';
import type { Events } from '../../kernel/events/events.js';
import { formEvents } from './forms.events.js';

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

/** Feedback, report, contact and waitlist: flow types, operations and hosted pages. */
export const formsModule = defineModule({
  name: 'forms',
  flowTypes: [waitlistFlow, ...FORM_KINDS.map((k) => k.flow)],
  events: [...WAITLIST_EVENTS, ...formEvents(FORM_KINDS)],
  create(k) {
    // The server's logger once routes are registered; stderr before that (CLI, MCP on stdio).
    let logger: MailLogger | undefined;
    const forms = createFormsServices({ db: k.db, flows: k.flows, clock: k.clock, events: k.events, rateLimit: k.config.publicRateLimit, mail: k.config.mail, logger: () => logger });
    return {
      services: { forms },
      dashboardSections: [{ path: 'waitlist', label: 'Waitlist' }, ...FORM_SECTIONS],
      dashboard: (scope, d) => {
        registerWaitlistDashboard(scope, d, { db: k.db, clock: k.clock });
        // The owner's inboxes of feedback, reports and contact messages (forms.dashboard.tsx).
        registerFormInboxes(scope, d, FORM_KINDS);
      },
      overview: [
        { metric: 'waitlist.signups', label: 'Waitlist signups', flowType: 'waitlist', section: 'waitlist' },
        { metric: 'feedback.submissions', label: 'Feedback', flowType: 'feedback', section: 'feedback' },
        { metric: 'report.submissions', label: 'Reports', flowType: 'report', section: 'report' },
        { metric: 'contact.submissions', label: 'Contact messages', flowType: 'contact', section: 'contact' },
      ],
      operations: [
        ...formOperations(k.apps, forms.submissions, FORM_KINDS, forms.rateLimit),
        ...replyOperations(k.apps, forms.replies),
        ...waitlistOperations(k.apps, forms.waitlist, forms.rateLimit),
      ],
      routes: (app, ctx) => {
        logger = app.log;
        registerFormPages(app, forms, k.config, ctx.deps, brandLookup(k.apps));
        registerWaitlistExamples(app);
      },
      subjectData: forms.subjectData,
      close: async () => forms.mailer.close(),
    };
  },
});
