import { closestIconNames, lucideNames, packageIcon, remixNames } from '../../kernel/pages/icon-set.js';
import { Glyph, IconSvg, isEmoji } from '../../kernel/pages/icons.js';
import type { SvgIcon } from '../../kernel/pages/svg-sanitise.js';

/**
 * The link page's icons. An icon link's `icon` is, in this order:
 * - an emoji, shown as text in the icon's place;
 * - one of our link names below: the kernel's glyphs (kernel/pages/icons.tsx, Lucide under our
 *   names), drawn for what a link leads to (a camera for Instagram, a play button for YouTube),
 *   matched lower-cased with `-`, ` ` and `.` read as `_`; several names share a glyph;
 * - `ri:<key>` (or `ri-<key>`): that Remix Icon (`ri:instagram`, `ri:github-fill`), brand marks
 *   included, as AppMate's clients document;
 * - a Lucide name (`circle-dollar-sign`);
 * - else unknown: the generic link glyph, and the warning `unknown_icon`.
 * Icons come from the packages' SVG files, sanitised and inlined (kernel/pages/icon-set.ts).
 */

/** Our link names -> glyph. */
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

/** Every one of our link names, for messages and docs. */
export const ICON_NAMES = Object.keys(NAMES);

type Drawn = { emoji: string } | { glyph: string } | { svg: SvgIcon };

function drawnIcon(name: string): Drawn | undefined {
  if (isEmoji(name)) return { emoji: name.trim() };
  const glyph = NAMES[iconKey(name)];
  if (glyph) return { glyph };
  const svg = packageIcon(name);
  return svg && { svg };
}

/** Whether a name draws an icon of its own (else the generic link glyph is drawn). */
export const knownIcon = (name: string) => drawnIcon(name) !== undefined;

/** Known names close to an unknown one (`ri:` keys among Remix Icon's, others among ours and Lucide's), for the warning. */
export function iconHints(name: string): string[] {
  const ri = /^ri[:-](.+)$/i.exec(name.trim());
  return ri ? closestIconNames(ri[1], remixNames().map((n) => n.replace(/-(line|fill)$/, ''))).map((n) => `ri:${n}`) : closestIconNames(name, [...ICON_NAMES, ...lucideNames()]);
}

export function Icon({ name }: { name: string }) {
  const icon = drawnIcon(name) ?? { glyph: 'link' };
  if ('emoji' in icon) {
    return (
      <span class="icon emoji" aria-hidden="true">
        {icon.emoji}
      </span>
    );
  }
  return 'svg' in icon ? <IconSvg icon={icon.svg} class="icon" /> : <Glyph glyph={icon.glyph} class="icon" />;
}
