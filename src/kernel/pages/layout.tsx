import { accentOf, schemeClassOf, type AppBrand } from './brand.js';
import type { ComponentChildren } from 'preact';

export interface LayoutProps {
  title: string;
  /** Page description for link previews. */
  description?: string;
  lang?: string;
  /** `#rrggbb` accent colour; applied through a generated stylesheet (CSP forbids inline styles). */
  accent?: string | null;
  /** Extra class on <body> (themes: theme-minimal, theme-gradient, theme-dark, theme-side_by_side). */
  bodyClass?: string;
  /** Scripts under /assets/ for progressive enhancement; pages must work without them. */
  scripts?: string[];
  /** Stylesheets under /assets/ in addition to the base one. */
  styles?: string[];
  /** Favicon URL (an app's logo); the service's mark when absent, so no page asks for a missing one. */
  icon?: string | null;
  /** Link-preview image (Open Graph, Twitter card): the app's logo on shareable pages. */
  image?: string | null;
  /** Site name in link previews (the app's name). */
  siteName?: string;
  /** Extra elements at the end of <head> (the cancel page's leaving meta refresh). */
  head?: ComponentChildren;
  children: ComponentChildren;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The one page shell: escaped by construction (Preact), no inline script or style anywhere. */
export function Layout(p: LayoutProps) {
  return (
    <html lang={p.lang ?? 'en'}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{p.title}</title>
        {p.description ? <meta name="description" content={p.description} /> : null}
        {/* Link previews (chat apps, social sites): title, description, image, as shared. */}
        <meta property="og:type" content="website" />
        <meta property="og:title" content={p.title} />
        {p.description ? <meta property="og:description" content={p.description} /> : null}
        {p.siteName ? <meta property="og:site_name" content={p.siteName} /> : null}
        {p.image ? <meta property="og:image" content={p.image} /> : null}
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={p.title} />
        {p.description ? <meta name="twitter:description" content={p.description} /> : null}
        {p.image ? <meta name="twitter:image" content={p.image} /> : null}
        <meta name="theme-color" content={p.accent && HEX.test(p.accent) ? p.accent.toLowerCase() : '#4f46e5'} />
        <link rel="icon" href={p.icon ?? '/assets/favicon.svg'} />
        <link rel="stylesheet" href="/assets/base.css" />
        {(p.styles ?? []).map((s) => (
          <link rel="stylesheet" href={`/assets/${s}`} />
        ))}
        {p.accent && HEX.test(p.accent) ? <link rel="stylesheet" href={`/assets/accent.css?c=${p.accent.slice(1).toLowerCase()}`} /> : null}
        {(p.scripts ?? []).map((s) => (
          <script src={`/assets/${s}`} defer />
        ))}
        {p.head}
      </head>
      <body class={p.bodyClass}>{p.children}</body>
    </html>
  );
}

/** A plain centred message page (not found, disabled, ended...). */
export function MessagePage(p: { title: string; message: string; accent?: string | null; lang?: string; app?: ({ name: string; logoUrl?: string | null } & AppBrand) | null }) {
  return (
    <Layout
      title={p.app ? `${p.title} · ${p.app.name}` : p.title}
      accent={accentOf(p.accent, p.app)}
      lang={p.lang}
      bodyClass={['theme-minimal', schemeClassOf(p.app)].filter(Boolean).join(' ')}
      icon={p.app?.logoUrl}
      siteName={p.app?.name}
    >
      <main class="shell narrow">
        <section class="card message">
          {/* When the page belongs to a known app (its unpublished flow, a missing idea), it says whose. */}
          {p.app ? (
            <div class="brand">
              {p.app.logoUrl ? <img src={p.app.logoUrl} alt="" width={40} height={40} /> : null}
              <span>{p.app.name}</span>
            </div>
          ) : null}
          <h1>{p.title}</h1>
          <p class="muted">{p.message}</p>
        </section>
      </main>
    </Layout>
  );
}
