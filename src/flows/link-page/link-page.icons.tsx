import { GLYPHS } from '../../kernel/pages/icons.js';

/**
 * The link page's icons: the kernel's glyphs (kernel/pages/icons.tsx), drawn for what a link
 * leads to (a camera for Instagram, a play button for YouTube), not brand logos: no trademark
 * artwork ships with the server. Names are matched lower-cased with `-`, ` ` and `.` read as
 * `_`; several names share a glyph; an unknown name draws the generic link glyph.
 */

/** Accepted names -> glyph. */
const NAMES: Record<string, string> = {
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
