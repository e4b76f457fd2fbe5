import type { WaitlistConfig } from './waitlist.schema.js';

export interface WaitlistTemplate {
  id: string;
  name: string;
  description: string;
  config: WaitlistConfig;
}

const legal = 'We only email you about the launch. Unsubscribe any time.';

/** Starter configs an owner fetches, edits and PUTs. Each passes the waitlist schema (tested). */
export const WAITLIST_TEMPLATES: WaitlistTemplate[] = [
  {
    id: 'minimal_email_only',
    name: 'Minimal email only',
    description: 'A title, one line and an email box. Nothing else.',
    config: {
      type: 'waitlist',
      templateId: 'minimal_email_only',
      intro: { title: 'Join the waitlist', subtitle: 'Be the first to know when we launch.', emailPlaceholder: 'you@example.com', submitLabel: 'Join', legal },
      success: { title: 'You’re on the list', body: 'We’ll email you as soon as it’s ready.' },
    },
  },
  {
    id: 'feature_tease',
    name: 'Feature tease',
    description: 'Gradient hero with three bullets teasing what is coming.',
    config: {
      type: 'waitlist',
      templateId: 'feature_tease',
      intro: { title: 'Something new is coming', subtitle: 'A faster way to get things done. Get early access.', emailPlaceholder: 'you@example.com', submitLabel: 'Get early access', legal },
      success: { title: 'You’re in', body: 'Watch your inbox: early access goes out in waves.' },
      hero: {
        theme: 'gradient',
        eyebrow: 'Coming soon',
        accentColor: '#6d28d9',
        showCount: true,
        bullets: [
          { icon: '⚡', title: 'Twice as fast', body: 'Everything you do daily, in fewer taps.' },
          { icon: '🔒', title: 'Private by design', body: 'Your data stays on your device.' },
          { icon: '✨', title: 'Made for you', body: 'Adapts to how you work.' },
        ],
      },
    },
  },
  {
    id: 'launching_soon',
    name: 'Launching soon',
    description: 'Dark launch page with a countdown feel and a link to follow along.',
    config: {
      type: 'waitlist',
      templateId: 'launching_soon',
      intro: { title: 'Launching soon', subtitle: 'Leave your email and we’ll tell you the day it ships.', emailPlaceholder: 'you@example.com', submitLabel: 'Notify me', legal },
      success: { title: 'See you at launch', body: 'We’ll send one email on launch day.', ctaLabel: 'Follow along', ctaUrl: 'https://example.com/blog' },
      hero: { theme: 'dark', eyebrow: 'Launching this season', accentColor: '#2563eb', showCount: true },
    },
  },
  {
    id: 'pro_upsell',
    name: 'Pro upsell',
    description: 'Collect interest in an upcoming Pro tier, side by side with its perks.',
    config: {
      type: 'waitlist',
      templateId: 'pro_upsell',
      intro: { title: 'Pro is coming', subtitle: 'Power features for people who use the app every day.', emailPlaceholder: 'you@example.com', submitLabel: 'Join the Pro waitlist', legal },
      success: { title: 'You’re on the Pro list', body: 'Waitlist members get the launch discount.' },
      hero: {
        theme: 'side_by_side',
        eyebrow: 'Pro',
        accentColor: '#b45309',
        bullets: [
          { icon: '📈', title: 'Advanced insights' },
          { icon: '☁️', title: 'Sync across devices' },
          { icon: '🎨', title: 'Custom themes' },
          { icon: '💬', title: 'Priority support' },
        ],
      },
    },
  },
  {
    id: 'private_beta',
    name: 'Private beta',
    description: 'Invite-only beta sign-up that asks which device people use.',
    config: {
      type: 'waitlist',
      templateId: 'private_beta',
      intro: { title: 'Join the private beta', subtitle: 'Spots are limited. We invite testers in small groups.', emailPlaceholder: 'you@example.com', submitLabel: 'Request an invite', legal },
      success: { title: 'Request received', body: 'We’ll email your TestFlight invite when a spot opens.' },
      hero: { theme: 'minimal', eyebrow: 'Private beta', accentColor: '#0f766e', showCount: true },
      fields: [{ id: 'device', label: 'Which device do you use?', type: 'select', options: ['iPhone', 'iPad', 'Mac'] }],
    },
  },
  {
    id: 'early_access_referral',
    name: 'Early access with referral',
    description: 'Early access page whose success screen invites people to share the page (sharing does not move anyone up the list).',
    config: {
      type: 'waitlist',
      templateId: 'early_access_referral',
      intro: { title: 'Get early access', subtitle: 'Join now and get in before everyone else.', emailPlaceholder: 'you@example.com', submitLabel: 'Join early access', legal },
      success: { title: 'You’re on the list', body: 'Know someone who would like it? Share the page with them.', ctaLabel: 'Share with a friend', ctaUrl: 'https://example.com/share' },
      hero: {
        theme: 'gradient',
        eyebrow: 'Early access',
        accentColor: '#db2777',
        showCount: true,
        bullets: [
          { icon: '🚀', title: 'First in line', body: 'Early members get access weeks before everyone else.' },
          { icon: '🎁', title: 'Founding perks', body: 'A founding-member badge and launch pricing.' },
        ],
      },
    },
  },
  {
    id: 'beta_qualify',
    name: 'Beta with qualifying questions',
    description: 'A beta sign-up that asks a few questions, so you can invite the testers who fit first (the answers come with each signup, and in the CSV export).',
    config: {
      type: 'waitlist',
      templateId: 'beta_qualify',
      intro: { title: 'Apply for the beta', subtitle: 'Tell us a little about how you would use it. We pick testers every week.', emailPlaceholder: 'you@example.com', submitLabel: 'Apply', legal },
      success: { title: 'Application received', body: 'If you’re a fit for this round, your invite arrives by email.' },
      hero: { theme: 'minimal', eyebrow: 'Beta', accentColor: '#4f46e5', showCount: true },
      fields: [
        { id: 'usage', label: 'How often would you use it?', type: 'select', options: ['Every day', 'A few times a week', 'Now and then'], required: true },
        { id: 'device', label: 'Which device?', type: 'select', options: ['iPhone', 'iPad', 'Mac'], required: true },
        { id: 'role', label: 'What do you do?', type: 'text', placeholder: 'Designer, student, …' },
        { id: 'testflight', label: 'I have used TestFlight before', type: 'boolean' },
      ],
    },
  },
];
