import { personIn, withPhone } from './law.person.js';
import type { LawText } from './law.types.js';

const person = personIn();

/** National laws on storing or reading information on the device beside ePrivacy Art. 5(3), by the owner's country. */
const DEVICE_ACCESS_NATIONAL: Record<string, string> = {
  DE: '§ 25 TDDDG',
  FR: 'Art. 82 of the French Loi Informatique et Libertés',
  ES: 'Art. 22(2) of the Spanish LSSI (Ley 34/2002)',
  IT: 'Art. 122 of the Italian Codice della privacy (Legislative Decree 196/2003)',
  NL: 'Art. 11.7a of the Dutch Telecommunicatiewet',
  AT: '§ 165 of the Austrian TKG 2021',
};

/** English, the reference text of the law sections (edition 2; the members marked edition 3 in law.types.ts from 3 on). */
export const lawEn: LawText = {
  titles: {
    'legal-bases': 'Legal bases',
    purposes: 'Purposes of processing',
    transfers: 'Transfers outside the EEA, the UK and Switzerland',
    'us-privacy': 'Your US state privacy rights',
  },

  postalAddress: ({ address }) => `Postal address: ${address}.`,
  dpo: (p) => ['Our data protection officer is ', ...person(p), '.'],
  euRepresentative: (p) => ['Our representative in the European Union (Art. 27 GDPR) is ', ...person(p), '.'],
  ukRepresentative: (p) => ['Our representative in the United Kingdom (Art. 27 UK GDPR) is ', ...person(p), '.'],
  swissRepresentative: (p) => ['Our representative in Switzerland (Art. 14 of the Swiss Federal Act on Data Protection, FADP) is ', ...person(p), '.'],

  lawName: ({ eu, uk, ch }) => (eu && uk ? 'GDPR and UK GDPR' : uk ? 'UK GDPR' : eu || !ch ? 'GDPR' : 'GDPR, as the Swiss Federal Act on Data Protection allows'),
  basesIntro: ({ law }) => `We use personal data only for the purposes below, each on one of the legal bases of the ${law}:`,
  purposeHeadings: {
    app_functionality: 'Making the app work',
    analytics: 'Understanding how the app is used',
    product_personalization: 'Personalising the app for you',
    developer_advertising: 'Telling you about our own products',
    third_party_advertising: 'Showing advertising',
    developer_communications: 'Writing to you about the app',
    fraud_prevention: 'Preventing fraud and abuse',
    account_management: 'Managing your account',
    other: 'Other purposes',
    crash_reporting: 'Finding and fixing crashes and errors',
  },
  basisItem: ({ purpose, basis }) => `${purpose}: ${basis}.`,
  bases: {
    consent: ({ law }) => `your consent (Art. 6(1)(a) ${law})`,
    contract: ({ law }) => `performing our contract with you, that is providing the app and the features you ask for (Art. 6(1)(b) ${law})`,
    legal_obligation: ({ law }) => `complying with a legal obligation (Art. 6(1)(c) ${law})`,
    legitimate_interests: ({ law }) => `our legitimate interests (Art. 6(1)(f) ${law})`,
  },
  withdrawConsent: ({ law }) =>
    `Where we rely on your consent, you can withdraw it at any time, as easily as you gave it (in the app or by writing to us); this does not affect what we did before you withdrew it (Art. 7(3) ${law}).`,
  healthConsent: ({ law }) => `Health information is a special category of personal data: we process it only with your explicit consent (Art. 9(2)(a) ${law}), which you can withdraw at any time.`,
  legitimateInterests:
    'Our legitimate interests are running a reliable and secure app, understanding how it is used so we can improve it, and preventing abuse. You can object to processing based on them (see “Your rights”).',

  provisionRequirement:
    'No law or contract requires you to give us personal data. Some features need some of it to work (an email address for a reply, a purchase for a subscription); without it you can still use the rest of the app.',
  childConsent: ({ law }) =>
    `Where we rely on consent and you are younger than the age of digital consent, the consent must be given or authorised by the holder of parental responsibility for you, and we make reasonable efforts to verify that (Art. 8 ${law}). That age is:`,
  consentAgeItem: ({ age, countries }) => `${age} years: ${countries}`,
  fadpAlso:
    'Where the Swiss Federal Act on Data Protection (FADP) applies, it does not ask for a legal basis for these purposes: processing that keeps to its principles is lawful, and where it would unlawfully infringe your personality we rely on a justification (Art. 31 FADP), such as your consent or an overriding interest.',

  fadpPurposesIntro: 'We process personal data for these purposes (Art. 19(2)(c) of the Swiss Federal Act on Data Protection, FADP):',
  fadpRecipients: ({ recipients, transfers }) =>
    `We disclose it only to the recipients named under “${recipients}”; where they process it, and how a transfer abroad is protected, is set out under “${transfers}” (Art. 16, 17 and 19(4) FADP).`,
  fadpLawful:
    'The FADP does not require a legal basis for each purpose: processing that keeps to its principles (Art. 6 FADP) is lawful as long as it does not unlawfully infringe your personality. Where it would, we process the data only with a justification (Art. 31 FADP): your consent, an overriding private or public interest, or the law.',
  fadpConsent: 'Where the app asks for your consent, we process the data concerned only with it; you can withdraw it at any time, with effect for the future.',
  fadpHealth: 'Health information is sensitive personal data (Art. 5(c) FADP): we process it only with your express consent (Art. 6(7)(a) FADP), which you can withdraw at any time.',
  transfersIntro: () =>
    'Where each service above processes data, and how data sent outside the European Economic Area, the United Kingdom or Switzerland is protected:',
  transfer: ({ name, locations, mechanism, regimes, dpf }) => {
    const where = locations ? ` in ${locations}` : '';
    // Not under the EU GDPR: the European Commission's decisions are not the owner's law; cite the UK's or Switzerland's own.
    if (!regimes.eu && regimes.uk) {
      if (mechanism === 'eea') return `${name} processes data${where}, inside the European Economic Area, for which the UK has made adequacy regulations (Art. 45 UK GDPR).`;
      if (mechanism === 'adequacy') return `${name} processes data${where}, in a country for which the UK has made adequacy regulations (Art. 45 UK GDPR).`;
      if (mechanism === 'dpf' && dpf.uk) return `${name} processes data${where} and is certified under the UK Extension to the EU-US Data Privacy Framework, for which the UK has made adequacy regulations (Art. 45 UK GDPR).`;
      return `${name} processes data${where}; the transfer is protected by the European Commission’s Standard Contractual Clauses with the UK International Data Transfer Addendum issued by the Information Commissioner (Art. 46 UK GDPR).`;
    }
    if (!regimes.eu && regimes.ch) {
      if (mechanism === 'eea' || mechanism === 'adequacy') return `${name} processes data${where}, in a country the Swiss Federal Council recognises as ensuring adequate protection (Art. 16(1) FADP).`;
      if (mechanism === 'dpf' && dpf.swiss) return `${name} processes data${where} and is certified under the Swiss-US Data Privacy Framework, which the Swiss Federal Council recognises as ensuring adequate protection (Art. 16(1) FADP).`;
      return `${name} processes data${where}; the transfer is protected by the European Commission’s Standard Contractual Clauses as recognised by the Swiss FDPIC (Art. 16(2)(d) FADP).`;
    }
    if (mechanism === 'eea') return `${name} processes data${where}, inside the European Economic Area: no transfer outside it takes place.`;
    if (mechanism === 'adequacy') return `${name} processes data${where}, in a country for which the European Commission has decided that it ensures an adequate level of protection (Art. 45 GDPR).`;
    if (mechanism === 'dpf') {
      const ext = [regimes.uk && dpf.uk && 'its UK Extension', regimes.ch && dpf.swiss && 'the Swiss-US Data Privacy Framework'].filter(Boolean).join(' and ');
      const scc = [
        regimes.uk && !dpf.uk && 'transfers from the UK rest on the Standard Contractual Clauses with the UK International Data Transfer Addendum (Art. 46 UK GDPR)',
        regimes.ch && !dpf.swiss && 'transfers from Switzerland rest on the Standard Contractual Clauses as recognised by the Swiss FDPIC (Art. 16(2)(d) FADP)',
      ].filter(Boolean).join(', and ');
      return `${name} processes data${where} and is certified under the EU-US Data Privacy Framework${ext ? ` (and ${ext})` : ''}, which the European Commission has found to ensure an adequate level of protection (Art. 45 GDPR)${scc ? `; ${scc}` : ''}.`;
    }
    return `${name} processes data${where}; the transfer is protected by the Standard Contractual Clauses adopted by the European Commission (Art. 46(2)(c) GDPR)${regimes.uk ? ', with the UK International Data Transfer Addendum' : ''}${regimes.ch ? ', as recognised by the Swiss FDPIC' : ''}.`;
  },
  regionEea: 'the European Economic Area',
  placeNotes: {
    if_chosen: ({ region }) => `${region} (if that region is chosen for the app)`,
    cdn: () => 'content delivery network locations worldwide',
    vendor_facilities: () => 'other countries where the vendor or its agents maintain facilities',
  },
  transferUnknown: ({ name }) => `We have not recorded where ${name} processes data or which safeguard protects a transfer; ask us before relying on it.`,
  transferSource: ({ link }) => ['Source: ', link, '.'],
  transfersCopy: ({ contact }) => ['You can ask us for a copy of these safeguards ', ...contact, '.'],

  retentionIntro: 'For each kind of data that leaves your device:',
  retentionItem: ({ kind, period }) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)}: ${period}`,
  retention: {
    until_deleted: 'until you ask us to delete it, or earlier once we no longer need it for the reason it was collected',
    usage: 'for the retention period set in our account with the service, after which it is deleted or anonymised',
    diagnostics: 'as long as needed to find and fix the problem, then deleted under the service’s retention period',
    purchases: 'as long as tax and commercial law requires us to keep records of purchases',
  },

  rightsIntro: ({ law }) => `Under the ${law} you have the right to:`,
  rightsList: [
    'get a copy of the personal data we hold about you and information on how we use it (access);',
    'have incorrect data corrected (rectification);',
    'have your data deleted (erasure);',
    'have its use restricted (restriction);',
    'receive the data you gave us in a machine-readable format, or have it sent to another provider (portability).',
  ],
  objection:
    'Right to object: where we process your data on the basis of our legitimate interests, you can object at any time on grounds relating to your particular situation; we then stop unless we have compelling legitimate grounds. You can object to the use of your data for direct marketing at any time, without giving reasons.',
  postMortem:
    'Under French law you can also give us directions on what happens to your personal data after your death: whether it is kept, deleted or passed on (Art. 85 of the French Loi Informatique et Libertés).',
  automatedDecisions: 'You also have the right not to be subject to a decision based solely on automated processing, including profiling, that has legal or similarly significant effects on you.',
  rightsHow: ({ contact }) => ['To exercise any of these rights, write to us ', ...contact, '; we answer within one month.'],
  // Authority names are their own (untranslated, article-less: "Information Commissioner’s Office"), so the English sentence needs none before them.
  authority: ({ authority }) => ['You also have the right to lodge a complaint with a supervisory authority, in particular in the country where you live or work, or with the authority that supervises us: ', authority, '.'],
  authorityGermany: ({ list }) => [
    'You also have the right to lodge a complaint with a supervisory authority, in particular in the country where you live or work, or with the data protection authority of the German federal state where we are established (see the ',
    list,
    ').',
  ],
  authorityWhereYouLive: 'You also have the right to lodge a complaint with the data protection supervisory authority of the country where you live or work.',
  germanAuthoritiesList: 'list of German data protection authorities',
  otherRequestMethods: ({ form, phone }) =>
    form && phone
      ? ['You can also make these requests through our web form at ', form, ` or by calling us toll-free at ${phone}.`]
      : form
        ? ['You can also make these requests through our web form at ', form, '.']
        : [`You can also make these requests by calling us toll-free at ${phone}.`],

  fadpRightsIntro: 'Under the FADP you have the right to:',
  fadpRightsList: [
    'ask whether we process personal data about you and, if we do, receive it with the information the Act provides for (access, Art. 25 FADP);',
    'receive the personal data you gave us in a common electronic format, or have it transferred to another controller (data portability, Art. 28 FADP);',
    'have incorrect personal data corrected (rectification, Art. 32(1) FADP);',
    'have your personal data deleted or its processing stopped, and object to its processing or its disclosure to third parties (erasure and objection, Art. 30(2)(b) and 32(2) FADP).',
  ],
  fadpAutomatedDecisions:
    'Where we take a decision based solely on automated processing that has a legal effect on you or significantly affects you, we tell you, and you can state your point of view and ask for the decision to be reviewed by a person (Art. 21 FADP).',
  fadpRightsHow: ({ contact }) => ['To exercise any of these rights, write to us ', ...contact, '; we answer within 30 days.'],
  fadpAuthority: ({ authority }) => ['You can also report a breach of data protection law to the supervisory authority (Art. 49 FADP): ', authority, '.'],
  fadpRightsAlso: ({ authority }) => [
    'If you are in Switzerland, you have these rights under the Swiss Federal Act on Data Protection (FADP) as well (access, Art. 25; data portability, Art. 28; rectification and erasure, Art. 32 FADP), and you can report a breach of it to the Swiss supervisory authority: ',
    authority,
    '.',
  ],

  deviceAccessLaw: ({ eu, uk, country }) =>
    [eu && `Art. 5(3) of the ePrivacy Directive${country && DEVICE_ACCESS_NATIONAL[country] ? ` and ${DEVICE_ACCESS_NATIONAL[country]}` : ''}`, uk && 'regulation 6 of the UK PECR'].filter(Boolean).join('; '),
  deviceAccessConsent: ({ law, services }) => `These services store an identifier on your device or read it there only with your consent (${law}), which you can withdraw at any time with effect for the future: ${services}.`,
  deviceAccessNoConsent: ({ service, purposes, bases }) => `${service} stores an identifier on your device or reads it there ${purposes}, without asking your consent; the legal basis for this is ${bases}.`,
  deviceAccessNeeded: ({ law, services }) => `These services store an identifier on your device or read it there only as strictly necessary to provide the app or a feature you ask for, which needs no consent (${law}): ${services}.`,
  ccpaIntro:
    'If you live in California, the California Consumer Privacy Act, as amended by the California Privacy Rights Act (CCPA), gives you the rights below; residents of other US states with similar laws have similar rights. In the last 12 months we collected these categories of personal information, from you and your device:',
  ccpaCategories: {
    identifiers: 'Identifiers (such as an email address, account ID or device identifier)',
    customer_records: 'Personal information in customer records (such as a name, phone number or postal address)',
    commercial: 'Commercial information (purchases and subscriptions)',
    internet_activity: 'Internet or other electronic network activity (how you use the app, diagnostics)',
    geolocation: 'Geolocation data (approximate location)',
    sensory: 'Audio, electronic or visual information (photos, videos, recordings)',
    sensitive: 'Sensitive personal information (health information, precise location)',
    inferences: 'Inferences drawn to create a profile about you',
    other: 'Other information you give us (such as messages and content you submit)',
  },
  ccpaCollected: ({ category, purposes }) => `${category}: ${purposes}.`,
  ccpaNoSaleOrShare: 'We do not sell your personal information and do not share it for cross-context behavioural advertising.',
  ccpaNoSaleMinors: 'This includes the personal information of consumers under 16 years of age.',
  ccpaMinorsOptIn:
    'We do not sell or share the personal information of consumers we know to be under 16 unless it has been affirmatively authorised (opt-in): by the consumer if aged 13 to 15, by a parent or guardian if under 13 (Cal. Civ. Code § 1798.120(c)).',
  ccpaSold: ({ categories }) => `We sell these categories of personal information: ${categories}.`,
  ccpaShared: ({ categories, recipients }) => `We share these categories of personal information for cross-context behavioural advertising, with ${recipients}: ${categories}.`,
  ccpaOptOut: ({ contact }) => [
    'You can opt out of the sale or sharing of your personal information at any time: write to us ',
    ...contact,
    ' with the subject “Do Not Sell or Share My Personal Information”. We also treat a Global Privacy Control signal from your browser or device as a request to opt out.',
  ],
  ccpaSensitive: 'We use sensitive personal information only to provide the app and the features you ask for, as the CCPA permits; we do not use it to infer characteristics about you.',
  ccpaRights: ({ contact }) => [
    'You have the right to know what personal information we collect, use and disclose, to get a copy of it, to have it corrected and to have it deleted. To exercise these rights, write to us ',
    ...contact,
    '; we confirm receipt within 10 business days, answer within 45 days, and may ask for information to verify that the request comes from you.',
  ],
  ccpaAppeal: ({ contact }) => [
    'If we decline your request, you can appeal by writing to us ',
    ...contact,
    ' with the subject “Appeal”; we answer within 45 days and explain our decision. If we deny the appeal, you can contact the Attorney General of your state.',
  ],
  ccpaAgents: 'You can let an authorised agent make a request for you; we may ask the agent for your signed permission and ask you to verify your identity.',
  ccpaNoDiscrimination: 'We will not discriminate against you for exercising any of these rights: we will not deny you the app, charge you a different price or give you a different quality of service.',
  ccpaDisclosed: 'In the last 12 months we disclosed these categories of personal information for a business purpose, to these recipients:',
  ccpaCategoryNames: {
    identifiers: 'Identifiers',
    customer_records: 'Personal information in customer records',
    commercial: 'Commercial information',
    internet_activity: 'Internet or other electronic network activity',
    geolocation: 'Geolocation data',
    sensory: 'Audio, electronic or visual information',
    sensitive: 'Sensitive personal information',
    inferences: 'Inferences drawn to create a profile about you',
    other: 'Other information you give us',
  },
  ccpaCategoryKinds: ({ category, kinds }) => `${category} (${kinds})`,
  ccpaDisclosedItem: ({ category, recipients }) => `${category}: to ${recipients}.`,
  doNotTrack: ({ trackers }) =>
    trackers
      ? `California law (CalOPPA) asks us to say how we respond to a browser’s “Do Not Track” signal: the app does not respond to it, as there is no common standard for one. When you use the app, these other parties may collect personal information about your activity over time and across other companies’ apps and websites: ${trackers}.`
      : 'California law (CalOPPA) asks us to say how we respond to a browser’s “Do Not Track” signal: we do not track your activity over time and across other companies’ apps and websites, and we let no other party do so through the app, so such a signal has nothing to turn off.',

  coppaConsent:
    'Under the US Children’s Online Privacy Protection Act (COPPA), we collect personal information from a child under 13 only after a parent has given verifiable consent, except where the law allows otherwise (such as a single reply to a parent’s request), and we collect no more than the activity needs.',
  coppaVerifiableConsent:
    'Under the US Children’s Online Privacy Protection Act (COPPA), we obtain verifiable parental consent before we collect personal information from a child under 13, except where one of the exceptions of the COPPA Rule applies (16 CFR 312.5(c)), such as collecting a parent’s email address only to ask for that consent.',
  coppaPublic: ({ public: shown }) =>
    shown
      ? 'Children can make personal information publicly available in the app: ideas and comments posted on its wishlist board, with the name given for them, can be seen by anyone who opens the board. A parent can ask us to delete them.'
      : 'Children cannot make personal information publicly available through the features this policy describes: nothing they send through them is shown to other users or the public.',
  coppaParents: ({ contact }) => ['A parent can review the personal information we hold about their child, have it deleted, and refuse its further collection or use: write to us ', ...contact, '.'],
  coppaOperator: (p) => ['The operator that collects and keeps children’s personal information through the app: ', ...person({ ...p, address: withPhone(p.address, p.phone, 'telephone ') }), '.'],
  coppaThirdParties:
    'A parent can agree to our collecting and using their child’s personal information without agreeing to its disclosure to third parties, unless that disclosure is integral to the app.',
  coppaNoAds: 'We do not show behavioural (interest-based) advertising to children and do not track them across other companies’ apps and websites.',

  englishPrevails: ({ href }) => ['This is a translation. The ', { text: 'English version', href }, ' is authoritative; where the two differ, the English version prevails.'],
};
