import type { Issue } from '../kernel/errors.js';
import { usableScheme } from '../kernel/sessions/deep-link.js';
import { HIDDEN_URL_CHARS } from '../kernel/web-url.js';
import { asciiUrl } from '../kernel/ascii-url.js';
import { checkDestination } from '../kernel/url-destination.js';
import type { AppPromotionMeta } from './apps.schema.js';

/**
 * The rules on app fields that need more than one field (so zod alone cannot say them), shared
 * by create and PATCH: the deep-link scheme must be one an app may own (not a refused, web or
 * store scheme: kernel/sessions/deep-link.ts), and every named promotion destination is a path
 * or a URL a short link could point at for this app (kernel/url-destination.ts).
 */
export function appFieldIssues(fields: { deepLinkScheme: string | null; promotion: AppPromotionMeta | null }): Issue[] {
  const issues: Issue[] = [];
  if (fields.deepLinkScheme !== null && usableScheme(fields.deepLinkScheme) === null) {
    issues.push({ path: '/deepLinkScheme', message: `"${fields.deepLinkScheme}" cannot be an app's own scheme (a web, store, contact or refused scheme)` });
  }
  for (const [name, value] of Object.entries(fields.promotion?.destinations ?? {})) {
    const path = `/promotion/destinations/${name}`;
    if (value.startsWith('/')) {
      if (value.startsWith('//') || /[\s\\]/.test(value) || HIDDEN_URL_CHARS.test(value)) issues.push({ path, message: 'a path must start with one "/" and contain no spaces, backslashes, control or text-direction characters' });
      continue;
    }
    const check = checkDestination(value, fields.deepLinkScheme);
    if (!check.ok) issues.push({ path, message: check.message });
    else if (check.url.startsWith('http:')) issues.push({ path, message: 'must be https (or a path, or the app’s own scheme)' });
  }
  return issues;
}

/** A named destination as the URL to open: a path joins universalLinkBase, else `<scheme>://`; in the ASCII form iOS 16 opens (`/rezepte/über` included). */
export function destinationUrl(meta: AppPromotionMeta | null, deepLinkScheme: string | null, value: string): string | null {
  if (!value.startsWith('/')) return asciiUrl(value);
  if (meta?.universalLinkBase) return asciiUrl(meta.universalLinkBase.replace(/\/+$/, '') + value);
  return deepLinkScheme ? asciiUrl(`${deepLinkScheme}:/${value}`) : null;
}
