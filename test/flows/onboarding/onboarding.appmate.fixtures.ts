/**
 * `update_onboarding_draft` bodies built exactly as AppMate's MCP client documents its config
 * (fil-technology/appmate-mcp src/tools.ts, commit 9b826691): every documented key, with the
 * `hero: { theme?, eyebrow?, accentColor?, titleFont? }` the other types share.
 */
export const appmateOnboarding = () => ({
  type: 'onboarding',
  intro: { title: 'Find your focus plan', subtitle: 'Three quick questions.', startLabel: 'Start' },
  steps: [
    {
      kind: 'question',
      id: 'goal',
      prompt: 'What brings you here?',
      subtitle: 'Pick one.',
      selectMode: 'single',
      autoAdvance: true,
      required: true,
      options: [
        { id: 'save_time', label: 'Save time', emoji: '⚡' },
        { id: 'less_stress', label: 'Less stress', emoji: '🌿' },
      ],
    },
    { kind: 'info', id: 'value', title: 'Built on research', body: 'Short sessions, real breaks.', imageUrl: 'https://cdn.example.org/value.png', continueLabel: 'Next' },
    { kind: 'email_capture', id: 'email', title: 'Where should we send your plan?', subtitle: 'No spam.', placeholder: 'you@example.com', submitLabel: 'Send', required: true, legal: 'Unsubscribe any time.' },
  ],
  handoff: { title: 'Your plan is ready', body: 'Open the app to start.', ctaLabel: 'Get the app', appStoreUrl: 'https://apps.apple.com/app/id1444383602', legal: 'Free for 7 days.' },
  hero: { theme: 'gradient', eyebrow: '2-minute quiz', accentColor: '#0f766e', titleFont: 'serif' },
});

/** The smallest documented body: required keys only, and the hero's four keys. */
export const appmateOnboardingMinimal = () => ({
  type: 'onboarding',
  intro: { title: 'Welcome', subtitle: '', startLabel: 'Go' },
  steps: [{ kind: 'info', id: 'hello', title: 'Hello', body: 'Nice to meet you.' }],
  handoff: { title: 'Done', body: '', ctaLabel: 'Open' },
  hero: { theme: 'dark', eyebrow: 'New', accentColor: '#4f46e5', titleFont: 'SF Pro Rounded' },
});
