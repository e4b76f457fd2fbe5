/**
 * Destination URL rules. A short link sends strangers' browsers somewhere, so anything a
 * browser would execute or read locally is refused, however it is disguised:
 * `javascript:`, `data:`, `file:`, `vbscript:`, `blob:`, `about:` in any case, with
 * whitespace or control characters mixed in, percent-encoded or written as HTML entities.
 * Allowed: http(s) with a host, and custom app schemes (`myapp://path`).
 */

const BLOCKED_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'blob', 'about'];

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

/** The scheme a lenient browser might see once every disguise is peeled off. */
function disguisedScheme(s: string): string | undefined {
  let v = s;
  for (let i = 0; i < 4; i++) {
    const next = decodeEntities(decodePercent(v)).replace(INVISIBLE, '').replace(/\\/g, '');
    if (next === v) break;
    v = next;
  }
  v = v.replace(INVISIBLE, '').toLowerCase();
  return BLOCKED_SCHEMES.find((b) => v.startsWith(b + ':'));
}

export type DestinationCheck = { ok: true; url: string } | { ok: false; message: string };

export function checkDestination(raw: string): DestinationCheck {
  const s = raw.trim();
  if (s === '') return { ok: false, message: 'must not be empty' };
  const hidden = disguisedScheme(s);
  if (hidden) return { ok: false, message: `${hidden}: URLs are not allowed` };
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\ufeff]/.test(s)) {
    return { ok: false, message: 'must not contain spaces or control characters' };
  }
  if (!/^[a-z][a-z0-9+.-]*:/i.test(s)) return { ok: false, message: 'must be an absolute URL with a scheme (https://… or myapp://…)' };
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return { ok: false, message: 'is not a valid URL' };
  }
  const scheme = url.protocol.slice(0, -1);
  if (BLOCKED_SCHEMES.includes(scheme)) return { ok: false, message: `${scheme}: URLs are not allowed` };
  if ((scheme === 'http' || scheme === 'https') && !url.hostname) return { ok: false, message: 'must have a host' };
  // Keep what the owner typed when it is plain ASCII; otherwise the WHATWG serialisation,
  // which percent-encodes (and punycodes) so the Location header is always valid.
  return { ok: true, url: /^[\x21-\x7e]+$/.test(s) ? s : url.href };
}
