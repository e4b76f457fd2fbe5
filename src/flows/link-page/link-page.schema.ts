import { z } from 'zod';
import { HIDDEN_URL_CHARS, webUrlProblem } from '../../kernel/web-url.js';
import { asciiUrl } from '../../kernel/ascii-url.js';
import { formHero, text } from '../forms/forms.schema.js';
import { localeSchema, stringsSchema } from '../../kernel/i18n.js';

/** The most of each kind WIRE A.2 allows. */
export const MAX_ICON_LINKS = 6;
export const MAX_LINKS = 25;

/**
 * Why a link-page target is not an http(s) or `mailto:` URL a browser reads as written, or
 * undefined. http(s) follows the flow-config rule (kernel/web-url.ts: an authority written out,
 * no backslashes, no credentials); `mailto:` needs an address after the colon and no whitespace
 * or control characters (percent-encode them). Every other scheme is refused (WIRE A.2: "only
 * http(s)/mailto URLs").
 */
export function linkUrlProblem(v: string): string | undefined {
  if (/^mailto:/i.test(v)) {
    if (/\s/.test(v) || HIDDEN_URL_CHARS.test(v)) return 'must not contain spaces or control characters (percent-encode them)';
    if (v.length === 'mailto:'.length || v[7] === '?') return 'needs an address after mailto:';
    try {
      new URL(v);
    } catch {
      return 'is not a valid URL';
    }
    return undefined;
  }
  if (!/^https?:/i.test(v)) return 'must be an http(s) or mailto: URL';
  return webUrlProblem(v);
}

const linkUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .superRefine((v, ctx) => {
    const problem = linkUrlProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .overwrite(asciiUrl) // stored in the ASCII form iOS 16 opens (kernel/ascii-url.ts)
  .describe('`https://…`, `http://…` or `mailto:…`; nothing else (no app schemes, no `javascript:`).');

export const iconLink = z
  .object({
    icon: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .describe(
        'Icon, drawn as inline SVG (no request to another site): one of our link names (`website`, `email`, `instagram`, `x`, `tiktok`, `youtube`, `github`, `discord`, `app_store`, `google_play`: generic shapes), `ri:<key>` for a Remix Icon (`ri:instagram`, `ri:github-fill`, `ri:twitter-x-line`; brand marks included), a Lucide name (`circle-dollar-sign`), or an emoji (shown as text). An unknown name draws a generic link glyph and gives the warning `unknown_icon`.',
      ),
    label: z.string().trim().min(1).max(40).describe('Accessible name of the icon button (also its tooltip).'),
    url: linkUrl,
  })
  .strict();

export const pageLink = z
  .object({
    label: z.string().trim().min(1).max(80),
    sublabel: text(120).optional().describe('Smaller second line under the label.'),
    url: linkUrl,
  })
  .strict();

export const linkPageConfig = z
  .object({
    type: z.literal('link_page').optional(),
    header: z
      .object({
        title: z.string().trim().min(1).max(120).describe('Big title under the app logo and name.'),
        description: text(500).optional(),
      })
      .strict(),
    iconLinks: z.array(iconLink).max(MAX_ICON_LINKS).default([]).describe(`Up to ${MAX_ICON_LINKS} round icon buttons in a row under the header.`),
    links: z.array(pageLink).max(MAX_LINKS).default([]).describe(`Up to ${MAX_LINKS} full-width link buttons, in order.`),
    legal: text(1000).optional().describe('Small print at the bottom of the page.'),
    hero: formHero.optional().describe('Looks: theme, eyebrow chip above the title, accent colour (buttons), titleFont (kept for the SDK; the page uses the system font).'),
    locale: localeSchema.optional(),
    strings: stringsSchema.optional(),
  })
  .strict();
export type LinkPageConfig = z.infer<typeof linkPageConfig>;

/** Which list a link is in: `i` icon links, `l` links (the slot in `/p/<app>/go/<version>/<slot>`). */
export type LinkKind = 'icon' | 'link';
