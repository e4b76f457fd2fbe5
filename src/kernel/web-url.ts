import { z } from 'zod';
import { asciiUrl, whitespaceProblem } from './ascii-url.js';

/**
 * Characters a URL must not carry in any owner-set field (#34): C0/C1 controls and DEL (the URL
 * parser silently drops tabs and newlines, so what runs differs from what was read), bidi
 * embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C: a
 * right-to-left override shows `moc.elgoog` as `google.com`), zero-width characters, word joiner,
 * line/paragraph separators and the BOM. Owners percent-encode what they really mean.
 */
export const HIDDEN_URL_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** Why `v` carries a character no owner-set URL may carry (`HIDDEN_URL_CHARS`), or undefined. */
export function hiddenCharProblem(v: string): string | undefined {
  const c = HIDDEN_URL_CHARS.exec(v)?.[0];
  if (c === undefined) return undefined;
  return `must not contain control, invisible or text-direction characters (found U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}; percent-encode it)`;
}

/**
 * Why a link target in a flow config (a button, an image) is not an unambiguous http(s) URL, or
 * undefined. Configs are versioned documents echoed back as written (but for the ASCII form of
 * #35, ascii-url.ts, which keeps what iOS already reads), so instead of storing the WHATWG
 * normalisation (as short links do, url-destination.ts) the forms a browser would read
 * differently from the text are refused: a missing or empty authority (`https:evil.example`,
 * `http:///evil`, `https:/\evil.example`: WHATWG fills in a host from what follows), backslashes
 * (read as `/`, so `https://evil.example\@good.example` goes to evil.example) and credentials
 * (`https://good.example@evil.example`).
 */
export function webUrlProblem(v: string): string | undefined {
  const hidden = hiddenCharProblem(v) ?? whitespaceProblem(v);
  if (hidden) return hidden;
  if (!/^https?:\/\/[^/\\]/i.test(v)) return 'must start with http:// or https:// and a host';
  if (v.includes('\\')) return 'must not contain backslashes (write %5C)';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'is not a valid URL';
  }
  if (url.username || url.password) return 'must not contain a user name or password (user:pass@)';
  return undefined;
}

/**
 * The one schema of every owner-set web URL (#34): flow configs, an app's logoUrl and promotion
 * metadata, promotion content. http(s) or, with `protocol`, https only; see `webUrlProblem`.
 * Stored in the ASCII form iOS 16 opens (#35, ascii-url.ts: punycode host, percent-encoded
 * path, query and fragment; a URL already in that form is kept byte for byte), so what the SDK
 * and the pages serve is that form; a space anywhere is a 422 saying to write `%20`.
 * Owner-set URLs of other schemes (short-link destinations, promotion custom schemes) go through
 * url-destination.ts `parseDestination`, which applies the same credentials, hidden-character
 * and space rules, and are stored in the same ASCII form.
 */
export function configUrl(opts: { protocol: RegExp; message: string }) {
  return z
    .url({
      protocol: opts.protocol,
      // The parser refuses a space or hidden character in the host: say that rather than "not a URL".
      error: (iss) => (typeof iss.input === 'string' && /^\s*https?:\/\//i.test(iss.input) ? (hiddenCharProblem(iss.input) ?? whitespaceProblem(iss.input)) : undefined) ?? opts.message,
    })
    .max(2000)
    .superRefine((v, ctx) => {
      if (ctx.issues.length) return; // not a URL of the protocol at all: the message above says so
      const problem = webUrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    // zod runs overwrites even after a failed check; asciiUrl leaves a string it cannot parse as it is.
    .overwrite(asciiUrl);
}
