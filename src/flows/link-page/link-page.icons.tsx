import type { ComponentChildren } from 'preact';

/**
 * The link page's icon glyphs: simple line drawings on a 24x24 grid, inline in the page, so an
 * icon costs no request to another site (and nothing the CSP has to allow). They are generic
 * shapes for what a link leads to (a camera for Instagram, a play button for YouTube), not
 * brand logos: no trademark artwork ships with the server. Names are matched lower-cased with
 * `-`, ` ` and `.` read as `_`; several names share a glyph.
 */
const GLYPHS: Record<string, ComponentChildren> = {
  link: (
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </>
  ),
  phone: (
    <>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10.5 18h3" />
    </>
  ),
  camera: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" />
    </>
  ),
  cross: <path d="M4.5 4.5 19.5 19.5M19.5 4.5 4.5 19.5" />,
  play: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  note: (
    <>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </>
  ),
  people: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
      <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c2 .7 3.2 2.4 3.5 5.2" />
    </>
  ),
  briefcase: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 12.5h18" />
    </>
  ),
  code: <path d="m8 7-5 5 5 5M16 7l5 5-5 5M13.5 4l-3 16" />,
  chat: <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />,
  download: (
    <>
      <rect x="5" y="2.5" width="14" height="19" rx="3" />
      <path d="M12 7v7M9 11l3 3 3-3" />
    </>
  ),
  triangle: <path d="M6 3.5v17l14-8.5z" />,
  mic: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    </>
  ),
  rss: (
    <>
      <path d="M5 11a8 8 0 0 1 8 8M5 5a14 14 0 0 1 14 14" />
      <circle cx="6" cy="18" r="1.2" />
    </>
  ),
  bag: (
    <>
      <path d="M5 8h14l-1 12H6z" />
      <path d="M9 10V7a3 3 0 0 1 6 0v3" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5M12 17.2v.1" />
    </>
  ),
  heart: <path d="M12 20s-7.5-4.6-8.6-9.5C2.7 7.3 4.8 4.8 7.6 4.8c1.9 0 3.3 1 4.4 2.6 1.1-1.6 2.5-2.6 4.4-2.6 2.8 0 4.9 2.5 4.2 5.7C19.5 15.4 12 20 12 20z" />,
  star: <path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />,
  doc: (
    <>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4M9 12h6M9 16h6" />
    </>
  ),
};

/** Accepted names -> glyph. */
const NAMES: Record<string, keyof typeof GLYPHS> = {
  link: 'link', url: 'link', other: 'link',
  website: 'globe', web: 'globe', site: 'globe', globe: 'globe', homepage: 'globe', home: 'globe',
  email: 'mail', mail: 'mail', newsletter: 'mail', contact: 'mail',
  phone: 'phone', call: 'phone', sms: 'phone',
  instagram: 'camera', camera: 'camera', photos: 'camera',
  x: 'cross', twitter: 'cross',
  youtube: 'play', video: 'play', vimeo: 'play', twitch: 'play',
  tiktok: 'note', music: 'note', spotify: 'note', apple_music: 'note', soundcloud: 'note',
  facebook: 'people', threads: 'people', mastodon: 'people', bluesky: 'people', community: 'people', social: 'people', reddit: 'people', snapchat: 'people', pinterest: 'people',
  linkedin: 'briefcase', jobs: 'briefcase', careers: 'briefcase',
  github: 'code', gitlab: 'code', code: 'code', developer: 'code', api: 'code',
  discord: 'chat', slack: 'chat', telegram: 'chat', whatsapp: 'chat', messenger: 'chat', chat: 'chat', support: 'chat', signal: 'chat',
  app_store: 'download', appstore: 'download', ios: 'download', apple: 'download', testflight: 'download', download: 'download', app: 'download',
  google_play: 'triangle', play_store: 'triangle', playstore: 'triangle', android: 'triangle', play: 'triangle',
  podcast: 'mic', mic: 'mic',
  blog: 'rss', rss: 'rss', substack: 'rss', medium: 'rss', news: 'rss',
  shop: 'bag', store: 'bag', merch: 'bag', etsy: 'bag',
  calendar: 'calendar', events: 'calendar', booking: 'calendar',
  help: 'help', faq: 'help', docs: 'doc', documentation: 'doc', privacy: 'doc', terms: 'doc', legal: 'doc',
  heart: 'heart', donate: 'heart', patreon: 'heart', kofi: 'heart', ko_fi: 'heart', sponsor: 'heart',
  star: 'star', review: 'star', rate: 'star', producthunt: 'star', product_hunt: 'star',
};

export const iconKey = (name: string) => name.trim().toLowerCase().replace(/[-\s.]+/g, '_');

/** Whether a name has a glyph of its own (else the generic link glyph is drawn). */
export const knownIcon = (name: string) => iconKey(name) in NAMES;

/** Every accepted icon name, for messages and docs. */
export const ICON_NAMES = Object.keys(NAMES);

export function Icon({ name }: { name: string }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">
      {GLYPHS[NAMES[iconKey(name)] ?? 'link']}
    </svg>
  );
}
