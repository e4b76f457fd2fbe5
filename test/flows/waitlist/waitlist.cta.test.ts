import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { goodWaitlist, json } from '../forms/forms.fixtures.js';

/**
 * Issue #35 item 2: AppMate's update_waitlist_draft expects half a success button to be saved
 * with the warning `partial_cta` (WIRE A.1); SPEC's "both or neither" holds for what is shown.
 */
describeEachDb('waitlist: half a success button is a warning, and shown as none', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
    await t.createApp({ name: 'Half Button', slug: 'half' });
  });
  afterAll(() => t.close());

  const put = (config: unknown, flowSlug: string) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/apps/half/flows/waitlist?flowSlug=${flowSlug}`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });
  const publish = (flowSlug: string) => t.app.inject({ method: 'POST', url: `/api/v1/apps/half/flows/waitlist/publish?flowSlug=${flowSlug}`, headers: { authorization: t.auth.authorization } });

  const cases = [
    { flowSlug: 'label-only', success: { title: 'You are in', body: 'Thanks.', ctaLabel: 'Follow the launch' }, missing: '/success/ctaUrl', shown: 'Follow the launch' },
    { flowSlug: 'url-only', success: { title: 'You are in', body: 'Thanks.', ctaUrl: 'https://launch.example/blog' }, missing: '/success/ctaLabel', shown: 'launch.example' },
  ];

  it.each(cases)('$flowSlug: saved with partial_cta at $missing, published, no button on the page or in the public config', async ({ flowSlug, success, missing, shown }) => {
    const saved = await put({ ...goodWaitlist(), success }, flowSlug);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ok: true });
    expect(saved.json().warnings.map((w: { code: string; path: string }) => `${w.code} ${w.path}`)).toEqual([`partial_cta ${missing}`]);
    // Said so an app maker reads it in the dashboard too, naming the API's fields for clients.
    expect(saved.json().warnings[0].message).toMatch(/^The success button needs both a label \(ctaLabel\) and a link \(ctaUrl\); without its (label|link) the page shows no button\.$/);
    // Stored as sent: the owner sees what they saved and can add the other half.
    const env = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/half/flows/waitlist?flowSlug=${flowSlug}`, headers: t.auth })).json();
    expect(env.draft.config.success).toEqual(success);

    const pub = await publish(flowSlug);
    expect(pub.statusCode, pub.body).toBe(200);

    const page = await t.app.inject({ method: 'GET', url: `/waitlist/half/${flowSlug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You are in');
    expect(page.body).not.toContain(shown);
    expect(page.body).not.toMatch(/<div class="success"[\s\S]*<a class="button"/);

    const cfg = await t.app.inject({ method: 'GET', url: `/api/public/waitlist?appSlug=half&flowSlug=${flowSlug}` });
    expect(cfg.statusCode).toBe(200);
    expect(cfg.json().config.success).toEqual({ title: 'You are in', body: 'Thanks.' });
  });

  it('both halves: no warning and the button is shown; neither: no warning, no button', async () => {
    const both = await put({ ...goodWaitlist(), success: { title: 'You are in', body: 'Thanks.', ctaLabel: 'Follow the launch', ctaUrl: 'https://launch.example/blog' } }, 'both');
    expect(both.json().warnings).toEqual([]);
    expect((await publish('both')).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/waitlist/half/both' });
    expect(page.body).toMatch(/<a class="button" href="https:\/\/launch\.example\/blog" rel="noopener">Follow the launch<\/a>/);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/waitlist?appSlug=half&flowSlug=both' })).json().config.success.ctaLabel).toBe('Follow the launch');

    expect((await put(goodWaitlist(), 'neither')).json().warnings).toEqual([]);
  });

  it('a half button is still checked: a bad URL or an empty label is a 422, not a warning', async () => {
    const badUrl = await put({ ...goodWaitlist(), success: { title: 't', body: 'b', ctaUrl: 'javascript:alert(1)' } }, 'bad');
    expect(badUrl.statusCode).toBe(422);
    expect(badUrl.json().issues.map((i: { path: string }) => i.path)).toContain('/success/ctaUrl');
    const emptyLabel = await put({ ...goodWaitlist(), success: { title: 't', body: 'b', ctaLabel: ' ' } }, 'bad');
    expect(emptyLabel.statusCode).toBe(422);
    expect(emptyLabel.json().issues.map((i: { path: string }) => i.path)).toContain('/success/ctaLabel');
  });
});
