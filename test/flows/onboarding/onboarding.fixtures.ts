/** A complete, warning-free onboarding funnel with every step kind. */
export const goodOnboarding = () => ({
  type: 'onboarding',
  intro: { title: 'Sleep better in 2 weeks', subtitle: 'Three questions to tune your plan.', startLabel: 'Start', eyebrow: 'Free plan' },
  steps: [
    {
      kind: 'question',
      id: 'goal',
      prompt: 'What is your main goal?',
      selectMode: 'single',
      autoAdvance: true,
      required: true,
      options: [
        { id: 'fall_asleep', label: 'Fall asleep faster', emoji: '😴' },
        { id: 'wake_rested', label: 'Wake up rested' },
      ],
    },
    { kind: 'info', id: 'science', title: 'Backed by research', body: 'Our plans follow CBT-I.', imageUrl: 'https://cdn.example.org/science.png', continueLabel: 'Got it' },
    {
      kind: 'question',
      id: 'habits',
      prompt: 'Which habits do you have?',
      selectMode: 'multi',
      required: false,
      options: [
        { id: 'caffeine', label: 'Late coffee' },
        { id: 'screens', label: 'Screens in bed' },
        { id: 'naps', label: 'Long naps' },
      ],
    },
    { kind: 'email_capture', id: 'email', title: 'Where should we send your plan?', placeholder: 'you@example.com', required: false, legal: 'No spam.' },
  ],
  handoff: { title: 'Your plan is ready', body: 'Open the app to start.', ctaLabel: 'Get the app', appStoreUrl: 'https://apps.apple.com/app/id1444383602' },
  hero: { theme: 'gradient', accentColor: '#4f46e5' },
});
