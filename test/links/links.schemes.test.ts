import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkDestination } from '../../src/kernel/url-destination.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { linksApi } from './links.fixtures.js';

const BAD = ['javascript', 'data', 'file', 'vbscript', 'blob', 'about'];

/** Random disguises of a bad scheme: case, whitespace/control characters, percent-encoding, HTML entities. */
const disguised = fc
  .record({
    scheme: fc.constantFrom(...BAD),
    caseMask: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    leading: fc.array(fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u200b', '\ufeff'), { maxLength: 3 }),
    inserts: fc.array(
      fc.record({
        at: fc.nat(),
        what: fc.constantFrom('\t', '\n', '\r', '%0a', '%09', '%0d', '&#x09;', '&#10;', '&Tab;', '&NewLine;', '\u0000', '\u200b', '%00'),
      }),
      { maxLength: 3 },
    ),
    encodeAt: fc.option(fc.nat(), { nil: undefined }),
    entityAt: fc.option(fc.nat(), { nil: undefined }),
    colon: fc.constantFrom(':', '%3a', '%3A', '&#58;', '&colon;', '&#x3a;'),
    rest: fc.constantFrom('alert(1)', '//%0aalert(1)', 'text/html;base64,PHNjcmlwdD4=', '///etc/passwd', 'msgbox(1)', 'blank'),
  })
  .map(({ scheme, caseMask, leading, inserts, encodeAt, entityAt, colon, rest }) => {
    let chars = [...scheme].map((c, i) => (caseMask[i] ? c.toUpperCase() : c));
    if (encodeAt !== undefined) {
      const i = encodeAt % chars.length;
      chars[i] = '%' + chars[i].charCodeAt(0).toString(16);
    } else if (entityAt !== undefined) {
      const i = entityAt % chars.length;
      chars[i] = `&#${chars[i].charCodeAt(0)};`;
    }
    for (const { at, what } of inserts) {
      const i = 1 + (at % chars.length);
      chars = [...chars.slice(0, i), what, ...chars.slice(i)];
    }
    return leading.join('') + chars.join('') + colon + rest;
  });

it('checkDestination refuses every disguise of a bad scheme (property)', () => {
  fc.assert(
    fc.property(disguised, fc.constantFrom(null, 'myapp', ...BAD), (url, appScheme) => {
      expect(checkDestination(url, appScheme).ok, JSON.stringify([url, appScheme])).toBe(false);
    }),
    { numRuns: 3000 },
  );
});

it.each([
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  '\tjavascript:alert(1)',
  'java%0ascript:alert(1)',
  'java\nscript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  '&#106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'vbscript:msgbox(1)',
  'blob:https://example.com/uuid',
  'about:blank',
  '%6aavascript:alert(1)',
  // browser and OS internals, and schemes nobody allowed
  'ms-msdt:/id%20PCWDiagnostic%20/skip%20force',
  'ms-officecmd:%7B%7D',
  'search-ms:query=invoice&crumb=location:%5C%5Cevil.example%5Cshare',
  'search:query=calc',
  'intent://x#Intent;scheme=javascript;end',
  'intent://evil.example/#Intent;scheme=https;package=com.android.chrome;end',
  'view-source:https://example.com/',
  'jar:https://example.com/a.jar!/x.class',
  'chrome://settings',
  'chrome-extension://abc/page.html',
  'filesystem:https://example.com/temporary/x',
  'ftp://example.com/file',
  'ws://example.com/',
  'otherapp://open',
  'fb123456://authorize',
  // credentials dress an address up as another
  'https://user:pass@example.com/',
  'https://bank.example@evil.example/',
  'myapp://user@open',
  // nothing after the scheme
  'tel:',
  'myapp:',
  'https://exa mple.com/',
  'https://example.com/\u0000',
  'https://',
  '//example.com/path',
  '/relative/path',
  'example.com',
  '',
  '   ',
])('rejects %j', (url) => {
  expect(checkDestination(url, 'myapp').ok).toBe(false);
});

it.each([
  ['https://example.com', 'https://example.com/'],
  ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
  ['  https://example.com/trimmed  ', 'https://example.com/trimmed'],
  ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
  // stored as the URL browsers follow (WHATWG), never as typed
  ['https:evil.example', 'https://evil.example/'],
  ['http:///evil', 'http://evil/'],
  ['https:/\\evil.example', 'https://evil.example/'],
  ['https:\\\\evil.example\\x', 'https://evil.example/x'],
  ['https://example.com/?next=javascript:alert(1)', 'https://example.com/?next=javascript:alert(1)'],
  ['https://exämple.com/ü', 'https://xn--exmple-cua.com/%C3%BC'],
  ['myapp://open/screen?x=1', 'myapp://open/screen?x=1'],
  ['MyApp://open', 'myapp://open'],
  ['myapp:open', 'myapp:open'],
  ['itms-apps://apps.apple.com/app/id123', 'itms-apps://apps.apple.com/app/id123'],
  ['itms-appss://apps.apple.com/app/id123', 'itms-appss://apps.apple.com/app/id123'],
  ['market://details?id=com.example.app', 'market://details?id=com.example.app'],
  ['mailto:hi@example.com?subject=Hello%20there', 'mailto:hi@example.com?subject=Hello%20there'],
  ['tel:+15551234567', 'tel:+15551234567'],
  ['sms:+15551234567', 'sms:+15551234567'],
])('accepts %j (stored as %j)', (input, stored) => {
  expect(checkDestination(input, 'myapp')).toEqual({ ok: true, url: stored });
});

it('allows custom schemes only as the app’s own deep-link scheme, and never a refused one', () => {
  expect(checkDestination('com.example.app://path', 'com.example.app')).toEqual({ ok: true, url: 'com.example.app://path' });
  expect(checkDestination('myapp://x', null)).toMatchObject({ ok: false, message: expect.stringMatching(/set deepLinkScheme/) });
  expect(checkDestination('otherapp://x', 'myapp')).toMatchObject({ ok: false, message: expect.stringMatching(/^otherapp: URLs are not allowed; use http\(s\), the app's deep-link scheme \(myapp:\/\/…\)/) });
  for (const scheme of ['javascript', 'data', 'intent', 'ms-msdt', 'search-ms', 'view-source', 'jar', 'chrome']) {
    expect(checkDestination(`${scheme}://x`, scheme).ok, scheme).toBe(false);
  }
  expect(checkDestination('https://user@example.com/', null)).toMatchObject({ ok: false, message: expect.stringMatching(/user name or password/) });
});

describeEachDb('short links: destination schemes over the API', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof linksApi>;
  let bare: ReturnType<typeof linksApi>;
  let linkId: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    api = linksApi(t, (await t.createApp({ name: 'Schemes', deepLinkScheme: 'myapp' })).slug);
    bare = linksApi(t, (await t.createApp({ name: 'No Scheme' })).slug);
    linkId = (await api.create({ url: 'https://example.com/' })).json().link.id;
  });
  afterAll(() => t.close());

  const fields = ['url', 'iosUrl', 'androidUrl', 'expiredUrl'] as const;

  it('creation and PATCH are always 422 for disguised bad schemes, in every URL field (property)', async () => {
    await fc.assert(
      fc.asyncProperty(disguised, fc.constantFrom(...fields), async (bad, field) => {
        const body = { url: 'https://example.com/ok', [field]: bad };
        const created = await api.create(body);
        expect(created.statusCode, JSON.stringify(bad)).toBe(422);
        expect(created.json().issues.map((i: { path: string }) => i.path)).toContain(`/${field}`);
        const patched = await api.patch(linkId, { [field]: bad });
        expect(patched.statusCode, JSON.stringify(bad)).toBe(422);
      }),
      { numRuns: 150 },
    );
    expect((await api.get(linkId)).json().link.url).toBe('https://example.com/');
  });

  it('refuses schemes off the allowlist and credentials with a 422 naming the field, on create and PATCH', async () => {
    const refused = [
      'ms-msdt:/id%20PCWDiagnostic',
      'search-ms:query=x',
      'intent://x#Intent;scheme=javascript;end',
      'view-source:https://example.com/',
      'jar:https://example.com/a.jar!/',
      'chrome://settings',
      'about:blank',
      'otherapp://open',
      'https://user:pass@example.com/',
    ];
    for (const bad of refused) {
      for (const field of fields) {
        const created = await api.create({ url: 'https://example.com/ok', [field]: bad });
        expect(created.statusCode, `${field} ${bad}`).toBe(422);
        expect(created.json().issues).toEqual([{ path: `/${field}`, message: expect.any(String) }]);
        expect(created.json().error).toContain(`/${field}`);
        const patched = await api.patch(linkId, { [field]: bad });
        expect(patched.statusCode, `${field} ${bad}`).toBe(422);
        expect(patched.json().issues.map((i: { path: string }) => i.path)).toEqual([`/${field}`]);
      }
    }
    const r = await api.create({ url: 'otherapp://x' });
    expect(r.json().error).toMatch(/^Invalid body: \/url otherapp: URLs are not allowed; use http\(s\), the app's deep-link scheme \(myapp:\/\/…\), or itms-apps: itms-appss: market: mailto: tel: sms:$/);
    // an app without a deep-link scheme has no custom scheme to allow
    const noScheme = await bare.create({ url: 'https://example.com/', iosUrl: 'myapp://open' });
    expect(noScheme.statusCode).toBe(422);
    expect(noScheme.json().issues).toEqual([{ path: '/iosUrl', message: expect.stringMatching(/set deepLinkScheme/) }]);
    expect((await api.get(linkId)).json().link).toMatchObject({ url: 'https://example.com/', iosUrl: null, androidUrl: null, expiredUrl: null });
  });

  it('accepts http(s), the app’s scheme and the store and contact schemes, storing the WHATWG-normalised URL', async () => {
    const cases: [string, string][] = [
      ['http://example.com', 'http://example.com/'],
      ['https:evil.example', 'https://evil.example/'],
      ['http:///evil', 'http://evil/'],
      ['https:/\\evil.example', 'https://evil.example/'],
      ['myapp://deep/link', 'myapp://deep/link'],
      ['itms-apps://apps.apple.com/app/id123', 'itms-apps://apps.apple.com/app/id123'],
      ['market://details?id=com.example.app', 'market://details?id=com.example.app'],
      ['mailto:hi@example.com', 'mailto:hi@example.com'],
      ['tel:+15551234567', 'tel:+15551234567'],
      ['sms:+15551234567', 'sms:+15551234567'],
    ];
    for (const [input, stored] of cases) {
      const r = await api.create({ url: input, iosUrl: input, androidUrl: input, expiredBehavior: 'redirect', expiredUrl: input });
      expect(r.statusCode, `${input}: ${r.body}`).toBe(201);
      expect(r.json().link).toMatchObject({ url: stored, iosUrl: stored, androidUrl: stored, expiredUrl: stored });
      const p = await api.patch(linkId, { url: input, iosUrl: input, androidUrl: input, expiredUrl: input });
      expect(p.statusCode, `${input}: ${p.body}`).toBe(200);
      expect((await api.get(linkId)).json().link).toMatchObject({ url: stored, iosUrl: stored, androidUrl: stored, expiredUrl: stored });
    }
    expect((await bare.create({ url: 'https:example.org', androidUrl: 'market://details?id=x' })).json().link).toMatchObject({ url: 'https://example.org/', androidUrl: 'market://details?id=x' });
  });
});
