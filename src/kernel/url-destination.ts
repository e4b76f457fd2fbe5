/**
 * Destination URL rules. A short link sends strangers' browsers somewhere, so destinations are
 * an allowlist of schemes, and what is stored is what a browser will follow:
 *
 * - `http`, `https`: parsed as WHATWG URLs (with a host) and stored as their WHATWG
 *   serialisation, the URL browsers actually visit: `https:evil.example` and
 *   `https:/\evil.example` are stored as `https://evil.example/`, `http:///evil` as `http://evil/`.
 * - the app's own deep-link scheme (`deepLinkScheme` of the app, e.g. `myapp://open/screen`).
 * - `STORE_AND_CONTACT_SCHEMES`: app-store pages and contact actions an app owner links to.
 *
 * Everything else is refused: script and local-data schemes, browser and OS internals
 * (`ms-msdt:`, `search-ms:`, `intent:`, `view-source:`, `jar:`, `chrome:`, ...), and unknown
 * schemes. The refused schemes (refused-schemes.ts) are refused even when an app names one as its deep-link scheme, and
 * they are looked for under every disguise (case, whitespace or control characters mixed in,
 * percent-encoding, HTML entities) for a clear message. URLs with credentials (`user:pass@`)
 * are refused: they are the classic way to dress `https://bank.example@evil.example` up.
 *
 * Two steps, because the zod schema does not know the app: `parseDestination` (context-free,
 * run by the request schema, which stores its normalised URL) and `schemeProblem` (the
 * allowlist, run by the service with the app's deep-link scheme).
 */

import { asciiUrl, whitespaceProblem } from './ascii-url.js';
import { hiddenCharProblem } from './web-url.js';
import { isRefusedScheme } from './refused-schemes.js';

/**
 * Store and contact schemes allowed for every app. Store: `itms-apps`/`itms-appss` open the App
 * Store app, `market` the Play Store (the https store pages work too). Contact: `mailto`, `tel`,
 * `sms`. Messengers (`whatsapp:`, `fb-messenger:`, `tg:`, ...) are left out: their https links
 * (wa.me, m.me, t.me) open the same apps and work where the app is missing.
 */
export const STORE_AND_CONTACT_SCHEMES: readonly string[] = ['itms-apps', 'itms-appss', 'market', 'mailto', 'tel', 'sms'];

const WEB_SCHEMES = ['http', 'https'];

/**
 * Schemes that run code, read local data, reach browser or OS internals, mount shares, install
 * software or open remote sessions: never a destination, even as an app's deep-link scheme. The
 * one maintained list, with its source, is refused-schemes.ts.
 */
const isNever = isRefusedScheme;

// C0/C1 controls, every Unicode space, zero-width and bidi marks, line/paragraph separators, BOM.
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g;

const ENTITIES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', sol: '/', period: '.', lpar: '(', rpar: ')' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, body: string) => {
    const b = body.toLowerCase();
    if (b.startsWith('#x')) return safeChar(parseInt(b.slice(2), 16)) ?? m;
    if (b.startsWith('#')) return safeChar(parseInt(b.slice(1), 10)) ?? m;
    return ENTITIES[b] ?? m;
  });
}

function safeChar(code: number): string | undefined {
  return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

function decodePercent(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s.replace(/%([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
}

/** A refused scheme a lenient browser might see once every disguise is peeled off. */
function disguisedScheme(s: string): string | undefined {
  let v = s;
  for (let i = 0; i < 4; i++) {
    const next = decodeEntities(decodePercent(v)).replace(INVISIBLE, '').replace(/\\/g, '');
    if (next === v) break;
    v = next;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(v.replace(INVISIBLE, '').toLowerCase())?.[1];
  return scheme && isNever(scheme) ? scheme : undefined;
}

export type ParsedDestination = { ok: true; url: string; scheme: string } | { ok: false; message: string };

/** The checks that need no app: syntax, refused schemes, host, credentials; the URL to store. */
export function parseDestination(raw: string): ParsedDestination {
  const s = raw.trim();
  if (s === '') return { ok: false, message: 'must not be empty' };
  const hidden = disguisedScheme(s);
  if (hidden) return { ok: false, message: `${hidden}: URLs are not allowed` };
  const hiddenOrSpace = hiddenCharProblem(s) ?? whitespaceProblem(s);
  if (hiddenOrSpace) return { ok: false, message: hiddenOrSpace };
  if (!/^[a-z][a-z0-9+.-]*:/i.test(s)) return { ok: false, message: 'must be an absolute URL with a scheme (https://… or myapp://…)' };
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return { ok: false, message: 'is not a valid URL' };
  }
  const scheme = url.protocol.slice(0, -1);
  if (isNever(scheme)) return { ok: false, message: `${scheme}: URLs are not allowed` };
  if (WEB_SCHEMES.includes(scheme) && !url.hostname) return { ok: false, message: 'must have a host' };
  if (url.username || url.password) return { ok: false, message: 'must not contain a user name or password (user:pass@)' };
  // The WHATWG serialisation: what browsers follow, percent-encoded and punycoded, so the
  // Location header is always valid; with what WHATWG leaves raw but iOS 16 refuses encoded too
  // (kernel/ascii-url.ts: `|`, `{`, a lone `%` ...).
  const href = asciiUrl(url.href);
  if (href.length === scheme.length + 1) return { ok: false, message: `needs something after "${scheme}:"` };
  return { ok: true, url: href, scheme };
}

/** Why `scheme` is not allowed for an app with this deep-link scheme, or undefined when it is. */
export function schemeProblem(scheme: string, appScheme: string | null | undefined): string | undefined {
  const app = appScheme?.toLowerCase();
  if (WEB_SCHEMES.includes(scheme) || STORE_AND_CONTACT_SCHEMES.includes(scheme)) return undefined;
  if (app && scheme === app && !isNever(app)) return undefined;
  const own = app && !isNever(app) ? `the app's deep-link scheme (${app}://…)` : "the app's deep-link scheme (set deepLinkScheme on the app)";
  return `${scheme}: URLs are not allowed; use http(s), ${own}, or ${STORE_AND_CONTACT_SCHEMES.map((x) => `${x}:`).join(' ')}`;
}

export type DestinationCheck = { ok: true; url: string } | { ok: false; message: string };

/** The whole rule for an app: the URL to store, or why it is refused. */
export function checkDestination(raw: string, appScheme: string | null | undefined): DestinationCheck {
  const parsed = parseDestination(raw);
  if (!parsed.ok) return parsed;
  const problem = schemeProblem(parsed.scheme, appScheme);
  return problem ? { ok: false, message: problem } : { ok: true, url: parsed.url };
}

/** The scheme of a URL `parseDestination` returned (already lower-cased by WHATWG). */
export const schemeOf = (url: string) => url.slice(0, url.indexOf(':'));

/** One sentence for the OpenAPI descriptions of destination fields. */
export const DESTINATION_RULE =
  `http(s) (stored as the WHATWG-normalised URL), the app's own deepLinkScheme (\`myapp://path\`), or ${STORE_AND_CONTACT_SCHEMES.map((x) => `${x}:`).join(' ')}; ` +
  'every other scheme (javascript:, data:, file:, intent:, ms-msdt:, ...) and URLs with user:pass@ are rejected (422).';
