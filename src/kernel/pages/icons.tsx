import { h, type ComponentChildren, type VNode } from 'preact';
import { packageIcon } from './icon-set.js';
import type { SvgIcon, SvgNode } from './svg-sanitise.js';

/**
 * The hosted pages' icon glyphs, inline in the page, so an icon costs no request to another site
 * (and nothing the CSP has to allow). Each glyph is a Lucide icon read from its npm package
 * (icon-set.ts: one source, the package), under our own names, which configs and the link page
 * use. Two are drawn here because Lucide has no equivalent (it ships no brand marks, and these
 * are the generic shapes the link page shows for Instagram and the App Store). The link page
 * maps its link kinds onto these names (link-page.icons.tsx); cancel reasons and waitlist bullets
 * name icons as AppMate's clients do, with Lucide, Remix Icon or SF Symbol names (`NamedIcon`).
 */
const LUCIDE: Record<string, string> = {
  link: 'link', globe: 'globe', mail: 'mail', phone: 'smartphone', cross: 'x', play: 'square-play', note: 'music', people: 'users', briefcase: 'briefcase',
  code: 'code-xml', chat: 'message-square', triangle: 'play', mic: 'mic', rss: 'rss', bag: 'shopping-bag', calendar: 'calendar', help: 'circle-question-mark',
  heart: 'heart', star: 'star', doc: 'file-text', dollar: 'circle-dollar-sign', card: 'credit-card', clock: 'clock', x_circle: 'circle-x', check: 'check',
  check_circle: 'circle-check', bug: 'bug', frown: 'frown', smile: 'smile', pause: 'circle-pause', map: 'map', pin: 'map-pin', cloud: 'cloud', zap: 'zap',
  shield: 'shield-check', lock: 'lock', sparkles: 'sparkles', bell: 'bell', gift: 'gift', rocket: 'rocket', trend: 'trending-up', palette: 'palette',
  settings: 'settings', user: 'user', alert: 'triangle-alert', thumbs_down: 'thumbs-down', repeat: 'repeat', moon: 'moon', sun: 'sun', book: 'book',
  target: 'target', bulb: 'lightbulb', search: 'search', trash: 'trash-2',
};

/** Glyphs without a Lucide equivalent, drawn on Lucide's 24x24 grid in its line style. */
const DRAWN: Record<string, ComponentChildren> = {
  camera: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" />
    </>
  ),
  download: (
    <>
      <rect x="5" y="2.5" width="14" height="19" rx="3" />
      <path d="M12 7v7M9 11l3 3 3-3" />
    </>
  ),
};

/** Every glyph name, and the Lucide icon behind it (for tests: each must exist in the package). */
export const GLYPH_NAMES = [...Object.keys(LUCIDE), ...Object.keys(DRAWN)];
export const lucideOfGlyph = (glyph: string): string | undefined => LUCIDE[glyph];

/**
 * Icon names as clients send them -> glyph. Keys are normalised names (`iconKey`): Lucide
 * (`circle-dollar-sign`), Remix Icon without `ri-` and `-line`/`-fill` (`money-dollar-circle`) and
 * SF Symbols with dots as dashes (`dollarsign.circle`); a trailing number (`map-2`) and a
 * `circle-` / `-circle` around the name are tried away when the full name is not here.
 */
