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

export interface AccentPalette {
  accent: string;
  /** Accent-coloured text on light pages, including on accent tints (chips, the gradient hero). */
  ink: string;
  /** The same on dark pages. */
  inkDark: string;
  /** Text on an accent-filled button or mark: white, or near-black for light accents. */
  on: string;
}

export function accentPalette(hex: string): AccentPalette {
  const c = parse(hex);
  // The lightest background accent text sits on: a 30 % accent tint over white (the gradient
  // hero behind a 12 % chip). The darkest on dark pages: a 28 % tint over the dark background.
  const ink = until(c, BLACK, mix(WHITE, c, 0.3));
  const inkDark = until(c, WHITE, mix(DARK_BG, c, 0.28));
  const on = contrast(c, WHITE) >= 4.5 || contrast(c, WHITE) >= contrast(c, [17, 17, 17]) ? '#ffffff' : '#111111';
  return { accent: format(c), ink: format(ink), inkDark: format(inkDark), on };
}
