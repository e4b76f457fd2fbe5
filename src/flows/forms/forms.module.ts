import type { AppService } from '../../apps/apps.service.js';
import type { DbHandle } from '../../db/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { FlowService } from '../../kernel/flows/flows.service.js';
import type { Operation } from '../../kernel/operation.js';
import { contactForm } from '../contact/contact.form.js';
import { feedbackForm } from '../feedback/feedback.form.js';
import { reportForm } from '../report/report.form.js';
import { waitlistOperations } from '../waitlist/waitlist.routes.js';
import { createWaitlistService } from '../waitlist/waitlist.service.js';
import { createWaitlistStore } from '../waitlist/waitlist.store.js';
import type { FormKind } from './forms.kind.js';
import { formOperations } from './forms.routes.js';
import { createFormService } from './forms.service.js';
import { createFormStore } from './forms.store.js';

/** The three hosted form types sharing one submission store, service, routes and page. */
export const FORM_KINDS: FormKind[] = [feedbackForm, reportForm, contactForm];

/** Feedback, report, contact and waitlist: what server.ts wires in. */
export function createFormsModule(deps: { db: DbHandle; flows: FlowService; clock: Clock; rateLimit: number }) {
  const { flows, clock } = deps;
  const published = flows.publicFlow;
  return {
    submissions: createFormService({ store: createFormStore(deps.db), published, clock }),
    waitlist: createWaitlistService({ store: createWaitlistStore(deps.db), published, flows, clock }),
    /** Requests per minute per client on each public submit. */
    rateLimit: deps.rateLimit,
  };
}
export type FormsModule = ReturnType<typeof createFormsModule>;

export function formsOperations(apps: AppService, m: FormsModule): Operation[] {
  return [...formOperations(apps, m.submissions, FORM_KINDS, m.rateLimit), ...waitlistOperations(apps, m.waitlist, m.rateLimit)];
}
