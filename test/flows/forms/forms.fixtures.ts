import type { TestApp } from '../../helpers.js';

export const goodFeedback = () => ({
  type: 'feedback',
  intro: { title: 'Send feedback', subtitle: 'We read everything.', messagePlaceholder: 'What could be better?', submitLabel: 'Send' },
  rating: { enabled: true, prompt: 'How do you like it?' },
  emailField: { enabled: true, placeholder: 'you@example.com' },
  fields: [{ id: 'plan', label: 'Your plan', type: 'select', options: ['Free', 'Pro'] }],
  success: { title: 'Thanks!', body: 'We got it.' },
  hero: { theme: 'minimal', accentColor: '#4f46e5' },
});

export const goodReport = () => ({
  type: 'report',
  intro: { title: 'Report a problem', subtitle: 'Tell us what went wrong.', messagePlaceholder: 'What happened?', submitLabel: 'Report' },
  categories: [
    { id: 'bug', label: 'Bug', emoji: '🐞' },
    { id: 'abuse', label: 'Abuse', hint: 'Harassment or spam' },
  ],
  emailField: { enabled: true },
  success: { title: 'Reported', body: 'Thank you.' },
});

export const goodContact = () => ({
  type: 'contact',
  intro: { title: 'Contact us', subtitle: 'We answer within a day.', submitLabel: 'Send' },
  nameField: { enabled: true },
  emailField: { enabled: true, required: true },
  messageField: { enabled: true, required: true },
  success: { title: 'Message sent', body: 'We will reply soon.' },
});

export const goodWaitlist = () => ({
  type: 'waitlist',
  intro: { title: 'Join the waitlist', subtitle: 'Be first.', emailPlaceholder: 'you@example.com', submitLabel: 'Join', legal: 'No spam.' },
  success: { title: 'You are in', body: 'See you soon.' },
  hero: { theme: 'gradient', eyebrow: 'Coming soon', accentColor: '#4f46e5', showCount: true, bullets: [{ icon: '⚡', title: 'Fast' }] },
});

export const FORM_FIXTURES = { feedback: goodFeedback, report: goodReport, contact: goodContact, waitlist: goodWaitlist };
export type FormType = keyof typeof FORM_FIXTURES;

export const json = { 'content-type': 'application/json' };

/** PUT a config then publish it; returns the PUT response body. */
export async function putAndPublish(t: TestApp, appSlug: string, type: string, config: unknown, flowSlug?: string) {
  const q = flowSlug ? `?flowSlug=${flowSlug}` : '';
  const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${appSlug}/flows/${type}${q}`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });
  if (put.statusCode !== 200) throw new Error(`PUT ${type}: ${put.statusCode} ${put.body}`);
  const pub = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${appSlug}/flows/${type}/publish${q}`, headers: { authorization: t.auth.authorization } });
  if (pub.statusCode !== 200) throw new Error(`publish ${type}: ${pub.statusCode} ${pub.body}`);
  return put.json();
}

export const submit = (t: TestApp, type: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/public/${type}`, headers: { ...json, ...headers }, payload: JSON.stringify(body) });
