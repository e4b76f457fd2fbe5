import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitlistConfig } from '../../../src/flows/waitlist/waitlist.schema.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodContact, goodFeedback, goodReport, goodWaitlist, json } from './forms.fixtures.js';

describeEachDb('form configs (feedback, report, contact, waitlist)', (dialect) => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    slug = (await t.createApp({ name: 'Config App' })).slug;
  });
  afterAll(() => t.close());

  const put = (type: string, payload: unknown, q = '') =>
    t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/${type}${q}`, headers: { ...t.auth, ...json }, payload: JSON.stringify(payload) });

  it('feedback, report and contact PUTs answer warnings: []', async () => {
    for (const [type, config] of [['feedback', goodFeedback()], ['report', goodReport()], ['contact', goodContact()]] as const) {
      const r = await put(type, config);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ ok: true, warnings: [], flowSlug: type });
      const env = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/${type}`, headers: t.auth })).json();
      expect(env.draft.config).toEqual(config);
    }
  });

  it('one feedback/report/contact per app: flowSlug is ignored', async () => {
    const r = await put('feedback', goodFeedback(), '?flowSlug=other');
    expect(r.json().flowSlug).toBe('feedback');
    // any label a host app passes is ignored, never a 400 (WIRE F.10)
    const odd = await put('feedback', goodFeedback(), '?flowSlug=Main_Board');
    expect(odd.statusCode).toBe(200);
    expect(odd.json().flowSlug).toBe('feedback');
  });

  it('rejects invalid form configs with 422 and the failing path', async () => {
    const cases: [string, unknown, string][] = [
      ['feedback', { ...goodFeedback(), intro: { title: 'x', subtitle: 'y', submitLabel: 'z' } }, '/intro/messagePlaceholder'],
      ['feedback', { ...goodFeedback(), rating: { prompt: 'x' } }, '/rating/enabled'],
      ['feedback', { ...goodFeedback(), success: { title: 't', body: 'b', ctaLabel: 'Go' } }, '/success/ctaUrl'],
      ['feedback', { ...goodFeedback(), hero: { accentColor: 'red' } }, '/hero/accentColor'],
      ['feedback', { ...goodFeedback(), hero: { theme: 'neon' } }, '/hero/theme'],
      ['feedback', { ...goodFeedback(), fields: [{ id: 'a', label: 'A', type: 'select' }] }, '/fields/0/options'],
      ['feedback', { ...goodFeedback(), fields: Array.from({ length: 9 }, (_, i) => ({ id: `f${i}`, label: 'x', type: 'text' })) }, '/fields'],
      ['feedback', { ...goodFeedback(), type: 'report' }, '/type'],
      ['report', { ...goodReport(), categories: [] }, '/categories'],
      ['report', { ...goodReport(), categories: Array.from({ length: 11 }, (_, i) => ({ id: `c${i}`, label: 'x' })) }, '/categories'],
      ['report', { ...goodReport(), categories: [{ id: 'Bug Report', label: 'x' }] }, '/categories/0/id'],
      ['report', { ...goodReport(), categories: [{ id: 'bug', label: 'x' }, { id: 'bug', label: 'y' }] }, '/categories/1/id'],
      ['report', (({ categories, ...rest }) => rest)(goodReport()), '/categories'],
      ['contact', { ...goodContact(), intro: { title: 'x', subtitle: 'y' } }, '/intro/submitLabel'],
      ['contact', { ...goodContact(), nameField: { required: true } }, '/nameField/enabled'],
      ['contact', { ...goodContact(), success: { title: 't' } }, '/success/body'],
    ];
    for (const [type, body, path] of cases) {
      const r = await put(type, body);
      expect(r.statusCode, `${type} ${path}`).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path), `${type} ${path}`).toContain(path);
    }
  });

  // Half a success button is a warning, not a 422 (issue #35, test/flows/waitlist/waitlist.cta.test.ts).
  it('validates waitlist rules: CTA URL, eyebrow <= 40, 0-5 bullets, hex accent, themes', async () => {
    const w = goodWaitlist();
    const cases: [unknown, string][] = [
      [{ ...w, success: { title: 't', body: 'b', ctaLabel: 'Go', ctaUrl: 'javascript:alert(1)' } }, '/success/ctaUrl'],
      [{ ...w, success: { title: 't', body: 'b', ctaLabel: 'Go', ctaUrl: 'https:evil.example' } }, '/success/ctaUrl'],
      [{ ...w, success: { title: 't', body: 'b', ctaLabel: 'Go', ctaUrl: 'http:///evil' } }, '/success/ctaUrl'],
      [{ ...w, success: { title: 't', body: 'b', ctaLabel: 'Go', ctaUrl: 'https:/\\evil.example' } }, '/success/ctaUrl'],
      [{ ...w, success: { title: 't', body: 'b', ctaLabel: 'Go', ctaUrl: 'https://good.example\\@evil.example' } }, '/success/ctaUrl'],
      [{ ...w, success: { title: 't', body: 'b', ctaLabel: 'Go', ctaUrl: 'https://good.example@evil.example/' } }, '/success/ctaUrl'],
      [{ ...w, success: { title: 't', body: 'b', ctaLabel: 'Go', ctaUrl: 'https://user:pass@example.com/' } }, '/success/ctaUrl'],
      [{ ...w, hero: { heroImage: 'https:cdn.example.org/x.png' } }, '/hero/heroImage'],
      [{ ...w, hero: { eyebrow: 'x'.repeat(41) } }, '/hero/eyebrow'],
      [{ ...w, hero: { bullets: Array.from({ length: 6 }, () => ({ icon: '•', title: 'x' })) } }, '/hero/bullets'],
      [{ ...w, hero: { bullets: [{ icon: '•' }] } }, '/hero/bullets/0/title'],
      [{ ...w, hero: { accentColor: '#12345' } }, '/hero/accentColor'],
      [{ ...w, hero: { theme: 'light' } }, '/hero/theme'],
      [{ ...w, hero: { heroImage: 'not a url' } }, '/hero/heroImage'],
      [{ ...w, intro: { title: 't', subtitle: 's', submitLabel: 'j' } }, '/intro/emailPlaceholder'],
    ];
    for (const [body, path] of cases) {
      const r = await put('waitlist', body);
      expect(r.statusCode, path).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path), path).toContain(path);
    }
    expect((await put('waitlist', { ...w, hero: { eyebrow: 'x'.repeat(40), bullets: [] } })).statusCode).toBe(200);
    // WIRE A.2: a bullet's icon is optional.
    expect((await put('waitlist', { ...w, hero: { bullets: [{ title: 'No icon' }, { icon: '⚡', title: 'Fast' }] } })).statusCode).toBe(200);
    expect((await put('waitlist', { ...w, hero: undefined, success: { title: 't', body: 'b', ctaLabel: 'Go', ctaUrl: 'https://x.io' } })).statusCode).toBe(200);
  });

  it('waitlist warnings are advisory and never block saving', async () => {
    const r = await put('waitlist', {
      ...goodWaitlist(),
      intro: { title: 't', subtitle: 's', emailPlaceholder: 'e', submitLabel: 'j' },
      hero: { theme: 'side_by_side', accentColor: '#fde68a' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().warnings.map((w: { code: string }) => w.code).sort()).toEqual(['empty_side_column', 'low_contrast_accent', 'missing_legal']);
    expect((await put('waitlist', goodWaitlist())).json().warnings).toEqual([]);
    // A bullet icon the page cannot draw (it would show none) is named at its path; an emoji and a known name are fine.
    const bullets = [{ icon: '⚡', title: 'Fast' }, { icon: 'map', title: 'Maps' }, { icon: 'ri-cloud-line', title: 'Sync' }, { icon: 'unicorn-rainbow', title: 'Magic' }];
    const icons = await put('waitlist', { ...goodWaitlist(), hero: { theme: 'minimal', bullets } });
    expect(icons.json().warnings.map((w: { code: string; path: string }) => `${w.code} ${w.path}`)).toEqual(['unknown_icon /hero/bullets/3/icon']);
  });

  it('several waitlists per app through flowSlug', async () => {
    expect((await put('waitlist', goodWaitlist())).json()).toMatchObject({ flowSlug: 'waitlist' });
    expect((await put('waitlist', goodWaitlist(), '?flowSlug=beta')).json()).toMatchObject({ flowSlug: 'beta', created: true });
    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows?type=waitlist`, headers: t.auth })).json();
    expect(list.flows.map((f: { slug: string }) => f.slug).sort()).toEqual(['beta', 'waitlist']);
  });

  it('serves the seven starter templates (SPEC’s six and WIRE’s beta_qualify); each passes the schema and can be PUT as is', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/waitlist/templates' })).statusCode).toBe(401);
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/waitlist/templates', headers: t.auth });
    expect(r.statusCode).toBe(200);
    const { templates } = r.json();
    expect(templates.map((x: { id: string }) => x.id)).toEqual(['minimal_email_only', 'feature_tease', 'launching_soon', 'pro_upsell', 'private_beta', 'early_access_referral', 'beta_qualify']);
    for (const tpl of templates) {
      expect(tpl.config.templateId).toBe(tpl.id);
      expect(waitlistConfig.safeParse(tpl.config).success, tpl.id).toBe(true);
      const p = await put('waitlist', tpl.config, `?flowSlug=${tpl.id.replace(/_/g, '-')}`);
      expect(p.statusCode, tpl.id).toBe(200);
      expect(p.json().warnings, tpl.id).toEqual([]);
    }
  });
});
