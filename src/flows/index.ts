import { FlowRegistry } from '../kernel/flows/registry.js';
import { cancelFlow } from './cancel/cancel.flow.js';
import { contactForm } from './contact/contact.form.js';
import { feedbackForm } from './feedback/feedback.form.js';
import { reportForm } from './report/report.form.js';
import { waitlistFlow } from './waitlist/waitlist.flow.js';
import { wishlistFlow } from './wishlist/wishlist.flow.js';

/** The flow registry: one line per flow type. */
export function createRegistry(): FlowRegistry {
  return new FlowRegistry()
    .register(cancelFlow)
    .register(waitlistFlow)
    .register(feedbackForm.flow)
    .register(reportForm.flow)
    .register(contactForm.flow)
    .register(wishlistFlow);
}
