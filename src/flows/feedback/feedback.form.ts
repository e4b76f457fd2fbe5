import { pagePath } from '../../kernel/flows/registry.js';
import { checkRequired, customPageFields, emailPageField, rejectField, type FormKind } from '../forms/forms.kind.js';
import { feedbackBody, feedbackConfig, type FeedbackBody, type FeedbackConfig } from './feedback.schema.js';
import { FEEDBACK_TEMPLATES } from './feedback.templates.js';

export const feedbackForm: FormKind<FeedbackConfig, FeedbackBody> = {
  flow: { type: 'feedback', segment: 'feedback', label: 'Feedback form', schema: feedbackConfig, primarySlug: 'feedback', multi: false, publicUrl: (p) => `${p.urls.web}/feedback${pagePath({ ...p, primary: true })}`, warnings: () => [], templates: () => FEEDBACK_TEMPLATES },
  body: feedbackBody,
  columns: ['message', 'rating', 'email'],
  check(body, config) {
    if (config.rating?.enabled && config.rating.required && body.rating === undefined) throw rejectField('rating', 'is required');
    checkRequired(body, [['email', config.emailField]], config.fields);
    return { message: body.message, rating: body.rating, email: body.email, attributes: body.attributes };
  },
  pageFields: (config) => [
    ...(config.rating?.enabled ? [{ kind: 'stars' as const, name: 'rating', label: config.rating.prompt || { t: 'rateIt' as const }, required: !!config.rating.required }] : []),
    { kind: 'textarea', name: 'message', label: { t: 'yourFeedback' }, placeholder: config.intro.messagePlaceholder, required: true, maxLength: 5000 },
    ...customPageFields(config.fields),
    ...emailPageField(config.emailField),
  ],
};
