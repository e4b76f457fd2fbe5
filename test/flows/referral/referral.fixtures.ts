/** A complete referral config: two weeks per friend, one week for the friend, capped at 3. */
export const goodReferral = (over: Record<string, unknown> = {}) => ({
  type: 'referral',
  landing: {
    eyebrow: 'A gift from a friend',
    title: 'Your friend invited you',
    subtitle: 'Get a free week of Pro.',
    ctaLabel: 'Get the app',
    appStoreUrl: 'https://apps.apple.com/app/id1444383602',
    fallback: 'app_store',
  },
  share: { messageTemplate: 'Try Sleepy with me, we both get a free week:' },
  rewards: {
    referrer: { amount: 2, unit: 'week' },
    refereeEnabled: true,
    referee: { amount: 1, unit: 'week' },
    referrerLabel: '2 free weeks per friend',
    refereeLabel: '1 free week',
  },
  maxRewardsPerReferrer: 3,
  maxReferralsPerDevice: 50,
  ...over,
});
