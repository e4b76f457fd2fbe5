import type { ComponentChildren } from 'preact';
import { translator, type Locale, type MessageKey, type Translate } from '../i18n.js';
import { accentOf, stepSchemeClass, type AppBrand } from './brand.js';
import { Layout } from './layout.js';

/**
 * The pieces of the hosted step screens (cancel, onboarding): one screen at a time on a phone
 * sheet, a card on wider screens, the app's name and logo on top, the system's dark mode.
 * public/steps.css styles them (`cx-` classes); a flow adds its own stylesheet.
 */

/** The app on a step page: its name and logo, and its accent and scheme where the flow sets none. */
export interface StepApp extends AppBrand {
  name: string;
  logoUrl: string | null;
}

export interface StepShellProps {
  title: string;
  app: StepApp;
  /** The `lang` of the page: the flow's locale (its built-in words come from that catalog). */
  lang?: string;
  /**
   * The owner's preview: the banner's words (a "Preview" label comes first). They speak to the
   * owner, in the dashboard's language (English), whatever the flow's locale.
   */
  preview?: ComponentChildren;
  /** The flow's own stylesheets, after steps.css. */
  styles?: string[];
  scripts?: string[];
  bodyClass?: string;
  /** The flow's own accent (its `hero.accentColor`): wins over the app's. */
  accent?: string | null;
  /** The flow's own theme (its `hero.theme`): `dark` wins over the app's scheme. */
  flowTheme?: string | null;
  /** Extra elements in <head> (a leaving page's meta refresh). */
  head?: ComponentChildren;
  children: ComponentChildren;
}

export function StepShell(p: StepShellProps) {
  return (
    <Layout
      title={p.title ? `${p.title} · ${p.app.name}` : p.app.name}
      lang={p.lang}
      styles={['steps.css', ...(p.styles ?? [])]}
      scripts={p.scripts}
      accent={accentOf(p.accent, p.app)}
      icon={p.app.logoUrl}
      image={p.app.logoUrl}
      siteName={p.app.name}
      bodyClass={['cx', stepSchemeClass(p.flowTheme, p.app), p.bodyClass].filter(Boolean).join(' ')}
      head={p.head}
    >
      <main class="cx-shell">
        {p.preview ? (
          <p class="cx-preview" role="status" lang="en">
            <strong>Preview</strong> {p.preview}
          </p>
        ) : null}
        <header class="cx-brand">
          {p.app.logoUrl ? <img src={p.app.logoUrl} alt="" width={32} height={32} /> : null}
          <span>{p.app.name}</span>
        </header>
        {p.children}
      </main>
    </Layout>
  );
}

/** Back to the previous screen: a plain link (the screens are GETs); `label` in the page's language. */
export const BackLink = (p: { href: string; label: string }) => (
  <a class="cx-back" href={p.href}>
    <span aria-hidden="true">‹</span>
    {p.label}
  </a>
);

/**
 * A leaving page's way out (WIRE D.6): a meta refresh to the deep link, for the in-app browser
 * to hand the custom-scheme URL to the SDK. Navigation is not governed by the CSP, whose
 * `default-src 'none'` and `script-src 'self'` stay as on every page. The page shows the same
 * URL as a visible link (`OpenLink`) for when nothing happens.
 */
export const RefreshTo = (p: { href: string }) => <meta http-equiv="refresh" content={`0;url=${p.href}`} />;

/** The visible fallback of a leaving page: the deep link itself, as a button. */
export const OpenLink = (p: { href: string; children: ComponentChildren }) => (
  <a class="cx-btn" href={p.href} data-deep-link>
    {p.children}
  </a>
);

/** A page's words: its catalog (the flow's `locale`, with the owner's `strings`) and its `lang`. */
export interface Words {
  t: Translate;
  lang: Locale;
}

/** The words of a flow's pages; a page without a config (a 404, a rate limit) passes the Accept-Language pick. */
export const wordsOf = (c?: { locale?: Locale; strings?: Partial<Record<MessageKey, string>> } | null, fallback: Locale = 'en'): Words => {
  const lang = c?.locale ?? fallback;
  return { t: translator(lang, c?.strings), lang };
};
