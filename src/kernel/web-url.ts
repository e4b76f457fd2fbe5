import { z } from 'zod';

/**
 * Why a link target in a flow config (a button, an image) is not an unambiguous http(s) URL, or
 * undefined. Configs are versioned documents echoed back as written, so instead of storing a
 * normalised form (as short links do, links.destination.ts) the forms a browser would read
 * differently from the text are refused: a missing or empty authority (`https:evil.example`,
 * `http:///evil`, `https:/\evil.example`: WHATWG fills in a host from what follows), backslashes
 * (read as `/`, so `https://evil.example\@good.example` goes to evil.example) and credentials
 * (`https://good.example@evil.example`).
 */
export function webUrlProblem(v: string): string | undefined {
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

/** An http(s) (or, with `protocol`, https-only) link target of a flow config; see `webUrlProblem`. */
export function configUrl(opts: { protocol: RegExp; message: string }) {
  return z
    .url(opts)
    .max(2000)
    .superRefine((v, ctx) => {
      if (ctx.issues.length) return; // not a URL of the protocol at all: the message above says so
      const problem = webUrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
