import type { TestApp } from './helpers.js';

/** The anti-forgery token a hosted page rendered into its forms. */
export function tokenIn(html: string): string {
  const m = /name="_token" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no _token field in the page');
  return m[1];
}

/** GETs `page` as the same client would (same address and headers) and returns its form token. */
export async function pageToken(t: TestApp, page: string, opts: { headers?: Record<string, string>; remoteAddress?: string } = {}): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url: page, headers: opts.headers, remoteAddress: opts.remoteAddress });
  if (r.statusCode !== 200) throw new Error(`GET ${page}: ${r.statusCode}`);
  return tokenIn(r.body);
}
