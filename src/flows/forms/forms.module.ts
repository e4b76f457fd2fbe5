import { defineModule } from '../../kernel/module.js';
import { replyOperations } from '../contact/contact.replies.js';
import type { MailLogger } from '../../kernel/mail.js';
import { registerWaitlistDashboard } from '../waitlist/waitlist.dashboard.js';
import { waitlistFlow } from '../waitlist/waitlist.flow.js';
import { waitlistOperations } from '../waitlist/waitlist.routes.js';
import { FORM_SECTIONS, registerFormInboxes } from './forms.dashboard.js';
import { registerFormPages } from './forms.pages.js';
import { formKindPreview, waitlistPreview } from './forms.previews.js';
import { brandLookup } from '../../kernel/pages/bare-page.js';
import { formOperations } from './forms.routes.js';
import { registerWaitlistExamples } from '../waitlist/waitlist.examples.js';
import { WAITLIST_EVENTS } from '../waitlist/waitlist.events.js';
import { formEvents } from './forms.events.js';
import { createFormsServices, FORM_KINDS } from './forms.services.js';

export { createFormsServices, FORM_KINDS, type FormsServices } from './forms.services.js';

/** Feedback, report, contact and waitlist: flow types, operations and hosted pages. */
export const formsModule = defineModule({
  name: 'forms',
  // Live previews attached here: the flow declarations stay free of page code (forms.previews.tsx).
  flowTypes: [{ ...waitlistFlow, ...waitlistPreview }, ...FORM_KINDS.map((k) => ({ ...k.flow, ...formKindPreview(k) }))],
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
