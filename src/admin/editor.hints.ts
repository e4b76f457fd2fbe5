/**
 * Layout hints of the flow editor's form (the form itself is generated from each type's JSON
 * Schema, src/admin/islands/form.*). Hints only say what a schema cannot: the order a person
 * thinks in, better words, which text is long, which fields pick a reference. A field the
 * hints do not name still appears (under "More settings"), so a new schema field is never lost.
 *
 * Paths are JSON pointers with `*` for any array index or record key: `/reasonScreen/reasons/*\/id`.
 */
export interface FieldHint {
  label?: string;
  help?: string;
  /** `long`: a textarea; `hidden`: kept as is, not shown; `url`: validated as an address as typed. */
  widget?: 'long' | 'hidden' | 'url';
  /** Picked from a list instead of typed. */
  ref?: 'reasons' | 'apps' | 'namedDestination';
  /** Singular noun of an array's or record's items ("Add reason"). */
  item?: string;
  /** Keys of an item whose value titles its card, first non-empty wins. */
  summary?: string[];
  /** Order of an object's own keys (unnamed keys follow in schema order). */
  order?: string[];
  /** What the page does when the field is absent (shown as the control's state until set). */
  default?: unknown;
  /**
   * Shown only while the sibling `key` has one of these values (a select's options), or once the
   * field has a value of its own: a set value is never hidden.
   */
  when?: { key: string; is: string[] };
}

export interface TypeHints {
  /** Top-level sections, in order; `open: false` starts folded. */
  groups: { title: string; fields: string[]; open?: boolean; help?: string }[];
  fields?: Record<string, FieldHint>;
}

/** Words and widgets every type shares (a type's own hints win). */
export const COMMON: Record<string, FieldHint> = {
  '/locale': { label: 'Page language', help: 'Language of the built-in words (buttons, errors) on the hosted page.' },
  '/strings': { label: 'Replace built-in words', item: 'replacement' },
  '/hero/accentColor': { label: 'Accent colour' },
  // The schemas' descriptions serve API and MCP clients (key names, enum values, warning codes); these say the same in the form's words.
  '/hero': { label: 'Look' },
  '/hero/theme': { label: 'Theme', default: 'minimal', help: 'Side by side: two columns on a computer, one on a phone.' },
  '/hero/heroImage': { label: 'Hero image', help: 'The image’s https:// address (an http:// image does not load on the page).' },
  '/hero/titleFont': { label: 'Title font' },
  '/success/ctaLabel': { label: 'Button label', help: 'A button on the success screen; shown only with a Button link too.' },
  '/success/ctaUrl': { label: 'Button link', help: 'Where that button goes (https://…); shown only with a Button label too.' },
  '/success/body': { widget: 'long' },
  '/intro/subtitle': { widget: 'long' },
  '/intro/legal': { label: 'Small print', widget: 'long' },
  '/fields': { label: 'Extra fields', item: 'field', summary: ['label', 'id'], help: 'Up to 8 more questions. The answers come with each entry, in the CSV export and in webhooks, under the field’s id.' },
  '/fields/*/options': { item: 'option', help: 'The choices people pick from.', when: { key: 'type', is: ['select'] } },
  '/fields/*/placeholder': { when: { key: 'type', is: ['text', 'select'] } },
  '/colorScheme': { label: 'Colour scheme (native form)' },
  '/layout': { label: 'Layout (native form)' },
  '/emailField': { label: 'Email field' },
};

const LANGUAGE = { title: 'Language and wording', fields: ['locale', 'strings'], open: false };
const FORM_SCREENS = (first: string[]) => [
  { title: 'Form', fields: ['intro', ...first] },
  { title: 'After sending', fields: ['success'] },
  { title: 'Look', fields: ['hero', 'layout', 'colorScheme'], open: false },
  LANGUAGE,
];

