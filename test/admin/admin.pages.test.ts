import { afterEach, expect, it } from 'vitest';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { goodFeedback, goodWaitlist } from '../flows/forms/forms.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'");

describeEachDb('dashboard: API tokens page', (dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('creates a token shown once that works on the API at once, lists it by prefix, and revokes it at once', async () => {
    t = await ownerApp(dialect);
    const { cookie } = await t.signIn();
    const page = await t.page('/admin/api-tokens', cookie);
    const posted = await t.post('/admin/api-tokens', cookie, { _csrf: page.csrf, name: 'CI' });
    // Post/redirect/get: the POST answers a redirect without the token (never in the URL).
    expect(posted.status).toBe(303);
    expect(posted.location).toBe('/admin/api-tokens');
    expect(posted.body).not.toMatch(/afk_/);
    const created = await t.page(posted.location!, cookie);
    const token = /value="(afk_[A-Za-z0-9]{8}_[A-Za-z0-9]{32})"/.exec(created.body)![1];
    expect(created.body).toContain('data-copy="#new-token"');
    const prefix = token.slice(4, 12);
    expect((await t.app.inject({ url: '/api/v1/apps', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

    const list = await t.page('/admin/api-tokens', cookie);
    expect(list.body).not.toContain(token);
    expect(list.body).toContain(`afk_${prefix}_…`);
    expect(list.body).toMatch(/<td data-label="Name">CI<\/td>/);

    const revoked = await t.post(`/admin/api-tokens/${prefix}/revoke`, cookie, { _csrf: page.csrf });
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe(`/admin/api-tokens?revoked=${prefix}`);
    expect((await t.app.inject({ url: '/api/v1/apps', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    const after = await t.page(revoked.location!, cookie);
    expect(after.body).toContain(`Token ${prefix} revoked`);
    expect(after.body).toContain('Revoked');
    // The API sees the same list.
    const api = (await t.app.inject({ url: '/api/v1/tokens', headers: t.auth })).json().tokens;
    expect(api.find((x: { prefix: string }) => x.prefix === prefix).revokedAt).not.toBeNull();
  });

  it('reloading the page after creating a token creates nothing and shows the token no more', async () => {
    t = await ownerApp(dialect);
    const { cookie } = await t.signIn();
    const other = await t.signIn();
    const page = await t.page('/admin/api-tokens', cookie);
    const before = (await t.app.services.tokens.list()).length;
    const posted = await t.post('/admin/api-tokens', cookie, { _csrf: page.csrf, name: 'Once' });
    expect(posted.status).toBe(303);
    expect((await t.app.services.tokens.list()).length).toBe(before + 1);
    // The flash is bound to the session: another session of the same owner does not get it.
    expect((await t.page('/admin/api-tokens', other.cookie)).body).not.toMatch(/value="afk_/);
    // Stored sealed: the database row holds no token.
    const row = await (t.db.db as any).selectFrom('owner_sessions').select('flash').where('flash', 'is not', null).executeTakeFirst();
    expect(row.flash).not.toMatch(/afk_/);
    const shown = await t.page('/admin/api-tokens', cookie);
    expect(shown.body).toMatch(/value="afk_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}"/);
    // The reload (a GET: what the browser repeats after a 303) shows the list only and creates nothing.
    for (let i = 0; i < 2; i++) {
      const again = await t.page('/admin/api-tokens', cookie);
      expect(again.status).toBe(200);
      expect(again.body).not.toMatch(/value="afk_/);
      expect(again.body).toMatch(/<td data-label="Name">Once<\/td>/);
    }
    expect((await t.app.services.tokens.list()).length).toBe(before + 1);
  });

  it('shows the API’s validation message next to the name field', async () => {
    t = await ownerApp(dialect);
    const { cookie } = await t.signIn();
    const page = await t.page('/admin/api-tokens', cookie);
    const r = await t.post('/admin/api-tokens', cookie, { _csrf: page.csrf, name: '   ' });
    expect(r.status).toBe(422);
    expect(r.body).toMatch(/id="f-name-error">[^<]+</);
    expect(r.body).toContain('aria-invalid="true"');
  });
});

describeEachDb('dashboard: apps', (dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('creates and edits apps through the API operations, with its messages next to each field', async () => {
    t = await ownerApp(dialect);
    const { cookie } = await t.signIn();
    const { csrf } = await t.page('/admin/apps', cookie);

    const badSlug = await t.post('/admin/apps', cookie, { _csrf: csrf, name: 'Recipes', slug: 'Bad Slug' });
    expect(badSlug.status).toBe(422);
    expect(badSlug.body).toMatch(/id="f-slug-error">must contain only lowercase letters, digits and dashes</);
    expect(badSlug.body).toContain('value="Recipes"');

    const reserved = await t.post('/admin/apps', cookie, { _csrf: csrf, name: 'Recipes', slug: 'api' });
    expect(reserved.status).toBe(422);
    expect(reserved.body).toMatch(/id="f-slug-error">/);

    const ok = await t.post('/admin/apps', cookie, { _csrf: csrf, name: 'Recipes', slug: 'recipes', bundleId: 'com.example.recipes', deepLinkScheme: '', logoUrl: '' });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/admin/apps/recipes?created=1');
    const api = (await t.app.inject({ url: '/api/v1/apps/recipes', headers: t.auth })).json().app;
    expect(api).toMatchObject({ name: 'Recipes', bundleId: 'com.example.recipes', deepLinkScheme: null });

    const taken = await t.post('/admin/apps', cookie, { _csrf: csrf, name: 'Again', slug: 'recipes' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatch(/id="f-slug-error">Slug &quot;recipes&quot; is already taken</);

    const edit = await t.page('/admin/apps/recipes', cookie);
    expect(edit.body).toContain('Waitlist');
    const badEdit = await t.post('/admin/apps/recipes', cookie, { _csrf: csrf, name: 'Recipes', slug: 'recipes', deepLinkScheme: '9bad', logoUrl: 'not a url' });
    expect(badEdit.status).toBe(422);
    expect(badEdit.body).toMatch(/id="f-deepLinkScheme-error">must be a URL scheme/);
    // Promotion is plain fields, no JSON: each refusal lands on its own field, the typed values kept.
    expect(edit.body).toMatch(/<label for="f-promoAppStoreId">App Store id<\/label>/);
    expect(edit.body).not.toContain('Promotion metadata (JSON)');
    const badPromo = await t.post('/admin/apps/recipes', cookie, { _csrf: csrf, name: 'Recipes', promoAppStoreId: 'id12', promoStoreUrl: 'http://apps.example/x', promoDestinations: 'home /\nBad-Name /x' });
    expect(badPromo.status).toBe(422);
    expect(badPromo.body).toMatch(/id="f-promoAppStoreId-error">must be digits/);
    expect(badPromo.body).toMatch(/id="f-promoStoreUrl-error">must be an https URL/);
    expect(badPromo.body).toMatch(/id="f-promoDestinations-error">Bad-Name: a name is lowercase letters, digits and _, starting with a letter/);
    expect(badPromo.body).toContain('value="http://apps.example/x"');
    const badLine = await t.post('/admin/apps/recipes', cookie, { _csrf: csrf, name: 'Recipes', promoDestinations: 'home /\nlonely' });
    expect(badLine.status).toBe(422);
    expect(badLine.body).toMatch(/id="f-promoDestinations-error">line 2: write a name, a space, then a path or URL/);
    const twice = await t.post('/admin/apps/recipes', cookie, { _csrf: csrf, name: 'Recipes', promoDestinations: 'home /\nhome /x' });
    expect(twice.body).toMatch(/id="f-promoDestinations-error">line 2: &quot;home&quot; is named twice/);

    const saved = await t.post('/admin/apps/recipes', cookie, {
      _csrf: csrf,
      name: 'Recipes Pro',
      slug: 'recipes-pro',
      bundleId: '',
      deepLinkScheme: 'recipes',
      logoUrl: 'https://example.com/logo.png',
      promoAppStoreId: '123',
      promoDestinations: 'home /\r\nrecipes  /recipes/today\n',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/admin/apps/recipes-pro?saved=1');
    const after = (await t.app.inject({ url: '/api/v1/apps/recipes-pro', headers: t.auth })).json().app;
    expect(after).toMatchObject({ name: 'Recipes Pro', bundleId: null, deepLinkScheme: 'recipes', logoUrl: 'https://example.com/logo.png' });
    expect(after.promotion).toEqual({ appStoreId: '123', destinations: { home: '/', recipes: '/recipes/today' } });
    // Shown again as it was typed (one destination per line), and emptied fields clear it.
    const again = await t.page('/admin/apps/recipes-pro', cookie);
    expect(again.body).toContain('home /\nrecipes /recipes/today</textarea>');
    const cleared = await t.post('/admin/apps/recipes-pro', cookie, { _csrf: csrf, name: 'Recipes Pro', slug: 'recipes-pro', deepLinkScheme: 'recipes' });
    expect(cleared.status).toBe(303);
    expect((await t.app.inject({ url: '/api/v1/apps/recipes-pro', headers: t.auth })).json().app.promotion).toBeNull();
  });

  it('never shows another account’s app', async () => {
    t = await ownerApp(dialect);
    const other = await t.otherAccount();
    const theirs = await t.createApp({ name: 'Theirs', slug: 'theirs' }, other.auth);
    const { cookie } = await t.signIn();
    expect((await t.page('/admin/apps', cookie)).body).not.toContain('Theirs');
    expect((await t.page(`/admin/apps/${theirs.slug}`, cookie)).status).toBe(404);
    expect((await t.page(`/admin/apps/${theirs.id}/flows/waitlist`, cookie)).status).toBe(404);
  });
});

describeEachDb('dashboard: flow editor', (dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  it('saves, checks, previews, publishes, diffs and copies a version back into the draft', async () => {
    t = await ownerApp(dialect);
    const app = await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const { cookie } = await t.signIn();
    const base = `/admin/apps/${app.slug}/flows/waitlist`;
    // A flow that does not exist yet opens on the template gallery; "blank" opens the editor.
    const gallery = await t.page(base, cookie);
    expect(gallery.status).toBe(200);
    expect(gallery.body).toContain('Use this template');
    const first = await t.page(`${base}?blank=1`, cookie);
    expect(first.status).toBe(200);
    expect(first.body).toContain('not saved yet');
    expect(first.body).toContain('Save and publish as v1');
    const csrf = first.csrf;

    const notJson = await t.post(`${base}/save`, cookie, { _csrf: csrf, action: 'save', config: '{"type": "waitlist",' });
    expect(notJson.status).toBe(422);
    expect(notJson.body).toContain('The draft is not valid JSON');
    expect(notJson.body).toContain('{&quot;type&quot;: &quot;waitlist&quot;,'); // the text comes back

    const bad = { ...goodWaitlist(), hero: { ...goodWaitlist().hero, accentColor: 'red' } };
    const invalid = await t.post(`${base}/save`, cookie, { _csrf: csrf, action: 'save', config: JSON.stringify(bad) });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toContain('<code>/hero/accentColor</code>');
    expect((await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/waitlist`, headers: t.auth })).statusCode).toBe(404);

    // The island's live check: same validation and warnings, nothing saved.
    const noLegal = { ...goodWaitlist(), intro: { ...goodWaitlist().intro, legal: undefined } };
    const check = await t.app.inject({ method: 'POST', url: `${base}/check`, headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf }, payload: { config: JSON.stringify(noLegal) } });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ ok: true, issues: [], warnings: [{ code: 'missing_legal', path: '/intro/legal' }] });
    const checkBad = await t.app.inject({ method: 'POST', url: `${base}/check`, headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf }, payload: { config: JSON.stringify(bad) } });
    expect(checkBad.json()).toMatchObject({ ok: false, issues: [{ path: '/hero/accentColor' }] });
    const checkForged = await t.app.inject({ method: 'POST', url: `${base}/check`, headers: { cookie, 'content-type': 'application/json' }, payload: { config: '{}' } });
    expect(checkForged.statusCode).toBe(403);

    // Live preview of unsaved text renders the hosted page, inert.
    const pv = await t.post(`${base}/preview`, cookie, { _csrf: csrf, config: JSON.stringify({ ...goodWaitlist(), intro: { ...goodWaitlist().intro, title: 'Unsaved title' } }) });
    expect(pv.status).toBe(200);
    expect(pv.body).toContain('Unsaved title');
    expect(pv.body).not.toContain('<script');
    const pvHeaders = (await t.app.inject({ method: 'POST', url: `${base}/preview`, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `_csrf=${csrf}&config=%7B%7D` })).headers;
    expect(pvHeaders['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(pvHeaders['content-security-policy']).toContain("form-action 'none'");
    expect(pvHeaders['x-frame-options']).toBe('SAMEORIGIN');

    const saved = await t.post(`${base}/save`, cookie, { _csrf: csrf, action: 'save', config: JSON.stringify(noLegal) });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${base}?saved=1`);
    const afterSave = await t.page(saved.location!, cookie);
    expect(afterSave.body).toContain('Draft saved.');
    expect(afterSave.body).toContain('missing_legal');
    expect((await t.page(`${base}/preview`, cookie)).body).toContain('Join the waitlist');

    const pub1 = await t.post(`${base}/save`, cookie, { _csrf: csrf, action: 'publish', config: JSON.stringify(goodWaitlist()) });
    expect(pub1.location).toBe(`${base}?published=1`);
    const v2 = { ...goodWaitlist(), intro: { ...goodWaitlist().intro, title: 'Join the beta' } };
    const pub2 = await t.post(`${base}/save`, cookie, { _csrf: csrf, action: 'publish', config: JSON.stringify(v2) });
    expect(pub2.location).toBe(`${base}?published=2`);
    const api = (await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/waitlist`, headers: t.auth })).json();
    expect(api.published).toMatchObject({ versionNumber: 2, config: { intro: { title: 'Join the beta' } } });
    const editor = await t.page(pub2.location!, cookie);
    expect(editor.body).toContain('Published as version 2.');
    expect(editor.body).toContain('v2 live');
    expect(editor.body).toContain('Save and publish as v3');

    const diff = await t.page(`${base}/diff?a=1&b=2`, cookie);
    expect(diff.status).toBe(200);
    expect(decode(diff.body)).toMatch(/<span class="del">- {5}"title": "Join the waitlist",/);
    expect(decode(diff.body)).toMatch(/<span class="add">\+ {5}"title": "Join the beta",/);
    expect((await t.page(`${base}/diff?a=1&b=9`, cookie)).status).toBe(404);
    expect((await t.page(`${base}/diff?a=x&b=2`, cookie)).status).toBe(400);

    const copied = await t.post(`${base}/copy`, cookie, { _csrf: csrf, version: '1' });
    expect(copied.location).toBe(`${base}?copied=1`);
    const draft = (await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/waitlist`, headers: t.auth })).json();
    expect(draft.draft.config.intro.title).toBe('Join the waitlist');
    expect(draft.published.versionNumber).toBe(2);
    const draftDiff = await t.page(`${base}/diff?a=1&b=draft`, cookie);
    expect(draftDiff.body).toContain('No differences.');
  });

  it('creates and edits a secondary flow of a multi-instance type', async () => {
    t = await ownerApp(dialect);
    const app = await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const { cookie } = await t.signIn();
    const base = `/admin/apps/${app.slug}/flows/waitlist`;
    const { csrf } = await t.page(base, cookie);
    const r = await t.post(`${base}/save?flowSlug=beta`, cookie, { _csrf: csrf, action: 'publish', config: JSON.stringify(goodWaitlist()) });
    expect(r.location).toBe(`${base}?flowSlug=beta&published=1`);
    expect((await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/waitlist?flowSlug=beta`, headers: t.auth })).json().published.versionNumber).toBe(1);
    expect((await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/waitlist`, headers: t.auth })).statusCode).toBe(404);
    const primary = await t.page(base, cookie);
    expect(primary.body).toContain('?flowSlug=beta');
    const appPage = await t.page(`/admin/apps/${app.slug}`, cookie);
    expect(appPage.body).toContain('v1 live');
  });

  it('live-previews the other form types (feedback) with their hosted page', async () => {
    t = await ownerApp(dialect);
    const app = await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const { cookie } = await t.signIn();
    const base = `/admin/apps/${app.slug}/flows/feedback`;
    const { csrf, body } = await t.page(`${base}?blank=1`, cookie);
    expect(body).toContain('name="pv-phone"');
    const config = { ...goodFeedback(), intro: { ...goodFeedback().intro, title: 'Tell us anything' } };
    const pv = await t.post(`${base}/preview`, cookie, { _csrf: csrf, config: JSON.stringify(config) });
    expect(pv.status).toBe(200);
    expect(pv.body).toContain('Tell us anything');
    expect(pv.body).toContain('name="message"');
    const invalid = await t.post(`${base}/preview`, cookie, { _csrf: csrf, config: JSON.stringify({ type: 'feedback' }) });
    expect(invalid.body).toContain('Preview paused');
  });

  it('previews a type without a live renderer through its own preview-token operation', async () => {
    t = await ownerApp(dialect);
    const app = await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const { cookie } = await t.signIn();
    const base = `/admin/apps/${app.slug}/flows/cancel`;
    const { csrf, body } = await t.page(`${base}?blank=1`, cookie);
    expect(body).toContain('Open preview of the saved draft');
    const saved = await t.post(`${base}/save`, cookie, { _csrf: csrf, action: 'save', config: JSON.stringify(goodCancel()) });
    expect(saved.status).toBe(303);
    const link = await t.post(`${base}/preview-link`, cookie, { _csrf: csrf });
    expect(link.status).toBe(303);
    expect(link.location).toMatch(/^http:\/\/web\.test\/cancel\/recipes\?p=/);
    const hosted = await t.app.inject({ url: link.location!.replace('http://web.test', '') });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.body).toContain('Preview');
  });

  it('opens an editor for every registered flow type', async () => {
    t = await ownerApp(dialect);
    const app = await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const { cookie } = await t.signIn();
    for (const d of t.app.services.registry.types()) {
      const r = await t.page(`/admin/apps/${app.slug}/flows/${d.segment}?blank=1`, cookie);
      expect(r.status, d.type).toBe(200);
      expect(r.body).toContain(`data-schema="/admin/schemas/${d.segment}.json"`);
      const schema = await t.app.inject({ url: `/admin/schemas/${d.segment}.json`, headers: { cookie } });
      expect(schema.statusCode, d.type).toBe(200);
      expect(schema.json().type, d.type).toBe('object');
    }
    expect((await t.page(`/admin/apps/${app.slug}/flows/nope`, cookie)).status).toBe(404);
  });
});
