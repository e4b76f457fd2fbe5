import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { cancelApp, everyAction, startSession } from '../flows/cancel/cancel.pages.fixtures.js';
import { goodFeedback, goodReport, putAndPublish } from '../flows/forms/forms.fixtures.js';

// #20: "a flow's language is chosen by its config (with the app's default)".
describeEachDb('the app default language', (dialect) => {
  let t: TestApp;
  const patch = (slug: string, body: unknown) => t.app.inject({ method: 'PATCH', url: `/api/v1/apps/${slug}`, headers: { ...t.auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
  });
  afterAll(() => t.close());

  it('is an app field: validated, returned, cleared with null', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/apps', headers: t.auth, payload: { name: 'Gute Nacht', slug: 'gute-nacht', locale: 'de' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().app.locale).toBe('de');
    const bad = await patch('gute-nacht', { locale: 'xx' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain('/locale');
    expect((await t.app.inject({ url: '/api/v1/apps/gute-nacht', headers: t.auth })).json().app.locale).toBe('de');
    expect((await patch('gute-nacht', { locale: null })).json().app.locale).toBeNull();
    expect((await patch('gute-nacht', { locale: 'de' })).json().app.locale).toBe('de');
  });

  it('speaks on pages whose flow sets no language; a flow’s own locale wins', async () => {
    await putAndPublish(t, 'gute-nacht', 'feedback', goodFeedback());
    await putAndPublish(t, 'gute-nacht', 'report', { ...goodReport(), locale: 'fr' });
    // The published-flow cache holds a flow for at most a second.
    await new Promise((r) => setTimeout(r, 1100));
    const de = (await t.app.inject({ url: '/feedback/gute-nacht' })).body;
    expect(de).toContain('<html lang="de">');
    expect(de).toContain('Dein Feedback');
    const fr = (await t.app.inject({ url: '/report/gute-nacht' })).body;
    expect(fr).toContain('<html lang="fr">');
    // An app without a default stays English whatever the browser asks, as flows with a config do.
    await t.createApp({ name: 'Plain', slug: 'plain' });
    await putAndPublish(t, 'plain', 'feedback', goodFeedback());
    expect((await t.app.inject({ url: '/feedback/plain', headers: { 'accept-language': 'de' } })).body).toContain('<html lang="en">');
  });

  it('reaches the pages of sessions pinned to a version (cancel)', async () => {
    const app = await cancelApp(t, 'Kündigung', everyAction());
    expect((await patch(app.slug, { locale: 'ja' })).statusCode).toBe(200);
    const s = await startSession(t, app.slug);
    const page = (await t.app.inject({ url: s.path })).body;
    expect(page).toContain('<html lang="ja">');
  });

  it('leaves types without built-in words alone (app promotion configs are strict)', async () => {
    const flows = t.app.services.flows;
    const cfg = { type: 'app_promotion', placement: 'home', destinations: [] };
    expect(flows.withAppLocale('app_promotion', cfg, 'de')).toBe(cfg);
  });

  it('merges a pinned config with the app language once per config and language', async () => {
    const flows = t.app.services.flows;
    const cfg = goodFeedback() as Record<string, unknown>;
    const de = flows.withAppLocale('feedback', cfg, 'de');
    expect(de).toMatchObject({ locale: 'de' });
    expect(flows.withAppLocale('feedback', cfg, 'de')).toBe(de); // the same object: not parsed again
    expect(flows.withAppLocale('feedback', cfg, 'fr')).toMatchObject({ locale: 'fr' });
    expect(flows.withAppLocale('feedback', { ...cfg, locale: 'it' }, 'de')).toMatchObject({ locale: 'it' });
    expect(cfg.locale).toBeUndefined();
  });
});
