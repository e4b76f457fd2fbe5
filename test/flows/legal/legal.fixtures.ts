/** A complete legal config: a sleep tracker with on-device data, RevenueCat and Sentry, no ads or tracking. */
export const goodLegal = (over: Record<string, unknown> = {}) => ({
  type: 'legal',
  entity: { name: 'Sleepy Labs GmbH', contactEmail: 'privacy@sleepy.example', jurisdiction: 'Germany' },
  localData: ['Sleep logs and notes'],
  processors: [{ id: 'revenuecat' }, { id: 'sentry' }, { id: 'appflows' }],
  platformData: [{ capability: 'health', use: 'to read your sleep analysis' }, 'notifications'],
  declarations: { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false },
  childrenDirected: false,
  ...over,
});

/** Facts of an app whose data never leaves the device. */
export const onDeviceOnly = (over: Record<string, unknown> = {}) =>
  goodLegal({ processors: [], platformData: [{ capability: 'location', use: 'to show where you slept' }, { capability: 'cloud_sync' }], ...over });
