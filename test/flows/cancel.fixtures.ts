/** A complete, warning-free cancel config. */
export const goodCancel = () => ({
  type: 'cancel',
  intro: { title: 'Before you go', subtitle: 'Can we help?', primaryButton: 'Continue', secondaryButton: 'Keep my plan' },
  reasonScreen: {
    title: 'Why are you leaving?',
    subtitle: 'Pick one',
    reasons: [
      { id: 'too_expensive', label: 'Too expensive', iconName: 'dollarsign' },
      { id: 'missing_feature', label: 'Missing a feature', iconName: 'puzzle' },
    ],
  },
  responses: {
    too_expensive: {
      title: 'How about 50% off?',
      body: 'Three months at half price.',
      primaryButton: { label: 'Claim 50% off', action: 'open_offer', offerId: 'winback_50_3m' },
      secondaryButton: { label: 'Continue cancelling', action: 'manage_subscription' },
    },
    missing_feature: {
      title: 'Tell us what is missing',
      body: 'We read everything.',
      primaryButton: { label: 'Message support', action: 'open_support', supportTopic: 'feature_request', message: 'I need…' },
      secondaryButton: { label: 'Continue cancelling', action: 'manage_subscription' },
    },
  },
});
