/**
 * App branding on hosted pages (#32): an app sets its accent colour, colour scheme and logo once,
 * and every hosted page uses them unless its flow sets its own. Precedence, everywhere:
 * the flow's own `hero.accentColor` / `hero.theme` > the app's `accentColor` / `theme` > the
 * page's built-in default. `auto` follows the visitor's system setting through a
 * `prefers-color-scheme` media query in the stylesheets (`body.theme-auto`): no script.
 */

export const APP_THEMES = ['light', 'dark', 'auto'] as const;
export type AppTheme = (typeof APP_THEMES)[number];

export const asTheme = (v: string | null | undefined): AppTheme | null => ((APP_THEMES as readonly string[]).includes(v ?? '') ? (v as AppTheme) : null);

/** What an app says about its pages' look (the logo travels with its name, as before). */
export interface AppBrand {
  accentColor?: string | null;
  theme?: AppTheme | null;
}

/** An apps row's branding. */
export const brandOfRow = (r: { accent_color?: string | null; theme?: string | null }): AppBrand => ({ accentColor: r.accent_color ?? null, theme: asTheme(r.theme) });

/** The page's accent: the flow's own, else the app's; null is the built-in indigo. */
export const accentOf = (flowAccent: string | null | undefined, app?: AppBrand | null): string | null => flowAccent || app?.accentColor || null;

/**
 * The theme of a page whose flow can pick one of `allowed` (minimal, gradient, dark,
 * side_by_side): the flow's own wins; else the app's scheme (`dark`, or `auto`: the minimal look,
 * dark when the system is); else `fallback`, the page's built-in look (light).
 */
export function heroThemeOf(flowTheme: string | null | undefined, allowed: readonly string[], app?: AppBrand | null, fallback = 'minimal'): string {
  if (flowTheme && allowed.includes(flowTheme)) return flowTheme;
  if (app?.theme === 'dark') return 'dark';
  if (app?.theme === 'auto') return 'auto';
  return fallback;
}

/** The scheme class of a page with a fixed look (the referral invite, legal pages, message pages): the app's, or none (light). */
export const schemeClassOf = (app?: AppBrand | null): string => (app?.theme === 'dark' ? 'theme-dark' : app?.theme === 'auto' ? 'theme-auto' : '');

/**
 * The scheme class of a step page (cancel, onboarding), whose flow themes other than `dark` are
 * looks, not schemes: a flow's `dark` wins, else the app's scheme; unset, the system's (as these
 * pages always did: they open in the app's in-app browser, next to the app's own dark mode).
 */
export function stepSchemeClass(flowTheme: string | null | undefined, app?: AppBrand | null): 'theme-dark' | 'theme-light' | 'theme-auto' {
  if (flowTheme === 'dark' || app?.theme === 'dark') return 'theme-dark';
  if (app?.theme === 'light') return 'theme-light';
  return 'theme-auto';
}
