import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkDestination } from '../../src/kernel/url-destination.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { linksApi } from './links.fixtures.js';

/** Issue #34 item 6: OS, browser, file-sharing, installer and remote-access schemes are never a destination. */
const RISKY_URLS = [
  'itms-services://?action=download-manifest&url=https://evil.example/manifest.plist',
  'smb://evil.example/share',
  'steam://run/12345',
  'vscode://vscode.git/clone?url=https://evil.example/repo.git',
  'microsoft-edge:https://evil.example/',
  'ldap://evil.example/o=x',
  'ftp://evil.example/file',
  'sftp://evil.example/file',
  'ssh://root@evil.example',
  'magnet:?xt=urn:btih:abc',
  'ms-appinstaller:?source=https://evil.example/x.appinstaller',
  'shortcuts://run-shortcut?name=x',
];

const schemeOf = (url: string) => url.slice(0, url.indexOf(':'));

it('refuses every risky scheme, even when the app names it as its own deep-link scheme', () => {
  for (const url of RISKY_URLS) {
    expect(checkDestination(url, 'myapp').ok, url).toBe(false);
    expect(checkDestination(url, schemeOf(url)).ok, url).toBe(false);
    expect(checkDestination(url, null).ok, url).toBe(false);
  }
  // the app's own ordinary scheme still works
  expect(checkDestination('myapp://open', 'myapp')).toEqual({ ok: true, url: 'myapp://open' });
});

it('refuses bidi isolates and marks as well as overrides', () => {
  for (const url of ['https://example.com/\u2066x', 'https://example.com/\u2069', 'https://example.com/\u200E', 'https://example.com/\u202E', 'myapp://\u2067open']) {
    expect(checkDestination(url, 'myapp').ok, JSON.stringify(url)).toBe(false);
  }
});

describeEachDb('short links: risky schemes over the API', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof linksApi>;
  beforeAll(async () => {
    t = await testApp(dialect);
    api = linksApi(t, (await t.createApp({ name: 'Risky Links', deepLinkScheme: 'myapp' })).slug);
  });
  afterAll(() => t.close());

  it('refuses a short link to each risky scheme in every URL field with 422 and the path', async () => {
    for (const url of RISKY_URLS) {
      for (const field of ['url', 'iosUrl', 'androidUrl'] as const) {
        const r = await api.create({ url: 'https://example.com/', [field]: url });
        expect(r.statusCode, `${field} ${url}`).toBe(422);
        expect(r.json().issues.map((i: { path: string }) => i.path), `${field} ${url}`).toEqual([`/${field}`]);
      }
    }
  });

  it('an app whose stored deepLinkScheme predates the list (itms-services, steam) still cannot point a short link at it', async () => {
    for (const scheme of ['itms-services', 'steam']) {
      const app = await t.createApp({ name: `Legacy ${scheme}` });
      await t.db.db.updateTable('apps').set({ deep_link_scheme: scheme }).where('id', '=', app.id).execute();
      const legacy = linksApi(t, app.slug);
      const r = await legacy.create({ url: RISKY_URLS.find((u) => u.startsWith(`${scheme}:`))! });
      expect(r.statusCode, scheme).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path)).toEqual(['/url']);
    }
  });
});