export const HINTS: Record<string, TypeHints> = {
  cancel: {
    groups: [
      { title: 'Intro screen', fields: ['intro', 'showBackButton'], help: 'The first screen: ask before they cancel.' },
      { title: 'Reasons', fields: ['reasonScreen'] },
      { title: 'Responses', fields: ['responses'], help: 'What a person sees after picking a reason: an offer, help, or a way out.' },
      LANGUAGE,
    ],
    fields: {
      '/intro': { label: 'Intro' },
      '/reasonScreen': { label: 'Reason screen', order: ['title', 'subtitle', 'reasons', 'selectMode', 'autoAdvance'] },
      '/reasonScreen/reasons': { item: 'reason', summary: ['label', 'id'] },
      '/reasonScreen/reasons/*/id': { label: 'Reason id', help: 'Lowercase letters, digits and _; links the reason to its response.' },
      '/reasonScreen/reasons/*/iconName': { label: 'Icon', help: 'An SF Symbol, Lucide or Remix Icon name (“clock”); the emoji wins when both are set.' },
      '/reasonScreen/reasons/*/emoji': { help: 'Shown beside the reason as typed; wins over the icon.' },
      '/reasonScreen/selectMode': { label: 'People pick', default: 'single', help: 'Multi: people tick several reasons and go straight to the thank-you screen, with no offer per reason.' },
      '/responses': { label: 'Responses', item: 'response', ref: 'reasons', help: 'The screen each reason leads to.' },
      '/responses/*/showThanksScreen': { help: 'Records the click and shows a thank-you screen instead of opening the app.' },
      '/responses/*/body': { widget: 'long' },
      '/responses/*/primaryButton': { label: 'Main button' },
      '/responses/*/secondaryButton': { label: 'Second button' },
      '/responses/*/primaryButton/url': { widget: 'url' },
      '/responses/*/secondaryButton/url': { widget: 'url' },
      '/showBackButton': { label: 'Show a back button', default: true, help: 'A “Back” link on the screens after the first.' },
    },
  },
  onboarding: {
    groups: [
      { title: 'Welcome screen', fields: ['intro'] },
      { title: 'Steps', fields: ['steps'], help: 'One screen each, in order: questions, information, email.' },
      { title: 'Hand-off to the app', fields: ['handoff'] },
      { title: 'Look', fields: ['hero'], open: false },
      LANGUAGE,
    ],
    fields: {
      '/intro': { label: 'Welcome' },
      '/steps': { item: 'step', summary: ['prompt', 'title', 'id'] },
      '/steps/*': { order: ['kind', 'prompt', 'title', 'subtitle', 'body', 'options', 'selectMode', 'autoAdvance', 'required', 'imageUrl', 'placeholder', 'submitLabel', 'continueLabel', 'legal', 'id'] },
      '/steps/*/kind': { label: 'Step type' },
      '/steps/*/selectMode': { label: 'People pick', default: 'single' },
      '/steps/*/id': { label: 'Step id', help: 'Names the answer in exports and webhooks.' },
      '/steps/*/body': { widget: 'long' },
      '/steps/*/options': { item: 'option', summary: ['label', 'id'] },
      '/steps/*/imageUrl': { label: 'Image' },
      '/handoff': { label: 'Hand-off' },
      '/handoff/body': { widget: 'long' },
      '/handoff/appStoreUrl': { label: 'App Store link' },
    },
  },
  waitlist: {
    groups: [
      { title: 'Signup form', fields: ['intro', 'fields'] },
      { title: 'After signing up', fields: ['success'] },
      { title: 'Look', fields: ['hero'] },
      LANGUAGE,
    ],
    fields: {
      '/hero': { order: ['theme', 'accentColor', 'eyebrow', 'heroImage', 'showCount', 'bullets'], help: 'Remove it for the plain look.' },
      '/hero/bullets': { item: 'selling point', summary: ['title'] },
      '/hero/showCount': { label: 'Show how many signed up' },
      '/success': { help: 'Shown after signing up.' },
      '/templateId': { widget: 'hidden' },
    },
  },
  feedback: { groups: FORM_SCREENS(['rating', 'emailField', 'fields']), fields: { '/rating': { label: 'Star rating' } } },
  report: { groups: FORM_SCREENS(['categories', 'emailField']), fields: { '/categories': { item: 'category', summary: ['label', 'id'] } } },
  contact: { groups: FORM_SCREENS(['nameField', 'emailField', 'messageField', 'fields']), fields: {} },
  crash: { groups: FORM_SCREENS(['logField', 'emailField']), fields: { '/logField': { label: 'Log box' } } },
  wishlist: {
    groups: [
      { title: 'Board', fields: ['intro', 'categories'] },
      { title: 'Submitting ideas', fields: ['submitForm', 'success', 'moderation'] },
      { title: 'Who can vote', fields: ['identity'], open: false },
      { title: 'Status names', fields: ['statusLabels'], open: false },
      { title: 'Look', fields: ['hero'], open: false },
      LANGUAGE,
    ],
    fields: {
      '/intro': { label: 'Board header' },
      '/categories': { item: 'category', summary: ['label', 'id'] },
      '/moderation/autoApprove': { label: 'Publish new ideas without review' },
      '/success': { help: 'Shown after someone submits an idea.' },
    },
  },
  'link-page': {
    groups: [
      { title: 'Header', fields: ['header'] },
      { title: 'Links', fields: ['links', 'iconLinks'] },
      { title: 'Look', fields: ['hero', 'legal'] },
      LANGUAGE,
    ],
    fields: {
      '/header': { label: 'Header' },
      '/header/description': { widget: 'long' },
      '/links': { label: 'Buttons', item: 'link', summary: ['label', 'url'] },
      '/links/*/url': { label: 'Link', widget: 'url' },
      '/iconLinks': { label: 'Icon row', item: 'icon link', summary: ['label', 'icon'] },
      '/iconLinks/*/url': { label: 'Link', widget: 'url' },
      '/legal': { label: 'Small print', widget: 'long' },
    },
  },
  'app-promotion': {
    groups: [
      { title: 'Placement', fields: ['placement', 'presentation', 'mode', 'rotationStrategy'] },
      { title: 'Apps to promote', fields: ['destinations'], help: 'Other apps of your account, in order of priority.' },
      { title: 'Card', fields: ['card'], open: false },
      { title: 'Who sees it, how often', fields: ['targeting', 'frequency'], open: false },
      { title: 'Default actions', fields: ['defaultInstalledAction', 'defaultNotInstalledAction', 'defaultDeferredAction', 'defaultLocale'], open: false },
    ],
    fields: {
      '/presentation': { label: 'How it appears', help: 'The App Store overlay (recommended), your card first, or the store sheet.' },
      '/mode': { label: 'Which app is shown', help: 'Single: always the first eligible one. Rotating: they take turns.' },
      '/rotationStrategy': { label: 'Taking turns', help: 'Smart: the one a person saw least recently. Even: equal shares. Weighted: by each destination’s weight.' },
      '/destinations': { label: 'Destinations', item: 'destination', summary: ['destinationAppId'] },
      '/destinations/*/installedAction': { label: 'When they have the app', help: 'Default: the placement’s default (under Default actions).' },
      '/destinations/*/notInstalledAction': { label: 'When they do not', help: 'Default: the placement’s default (under Default actions).' },
      '/destinations/*/deferredAction': { label: 'After installing', help: 'Default: the placement’s default (under Default actions).' },
      '/destinations/*/content': { label: 'Card text' },
      '/destinations/*': { order: ['destinationAppId', 'enabled', 'content', 'installedAction', 'notInstalledAction', 'priority', 'weight'] },
      '/destinations/*/destinationAppId': { label: 'App', ref: 'apps' },
      '/destinations/*/installedAction/name': { label: 'Destination in the app', ref: 'namedDestination' },
      '/destinations/*/deferredAction/name': { label: 'Destination in the app', ref: 'namedDestination' },
      '/defaultInstalledAction/name': { label: 'Destination in the app', ref: 'namedDestination' },
      '/defaultDeferredAction/name': { label: 'Destination in the app', ref: 'namedDestination' },
      '/destinations/*/content/body': { widget: 'long' },
      '/destinations/*/content/imageUrl': { label: 'Card image' },
      '/destinations/*/content/ctaLabel': { label: 'Button label' },
      '/card/accentColor': { label: 'Accent colour' },
    },
  },
  referral: {
    groups: [
      { title: 'Invite page', fields: ['landing'] },
      { title: 'Sharing', fields: ['share'] },
      { title: 'Rewards', fields: ['rewards', 'maxRewardsPerReferrer', 'maxInvitesPerReferrer', 'maxReferralsPerDevice'] },
      LANGUAGE,
    ],
    fields: { '/share/messageTemplate': { widget: 'long' }, '/landing/appStoreUrl': { label: 'App Store link' }, '/landing/websiteUrl': { label: 'Website' } },
  },
  legal: {
    groups: [
      { title: 'Who you are', fields: ['entity', 'effectiveDate'] },
      { title: 'Your answers', fields: ['declarations', 'childrenDirected', 'medicalDisclaimer'] },
      { title: 'Data', fields: ['processors', 'localData', 'platformData'] },
      { title: 'Privacy laws (GDPR, US)', fields: ['audience', 'gdpr'], open: false },
      { title: 'Terms of use', fields: ['terms'], open: false },
      { title: 'Languages and look', fields: ['locale', 'englishAuthoritative', 'locales', 'hero', 'strings'], open: false },
    ],
    fields: {
      '/audience': { label: 'Where your users are' },
      '/entity/privacyRequestUrl': { label: 'Privacy request form (URL)' },
      '/entity/tollFreeNumber': { label: 'Toll-free number for US requests' },
      '/entity/swissRepresentative': { label: 'Swiss representative (Art. 14 FADP)' },
      '/processors/*/processing': { label: 'Where it processes (your statement)' },
      '/gdpr/consent': { label: 'Purposes the app asks consent for' },
      '/gdpr/legalBasis': { label: 'Legal basis per purpose (overrides)' },
      '/gdpr/retention': { label: 'How long you keep each kind of data' },
      '/englishAuthoritative': { label: 'English version prevails' },
      '/processors': { item: 'processor', summary: ['name', 'id'] },
      '/processors/*/description': { widget: 'long' },
      '/localData': { item: 'item' },
      '/platformData': { item: 'capability' },
      '/terms/sections': { item: 'section', summary: ['title'] },
    },
  },
};

/** The hint for a field: the type's own, else the shared one. */
export function hintFor(type: string, pat: string): FieldHint {
  return { ...COMMON[pat], ...HINTS[type]?.fields?.[pat] };
}
