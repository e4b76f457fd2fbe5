import type { AppPromotionMeta } from '../apps/apps.schema.js';
import { AppError, type Issue } from '../kernel/errors.js';

/**
 * The app form's promotion fields (what other apps' promotions of this one open): plain inputs
 * instead of a JSON box, and the named destinations one per line (`name /path` or `name URL`),
 * which works without JavaScript. The API's `promotion` object stays the one schema
 * (apps.schema.ts); this file only maps it to form fields and back.
 */
export const PROMOTION_FIELDS = {
  promoAppStoreId: 'appStoreId',
  promoStoreUrl: 'storeUrl',
  promoUniversalLinkBase: 'universalLinkBase',
  promoIconUrl: 'iconUrl',
  promoDestinations: 'destinations',
} as const;
export type PromotionForm = Partial<Record<keyof typeof PROMOTION_FIELDS, string>>;

/** The stored metadata as form values (destinations as lines). */
export function promotionForm(meta: AppPromotionMeta | null | undefined): PromotionForm {
  return {
    promoAppStoreId: meta?.appStoreId ?? '',
    promoStoreUrl: meta?.storeUrl ?? '',
    promoUniversalLinkBase: meta?.universalLinkBase ?? '',
    promoIconUrl: meta?.iconUrl ?? '',
    promoDestinations: Object.entries(meta?.destinations ?? {})
      .map(([name, to]) => `${name} ${to}`)
      .join('\n'),
  };
}

/** The form's values as the API's `promotion` (null when every field is empty), or the line that cannot be read. */
export function promotionBody(v: PromotionForm): { value: Record<string, unknown> | null } | { error: string } {
  const out: Record<string, unknown> = {};
  for (const [field, key] of Object.entries(PROMOTION_FIELDS)) {
    if (key === 'destinations') continue;
    const value = v[field as keyof PromotionForm]?.trim();
    if (value) out[key] = value;
  }
  const lines = (v.promoDestinations ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length) {
    const destinations: Record<string, string> = {};
    for (const [n, line] of lines.entries()) {
      const m = /^(\S+)\s+(\S.*)$/.exec(line);
      if (!m) return { error: `line ${n + 1}: write a name, a space, then a path or URL (home /)` };
      if (m[1] in destinations) return { error: `line ${n + 1}: "${m[1]}" is named twice` };
      destinations[m[1]] = m[2];
    }
    out.destinations = destinations;
  }
  return { value: Object.keys(out).length ? out : null };
}

/**
 * An API refusal of `promotion` with its issues moved onto the form's fields
 * (`/promotion/storeUrl` -> `/promoStoreUrl`; a destination's issue names its line's name).
 */
export function onPromotionFields(e: AppError): AppError {
  const issues = (e.extra.issues as Issue[] | undefined) ?? [];
  if (!issues.some((i) => i.path.startsWith('/promotion'))) return e;
  const moved = issues.map((i): Issue => {
    const m = /^\/promotion(?:\/([^/]+)(?:\/(.*))?)?$/.exec(i.path);
    if (!m) return i;
    const field = Object.entries(PROMOTION_FIELDS).find(([, key]) => key === m[1])?.[0];
    if (!field) return i; // about the whole object: shown above the form
    // zod names a bad record key only as "Invalid key in record": say what a name may be.
    const message = m[1] === 'destinations' && /^Invalid key/.test(i.message) ? 'a name is lowercase letters, digits and _, starting with a letter' : i.message;
    return { path: `/${field}`, message: m[2] ? `${m[2]}: ${message}` : message };
  });
  return new AppError(e.status, e.message, { ...e.extra, issues: moved });
}
