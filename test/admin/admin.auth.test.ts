import { afterEach, describe, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { cookieOf, csrfOf, EMAIL, form, FORM, movableClock, ownerApp, PASSWORD, preTokenOf, type OwnerApp } from './admin.fixtures.js';

describeEachDb('dashboard sign-in', (dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('signs in with a fresh HttpOnly, SameSite=Lax session cookie (no Secure over http) and signs out', async () => {
    t = await ownerApp(dialect);
    const anon = await t.app.inject({ url: '/admin/apps', headers: { accept: 'text/html' } });
    expect(anon.statusCode).toBe(303);
    expect(anon.headers.location).toBe('/admin/login?next=%2Fadmin%2Fapps');

    const s = await t.signIn();
    expect(s.status).toBe(303);
    expect(s.setCookie).toMatch(/^appflows_owner=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1209600$/);
    const apps = await t.page('/admin/apps', s.cookie);
    expect(apps.status).toBe(200);
    expect(apps.body).toContain(EMAIL.split('@')[0] ? 'Sign out' : '');
    expect(apps.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(apps.headers['content-security-policy']).not.toContain('unsafe-inline');
    // Only a hash of the cookie value is stored.
    const rows = await t.db.db.selectFrom('owner_sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(s.cookie.split('=')[1]);

    const out = await t.post('/admin/logout', s.cookie, { _csrf: apps.csrf });
    expect(out.status).toBe(303);
    expect(out.location).toBe('/admin/login?out=1');
    expect((await t.page('/admin/apps', s.cookie)).status).toBe(303);
    expect(await t.db.db.selectFrom('owner_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('marks the cookie Secure with the __Host- prefix when BASE_URL is https', async () => {
    t = await ownerApp(dialect, { env: { BASE_URL: 'https://flows.example.com' } });
    const s = await t.signIn();
    expect(s.setCookie).toMatch(/^__Host-appflows_owner=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect((await t.page('/admin/apps', s.cookie)).status).toBe(200);
    // The plain name is not read on https: a cookie planted over http or by a subdomain does nothing.
    expect((await t.page('/admin/apps', s.cookie.replace('__Host-', ''))).status).toBe(303);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    t = await ownerApp(dialect);
    const wrong = await t.signIn(EMAIL, 'not the password!');
    const unknown = await t.signIn('nobody@example.com', 'not the password!');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.setCookie).toBeUndefined();
    expect(unknown.setCookie).toBeUndefined();
    const strip = (html: string) => html.replace(/name="_token" value="[^"]+"/, '').replace(/value="[^"]*@example.com"/, '');
    expect(strip(wrong.body)).toBe(strip(unknown.body));
    expect(wrong.body).toContain('Wrong email or password');
  });

  it('never keeps a session id chosen before sign-in (fixation) and gives each sign-in its own', async () => {
    t = await ownerApp(dialect);
    const planted = 'appflows_owner=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    expect((await t.page('/admin/apps', planted)).status).toBe(303);
    const a = await t.signIn(EMAIL, PASSWORD, { cookie: planted });
    const b = await t.signIn();
    expect(a.cookie).not.toBe(planted);
    expect(a.cookie).not.toBe(b.cookie);
    expect((await t.page('/admin/apps', planted)).status).toBe(303);
    expect((await t.page('/admin/apps', a.cookie)).status).toBe(200);
  });

  it('signs out everywhere: every session of the owner ends', async () => {
    t = await ownerApp(dialect);
    const phone = await t.signIn();
    const laptop = await t.signIn();
    const account = await t.page('/admin/account', laptop.cookie);
    expect(account.body).toContain('2 active sessions');
    const r = await t.post('/admin/logout-everywhere', laptop.cookie, { _csrf: account.csrf });
    expect(r.status).toBe(303);
    expect((await t.page('/admin/apps', phone.cookie)).status).toBe(303);
    expect((await t.page('/admin/apps', laptop.cookie)).status).toBe(303);
  });

  it('a password change (CLI) ends every session and the old password stops working', async () => {
    t = await ownerApp(dialect);
    const s = await t.signIn();
    const r = await t.owners.setPassword(EMAIL, 'a brand new passphrase');
    expect(r.sessionsEnded).toBe(1);
    expect((await t.page('/admin/apps', s.cookie)).status).toBe(303);
    expect((await t.signIn()).status).toBe(401);
    expect((await t.signIn(EMAIL, 'a brand new passphrase')).status).toBe(303);
  });

  it('locks one client address after 20 failures, whatever emails it tries', async () => {
    t = await ownerApp(dialect, { clock: movableClock() });
    const client = { ipHash: 'one-address', userAgent: null };
    for (let i = 0; i < 21; i++) await expect(t.owners.signIn({ email: `guess${i}@example.com`, password: 'wrong password!' }, client)).rejects.toMatchObject({ status: 401 });
    await expect(t.owners.signIn({ email: EMAIL, password: PASSWORD }, client)).rejects.toMatchObject({ status: 429 });
    // Another address is not affected.
    await expect(t.owners.signIn({ email: EMAIL, password: PASSWORD }, { ipHash: 'another-address', userAgent: null })).resolves.toMatchObject({ token: expect.any(String) });
  });

  it('ends a session 14 days after sign-in, and prunes expired sessions', async () => {
    const clock = movableClock();
    t = await ownerApp(dialect, { clock });
    const old = await t.signIn();
    clock.advance(13 * 86_400_000);
    expect((await t.page('/admin/apps', old.cookie)).status).toBe(200);
    clock.advance(1 * 86_400_000 + 1000);
    expect((await t.page('/admin/apps', old.cookie)).status).toBe(303);
    await t.signIn();
    expect(await t.db.db.selectFrom('owner_sessions').selectAll().execute()).toHaveLength(1);
  });

  it('locks sign-in with a doubling backoff after repeated failures, for known and unknown emails alike', async () => {
    const clock = movableClock();
    t = await ownerApp(dialect, { clock });
    for (let i = 0; i < 5; i++) expect((await t.signIn(EMAIL, `wrong password ${i}`)).status).toBe(401);
    // The 6th failure starts a 1 s lock; during it even the right password is refused, before any hash.
    expect((await t.signIn(EMAIL, 'wrong password 6')).status).toBe(401);
    const locked = await t.signIn();
    expect(locked.status).toBe(429);
    expect(locked.body).toContain('Too many sign-in attempts');
    clock.advance(1_100);
    // The next failure doubles the lock (2 s).
    expect((await t.signIn(EMAIL, 'wrong password 7')).status).toBe(401);
    clock.advance(1_100);
    expect((await t.signIn()).status).toBe(429);
    clock.advance(1_000);
    expect((await t.signIn()).status).toBe(303);

    // An unknown email locks the same way (no oracle in the lock either).
    for (let i = 0; i < 6; i++) await t.signIn('ghost@example.com', `wrong password ${i}`);
    expect((await t.signIn('ghost@example.com', 'whatever password')).status).toBe(429);
  });
});

describeEachDb('dashboard CSRF', (dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('refuses state-changing posts without the session’s token, with another session’s, or from another origin', async () => {
    t = await ownerApp(dialect);
    const s = await t.signIn();
    const other = await t.signIn();
    const { csrf } = await t.page('/admin/api-tokens', s.cookie);
    const otherCsrf = (await t.page('/admin/api-tokens', other.cookie)).csrf;
    expect(csrf).not.toBe(otherCsrf);
    const before = (await t.app.services.tokens.list()).length;

    const none = await t.post('/admin/api-tokens', s.cookie, { name: 'x' });
    expect(none.status).toBe(403);
    expect(none.body).toContain('another site');
    expect((await t.post('/admin/api-tokens', s.cookie, { name: 'x', _csrf: otherCsrf })).status).toBe(403);
    expect((await t.post('/admin/api-tokens', s.cookie, { name: 'x', _csrf: csrf }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await t.post('/admin/logout', s.cookie, {})).status).toBe(403);
    expect((await t.post('/admin/apps', s.cookie, { name: 'Forged' })).status).toBe(403);
    expect((await t.app.services.tokens.list()).length).toBe(before);
    expect((await t.page('/admin/apps', s.cookie)).status).toBe(200);

    // The same post with the token is accepted.
    expect((await t.post('/admin/api-tokens', s.cookie, { name: 'x', _csrf: csrf }, { origin: 'http://localhost:80' })).status).toBe(303);
  });

  it('refuses a sign-in form posted without the form token or from another origin (login CSRF)', async () => {
    t = await ownerApp(dialect);
    const noToken = await t.app.inject({ method: 'POST', url: '/admin/login', headers: FORM, payload: form({ email: EMAIL, password: PASSWORD }) });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.headers['set-cookie']).toBeUndefined();
    const login = await t.app.inject({ url: '/admin/login' });
    const cross = await t.app.inject({ method: 'POST', url: '/admin/login', headers: { ...FORM, origin: 'https://evil.example' }, payload: form({ _token: preTokenOf(login.body), email: EMAIL, password: PASSWORD }) });
    expect(cross.statusCode).toBe(403);
    expect(cross.headers['set-cookie']).toBeUndefined();
  });
});

describeEachDb('dashboard setup link', (dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('creates the first owner once, on the account the CLI tokens use; then opens nothing', async () => {
    t = await ownerApp(dialect, { noOwner: true });
    const existing = await t.createApp({ name: 'Made by the CLI token' });
    const link: string = await t.owners.issueSetupLink();
    expect(link).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const page = await t.app.inject({ url: `/admin/setup?t=${link}` });
    expect(page.statusCode).toBe(200);
    const token = preTokenOf(page.body);

    const weak = await t.app.inject({ method: 'POST', url: `/admin/setup?t=${link}`, headers: FORM, payload: form({ _token: token, email: 'first@example.com', password: 'short' }) });
    expect(weak.statusCode).toBe(422);
    expect(weak.body).toMatch(/id="f-password-error">must be at least 10 characters/);

    const ok = await t.app.inject({ method: 'POST', url: `/admin/setup?t=${link}`, headers: FORM, payload: form({ _token: token, email: 'First@Example.com', password: PASSWORD }) });
    expect(ok.statusCode).toBe(303);
    const cookie = cookieOf(ok.headers['set-cookie'] as string);
    const apps = await t.page('/admin/apps', cookie);
    expect(apps.body).toContain('Made by the CLI token');
    expect(apps.body).toContain(existing.slug);

    expect((await t.app.inject({ url: `/admin/setup?t=${link}` })).statusCode).toBe(410);
    const again = await t.app.inject({ method: 'POST', url: `/admin/setup?t=${link}`, headers: FORM, payload: form({ _token: token, email: 'second@example.com', password: PASSWORD }) });
    expect(again.statusCode).toBe(410);
    expect(await t.owners.issueSetupLink()).toBeUndefined();
    expect((await t.db.db.selectFrom('owners').select('email').execute()).map((r) => r.email)).toEqual(['first@example.com']);
    expect((await t.app.inject({ url: '/admin/setup?t=made-up-link' })).statusCode).toBe(410);
  });
});

describe('csrf helper', () => {
  it('finds tokens', () => expect(csrfOf('<input type="hidden" name="_csrf" value="abc"/>')).toBe('abc'));
});
