import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asciiUrl, asciiUrlsIn, iosReadable } from '../../src/kernel/ascii-url.js';
import { configUrl } from '../../src/kernel/web-url.js';
import { parseDestination } from '../../src/kernel/url-destination.js';
import { destinationUrl } from '../../src/apps/apps.promotion.js';

/**
 * #35 item 5: every owner-set URL is stored in the ASCII form iOS 16's `URL(string:)` parses
 * (RFC 3986): WHATWG serialisation plus the few characters WHATWG leaves raw. An URL already in
 * that form stays byte for byte.
 */
const web = configUrl({ protocol: /^https?$/, message: 'must be an http(s) URL' });
const https = configUrl({ protocol: /^https$/, message: 'must be an https URL' });

/** [what, input, stored]. */
const NORMALISED: [string, string, string][] = [
  ['IDN host -> punycode', 'https://bücher.example/', 'https://xn--bcher-kva.example/'],
  ['IDN host without a path gets WHATWG’s "/"', 'https://Bücher.example', 'https://xn--bcher-kva.example/'],
  ['ü in the path -> %C3%BC', 'https://sleepy.example/über-uns', 'https://sleepy.example/%C3%BCber-uns'],
  ['query and fragment', 'https://sleepy.example/s?q=größe&x=é#Abschnitt-ä', 'https://sleepy.example/s?q=gr%C3%B6%C3%9Fe&x=%C3%A9#Abschnitt-%C3%A4'],
  ['emoji and CJK', 'https://sleepy.example/😴/睡眠', 'https://sleepy.example/%F0%9F%98%B4/%E7%9D%A1%E7%9C%A0'],
  ['everything at once', 'https://münchen.example/straße?ort=köln#ö', 'https://xn--mnchen-3ya.example/stra%C3%9Fe?ort=k%C3%B6ln#%C3%B6'],
  ['what WHATWG leaves raw but RFC 3986 refuses', 'https://sleepy.example/ü?a={b}|c^d`e', 'https://sleepy.example/%C3%BC?a=%7Bb%7D%7Cc%5Ed%60e'],
  ['a lone % and a second #', 'https://sleepy.example/ü?p=100%#a#b', 'https://sleepy.example/%C3%BC?p=100%25#a%23b'],
  ['brackets outside an IPv6 host (a[]=1 query keys)', 'https://sleepy.example/?a[]=1', 'https://sleepy.example/?a%5B%5D=1'],
  ['surrounding spaces are trimmed', '  https://sleepy.example/ü  ', 'https://sleepy.example/%C3%BC'],
];

/** Already in the form iOS reads: stored byte for byte (no "/" added, no case folded). */
const UNCHANGED = [
  'https://sleepy.example',
  'https://Sleepy.Example/Path',
  'https://sleepy.example/%C3%BCber-uns',
  'https://xn--bcher-kva.example/s?q=gr%C3%B6%C3%9Fe#x',
  'https://sleepy.example/a%20b?q=a+b&r=%2F',
  "https://sleepy.example:8443/x;y=1?a=(1)&b=*,!'$",
  'http://[::1]:8080/x',
];

describe('owner-set web URLs (configUrl)', () => {
  it.each(NORMALISED)('%s', (_what, input, stored) => {
    const r = web.safeParse(input);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data).toBe(stored);
    expect(iosReadable(r.data!)).toBe(true);
    expect(web.parse(r.data)).toBe(stored); // idempotent: storing twice changes nothing
  });

  it.each(UNCHANGED)('already encoded: %s is kept byte for byte', (input) => {
    expect(iosReadable(input)).toBe(true);
    expect(web.parse(input)).toBe(input);
  });

  it.each([
    ['space in the path', 'https://sleepy.example/über uns', 'contains a space; encode it as %20'],
    ['space in the query', 'https://sleepy.example/?q=a b', 'contains a space; encode it as %20'],
    ['space in the fragment', 'https://sleepy.example/#a b', 'contains a space; encode it as %20'],
    ['space in the host', 'https://sleepy .example/', 'contains a space; encode it as %20'],
    ['no-break space', 'https://sleepy.example/a\u00a0b', 'contains a whitespace character (U+00A0); percent-encode it'],
    ['ideographic space', 'https://sleepy.example/a\u3000b', 'contains a whitespace character (U+3000); percent-encode it'],
  ])('%s is refused with a message saying how to write it', (_what, input, message) => {
    const r = z.object({ ctaUrl: web }).safeParse({ ctaUrl: input });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['ctaUrl']);
    expect(r.error!.issues[0].message).toBe(message);
  });

  it('the https-only variant normalises the same way and still refuses http', () => {
    expect(https.parse('https://bücher.example/ü')).toBe('https://xn--bcher-kva.example/%C3%BC');
    expect(https.safeParse('http://bücher.example/').success).toBe(false);
  });

  it('the #34 rules still hold (credentials, hidden characters)', () => {
    expect(web.safeParse('https://user:pass@bücher.example/').success).toBe(false);
    expect(web.safeParse('https://sleepy.example/\u202Egnp.exe').success).toBe(false);
  });
});

