import type { FlowTemplate } from '../../kernel/flows/registry.js';
import type { ContactConfig } from './contact.schema.js';

/** Starting points for the contact form (served by GET /api/v1/flow-templates; each publishes with no warning, tested). */
export const CONTACT_TEMPLATES: FlowTemplate<ContactConfig>[] = [
  {
    id: 'support',
    name: 'Support',
    description: 'The help desk of a consumer app: a topic to triage by, the app version, and an email you can reply to from the inbox.',
    config: {
      type: 'contact',
      intro: {
        title: 'Contact support',
        subtitle: 'A real person reads every message. We usually reply within one business day.',
        submitLabel: 'Send message',
        legal: 'We use your email only to answer you. See our privacy policy for details.',
      },
      nameField: { enabled: true, placeholder: 'Your name', required: false },
      emailField: { enabled: true, placeholder: 'you@example.com', required: true },
      messageField: { enabled: true, placeholder: 'How can we help? Screenshots can be sent in a reply to our answer.', required: true },
      fields: [
        { id: 'topic', label: 'Topic', type: 'select', options: ['Account & sign-in', 'Billing & subscription', 'Something isn’t working', 'How do I…?', 'Something else'], required: true },
        { id: 'app_version', label: 'App version', type: 'text', placeholder: 'Settings → About, e.g. 3.2.1', required: false },
      ],
      layout: 'single',
      colorScheme: 'auto',
      success: {
        title: 'Message sent',
        body: 'Thanks for getting in touch. We will reply to your email, usually within one business day.',
        ctaLabel: 'Browse the help center',
        ctaUrl: 'https://example.com/help',
      },
      hero: { theme: 'minimal', eyebrow: 'Support', accentColor: '#2563eb' },
    },
  },
  {
    id: 'sales_partnerships',
    name: 'Sales / partnerships',
    description: 'For B2B leads, team plans, integrations and affiliates: asks company, team size and interest so you can qualify before replying.',
    config: {
      type: 'contact',
      intro: {
        title: 'Let’s work together',
        subtitle: 'Team licences, integrations, resellers or sponsorships: tell us a little about you and we’ll be in touch within two business days.',
        submitLabel: 'Get in touch',
        legal: 'We use these details only to answer your enquiry. No mailing lists.',
      },
      nameField: { enabled: true, placeholder: 'Jane Appleseed', required: true },
      emailField: { enabled: true, placeholder: 'jane@company.com', required: true },
      messageField: { enabled: true, placeholder: 'What do you have in mind?', required: false },
      fields: [
        { id: 'company', label: 'Company', type: 'text', placeholder: 'Company name', required: true },
        { id: 'team_size', label: 'Team size', type: 'select', options: ['Just me', '2–10', '11–50', '51–200', 'More than 200'] },
        { id: 'interest', label: 'What are you interested in?', type: 'select', options: ['Team or volume licences', 'Integration or API', 'Reseller or affiliate', 'Sponsorship or co-marketing', 'Something else'], required: true },
      ],
      // The email box asks for a work address in the label people read, not only the placeholder.
      strings: { email: 'Work email' },
      layout: 'single',
      success: { title: 'Thanks, we’ll be in touch', body: 'Someone from our team will reply within two business days.' },
      hero: { theme: 'gradient', eyebrow: 'Partnerships', accentColor: '#0f766e' },
    },
  },
  {
    id: 'press',
    name: 'Press',
    description: 'For journalists and creators: the outlet, the kind of request and the deadline, with a link to your press kit.',
    config: {
      type: 'contact',
      intro: {
        title: 'Press enquiries',
        subtitle: 'Writing about the app? We’re happy to help with interviews, review codes and assets.',
        submitLabel: 'Send enquiry',
        legal: 'We use your details only to answer your enquiry.',
      },
      nameField: { enabled: true, placeholder: 'Your name', required: true },
      emailField: { enabled: true, placeholder: 'you@publication.com', required: true },
      messageField: { enabled: true, placeholder: 'What are you working on?', required: true },
      fields: [
        { id: 'publication', label: 'Publication or channel', type: 'text', placeholder: 'e.g. The Verge, a YouTube channel, a newsletter', required: true },
        { id: 'request', label: 'Request', type: 'select', options: ['Interview', 'Review code or promo code', 'Screenshots and assets', 'Comment or statement', 'Something else'], required: true },
        { id: 'deadline', label: 'Deadline', type: 'text', placeholder: 'e.g. Friday 5 pm CET', required: false },
      ],
      layout: 'single',
      success: {
        title: 'Thanks for reaching out',
        body: 'We answer press enquiries the same day whenever we can. Logos, screenshots and the fact sheet are in the press kit.',
        ctaLabel: 'Open the press kit',
        ctaUrl: 'https://example.com/press',
      },
      hero: { theme: 'minimal', eyebrow: 'Press', accentColor: '#0e7490' },
    },
  },
  {
    id: 'data_request',
    name: 'Account deletion & data request',
    description: 'A page to link from your privacy policy and store listing where people ask to delete their account or get a copy of their data.',
    config: {
      type: 'contact',
      intro: {
        title: 'Delete your account or data',
        subtitle: 'Ask us to delete your account, or to send you a copy of your data. We answer within 30 days, usually much sooner.',
        submitLabel: 'Send request',
        legal: 'We use your email only to verify and answer this request, as our privacy policy describes.',
      },
      nameField: { enabled: false },
      emailField: { enabled: true, placeholder: 'The email you signed up with', required: true },
      messageField: { enabled: true, placeholder: 'Anything we should know (optional)', required: false },
      fields: [
        { id: 'request', label: 'What would you like us to do?', type: 'select', options: ['Delete my account and all my data', 'Send me a copy of my data', 'Correct my data', 'Something else'], required: true },
        { id: 'username', label: 'Username in the app', type: 'text', placeholder: 'If you have one', required: false },
      ],
      layout: 'single',
      success: { title: 'Request received', body: 'We will email you to confirm it is you, then carry out your request.' },
      hero: { theme: 'minimal', accentColor: '#4f46e5' },
    },
  },
];
