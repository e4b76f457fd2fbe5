/**
 * Owner-set URLs in the ASCII form every client can open (#35 item 5). The iOS SDK runs on iOS 16,
 * whose `URL(string:)` follows RFC 3986 and answers nil for anything else: non-ASCII (`über`, an
 * IDN host), spaces, `{ } | ^ \``, `[ ]` outside an IPv6 host, a `%` not followed by two hex
 * digits, a second `#`. The SDK then ignores the URL (a cancel `external_url` does nothing, a
 * success button disappears). So every owner-set URL is stored and served as its WHATWG
 * serialisation (`new URL(x).href`: punycode host, UTF-8 percent-encoded path, query and
 * fragment), with the few characters WHATWG leaves raw but RFC 3986 refuses encoded as well.
 *
 * A URL iOS 16 already reads is kept byte for byte (no trailing `/` added, no case folded): owners
 * get back what they wrote, and an already-encoded URL never changes.
 */

/** Unreserved, reserved and `%XX`: the characters RFC 3986 (and so iOS 16) accepts anywhere. */
const RFC3986 = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/** Whether iOS 16's `URL(string:)` reads `v` as written: RFC 3986 characters, one `#`, `[ ]` only in the authority. */
export function iosReadable(v: string): boolean {
  if (!RFC3986.test(v)) return false;
  const hash = v.indexOf('#');
  if (hash >= 0 && v.indexOf('#', hash + 1) >= 0) return false;
  return !/[[\]]/.test(v.slice(authorityEnd(v)));
}

/** Where the authority (`//host:port`) of `v` ends: what follows is path, query and fragment. */
function authorityEnd(v: string): number {
  const m = /^[a-z][a-z0-9+.-]*:(\/\/[^/?#]*)?/i.exec(v);
  return m ? m[0].length : 0;
}

/** After WHATWG: percent-encode what it leaves raw but RFC 3986 refuses (outside the authority). */
function encodeLeftovers(href: string): string {
  const at = authorityEnd(href);
  let hashSeen = false;
  const rest = href.slice(at).replace(/%(?![0-9A-Fa-f]{2})|[\s"<>\\^`{|}[\]#]/g, (c) => {
    if (c === '#' && !hashSeen) {
      hashSeen = true;
      return c;
    }
    return `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  });
  return href.slice(0, at) + rest;
}

/**
 * `v` in a form iOS 16 opens: itself when it already is one, else its WHATWG serialisation with
 * the leftovers encoded. A string the URL parser refuses comes back unchanged (the schema that
 * calls this has already said why it is invalid).
 */
export function asciiUrl(v: string): string {
  if (iosReadable(v)) return v;
  let href: string;
  try {
    href = new URL(v).href;
  } catch {
    return v;
  }
  return encodeLeftovers(href);
}

/**
 * Why `v` has whitespace inside it, or undefined. A space is an owner's typo or a pasted title,
 * never something to guess at: `über uns` could be `%20`, `-` or `+`, so it is a 422 that says how
 * to write it. (Tabs and newlines are refused with the hidden characters, web-url.ts.)
 */
export function whitespaceProblem(v: string): string | undefined {
  const c = /\s/.exec(v.trim())?.[0];
  if (c === undefined) return undefined;
  if (c === ' ') return 'contains a space; encode it as %20';
  return `contains a whitespace character (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}); percent-encode it`;
}

/** Keys of configs that hold an owner-set URL: `url`, `ctaUrl`, `imageUrl`, `privacyUrl`, ..., `heroImage` and an app's `universalLinkBase`. */
const URL_KEY = /(?:^|[a-z])(?:url|Url|URL)$|^heroImage$|^universalLinkBase$/;

/**
 * A stored config with its URL fields in the form `asciiUrl` gives, for configs saved before
 * #35 (they were stored as written). Read paths run it on every config they parse: it walks a
 * small document and copies only what it changes, so an already-ASCII config comes back as the
 * same object.
 */
export function asciiUrlsIn<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (URL_KEY.test(key) && /^[a-z][a-z0-9+.-]*:/i.test(value) ? asciiUrl(value) : value) as T;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const n = asciiUrlsIn(v, key);
      if (n !== v) (out ??= value.slice())[i] = n;
    });
    return (out ?? value) as T;
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const n = asciiUrlsIn(v, k);
      if (n !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = n;
    }
    return (out ?? value) as T;
  }
  return value;
}
