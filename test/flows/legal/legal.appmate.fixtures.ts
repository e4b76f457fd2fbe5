/**
 * `update_legal_draft` bodies exactly as AppMate's MCP client documents them (fil-technology/appmate-mcp,
 * src/tools.ts, `updateLegalDraft.description`):
 *
 *   { type: 'legal', entity: { name, contactEmail?, jurisdiction? }, effectiveDate?: 'YYYY-MM-DD',
 *     localData?: { enabled, items: [ '…what never leaves the device' ] },
 *     processors: [ { id, purpose?, receives?, name?, privacyUrl? } ],
 *     platformData?: { healthkit?: {read,write}, notifications?: 'local'|'push', icloud?,
 *                      location?: 'none'|'whenInUse'|'always', camera?, photos?, contacts?, microphone? },
 *     declarations: { sellsData, advertising, analytics, tracking, profiling },
 *     childrenDirected?, medicalDisclaimer?,
 *     terms?: { enabled, appleStandardEula?, customClauses?: [ {heading, body} ] }, locales?, hero? }
 *
 * Presets named there: revenuecat, superwall, firebase, amplitude, posthog, sentry, mixpanel, appmate.
 */

/** Every documented key, each capability on: a sleep app with HealthKit, push reminders and its own clauses. */
export const appmateFull = {
  type: 'legal',
  entity: { name: 'Dreamy Labs Ltd', contactEmail: 'privacy@dreamy.example', jurisdiction: 'Ireland' },
  effectiveDate: '2026-01-15',
  localData: { enabled: true, items: ['Sleep diary entries', 'Alarm settings'] },
  processors: [{ id: 'revenuecat' }, { id: 'sentry' }, { id: 'appmate' }],
  platformData: {
    healthkit: { read: true, write: true },
    notifications: 'push',
    icloud: true,
    location: 'whenInUse',
    camera: true,
    photos: true,
    contacts: true,
    microphone: true,
  },
  declarations: { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false },
  childrenDirected: false,
  medicalDisclaimer: true,
  terms: {
    enabled: true,
    appleStandardEula: true,
    customClauses: [
      { heading: 'Sleep scores', body: 'Sleep scores are estimates from your phone’s sensors.\n\nThey are not a diagnosis.' },
      { heading: 'Beta features', body: 'Features marked beta may change or disappear without notice.' },
    ],
  },
  locales: ['en', 'de'],
  hero: { accentColor: '#4f46e5' },
};

/** Capabilities switched off in each way the description allows, local data disabled, terms disabled. */
export const appmateOff = {
  type: 'legal',
  entity: { name: 'Quiet Apps', contactEmail: 'hello@quiet.example' },
  localData: { enabled: false, items: ['Should not appear anywhere'] },
  processors: [],
  platformData: {
    healthkit: { read: true, write: false },
    notifications: 'local',
    icloud: false,
    location: 'none',
    camera: false,
    photos: false,
    contacts: false,
    microphone: false,
  },
  declarations: { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false },
  terms: { enabled: false, appleStandardEula: false, customClauses: [{ heading: 'Fair use', body: 'One account per person.' }] },
};

/** Location described on the device while Firebase (a preset receiving coarse location) is listed. */
export const appmateLocationSent = {
  type: 'legal',
  entity: { name: 'Walky Inc.', contactEmail: 'privacy@walky.example', jurisdiction: 'California, USA' },
  localData: { enabled: true, items: ['Route history'] },
  processors: [{ id: 'firebase', purpose: 'analytics' }],
  platformData: { location: 'always', healthkit: { read: true, write: false } },
  declarations: { sellsData: false, advertising: false, analytics: true, tracking: false, profiling: false },
  terms: { enabled: true, customClauses: [] },
};

/** The smallest body the description allows. */
export const appmateMinimal = {
  type: 'legal',
  entity: { name: 'Tiny' },
  processors: [],
  declarations: { sellsData: false, advertising: false, analytics: false, tracking: false, profiling: false },
};
