import { looksLikeId } from '../kernel/ids.js';

/**
 * Words no app may take as its slug: an app slug is the first path segment of its waitlist on
 * SIGNUP_URL's host (`/<slug>`), so a slug equal to a route word would be shadowed by, or
 * shadow, that route on any host that serves both. This list holds every first segment of a
 * route the server registers today (a test checks it against the routes) and words we expect to
 * use; at start-up buildServer adds the first segment of every route it actually registers
 * (a SHORT_LINK_URL path such as `/go`, a route added later). Words with a dot
 * (`favicon.ico`, `robots.txt`, `.well-known`) need no entry: slugs cannot contain dots.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // first segments of today's routes
  'api', 'assets', 'cancel', 'contact', 'docs', 'embed', 'examples', 'feedback', 'healthz', 'l', 'mcp', 'onboarding', 'r', 'readyz', 'report', 'waitlist', 'wishlist',
  // flow types and capabilities to come
  'app-promotion', 'crash', 'legal', 'links', 'p', 'pre-cancel', 'qr', 'promo', 'promotion', 'promotions', 'referral', 'referrals',
  // words a web app or its operator is likely to route
  'about', 'account', 'admin', 'apps', 'auth', 'dashboard', 'health', 'help', 'login', 'logout', 'metrics', 'oauth',
  'openapi', 'preview', 'pricing', 'privacy', 'public', 'register', 'sdk', 'settings', 'signin', 'signup', 'static',
  'status', 'support', 'terms', 'tokens', 'v1', 'v2', 'webhooks', 'www',
]);

/** `/api/v1/apps` -> `api`; `/:appSlug` and `/` -> undefined (no word to reserve). */
export function firstSegment(path: string): string | undefined {
  const word = path.split('/')[1]?.toLowerCase();
  return word && !/^[:*]/.test(word) ? word : undefined;
}

/** Why a slug may not be used, or undefined when it may. */
export function slugRefusal(slug: string, reserved: ReadonlySet<string>): string | undefined {
  if (reserved.has(slug)) return `"${slug}" is reserved: the service uses it in its URLs; choose another slug`;
  // Ids are looked up before slugs (apps.store.ts); a slug shaped like an id could be hidden by one.
  if (looksLikeId(slug)) return 'must not look like an app id (24 lowercase letters and digits); add a dash';
  return undefined;
}
