import type { ComponentChildren } from 'preact';

/**
 * The hosted pages' icon glyphs: simple line drawings on a 24x24 grid in the style of Lucide and
 * Remix Icon's line set, inline in the page, so an icon costs no request to another site (and
 * nothing the CSP has to allow). Generic shapes, never brand logos. The link page maps its link
 * kinds onto them (link-page.icons.tsx); cancel reasons and waitlist bullets name them as
 * AppMate's clients do, with Lucide, Remix Icon or SF Symbol names (`NamedIcon`).
 */
export const GLYPHS: Record<string, ComponentChildren> = {
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

  dollar: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15 9.3c-.5-1.1-1.6-1.8-3-1.8-1.7 0-3 .9-3 2.2 0 3 6 1.6 6 4.6 0 1.3-1.3 2.2-3 2.2-1.4 0-2.6-.7-3-1.9M12 5.8v1.7M12 16.5v1.7" />
    </>
  ),
  card: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <path d="M2.5 10h19M6.5 15h4" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.2 2" />
    </>
  ),
  x_circle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </>
  ),
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  check_circle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8.2 12.3 2.6 2.6 5-5.2" />
    </>
  ),
  bug: (
    <>
      <rect x="7.5" y="8" width="9" height="12" rx="4.5" />
      <path d="M9.5 8.2V7a2.5 2.5 0 0 1 5 0v1.2M12 12v8M3.5 13h4M16.5 13h4M4.5 8.5l3.2 1.8M19.5 8.5l-3.2 1.8M4.5 19l3.3-2M19.5 19l-3.3-2" />
    </>
  ),
  frown: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 16.5a4.5 4.5 0 0 1 7 0M9 9.5h.01M15 9.5h.01" />
    </>
  ),
  smile: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 14a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
    </>
  ),
  pause: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 9v6M14 9v6" />
    </>
  ),
  map: (
    <>
      <path d="M3 6.5 9 4l6 2.5L21 4v13.5L15 20l-6-2.5L3 20z" />
      <path d="M9 4v13.5M15 6.5V20" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-7-6.1-7-11.3a7 7 0 0 1 14 0C19 14.9 12 21 12 21z" />
      <circle cx="12" cy="9.7" r="2.6" />
    </>
  ),
  cloud: <path d="M7 19h10.5a4 4 0 0 0 .4-8A6 6 0 0 0 6.3 12.2 3.4 3.4 0 0 0 7 19z" />,
  zap: <path d="M13 2.5 4.5 13.5H11l-1 8 8.5-11H12z" />,
  shield: (
    <>
      <path d="M12 3 19.5 6v5.5c0 4.6-3.2 8.3-7.5 9.5-4.3-1.2-7.5-4.9-7.5-9.5V6z" />
      <path d="m9 12 2.2 2.2L15.2 10" />
    </>
  ),
  lock: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </>
  ),
  sparkles: (
    <>
      <path d="M10 3.5 11.8 8.7 17 10.5l-5.2 1.8L10 17.5l-1.8-5.2L3 10.5l5.2-1.8z" />
      <path d="M18 14.5v5M15.5 17h5M18.5 3.5v3M17 5h3" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </>
  ),
  gift: (
    <>
      <rect x="3.5" y="8" width="17" height="4" rx="1" />
      <path d="M5 12v8.5h14V12M12 8v12.5M12 8C10.5 4 6.5 4 7 6.5 7.4 8 12 8 12 8zM12 8c1.5-4 5.5-4 5-1.5C16.6 8 12 8 12 8z" />
    </>
  ),
  rocket: (
    <>
      <path d="M14.5 4.5c3-1.5 5.5-1.5 5.5-1.5s0 2.5-1.5 5.5L12 15l-3-3z" />
      <path d="M9 12 6 11.5l2.5-3.5H12M12 15l.5 3 3.5-2.5V12M6.5 15.5C5 16.5 4.5 19.5 4.5 19.5s3-.5 4-2" />
    </>
  ),
  trend: <path d="m3 17 6-6 4 4 8-8M15 7h6v6" />,
  palette: (
    <>
      <path d="M12 3a9 9 0 0 0 0 18c1.2 0 1.8-.9 1.5-2-.4-1.3.4-2.5 1.8-2.5H18a3 3 0 0 0 3-3C21 7 17 3 12 3z" />
      <circle cx="7.5" cy="11" r="1" />
      <circle cx="10" cy="7" r="1" />
      <circle cx="14.5" cy="7" r="1" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c.8-3.8 3.8-6 7.5-6s6.7 2.2 7.5 6" />
    </>
  ),
  alert: (
    <>
      <path d="M12 3.5 21.5 20h-19z" />
      <path d="M12 10v4.5M12 17.3v.1" />
    </>
  ),
  thumbs_down: <path d="M17 14V3.5M17 14l-4 7c-1.4 0-2.3-1-2-2.4l.8-3.6H5.6A2 2 0 0 1 3.7 12.5l1.6-7A2 2 0 0 1 7.2 4H17h3.5v10z" />,
  repeat: <path d="M4 11V9a3 3 0 0 1 3-3h13M17 3l3 3-3 3M20 13v2a3 3 0 0 1-3 3H4M7 21l-3-3 3-3" />,
  moon: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />,
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
    </>
  ),
  book: <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5zM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" />,
  target: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </>
  ),
  bulb: <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z" />,
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>
  ),
  trash: <path d="M4 6.5h16M9.5 6.5V4h5v2.5M6 6.5l1 14h10l1-14M10 10.5v6M14 10.5v6" />,
};

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
    .replace(/^ri-/, '')
    .replace(/[-.](line|fill|outline|solid)$/, '')
    .replace(/[\s._]+/g, '-');

function glyphOf(name: string): string | undefined {
  const key = iconNameKey(name);
  for (const k of [key, key.replace(/-\d+$/, ''), key.replace(/^circle-|-circle$/, ''), key.replace(/-\d+$/, '').replace(/^circle-|-circle$/, '')]) {
    if (NAMED[k]) return NAMED[k];
  }
  return undefined;
}

/** Whether a string is an icon name (letters, digits, dashes, dots) rather than an emoji or symbol to show as it is. */
export const isIconName = (s: string) => /^[a-z][a-z0-9]*(?:[-._ ][a-z0-9]+)*$/i.test(s.trim());

/** Whether a name draws a glyph (for warnings: an unknown name shows nothing). */
export const knownIconName = (name: string) => glyphOf(name) !== undefined;

/** The svg of one glyph, in the text colour; decorative (its label is beside it). */
export const Glyph = ({ glyph }: { glyph: string }) => (
  <svg class="glyph" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">
    {GLYPHS[glyph]}
  </svg>
);

/**
 * An icon a config names (a cancel reason's `iconName`, a waitlist bullet's `icon`): an emoji or
 * symbol stays as written; a Lucide / Remix Icon / SF Symbol name draws its glyph; an unknown name
 * draws nothing (never the word itself, which overflowed the bullet's chip).
 */
export function NamedIcon({ name }: { name: string | undefined | null }) {
  if (!name?.trim()) return null;
  if (!isIconName(name)) return <>{name}</>;
  const glyph = glyphOf(name);
  return glyph ? <Glyph glyph={glyph} /> : null;
}

/** Whether `NamedIcon` draws anything for this value. */
export const iconShows = (name: string | undefined | null) => !!name?.trim() && (!isIconName(name) || knownIconName(name));
