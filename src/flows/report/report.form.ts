import { pagePath } from '../../kernel/flows/registry.js';
import { checkRequired, emailPageField, rejectField, type FormKind } from '../forms/forms.kind.js';
import { reportBody, reportConfig, type ReportBody, type ReportConfig } from './report.schema.js';
import { REPORT_TEMPLATES } from './report.templates.js';

export const reportForm: FormKind<ReportConfig, ReportBody> = {
  flow: { type: 'report', segment: 'report', label: 'Report form', schema: reportConfig, primarySlug: 'report', multi: false, publicUrl: (p) => `${p.urls.web}/report${pagePath({ ...p, primary: true })}`, warnings: () => [], templates: () => REPORT_TEMPLATES },
  body: reportBody,
  columns: ['category', 'message', 'email'],
  categoryFilter: true,
  check(body, config) {
    if (!config.categories.some((c) => c.id === body.category)) throw rejectField('category', `unknown category "${body.category}"`);
    checkRequired(body, [['email', config.emailField]]);
    return { category: body.category, message: body.message, email: body.email, attributes: body.attributes };
  },
  pageFields: (config) => [
    {
      kind: 'choice',
      name: 'category',
      label: { t: 'whatAbout' },
      required: true,
      options: config.categories.map((c) => ({ value: c.id, label: c.label, emoji: c.emoji, hint: c.hint })),
    },
    { kind: 'textarea', name: 'message', label: { t: 'details' }, placeholder: config.intro.messagePlaceholder, required: true, maxLength: 5000 },
    ...emailPageField(config.emailField),
  ],
};
