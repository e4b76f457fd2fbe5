import type { FlowTemplate } from '../../kernel/flows/registry.js';
import type { FeedbackConfig } from './feedback.schema.js';

const legal = 'We read every message and use it only to improve the app. We never share it.';
/** The same note where the form also offers an optional reply email. */
const legalWithEmail = 'We read every message and use it only to improve the app. Leave your email only if you would like a reply.';

/** Starting points for the feedback form (served by GET /api/v1/flow-templates; each publishes with no warning, tested). */
export const FEEDBACK_TEMPLATES: FlowTemplate<FeedbackConfig>[] = [
  {
    id: 'quick_rating',
    name: 'Quick rating + comment',
    description: 'Five stars and one comment box: the lightest way to hear how people feel, for any app.',
    config: {
      type: 'feedback',
      intro: {
        title: 'How are we doing?',
        subtitle: 'Rate the app and tell us one thing we could do better. It takes ten seconds.',
        messagePlaceholder: 'What do you like? What gets in your way?',
        submitLabel: 'Send feedback',
        legal: legalWithEmail,
      },
      rating: { enabled: true, prompt: 'How would you rate the app?', required: true },
      emailField: { enabled: true, placeholder: 'you@example.com', required: false },
      layout: 'single',
      colorScheme: 'auto',
      success: { title: 'Thank you!', body: 'Your feedback goes straight to the people who build the app.' },
      hero: { theme: 'minimal', accentColor: '#4f46e5' },
    },
  },
  {
    id: 'nps_survey',
    name: 'NPS survey',
    description: 'The classic Net Promoter question on a 0-10 scale beside an open comment (the score arrives as attributes.nps): track loyalty release after release.',
    config: {
      type: 'feedback',
      intro: {
        title: 'Quick question',
        subtitle: 'A minute of your time helps us decide what to build next.',
        messagePlaceholder: 'Be as honest as you like: what works, what doesn’t?',
        submitLabel: 'Send',
        legal,
      },
      fields: [
        {
          id: 'nps',
          label: 'How likely are you to recommend the app to a friend?',
          type: 'select',
          options: ['0 – Not at all likely', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10 – Extremely likely'],
          required: true,
        },
        { id: 'use_case', label: 'What do you use the app for most?', type: 'text', placeholder: 'e.g. planning my week', required: false },
      ],
      // The message box comes first on the page, so its label asks an open question before the score.
      strings: { yourFeedback: 'What is one thing we could do better?' },
      layout: 'steps',
      success: { title: 'Thanks for answering', body: 'We read every answer and share the themes with the whole team each month.' },
      hero: { theme: 'minimal', eyebrow: '1-minute survey', accentColor: '#0f766e' },
    },
  },
  {
    id: 'feature_request',
    name: 'Feature request',
    description: 'Collects ideas with the area of the app and how much they matter, plus an email to tell people when it ships.',
    config: {
      type: 'feedback',
      intro: {
        title: 'Request a feature',
        subtitle: 'Missing something? Tell us what you would like the app to do and why.',
        messagePlaceholder: 'I wish the app could… because…',
        submitLabel: 'Send request',
        legal: 'We only use your email to tell you when your request ships. No newsletter.',
      },
      fields: [
        { id: 'area', label: 'Which part of the app is it about?', type: 'select', options: ['Home & navigation', 'Editing', 'Sharing & export', 'Sync & backup', 'Notifications', 'Something new'] },
        { id: 'importance', label: 'How important is it to you?', type: 'select', options: ['Nice to have', 'Important', 'I can’t use the app without it'], required: true },
      ],
      emailField: { enabled: true, placeholder: 'you@example.com', required: false },
      strings: { yourFeedback: 'Your idea' },
      layout: 'single',
      success: {
        title: 'Request received',
        body: 'We go through requests every week. If you left your email, we will write when it ships.',
        ctaLabel: 'See the roadmap',
        ctaUrl: 'https://example.com/roadmap',
      },
      hero: { theme: 'gradient', eyebrow: 'Ideas welcome', accentColor: '#7c3aed' },
    },
  },
  {
    id: 'beta_feedback',
    name: 'Beta tester feedback',
    description: 'For TestFlight or early-access builds: a rating, the build and device, and whether testers are happy to be contacted.',
    config: {
      type: 'feedback',
      intro: {
        title: 'Beta feedback',
        subtitle: 'You are using a test build. What works, what breaks, what confuses you?',
        messagePlaceholder: 'What did you try, and how did it go?',
        submitLabel: 'Send to the team',
        legal: 'Your answers and email go to the development team only, to follow up on this build.',
      },
      rating: { enabled: true, prompt: 'How does this build feel overall?', required: false },
      fields: [
        { id: 'build', label: 'Build number', type: 'text', placeholder: 'Shown in Settings → About, e.g. 2.4 (118)', required: false },
        { id: 'device', label: 'Device', type: 'select', options: ['iPhone', 'iPad', 'Mac', 'Android phone', 'Android tablet'] },
        { id: 'follow_up', label: 'You can contact me about this feedback', type: 'boolean' },
      ],
      emailField: { enabled: true, placeholder: 'The email you use for TestFlight', required: false },
      layout: 'steps',
      colorScheme: 'auto',
      success: { title: 'Thanks, tester!', body: 'Your report lands in the beta inbox. Fixes ship in the next build.' },
      hero: { theme: 'dark', eyebrow: 'Beta', accentColor: '#db2777' },
    },
  },
];
