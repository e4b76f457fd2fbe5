// Words the declarations and warnings also use are written once, in legal.presets.ts's tables.
import { CAPABILITIES, DATA_KINDS, PRESETS, PURPOSES } from '../legal.presets.js';
import type { LegalText, PresetId } from './types.js';

/** English, the reference text (edition 1: what every version published before editions existed says). */
export const en: LegalText = {
  lang: 'en',

  list: (w) => (w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} and ${w[w.length - 1]}`),
  kinds: Object.fromEntries(Object.entries(DATA_KINDS).map(([k, v]) => [k, v.words])) as LegalText['kinds'],
  purposes: Object.fromEntries(Object.entries(PURPOSES).map(([k, v]) => [k, v.words])) as LegalText['purposes'],
  purposeCrash: 'to find and fix crashes and errors',
  capabilities: Object.fromEntries(Object.entries(CAPABILITIES).map(([k, v]) => [k, v.label])) as LegalText['capabilities'],
  access: { read: 'read', write: 'write' },
  modes: { when_in_use: 'only while you use the app', always: 'also in the background', local: 'reminders scheduled on your device', push: 'push notifications' },
  flowTypes: {
    waitlist: 'waitlist',
    feedback: 'feedback',
    report: 'report',
    contact: 'contact',
    crash: 'crash',
    onboarding: 'onboarding',
    referral: 'referral',
    wishlist: 'wishlist',
    cancel: 'cancel',
    app_promotion: 'app promotion',
  },
  // The presets' own sentences (legal.presets.ts), the one place the English is written.
  presets: Object.fromEntries(Object.values(PRESETS).map((x) => [x.id, x.sentence])) as Record<PresetId, string>,

  policyTitles: {
    who: 'Who is responsible',
    'on-device': 'What stays on your device',
    'leaves-device': 'What leaves your device, and who receives it',
    'device-features': 'Device features the app uses',
    claims: 'Selling, advertising and tracking',
    children: 'Children',
    health: 'Health information',
    retention: 'How long we keep data',
    rights: 'Your rights',
    changes: 'Changes to this policy',
  },
  termsTitles: {
    agreement: 'Agreement',
    subscriptions: 'Subscriptions and purchases',
    use: 'Using the app',
    medical: 'Not medical advice',
    liability: 'No warranty, limited liability',
    eula: 'App Store licence',
    privacy: 'Privacy',
    law: 'Governing law',
    changes: 'Changes and contact',
  },

  contactByEmail: ({ email }) => ['by email at ', email],
  contactOtherwise: 'through the contact details in the app or its store listing',
  capability: ({ label, access, mode, use }) => {
    const how = [access, mode].filter(Boolean).join(', ');
    return `${label}${how ? ` (${how})` : ''}${use ? `: ${use}` : ''}`;
  },

  whoIsResponsible: ({ entity, jurisdiction, app }) => `${entity}${jurisdiction ? ` (${jurisdiction})` : ''} makes ${app} and is responsible for the personal data it handles.`,
  reachUs: ({ contact }) => ['You can reach us ', ...contact, '.'],

  staysIntro: ({ entity }) => `This stays on your device and is not sent to ${entity} or anyone else:`,
  staysExceptCoarser: ({ capability, kept, sent, recipients }) => `${capability} — ${kept} stays on your device; only ${sent} is sent, to ${recipients}`,
  cloudSyncNote: 'Cloud sync copies it to your own private cloud storage (such as iCloud), which we cannot read.',
  deletingDeletes: ({ app }) => `Deleting ${app} deletes it.`,

  nothingLeaves: ({ app }) => `Nothing leaves your device: ${app} does not collect personal data.`,
  onlyListedLeaves: 'Only what is listed here leaves your device. Each service receives it for the reason given and only acts for us.',
  onlyListedLeavesSomeOwnUse: ({ names }) =>
    `Only what is listed here leaves your device. Each service receives it for the reason given; ${names.length === 1 ? `${names[0]} also uses it` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} also use it`} for their own purposes, under their own privacy policies, while the others only act for us.`,
  processorReceivesLabel: 'Receives:',
  processorReceives: ({ kinds, purposes, linked, linkedKinds, tracking }) =>
    `${kinds}, ${purposes}.${linkedKinds ? ` Of these, ${linkedKinds} can be linked to you; the rest is not linked to your identity.` : linked ? ' It can be linked to you.' : ' It is not linked to your identity.'}${tracking ? ' It is used for tracking.' : ''}`,
  processorThrough: ({ flows }) => `Through: ${flows.join(', ')}.`,
  flowName: ({ type, slug }) => (slug ? `${type} (${slug})` : type),
  processorPrivacyLink: ({ name }) => `${name} privacy policy`,
  customProcessor: ({ name, kinds, purposes }) => `${name} receives ${kinds} ${purposes}.`,
  customProcessorUnmapped: ({ name }) => `${name} receives data from the app.`,
  entityReceives: ({ entity }) => `${entity} itself receives:`,
  entityReceivesItem: ({ kind, capability, use }) => `${kind} (${capability})${use ? `: ${use}` : ''}`,
  optionalFields: 'Where a form marks a field as optional (such as an email address for a reply), you decide whether to give it.',

  deviceFeaturesIntro: ({ app }) => `${app} asks your permission before it uses any of these, and you can withdraw it in your device settings:`,
  deviceFeature: ({ capability, where }) =>
    `${capability}${where === 'sent' ? ' (sent to us)' : where === 'push' ? ' (delivered through your platform’s push service)' : ' (stays on your device)'}`,
  deviceFeatureSentTo: ({ capability, recipients }) => `${capability} (sent to ${recipients})`,
  deviceFeatureCoarser: ({ capability, kept, sent, recipients }) => `${capability} (${kept} stays on your device; ${sent} is sent to ${recipients})`,

  claims: {
    sellsData: { yes: () => 'We sell or share personal data with third parties for their own use.', no: () => 'We do not sell your personal data.' },
    advertising: { yes: ({ app }) => `${app} shows advertising.`, no: ({ app }) => `${app} shows no advertising.` },
    tracking: {
      yes: () => 'We or our partners track you across other companies’ apps and websites, only with your permission where the platform requires it.',
      no: () => 'We do not track you across other companies’ apps and websites.',
    },
    analytics: { yes: () => 'We measure how the app is used with analytics services, listed above.', no: () => 'We do not use analytics services to measure how you use the app.' },
    profiling: { yes: () => 'We build profiles to make automated decisions about you.', no: () => 'We do not build profiles of you or make automated decisions about you.' },
  },

  forChildren: ({ app, contact }) => [`${app} is made for children. We collect no more than the app needs to work, and a parent can ask us to see or delete a child’s data `, ...contact, '.'],
  forChildrenPlain: ({ app, contact }) => [`${app} is made for children. A parent can ask us to see or delete a child’s data `, ...contact, '.'],
  notForChildren: ({ age, app, contact }) => [
    `${app} is not directed at children under ${age}, and we do not knowingly collect their personal data. If you believe a child has given us data, tell us `,
    ...contact,
    ' and we will delete it.',
  ],

  noMedicalAdvice: ({ app }) => `${app} does not give medical advice; see the terms of use.`,

  retentionOnDevice: 'Data on your device stays until you delete it or delete the app.',
  retentionSent:
    'Data sent to the services above is kept only as long as needed for the reason it was collected, or as their own policies describe; what you send through the app’s forms is kept until you ask us to delete it or we no longer need it.',

  rights: ({ contact }) => [
    'You can ask us for a copy of the personal data we hold about you, ask us to correct it, or ask us to delete it. Write to us ',
    ...contact,
    '; we answer within 30 days.',
  ],
  complain: ({ jurisdiction }) => `You may also complain to the data protection authority where you live or in ${jurisdiction}.`,

  policyChanges: 'When this policy changes we publish a new version with a new effective date. Every earlier version stays available at its own address; see the version history below.',

  agreement: ({ entity, jurisdiction, app }) => `These terms are an agreement between you and ${entity}${jurisdiction ? ` (${jurisdiction})` : ''} about your use of ${app}. By using ${app} you accept them.`,
  minimumAge: ({ age, app }) => `You must be at least ${age} years old to use ${app}.`,
  subscriptionsBilling: 'Purchases and subscriptions are made through your app store account and billed by the app store.',
  subscriptionsRenewal:
    'A subscription renews automatically for the same period and price unless you turn auto-renewal off at least 24 hours before the current period ends. You can manage and cancel subscriptions in your app store account settings; deleting the app does not cancel a subscription.',
  subscriptionsRefunds: 'Refunds are handled by the app store under its own rules.',
  useLawfully: ({ app }) => `Use ${app} lawfully and do not misuse it: do not try to break, overload or reverse engineer it, and do not use it to harm others.`,
  mayChange: ({ entity, app }) => `${entity} may change, suspend or end features of ${app} at any time.`,
  medicalDefault: ({ app }) =>
    `${app} is for general information and wellbeing only. It is not a medical device and does not give medical advice, diagnosis or treatment. Ask a doctor or other qualified health professional about any medical question, and never ignore or delay professional advice because of something in the app.`,
  asIs: ({ app, entity }) =>
    `${app} is provided “as is”, without warranties of any kind, to the extent the law allows. ${entity} is not liable for indirect or consequential losses arising from your use of it, to the extent the law allows; nothing in these terms limits rights you have as a consumer that cannot be limited.`,
  liabilityUnlimited:
    'Nothing in these terms excludes or limits liability for intent or gross negligence, for death or personal injury, or any other liability the law does not allow to be excluded or limited, such as product liability.',
  appleEula: ({ href }) => ['If you got the app from Apple’s App Store, Apple’s ', { text: 'Standard Licensed Application End User License Agreement', href }, ' also applies.'],
  privacyReference: ({ href }) => ['How we handle personal data is described in the ', { text: 'privacy policy', href }, '.'],
  governingLaw: ({ law }) => `These terms are governed by the law of ${law}, without depriving you of the protection of the law of the country where you live.`,
  termsChanges: ({ contact }) => ['When these terms change we publish a new version with a new effective date; earlier versions stay available. Questions: write to us ', ...contact, '.'],
};
