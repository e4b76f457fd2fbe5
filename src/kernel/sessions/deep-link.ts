import { schemeProblem } from '../url-destination.js';

/**
 * The deep links hosted flows hand back to the app (WIRE C):
 * `{scheme}://retention-flow/action?type=<type>&session_id=<id>[&params]`.
 */

/** RFC 3986 scheme syntax, at most 64 characters. */
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]{0,63}$/;

/**
 * A scheme a page may navigate to, lower-cased (schemes are case-insensitive and the SDK compares
 * them so), or null: never `javascript`, `data`, `file`, `about`, `blob`, `intent`, `ms-*`,
 * `view-source`, `jar`, `chrome` … (the short links' refused schemes, kernel/refused-schemes.ts), never
 * `http(s)` (a web page, not an app), and never the store or contact schemes a short link may use
 * (`itms-apps`, `market`, `mailto`, `tel`, `sms`: not an app's own).
 */
export function usableScheme(scheme: string | null | undefined): string | null {
  if (typeof scheme !== 'string' || !SCHEME.test(scheme)) return null;
  const s = scheme.toLowerCase();
  if (s === 'http' || s === 'https') return null;
  // schemeProblem(s, s) is undefined only for web, store/contact schemes, and s itself when it is not a refused one.
  if (schemeProblem(s, s) || schemeProblem(s, null) === undefined) return null;
  return s;
}

/**
 * The deep link: every value percent-encoded with encodeURIComponent (spaces as `%20`: the SDK's
 * URLComponents does not turn `+` into a space; `&`, `=`, `#`, `/` and nested URLs survive).
 * Params with an empty or missing value are left out.
 */
export function actionLink(scheme: string, type: string, sessionId: string, params: [string, string | undefined][] = []): string {
  const query = [`type=${encodeURIComponent(type)}`, `session_id=${encodeURIComponent(sessionId)}`];
  for (const [name, value] of params) if (typeof value === 'string' && value !== '') query.push(`${name}=${encodeURIComponent(value)}`);
  return `${scheme}://retention-flow/action?${query.join('&')}`;
}
