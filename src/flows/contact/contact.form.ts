import { pagePath } from '../../kernel/flows/registry.js';
import { checkRequired, customPageFields, emailPageField, rejectField, type FormKind, type PageField } from '../forms/forms.kind.js';
import { contactBody, contactConfig, type ContactBody, type ContactConfig } from './contact.schema.js';
import { CONTACT_TEMPLATES } from './contact.templates.js';

export const contactForm: FormKind<ContactConfig, ContactBody> = {
  flow: { type: 'contact', segment: 'contact', label: 'Contact form', schema: contactConfig, primarySlug: 'contact', multi: false, publicUrl: (p) => `${p.urls.web}/contact${pagePath({ ...p, primary: true })}`, warnings: () => [], templates: () => CONTACT_TEMPLATES },
  body: contactBody,
  columns: ['name', 'email', 'message'],
  check(body, config) {
    const name = body.name || undefined;
    const message = body.message || undefined;
    const hasAttributes = Object.values(body.attributes ?? {}).some((v) => v !== null && v !== '');
    const fields = { name, email: body.email, message, attributes: body.attributes };
    // What the owner requires is named first (every missing field at once); an empty submission
    // of a form that requires nothing is refused too.
    checkRequired(fields, [['name', config.nameField], ['email', config.emailField], ['message', config.messageField]], config.fields);
    if (!name && !body.email && !message && !hasAttributes) throw rejectField('message', 'the submission is empty');
    return fields;
  },
  pageFields(config) {
    const out: PageField[] = [];
    const { nameField: n, emailField: e, messageField: m } = config;
    if (n?.enabled) out.push({ kind: 'input', type: 'text', name: 'name', label: { t: 'name' }, placeholder: n.placeholder, required: !!n.required, maxLength: 120, autocomplete: 'name' });
    out.push(...emailPageField(e));
    if (m?.enabled) out.push({ kind: 'textarea', name: 'message', label: { t: 'message' }, placeholder: m.placeholder, required: !!m.required, maxLength: 5000 });
    return [...out, ...customPageFields(config.fields)];
  },
};
