import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFUSED_SCHEME_GROUPS } from '../../src/kernel/refused-schemes.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/** Issue #34 items 6 and 7: risky schemes as an app's deepLinkScheme; one URL rule for the app's URL fields. */

/** The schemes the hostile run got accepted, and one of every refused group. */
const RISKY = [
  'itms-services', 'smb', 'steam', 'vscode', 'microsoft-edge', 'ldap', 'ftp', 'sftp', 'nfs', 'afp', 'webdav', 'magnet', 'itms',
  'itms-beta', 'macappstore', 'vscode-insiders', 'x-github-client', 'ssh', 'telnet', 'vnc', 'rdp', 'ms-appinstaller', 'ms-settings',
  'shortcuts', 'x-apple.systempreferences', 'firefox', 'googlechrome', 'search-ms', 'intent', 'javascript', 'ITMS-Services', 'Steam',
];

/** Credentials dress one host up as another; U+202E shows the URL backwards; U+2066 isolates, U+200E marks, U+0000 a control. */
const BAD_URLS = ['https://user:pass@cdn.example/logo.png', 'https://apps.apple.com@evil.example/logo.png', 'https://cdn.example/\u202Egnp.exe', 'https://cdn.example/a\u2066b', 'https://cdn\u200E.example/', 'https://cdn.example/\u0000'];

describeEachDb('apps: deep-link schemes and owner URLs', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: t.auth, payload: payload as object });
  const patch = (id: string, payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/v1/apps/${id}`, headers: t.auth, payload: payload as object });
  const paths = (r: { json(): { issues?: { path: string }[] } }) => (r.json().issues ?? []).map((i) => i.path);

  it('refuses OS, browser, file-sharing, installer and remote-access schemes as deepLinkScheme (422 at /deepLinkScheme), on create and PATCH', async () => {
    const app = await t.createApp({ name: 'Scheme Owner', deepLinkScheme: 'schemeowner' });
    for (const scheme of RISKY) {
      const created = await post({ name: 'Risky', deepLinkScheme: scheme });
      expect(created.statusCode, scheme).toBe(422);
      expect(paths(created), scheme).toEqual(['/deepLinkScheme']);
      const patched = await patch(app.id, { deepLinkScheme: scheme });
      expect(patched.statusCode, scheme).toBe(422);
      expect(paths(patched), scheme).toEqual(['/deepLinkScheme']);
    }
    // nothing changed, and no app was created
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.id}`, headers: t.auth })).json().app.deepLinkScheme).toBe('schemeowner');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/apps', headers: t.auth })).json().apps.map((a: { name: string }) => a.name)).not.toContain('Risky');
  });

  it('every scheme of every refused group is refused; ordinary app schemes are still accepted', async () => {
    for (const scheme of Object.values(REFUSED_SCHEME_GROUPS).flat()) {
      if (!/^[a-z][a-z0-9+.-]*$/.test(scheme) || scheme.length > 40) continue; // the syntax rule already refuses it
      const r = await post({ name: 'Group', deepLinkScheme: scheme });
      expect(r.statusCode, scheme).toBe(422);
      expect(paths(r), scheme).toEqual(['/deepLinkScheme']);
    }
    for (const scheme of ['myapp', 'com.example.sleepy', 'fb1234567890', 'sleepy-dev', 'x-sleepy', 'smbapp', 'steamy', 'ftpclient']) {
      const r = await post({ name: `Ok ${scheme}`, deepLinkScheme: scheme });
      expect(r.statusCode, `${scheme}: ${r.body}`).toBe(201);
      expect(r.json().app.deepLinkScheme).toBe(scheme);
    }
  });

  it('refuses user:pass@ and hidden or text-direction characters in logoUrl and every promotion URL, with the path, on create and PATCH', async () => {
    const app = await t.createApp({ name: 'Urls', logoUrl: 'https://cdn.example/logo.png', promotion: { storeUrl: 'https://apps.apple.com/app/x/id1' } });
    const fields: [string, (v: string) => Record<string, unknown>][] = [
      ['/logoUrl', (v) => ({ logoUrl: v })],
      ['/promotion/storeUrl', (v) => ({ promotion: { storeUrl: v } })],
      ['/promotion/universalLinkBase', (v) => ({ promotion: { universalLinkBase: v } })],
      ['/promotion/iconUrl', (v) => ({ promotion: { iconUrl: v } })],
      ['/promotion/destinations/home', (v) => ({ promotion: { destinations: { home: v } } })],
    ];
    for (const [path, body] of fields) {
      for (const bad of BAD_URLS) {
        const created = await post({ name: 'Bad url', ...body(bad) });
        expect(created.statusCode, `${path} ${JSON.stringify(bad)}`).toBe(422);
        expect(paths(created), `${path} ${JSON.stringify(bad)}`).toEqual([path]);
        const patched = await patch(app.id, body(bad));
        expect(patched.statusCode, `${path} ${JSON.stringify(bad)}`).toBe(422);
        expect(paths(patched), `${path} ${JSON.stringify(bad)}`).toEqual([path]);
      }
    }
    // a named destination's path: the same characters are refused
    const path = await patch(app.id, { promotion: { destinations: { home: '/today\u202Eevil' } } });
    expect(path.statusCode).toBe(422);
    expect(paths(path)).toEqual(['/promotion/destinations/home']);
    const after = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${app.id}`, headers: t.auth })).json().app;
    expect(after).toMatchObject({ logoUrl: 'https://cdn.example/logo.png', promotion: { storeUrl: 'https://apps.apple.com/app/x/id1' } });
  });

  it('keeps valid URLs valid (query strings, ports, IDNs, percent-encoded characters, http logos)', async () => {
    const ok = {
      name: 'Good urls',
      logoUrl: 'http://cdn.example:8080/logo.png?v=2&x=%E2%80%AE',
      promotion: { storeUrl: 'https://apps.apple.com/de/app/sleepy/id1444383602?l=en', universalLinkBase: 'https://exämple.com/open', iconUrl: 'https://cdn.example/icon%20big.png' },
    };
    const r = await post(ok);
    expect(r.statusCode, r.body).toBe(201);
    // Stored in the ASCII form iOS 16 opens (#35): the IDN host in punycode, the rest as written.
    expect(r.json().app).toMatchObject({ ...ok, promotion: { ...ok.promotion, universalLinkBase: 'https://xn--exmple-cua.com/open' } });
  });
});
