import { afterEach, expect, it } from 'vitest';
import { goodWaitlist, putAndPublish } from '../flows/forms/forms.fixtures.js';
import { meta } from '../flows/promotion/promotion.fixtures.js';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

/** What the editor page gives the form island, and what it shows before publishing (no JavaScript needed). */
describeEachDb('flow editor: references, Publish state, diff before publishing', (dialect) => {
  let t: OwnerApp;
  afterEach(async () => t?.close());

  const attr = (html: string, name: string) => {
    const m = new RegExp(`${name}="([^"]*)"`).exec(html);
    return m ? m[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&') : undefined;
  };

  it('disables Publish when the draft is the live version, and shows the diff once it is not', async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const { cookie } = await t.signIn();
    await putAndPublish(t, 'recipes', 'waitlist', goodWaitlist());
    const same = await t.page('/admin/apps/recipes/flows/waitlist', cookie);
    expect(same.body).toMatch(/<button[^>]*id="publish"[^>]*disabled/);
    expect(same.body).toContain('Nothing to publish: the draft is the live v1');
    expect(same.body).toMatch(/<details[^>]*id="pending-diff"[^>]*hidden/);

    const changed = { ...goodWaitlist(), intro: { ...goodWaitlist().intro, title: 'Cook with friends' } };
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/apps/recipes/flows/waitlist', headers: t.auth, payload: changed });
    expect(put.statusCode).toBe(200);
    const after = await t.page('/admin/apps/recipes/flows/waitlist', cookie);
    expect(after.body).not.toMatch(/<button[^>]*id="publish"[^>]*disabled/);
    expect(after.body).toMatch(/<details class="pending-diff" id="pending-diff" data-live="[^"]*"><summary>What publishing changes against the live v1/);
    expect(after.body).toMatch(/<span class="del">- {5}&quot;title&quot;: &quot;Join the waitlist&quot;,/);
    expect(after.body).toMatch(/<span class="add">\+ {5}&quot;title&quot;: &quot;Cook with friends&quot;,/);
    expect(JSON.parse(attr(after.body, 'data-live')!)).toEqual(goodWaitlist());

    // A refused save comes back armed: the text shown is not what is stored, so Publish is not disabled.
    const refused = await t.post('/admin/apps/recipes/flows/waitlist/save', cookie, { _csrf: after.csrf, action: 'save', config: '{"type": "waitlist",' });
    expect(refused.status).toBe(422);
    expect(refused.body).toContain('data-unsaved="1"');
    // The page comes back at its top, far above the problems by the Save button: the top says so and links there.
    const top = (html: string) => html.slice(0, html.indexOf('id="draft-form"'));
    expect(top(refused.body)).toMatch(/<p class="strong" id="top-error">The draft is not valid JSON<\/p><p><a href="#problems">See what to fix<\/a>/);

    // Zod's generic messages are shown in plain words (the API keeps them as they are).
    const emptyLabel = { ...goodWaitlist(), fields: [{ id: 'role', label: '', type: 'text' }] };
    const refusedField = await t.post('/admin/apps/recipes/flows/waitlist/save', cookie, { _csrf: after.csrf, action: 'save', config: JSON.stringify(emptyLabel) });
    expect(refusedField.status).toBe(422);
    expect(refusedField.body).toContain('<li><code>/fields/0/label</code> Required.</li>');
    expect(refusedField.body).not.toContain('Too small: expected string');
    expect(top(refusedField.body)).toContain('<p class="strong" id="top-error">Not saved: one problem to fix.</p>');
    expect(refusedField.body).toContain('<p class="strong">Not saved. Fix these first:</p>');
    const api = await t.app.inject({ method: 'PUT', url: '/api/v1/apps/recipes/flows/waitlist', headers: t.auth, payload: emptyLabel });
    expect(JSON.stringify(api.json())).toContain('Too small: expected string to have >=1 characters');
  });

  it('gives the promotion form the account’s other apps by name, icon and named destinations (escaped), never another account’s', async () => {
    t = await ownerApp(dialect);
    await t.createApp({ name: 'Recipes', slug: 'recipes' });
    const focus = await t.createApp({ name: 'Focus "<b>Timer</b>"', slug: 'focus', deepLinkScheme: 'focus', promotion: meta('focus') });
    const other = await t.otherAccount();
    await t.createApp({ name: 'Not yours', slug: 'not-yours' }, other.auth);
    const { cookie } = await t.signIn();
    const page = await t.page('/admin/apps/recipes/flows/app-promotion?blank=1', cookie);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<b>Timer</b>');
    const apps = JSON.parse(attr(page.body, 'data-apps')!);
    expect(apps).toEqual([{ id: focus.id, name: 'Focus "<b>Timer</b>"', slug: 'focus', iconUrl: 'https://focus.example/icon.png', destinations: ['today', 'settings'] }]);
    // Other types carry no app list.
    const waitlist = await t.page('/admin/apps/recipes/flows/waitlist?blank=1', cookie);
    expect(attr(waitlist.body, 'data-apps')).toBe('[]');
    expect(attr(waitlist.body, 'data-type')).toBe('waitlist');
  });
});
