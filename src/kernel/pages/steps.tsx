import type { ComponentChildren } from 'preact';
import { Layout } from './layout.js';

/**
 * The pieces of the hosted step screens (cancel, onboarding): one screen at a time on a phone
 * sheet, a card on wider screens, the app's name and logo on top, the system's dark mode.
 * public/steps.css styles them (`cx-` classes); a flow adds its own stylesheet.
 */

export interface StepApp {
  name: string;
  logoUrl: string | null;
}

export interface StepShellProps {
  title: string;
  app: StepApp;
  /** The owner's preview: the banner's words (a "Preview" label comes first). */
  preview?: ComponentChildren;
  /** The flow's own stylesheets, after steps.css. */
  styles?: string[];
  scripts?: string[];
  bodyClass?: string;
  accent?: string | null;
  /** Extra elements in <head> (a leaving page's meta refresh). */
  head?: ComponentChildren;
  children: ComponentChildren;
}

export function StepShell(p: StepShellProps) {
  return (
    <Layout
      title={p.title ? `${p.title} · ${p.app.name}` : p.app.name}
      styles={['steps.css', ...(p.styles ?? [])]}
      scripts={p.scripts}
      accent={p.accent}
      icon={p.app.logoUrl}
      image={p.app.logoUrl}
      siteName={p.app.name}
      bodyClass={p.bodyClass ? `cx ${p.bodyClass}` : 'cx'}
      head={p.head}
    >
      <main class="cx-shell">
        {p.preview ? (
          <p class="cx-preview" role="status">
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

/** Back to the previous screen: a plain link (the screens are GETs). */
export const BackLink = (p: { href: string }) => (
  <a class="cx-back" href={p.href}>
    <span aria-hidden="true">‹</span>Back
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