const NAMED: Record<string, string> = {
  // money, price
  dollar: 'dollar', 'dollar-sign': 'dollar', 'circle-dollar-sign': 'dollar', 'badge-dollar-sign': 'dollar', 'money-dollar': 'dollar', money: 'dollar', dollarsign: 'dollar',
  banknote: 'dollar', coins: 'dollar', 'hand-coins': 'dollar', price: 'dollar', 'price-tag': 'dollar', tag: 'dollar', 'piggy-bank': 'dollar', euro: 'dollar', 'money-euro': 'dollar', eurosign: 'dollar',
  'credit-card': 'card', 'bank-card': 'card', creditcard: 'card', wallet: 'card', receipt: 'card',
  // time
  clock: 'clock', time: 'clock', timer: 'clock', 'alarm-clock': 'clock', alarm: 'clock', hourglass: 'clock', history: 'clock', 'clock-arrow-circlepath': 'clock',
  calendar: 'calendar', 'calendar-days': 'calendar', 'calendar-event': 'calendar', 'calendar-x': 'calendar',
  pause: 'pause', 'circle-pause': 'pause', 'pause-circle': 'pause', 'pause-mini': 'pause',
  // yes, no, trouble
  x: 'x_circle', 'x-circle': 'x_circle', 'circle-x': 'x_circle', close: 'x_circle', xmark: 'x_circle', 'forbid': 'x_circle', ban: 'x_circle', 'circle-slash': 'x_circle',
  check: 'check', checkmark: 'check', 'check-circle': 'check_circle', 'circle-check': 'check_circle', 'circle-check-big': 'check_circle', 'checkbox-circle': 'check_circle', 'checkmark-circle': 'check_circle',
  bug: 'bug', ant: 'bug', ladybug: 'bug', 'alert-triangle': 'alert', 'triangle-alert': 'alert', alert: 'alert', error: 'alert', 'error-warning': 'alert', warning: 'alert', 'exclamationmark-triangle': 'alert', 'circle-alert': 'alert',
  frown: 'frown', 'emotion-unhappy': 'frown', 'emotion-sad': 'frown', sad: 'frown', 'face-frowning': 'frown', annoyed: 'frown', angry: 'frown',
  smile: 'smile', 'emotion-happy': 'smile', emotion: 'smile', 'face-smiling': 'smile', laugh: 'smile',
  'thumbs-down': 'thumbs_down', 'thumb-down': 'thumbs_down', 'hand-thumbsdown': 'thumbs_down', dislike: 'thumbs_down',
  'help-circle': 'help', 'circle-help': 'help', question: 'help', questionmark: 'help', 'message-circle-question': 'help', help: 'help',
  search: 'search', magnifyingglass: 'search', trash: 'trash', 'trash-2': 'trash', delete: 'trash', 'delete-bin': 'trash',
  repeat: 'repeat', 'refresh-cw': 'repeat', refresh: 'repeat', 'arrow-left-right': 'repeat', 'arrow-triangle-2-circlepath': 'repeat', 'swap': 'repeat',
  // features
  map: 'map', 'map-pinned': 'map', 'road-map': 'map', 'map-pin': 'pin', 'map-pin-2': 'pin', pin: 'pin', location: 'pin', mappin: 'pin', 'mappin-and-ellipse': 'pin', 'navigation': 'pin',
  cloud: 'cloud', 'cloud-upload': 'cloud', 'cloud-check': 'cloud', icloud: 'cloud', sync: 'repeat', 'cloud-sync': 'cloud',
  zap: 'zap', bolt: 'zap', flashlight: 'zap', flash: 'zap', lightning: 'zap', thunderbolt: 'zap', flame: 'zap', fire: 'zap',
  shield: 'shield', 'shield-check': 'shield', 'shield-checkmark': 'shield', 'shield-keyhole': 'shield', 'shield-user': 'shield',
  lock: 'lock', 'lock-keyhole': 'lock', 'lock-password': 'lock', key: 'lock', 'key-round': 'lock',
  sparkles: 'sparkles', sparkle: 'sparkles', sparkling: 'sparkles', magic: 'sparkles', 'wand-sparkles': 'sparkles', wand: 'sparkles', stars: 'sparkles', 'ai-generate': 'sparkles',
  bell: 'bell', 'bell-ring': 'bell', notification: 'bell', 'notification-badge': 'bell', 'bell-badge': 'bell',
  gift: 'gift', present: 'gift', giftcard: 'gift', rocket: 'rocket', 'rocket-launch': 'rocket', launch: 'rocket',
  'trending-up': 'trend', 'line-chart': 'trend', 'chart-line': 'trend', 'bar-chart': 'trend', 'chart-bar': 'trend', chart: 'trend', 'chart-line-uptrend-xyaxis': 'trend', 'stock': 'trend', 'increase': 'trend', growth: 'trend', 'arrow-up-right': 'trend',
  palette: 'palette', paintpalette: 'palette', paint: 'palette', brush: 'palette', 'paint-brush': 'palette', swatch: 'palette',
  settings: 'settings', gear: 'settings', gearshape: 'settings', cog: 'settings', 'sliders-horizontal': 'settings', equalizer: 'settings',
  user: 'user', person: 'user', account: 'user', 'account-circle': 'user', 'user-round': 'user', profile: 'user',
  users: 'people', team: 'people', group: 'people', 'person-2': 'people', 'person-3': 'people', 'users-round': 'people', community: 'people',
  moon: 'moon', 'moon-clear': 'moon', sleep: 'moon', 'zzz': 'moon', night: 'moon', sun: 'sun', 'sun-medium': 'sun', day: 'sun',
  book: 'book', 'book-open': 'book', 'book-2': 'book', books: 'book', 'graduation-cap': 'book', 'book-closed': 'book',
  target: 'target', goal: 'target', focus: 'target', crosshair: 'target', scope: 'target', 'focus-2': 'target',
  lightbulb: 'bulb', bulb: 'bulb', idea: 'bulb', 'lightbulb-flash': 'bulb', 'lightbulb-max': 'bulb',
  // shared with the link page
  heart: 'heart', like: 'heart', star: 'star', mail: 'mail', envelope: 'mail', email: 'mail', globe: 'globe', global: 'globe', world: 'globe', earth: 'globe',
  phone: 'phone', smartphone: 'phone', iphone: 'phone', camera: 'camera', image: 'camera', photo: 'camera', music: 'note', 'music-note': 'note', 'music-2': 'note',
  'message-circle': 'chat', message: 'chat', chat: 'chat', 'chat-3': 'chat', 'bubble-left': 'chat', 'message-square': 'chat', messages: 'chat',
  download: 'download', 'arrow-down-circle': 'download', code: 'code', 'code-s-slash': 'code', link: 'link', 'file-text': 'doc', file: 'doc', 'doc-text': 'doc', document: 'doc',
  'shopping-bag': 'bag', 'shopping-cart': 'bag', cart: 'bag', bag: 'bag', mic: 'mic', microphone: 'mic', podcast: 'mic', rss: 'rss', briefcase: 'briefcase', play: 'play', video: 'play', 'play-circle': 'play',
};

