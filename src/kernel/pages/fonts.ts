/**
 * `hero.titleFont` on hosted pages. AppMate's clients send a font name (the native SDK reads it);
 * the page's CSP loads no web font, so a name maps to one of four stacks of fonts the visitor's
 * device already has (public/base.css `body.title-font-*`), applied to the page's titles.
 */
export const TITLE_FONTS = ['system', 'serif', 'rounded', 'mono'] as const;
export type TitleFont = (typeof TITLE_FONTS)[number];

// First match wins: "sans-serif" is the system stack before "serif" is looked at.
const FAMILIES: [RegExp, TitleFont][] = [
  [/mono|courier|menlo|consolas|code/, 'mono'],
  [/round/, 'rounded'],
  [/sans|system|default|sf pro|san francisco|inter\b|helvetica|arial|roboto/, 'system'],
  [/serif|new york|georgia|times|garamond|baskerville|playfair|merriweather|lora\b/, 'serif'],
];

/** The stack a titleFont names (`serif`, `New York`, `SF Pro Rounded`, `monospace`…), or null for a name we cannot draw. */
export function titleFontOf(name: string | null | undefined): TitleFont | null {
  const n = (name ?? '').trim().toLowerCase();
  if (!n) return 'system';
  return FAMILIES.find(([re]) => re.test(n))?.[1] ?? null;
}

/** The <body> class that applies it; none for the system font and for names we cannot draw. */
export function titleFontClass(name: string | null | undefined): string {
  const f = titleFontOf(name);
  return f && f !== 'system' ? `title-font-${f}` : '';
}
