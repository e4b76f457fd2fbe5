import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkDestination } from '../../src/links/links.destination.js';
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
    fc.property(disguised, (url) => {
      expect(checkDestination(url).ok, JSON.stringify(url)).toBe(false);
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
  'https://exa mple.com/',
  'https://example.com/\u0000',
  'https://',
  '//example.com/path',
  '/relative/path',
  'example.com',
  '',
  '   ',
])('rejects %j', (url) => {
  expect(checkDestination(url).ok).toBe(false);
});

it.each([
  ['https://example.com', 'https://example.com'],
  ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
  ['  https://example.com/trimmed  ', 'https://example.com/trimmed'],
  ['myapp://open/screen?x=1', 'myapp://open/screen?x=1'],
  ['fb123456://authorize', 'fb123456://authorize'],
  ['com.example.app://path', 'com.example.app://path'],
  ['https://example.com/?next=javascript:alert(1)', 'https://example.com/?next=javascript:alert(1)'],
  ['https://exämple.com/ü', 'https://xn--exmple-cua.com/%C3%BC'],
])('accepts %j (stored as %j)', (input, stored) => {
  expect(checkDestination(input)).toEqual({ ok: true, url: stored });
});

describeEachDb('short links: destination schemes over the API', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof linksApi>;
  let linkId: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    api = linksApi(t, (await t.createApp({ name: 'Schemes' })).slug);
    linkId = (await api.create({ url: 'https://example.com/' })).json().link.id;
  });
  afterAll(() => t.close());

  it('creation and PATCH are always 422 for disguised bad schemes, in every URL field (property)', async () => {
    const fields = ['url', 'iosUrl', 'androidUrl', 'expiredUrl'] as const;
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

  it('accepts http, https and custom app schemes', async () => {
    for (const url of ['http://example.com/', 'https://example.com/x', 'myapp://deep/link']) {
      expect((await api.create({ url, iosUrl: url, androidUrl: url })).statusCode).toBe(201);
    }
  });
});