/** A name as clients write it, normalised: `ri-map-2-line` -> `map-2`, `dollarsign.circle.fill` -> `dollarsign-circle`. */
export const iconNameKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/^ri[-:]/, '')
    .replace(/[-.](line|fill|outline|solid)$/, '')
    .replace(/[\s._]+/g, '-');

function glyphOf(name: string): string | undefined {
  const key = iconNameKey(name);
  for (const k of [key, key.replace(/-\d+$/, ''), key.replace(/^circle-|-circle$/, ''), key.replace(/-\d+$/, '').replace(/^circle-|-circle$/, '')]) {
    if (NAMED[k]) return NAMED[k];
  }
  return undefined;
}

/** Whether a string is an icon name (letters, digits, dashes, dots; `ri:` before a Remix Icon key) rather than an emoji or symbol to show as it is. */
export const isIconName = (s: string) => /^(?:ri:)?[a-z][a-z0-9]*(?:[-._ ][a-z0-9]+)*$/i.test(s.trim());

/** Whether a string is one emoji (or a short run of them: flags, keycaps, skin tones, ZWJ sequences), to show as text. */
export function isEmoji(s: string): boolean {
  const t = s.trim();
  if (!/\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u.test(t)) return false;
  if (!/^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u200d\ufe0f\u20e3])+$/u.test(t)) return false;
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(t)].length <= 3;
}

/**
 * The icon a name draws: our names and their Lucide / Remix Icon / SF Symbol spellings first
 * (their look stays what it was), else the Lucide icon of that exact name, else the Remix Icon
 * one (`ri-<key>`, `ri:<key>`, or a bare `<key>-line`).
 */
function iconOf(name: string): { glyph: string } | { svg: SvgIcon } | undefined {
  const glyph = glyphOf(name);
  if (glyph) return { glyph };
  const raw = name.trim().toLowerCase();
  const svg = packageIcon(raw) ?? (/-(line|fill)$/.test(raw) ? packageIcon(`ri:${raw}`) : undefined);
  return svg && { svg };
}

/** Whether a name draws an icon (for warnings: an unknown name shows nothing). */
export const knownIconName = (name: string) => iconOf(name) !== undefined;

const svgChildren = (nodes: SvgNode[]): VNode[] => nodes.map((n) => h(n.tag, n.attrs, ...svgChildren(n.children)));

const STROKE = { fill: 'none', stroke: 'currentColor', 'stroke-width': '1.8', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' } as const;

/** A sanitised package icon as inline SVG, in the text colour; decorative (its label is beside it). */
export const IconSvg = ({ icon, class: cls = 'glyph' }: { icon: SvgIcon; class?: string }) => (
  <svg class={cls} viewBox={icon.viewBox} width="24" height="24" {...(icon.paint === 'stroke' ? STROKE : { fill: 'currentColor' })} aria-hidden="true" focusable="false">
    {svgChildren(icon.nodes)}
  </svg>
);

/** The svg of one of our glyphs (`GLYPH_NAMES`); nothing for another name. */
export function Glyph({ glyph, class: cls = 'glyph' }: { glyph: string; class?: string }) {
  if (DRAWN[glyph]) {
    return (
      <svg class={cls} viewBox="0 0 24 24" width="24" height="24" {...STROKE} aria-hidden="true" focusable="false">
        {DRAWN[glyph]}
      </svg>
    );
  }
  const icon = LUCIDE[glyph] ? packageIcon(LUCIDE[glyph]) : undefined;
  return icon ? <IconSvg icon={icon} class={cls} /> : null;
}

/**
 * An icon a config names (a cancel reason's `iconName`, a waitlist bullet's `icon`): an emoji or
 * symbol stays as written; a Lucide / Remix Icon / SF Symbol name draws its icon; an unknown name
 * draws nothing (never the word itself, which overflowed the bullet's chip).
 */
export function NamedIcon({ name }: { name: string | undefined | null }) {
  if (!name?.trim()) return null;
  if (!isIconName(name)) return <>{name}</>;
  const icon = iconOf(name);
  if (!icon) return null;
  return 'glyph' in icon ? <Glyph glyph={icon.glyph} /> : <IconSvg icon={icon.svg} />;
}

/** Whether `NamedIcon` draws anything for this value. */
export const iconShows = (name: string | undefined | null) => !!name?.trim() && (!isIconName(name) || knownIconName(name));
