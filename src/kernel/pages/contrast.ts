/**
 * Readable colours from an owner's accent (WCAG 2.2 contrast): an accent that fails contrast
 * gets readable text automatically instead of a warning nobody reads. Served as CSS variables by
 * /assets/accent.css (kernel/pages/assets.ts), so pages keep a CSP without inline styles.
 */
type Rgb = [number, number, number];

const parse = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const format = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i] * (1 - t) + b[i] * t) as Rgb;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string | Rgb, b: string | Rgb): number {
  const [la, lb] = [typeof a === 'string' ? parse(a) : a, typeof b === 'string' ? parse(b) : b].map(luminance);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const DARK_BG: Rgb = [13, 14, 19]; // body.theme-dark --bg
const TARGET = 4.6; // 4.5:1 for normal text, with a little room for rounding and antialiasing

/** Moves `c` towards `to` in 5 % steps until it reaches TARGET against `bg`. */
function until(c: Rgb, to: Rgb, bg: Rgb): Rgb {
  for (let t = 0; t <= 1; t += 0.05) {
    const x = mix(c, to, t);
    if (contrast(x, bg) >= TARGET) return x;
  }
  return to;
}

/** Where a filled button sits: the card and the page behind it, on light and on dark pages (base.css, steps.css). */
const LIGHT_SURFACES: Rgb[] = [WHITE, [247, 247, 251]];
const DARK_SURFACES: Rgb[] = [[22, 24, 33], [24, 26, 34], [13, 14, 19], [15, 16, 21]];
/** WCAG 1.4.11 (non-text contrast): a button's shape needs 3:1 against what is around it; a fix aims a little higher. */
const STAND_OUT = 3;
const STAND_OUT_FIXED = 3.1;

const against = (c: Rgb, surfaces: Rgb[]) => Math.min(...surfaces.map((s) => contrast(c, s)));
const onOf = (c: Rgb) => (contrast(c, WHITE) >= 4.5 || contrast(c, WHITE) >= contrast(c, [17, 17, 17]) ? '#ffffff' : '#111111');

export interface AccentPalette {
  accent: string;
  /** Accent-coloured text on light pages, including on accent tints (chips, the gradient hero). */
  ink: string;
  /** The same on dark pages. */
  inkDark: string;
  /** Text on an accent-filled button or mark: white, or near-black for light accents. */
  on: string;
  /**
   * On light pages, the edge of a filled button whose accent hardly shows on the card (a pale
   * yellow on white): the ink, so the button keeps the owner's colour and still has a visible
   * shape. `transparent` when the accent stands out by itself.
   */
  edge: string;
  /** The button fill on dark pages: the accent, lightened until it stands out from the dark card (a near-black accent there was 1.1:1). */
  fillDark: string;
  /** Text on `fillDark`. */
  onDark: string;
  /** The accent's own contrast against the light and the dark card (the lower of card and page), for the dashboard's note. */
  ratioLight: number;
  ratioDark: number;
}

export function accentPalette(hex: string): AccentPalette {
  const c = parse(hex);
  // The lightest background accent text sits on: a 30 % accent tint over white (the gradient
  // hero behind a 12 % chip). The darkest on dark pages: a 28 % tint over the dark background.
  const ink = until(c, BLACK, mix(WHITE, c, 0.3));
  const inkDark = until(c, WHITE, mix(DARK_BG, c, 0.28));
  const ratioLight = against(c, LIGHT_SURFACES);
  const ratioDark = against(c, DARK_SURFACES);
  let fillDark = c;
  for (let t = 0.05; ratioDark < STAND_OUT && t <= 1 && against(fillDark, DARK_SURFACES) < STAND_OUT_FIXED; t += 0.05) fillDark = mix(c, WHITE, t);
  return {
    accent: format(c),
    ink: format(ink),
    inkDark: format(inkDark),
    on: onOf(c),
    edge: ratioLight < STAND_OUT ? format(ink) : 'transparent',
    fillDark: format(fillDark),
    onDark: onOf(fillDark),
    ratioLight,
    ratioDark,
  };
}

/**
 * What the dashboard says at the accent field: for each scheme on which the colour does not
 * stand out from the card by itself, what the pages do about it. Empty when it does on both.
 */
export function accentNotes(hex: string): string[] {
  const p = accentPalette(hex);
  const r = (n: number) => `${n.toFixed(2)}:1`;
  const out: string[] = [];
  if (p.ratioLight < STAND_OUT) out.push(`On light pages ${p.accent} is ${r(p.ratioLight)} against the card, under the 3:1 a button needs: buttons keep it and get a ${p.ink} edge.`);
  if (p.ratioDark < STAND_OUT) out.push(`On dark pages ${p.accent} is ${r(p.ratioDark)} against the card: buttons use ${p.fillDark} there instead.`);
  return out;
}
