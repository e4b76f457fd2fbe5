import type { Warning } from '../../kernel/flows/registry.js';
import { isIconName, knownIconName } from '../../kernel/pages/icons.js';
import type { WaitlistConfig } from './waitlist.schema.js';

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Advisory only.
 * - partial_cta: a success button with a label but no URL (or the reverse) is saved, and shown as no button.
 * - low_contrast_accent: white button text on the accent is hard to read (contrast < 3:1).
 * - insecure_hero_image: the page's CSP only loads https images.
 * - empty_side_column: side_by_side with neither an image nor bullets leaves a blank column.
 * - missing_legal: collecting emails without a privacy note.
 * - unknown_icon: a bullet's icon is a name the page cannot draw (kernel/pages/icons.tsx): it shows no icon.
 */
export function waitlistWarnings(c: WaitlistConfig): Warning[] {
  const out: Warning[] = [];
  const hero = c.hero;
  if (!!c.success.ctaLabel !== !!c.success.ctaUrl) {
    const missing = c.success.ctaLabel ? 'ctaUrl' : 'ctaLabel';
    out.push({ code: 'partial_cta', path: `/success/${missing}`, message: `The success button needs both a label (ctaLabel) and a link (ctaUrl); without its ${missing === 'ctaUrl' ? 'link' : 'label'} the page shows no button.` });
  }
  if (hero?.accentColor && 1.05 / (luminance(hero.accentColor) + 0.05) < 3) {
    out.push({ code: 'low_contrast_accent', path: '/hero/accentColor', message: `White text on ${hero.accentColor} is hard to read; pick a darker accent.` });
  }
  if (hero?.heroImage?.startsWith('http:')) {
    out.push({ code: 'insecure_hero_image', path: '/hero/heroImage', message: 'Only https images are shown on the page; use an https URL.' });
  }
  if (hero?.theme === 'side_by_side' && !hero.heroImage && !hero.bullets?.length) {
    out.push({ code: 'empty_side_column', path: '/hero', message: 'side_by_side shows the image or bullets beside the form; add one of them or pick another theme.' });
  }
  hero?.bullets?.forEach((b, i) => {
    if (b.icon && isIconName(b.icon) && !knownIconName(b.icon)) {
      out.push({ code: 'unknown_icon', path: `/hero/bullets/${i}/icon`, message: `"${b.icon}" is not an icon the page can draw, so the bullet shows none: use an emoji or a Lucide / Remix Icon name such as map, cloud, shield-check, sparkles.` });
    }
  });
  if (!c.intro.legal?.trim()) {
    out.push({ code: 'missing_legal', path: '/intro/legal', message: 'You are collecting emails: add a short privacy note (what you send and how to unsubscribe).' });
  }
  return out;
}
