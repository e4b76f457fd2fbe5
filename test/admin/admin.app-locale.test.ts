import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

describeEachDb('dashboard: an app’s default language', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  beforeAll(async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Sprache', slug: 'sprache', logoUrl: 'https://example.com/l.png' });
    cookie = (await t.signIn()).cookie;
  });
  afterAll(() => t.close());

  it('is chosen in the app form, saved through PATCH, and cleared with English', async () => {
    const page = await t.page('/admin/apps/sprache', cookie);
    expect(page.body).toContain('<label for="f-locale">Language of the hosted pages</label>');
    expect(page.body).toContain('<option value="de">Deutsch</option>');
    expect(page.body).toContain('<option value="ja">日本語</option>');
    const save = (locale: string) => t.post('/admin/apps/sprache', cookie, { _csrf: page.csrf, name: 'Sprache', slug: 'sprache', logoUrl: 'https://example.com/l.png', locale });
    expect((await save('de')).status).toBe(303);
    const api = async () => (await t.app.inject({ url: '/api/v1/apps/sprache', headers: t.auth })).json().app;
    expect((await api()).locale).toBe('de');
    expect((await t.page('/admin/apps/sprache', cookie)).body).toContain('<option value="de" selected>Deutsch</option>');
    // A value outside the catalogs is the API's 422, shown at the field; nothing changes.
    const bad = await save('xx');
    expect(bad.status).toBe(422);
    expect(bad.body).toContain('id="f-locale-error"');
    expect((await api()).locale).toBe('de');
    expect((await save('')).status).toBe(303);
    expect((await api()).locale).toBeNull();
  });
});