describe('custom-scheme and store URLs (short links, promotion deep links)', () => {
  it.each([
    ['path of an app scheme', 'myapp://rezepte/über?tag=süß', 'myapp://rezepte/%C3%BCber?tag=s%C3%BC%C3%9F'],
    ['opaque app URL', 'myapp:über', 'myapp:%C3%BCber'],
    ['mailto', 'mailto:hilfe@bücher.example?subject=Grüße', 'mailto:hilfe@b%C3%BCcher.example?subject=Gr%C3%BC%C3%9Fe'],
    ['IDN https', 'https://bücher.example/ü', 'https://xn--bcher-kva.example/%C3%BC'],
  ])('%s', (_what, input, stored) => {
    const r = parseDestination(input);
    expect(r).toMatchObject({ ok: true, url: stored });
    expect(asciiUrl(input)).toBe(stored);
  });

  it('a space is refused with the same message; refused schemes stay refused', () => {
    expect(parseDestination('myapp://rezepte/über uns')).toEqual({ ok: false, message: 'contains a space; encode it as %20' });
    expect(parseDestination('javascript:alert(1)')).toMatchObject({ ok: false });
    expect(parseDestination('ms-msdt:über')).toMatchObject({ ok: false });
  });

  it('a promotion’s named destination path joins its base in ASCII', () => {
    expect(destinationUrl({ universalLinkBase: 'https://sleepy.example' }, null, '/rezepte/über')).toBe('https://sleepy.example/rezepte/%C3%BCber');
    expect(destinationUrl(null, 'myapp', '/rezepte/über')).toBe('myapp://rezepte/%C3%BCber');
    expect(destinationUrl(null, 'myapp', '/today')).toBe('myapp://today');
  });

  it('an app scheme URL already encoded is kept', () => {
    expect(asciiUrl('myapp://open/screen?x=%C3%BC')).toBe('myapp://open/screen?x=%C3%BC');
  });
});

describe('stored configs from before #35 (asciiUrlsIn)', () => {
  it('converts URL fields, leaves text and other fields alone, and returns the same object when nothing changes', () => {
    const clean = { success: { ctaUrl: 'https://x.example/a' }, title: 'über' };
    expect(asciiUrlsIn(clean)).toBe(clean);
    const old = {
      title: 'https://bücher.example is our shop',
      success: { ctaLabel: 'Über uns', ctaUrl: 'https://sleepy.example/über uns' },
      responses: { a: { primaryButton: { action: 'external_url', url: 'https://bücher.example/' } } },
      links: [{ label: 'x', url: 'mailto:ü@x.example' }],
      hero: { heroImage: 'https://cdn.example/ö.png' },
      id: 'https://bücher.example/',
    };
    expect(asciiUrlsIn(old)).toEqual({
      title: 'https://bücher.example is our shop',
      success: { ctaLabel: 'Über uns', ctaUrl: 'https://sleepy.example/%C3%BCber%20uns' },
      responses: { a: { primaryButton: { action: 'external_url', url: 'https://xn--bcher-kva.example/' } } },
      links: [{ label: 'x', url: 'mailto:%C3%BC@x.example' }],
      hero: { heroImage: 'https://cdn.example/%C3%B6.png' },
      id: 'https://bücher.example/',
    });
    expect(old.success.ctaUrl).toBe('https://sleepy.example/über uns'); // the stored object is not mutated
  });
});
