import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { ownerApp, type OwnerApp } from './admin.fixtures.js';

/**
 * The template gallery (issue #32 §1): a flow that does not exist yet opens on its templates;
 * picking one saves it as the draft (nothing published) and opens the editor; each card's
 * thumbnail is the editor's preview of that template.
 */
describeEachDb('dashboard: template gallery', (dialect) => {
  let t: OwnerApp;
  let cookie: string;
  let app: { id: string; slug: string };

  beforeAll(async () => {
    t = await ownerApp(dialect);
    app = await t.createApp({ name: 'Recipes', slug: 'recipes', deepLinkScheme: 'recipes' });
    await t.createApp({ name: 'Sister App', promotion: { appStoreId: '123456789', storeUrl: 'https://apps.apple.com/app/id123456789' } });
    ({ cookie } = await t.signIn());
  });
  afterAll(() => t.close());

  it('opens every type that has no flow yet on its templates, each with a thumbnail and a blank option', async () => {
    for (const d of t.app.services.registry.types()) {
      const base = `/admin/apps/${app.slug}/flows/${d.segment}`;
      const r = await t.page(base, cookie);
      expect(r.status, d.type).toBe(200);
      const templates = (await t.app.inject({ url: `/api/v1/flow-templates?type=${d.type}&app=${app.slug}`, headers: t.auth })).json().templates as { id: string; name: string }[];
      expect(templates.length, d.type).toBeGreaterThanOrEqual(3);
      for (const x of templates) {
        expect(r.body, `${d.type}/${x.id}`).toContain(`name="template" value="${x.id}"`);
        expect(r.body).toContain(`${base}/preview?template=${x.id}`);
      }
      expect(r.body).toContain(`href="${base}?blank=1"`);
      expect(r.body).not.toContain('data-schema='); // no editor yet
    }
  });

  it('renders a template in the preview without saving anything', async () => {
    const base = `/admin/apps/${app.slug}/flows/feedback`;
    const [first] = (await t.app.inject({ url: '/api/v1/flow-templates?type=feedback', headers: t.auth })).json().templates;
    const pv = await t.app.inject({ url: `${base}/preview?template=${first.id}`, headers: { cookie } });
    expect(pv.statusCode).toBe(200);
    expect(pv.body).toContain(first.config.intro.title);
    expect(pv.body).not.toContain('<script');
    expect((await t.app.inject({ url: `${base}/preview?template=nope`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/feedback`, headers: t.auth })).statusCode).toBe(404);
  });

  it('starts a draft from a template (not published) and opens the editor on it; an unknown template changes nothing', async () => {
    const base = `/admin/apps/${app.slug}/flows/report`;
    const { csrf } = await t.page(base, cookie);
    const bad = await t.post(`${base}/start`, cookie, { _csrf: csrf, template: 'nope' });
    expect(bad.status).toBe(422);
    expect((await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/report`, headers: t.auth })).statusCode).toBe(404);

    const [, second] = (await t.app.inject({ url: '/api/v1/flow-templates?type=report', headers: t.auth })).json().templates;
    const started = await t.post(`${base}/start`, cookie, { _csrf: csrf, template: second.id });
    expect(started.status).toBe(303);
    expect(started.location).toBe(`${base}?started=${second.id}`);
    const env = (await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/report`, headers: t.auth })).json();
    expect(env.draft.config).toEqual(second.config);
    expect(env.published).toBeNull();
    const editor = await t.page(started.location!, cookie);
    expect(editor.body).toContain('data-schema=');
    expect(editor.body).toContain('nothing is live until you do');
    // Without the CSRF token nothing starts.
    expect((await t.post(`/admin/apps/${app.slug}/flows/contact/start`, cookie, { template: 'x' })).status).toBe(403);
  });

  it('starts a secondary of a multi-instance type from a template, and lists the existing ones', async () => {
    const base = `/admin/apps/${app.slug}/flows/waitlist`;
    const { csrf } = await t.page(`${base}?flowSlug=beta`, cookie);
    const started = await t.post(`${base}/start?flowSlug=beta`, cookie, { _csrf: csrf, template: 'feature_tease' });
    expect(started.location).toBe(`${base}?flowSlug=beta&started=feature_tease`);
    expect((await t.app.inject({ url: `/api/v1/apps/${app.slug}/flows/waitlist?flowSlug=beta`, headers: t.auth })).json().draft.config.templateId).toBe('feature_tease');
    const primary = await t.page(base, cookie);
    expect(primary.body).toContain('Use this template');
    expect(primary.body).toContain(`${base}?flowSlug=beta`);
  });
});
