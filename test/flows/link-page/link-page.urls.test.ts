import fc from 'fast-check';
import { expect, it } from 'vitest';
import { linkPageConfig, linkUrlProblem } from '../../../src/flows/link-page/link-page.schema.js';
import { goodLinkPage } from './link-page.fixtures.js';

const parses = (url: string) => linkPageConfig.safeParse(goodLinkPage({ links: [{ label: 'x', url }] })).success;

it('accepts only what a browser opens as an http(s) page or a mail draft', () => {
  for (const ok of ['https://example.com/', 'http://example.com/a?b=c#d', 'HTTPS://EXAMPLE.COM', 'mailto:a@example.com', 'MAILTO:a@example.com?subject=Hi%20there', 'https://例え.jp/パス']) {
    expect(linkUrlProblem(ok), ok).toBeUndefined();
    expect(parses(ok), ok).toBe(true);
  }
  for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://a.example/', 'tel:+123', 'sms:123', 'myapp://x', 'https:evil.example', 'http:///evil', 'https://a@b.example/', 'mailto:', 'mailto:?subject=x', 'mailto:a b@c.d', '//example.com', 'example.com']) {
    expect(parses(bad), bad).toBe(false);
  }
});

it('refuses every string whose scheme is not http, https or mailto (random schemes, cases, whitespace)', () => {
  const scheme = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,12}$/).filter((s) => !/^(https?|mailto)$/i.test(s));
  fc.assert(
    fc.property(scheme, fc.constantFrom(':', '://', ':/'), fc.string({ maxLength: 30 }), fc.constantFrom('', ' ', '\t', '\n'), (s, sep, rest, pad) => {
      expect(parses(`${pad}${s}${sep}${rest}`)).toBe(false);
    }),
    { numRuns: 500 },
  );
});
