import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

describeEachDb('dashboard: an app’s branding (accent colour, colour scheme, logo)', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  beforeAll(async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Farbe', slug: 'farbe' });
    cookie = (await t.signIn()).cookie;
  });
  afterAll(() => t.close());

  it('are set in the app form through PATCH, with the contrast note at the accent field, and cleared by emptying them', async () => {
    const page = await t.page('/admin/apps/farbe', cookie);
    // A text field that works without JavaScript, and the picker the island shows beside it.
    expect(page.body).toContain('<label for="f-accentColor">Accent colour</label>');
    expect(page.body).toMatch(/<input type="color" value="#4f46e5" aria-label="Pick the accent colour" data-color-for="f-accentColor" hidden\/>/);
    expect(page.body).toContain('<label for="f-theme">Colour scheme of the hosted pages</label>');
    expect(page.body).toContain('<option value="auto">Automatic (the visitor’s system setting)</option>');
    const save = (accentColor: string, theme: string, logoUrl = '') => t.post('/admin/apps/farbe', cookie, { _csrf: page.csrf, name: 'Farbe', slug: 'farbe', accentColor, theme, logoUrl });
    const api = async () => (await t.app.inject({ url: '/api/v1/apps/farbe', headers: t.auth })).json().app;

    // The case: a near-black accent is 1.0:1 against the dark card; the field says what the pages do about it.
    expect((await save('#111827', 'dark', 'https://example.com/farbe.png')).status).toBe(303);
    expect(await api()).toMatchObject({ accentColor: '#111827', theme: 'dark', logoUrl: 'https://example.com/farbe.png' });
    const saved = (await t.page('/admin/apps/farbe', cookie)).body;
    expect(saved).toContain('value="#111827"');
    expect(saved).toContain('<option value="dark" selected>Dark</option>');
    expect(saved).toMatch(/<p class="hint contrast-notes" id="f-accentColor-notes" role="status" data-contrast-notes="true">On dark pages #111827 is 1\.\d\d:1 against the card: buttons use #[0-9a-f]{6} there instead\.<\/p>/);
    // An accent that stands out on both: no note.
    expect((await save('#0f766e', 'auto')).status).toBe(303);
    expect((await t.page('/admin/apps/farbe', cookie)).body).toMatch(/data-contrast-notes="true"><\/p>/);
    // A bad colour is the API's 422, shown at the field; nothing changes.
    const bad = await save('teal', 'auto');
    expect(bad.status).toBe(422);
    expect(bad.body).toContain('id="f-accentColor-error"');
    expect((await api()).accentColor).toBe('#0f766e');
    expect((await save('', '')).status).toBe(303);
    expect(await api()).toMatchObject({ accentColor: null, theme: null, logoUrl: null });
  });
});
