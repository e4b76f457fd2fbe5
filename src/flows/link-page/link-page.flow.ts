import type { FlowTypeDef, Warning } from '../../kernel/flows/registry.js';
import { iconHints, knownIcon } from './link-page.icons.js';
import { linkPageConfig, type LinkPageConfig } from './link-page.schema.js';
import { LINK_PAGE_TEMPLATES } from './link-page.templates.js';

/** `WEB_URL/p/<appSlug>`: the hosted link page (WIRE C, "link page"). */
export const linkPageUrl = (webUrl: string, appSlug: string) => `${webUrl}/p/${encodeURIComponent(appSlug)}`;

/**
 * Advisory only.
 * - no_links: neither icon links nor links: the page shows a header and nothing to tap.
 * - unknown_icon: an icon that is none of our link names, no `ri:` Remix Icon key, no Lucide name and no
 *   emoji; the generic link glyph is drawn. The closest known names are suggested.
 * - duplicate_url: the same URL twice in one list; their clicks are counted together (stats are per URL).
 * - insecure_url: an http:// link (browsers may warn; prefer https).
 * - missing_logo: the app has no logoUrl, so the page shows its name without a picture.
 */
export function linkPageWarnings(c: LinkPageConfig, app: { logo_url: string | null }): Warning[] {
  const out: Warning[] = [];
  if (c.iconLinks.length === 0 && c.links.length === 0) {
    out.push({ code: 'no_links', path: '/links', message: 'The page has no links yet: add iconLinks or links.' });
  }
  c.iconLinks.forEach((l, i) => {
    if (!knownIcon(l.icon)) {
      const hints = iconHints(l.icon);
      out.push({
        code: 'unknown_icon',
        path: `/iconLinks/${i}/icon`,
        message: `No icon named "${l.icon}": a generic link glyph is shown.${hints.length ? ` Closest: ${hints.join(', ')}.` : ''} Use a link name (instagram, app_store), a Lucide name (circle-dollar-sign), ri:<Remix Icon name> (ri:github-fill) or an emoji.`,
      });
    }
  });
  for (const [list, items] of [['iconLinks', c.iconLinks], ['links', c.links]] as const) {
    const seen = new Set<string>();
    items.forEach((l, i) => {
      if (seen.has(l.url)) out.push({ code: 'duplicate_url', path: `/${list}/${i}/url`, message: `${l.url} is already in ${list}: clicks on both are counted as one link.` });
      seen.add(l.url);
      if (/^http:/i.test(l.url)) out.push({ code: 'insecure_url', path: `/${list}/${i}/url`, message: 'An http:// link: prefer https:// (browsers may warn).' });
    });
  }
  if (!app.logo_url) out.push({ code: 'missing_logo', path: '/', message: 'The app has no logoUrl: the page shows its name without a logo (set logoUrl on the app).' });
  return out;
}

export const linkPageFlow: FlowTypeDef<LinkPageConfig> = {
  type: 'link_page',
  segment: 'link-page',
  label: 'Link page',
  schema: linkPageConfig as never,
  primarySlug: 'link-page',
  publicUrl: (p) => linkPageUrl(p.urls.web, p.appSlug),
  multi: false,
  warnings: (config, ctx) => linkPageWarnings(config, ctx.app),
  templates: () => LINK_PAGE_TEMPLATES,
  extras: (ctx) => ({ pageUrl: linkPageUrl(ctx.webUrl, ctx.app.slug) }),
  previewScreens: () => [{ id: 'page', label: 'Link page' }],
};
