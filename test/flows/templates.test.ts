import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

/**
 * Flow templates (issue #32 §1): every type offers at least three starting points, and each one
 * is a complete config that saves and publishes on a fresh app with no error. A warning is allowed
 * only where the template declares it teaches something (TEACHING below); any other is a failure.
 */
const TYPES = ['cancel', 'onboarding', 'waitlist', 'feedback', 'report', 'contact', 'crash', 'wishlist', 'referral', 'legal', 'link_page', 'app_promotion'];

/** Warnings a template keeps on purpose: `<type>/<id>` -> the codes. */
const TEACHING: Record<string, string[]> = {
  // The one crash template with a log box: the warning tells the owner the native SDK form has no such box.
  'crash/beta_testers': ['log_field_web_only'],
  // Pure value screens ask nothing; the warning says an email_capture step is how to reach these visitors later.
  'onboarding/three_value_screens': ['no_email_capture'],
  // "No data collected (offline app)" lists no processor; by the time legal runs, this app has a
  // cancel flow and published flows that collect data (every type above), so the warnings tell the
  // owner the offline policy does not fit it: add the purchase processor and `appflows`.
  'legal/no_data_collected': ['appflows_not_listed', 'cancel_flow_without_processors'],
};

type Template = { id: string; type: string; segment: string; name: string; description: string; config: Record<string, unknown> };

describeEachDb('flow templates', (dialect) => {
  let t: TestApp;
  let all: Template[];
  let app: { id: string; slug: string };

  beforeAll(async () => {
    t = await testApp(dialect);
    // An app with its logo and store page set, as an owner's would be: onboarding and referral
    // templates link its store page, the link page shows its logo (without them they warn).
    app = await t.createApp({
      name: 'Templates App',
      deepLinkScheme: 'tmplapp',
      logoUrl: 'https://tmpl.example.com/logo.png',
      promotion: { appStoreId: '987654321', storeUrl: 'https://apps.apple.com/app/id987654321' },
    });
    // App promotion templates promote the account's other apps.
    await t.createApp({
      name: 'Sister App',
      promotion: { appStoreId: '123456789', storeUrl: 'https://apps.apple.com/app/id123456789', universalLinkBase: 'https://sister.example.com', iconUrl: 'https://sister.example.com/icon.png' },
    });
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/flow-templates?app=${app.slug}`, headers: t.auth });
    expect(r.statusCode).toBe(200);
    all = r.json().templates;
  });
  afterAll(() => t.close());

  it('offers at least three templates for every flow type, with unique ids and a name and description each', () => {
    for (const type of TYPES) {
      const mine = all.filter((x) => x.type === type);
      expect(mine.length, type).toBeGreaterThanOrEqual(3);
      expect(new Set(mine.map((x) => x.id)).size, type).toBe(mine.length);
      for (const x of mine) {
        expect(x.id).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(x.name.length).toBeGreaterThan(2);
        expect(x.description.length).toBeGreaterThan(10);
      }
    }
  });

  it('a moderated wishlist template’s thank-you does not repeat the page’s own "appears once reviewed" line', () => {
    const moderated = all.filter((x) => x.type === 'wishlist' && (x.config as { moderation?: { autoApprove?: boolean } }).moderation?.autoApprove === false);
    expect(moderated.length).toBeGreaterThan(0);
    for (const x of moderated) expect((x.config as { success: { body: string } }).success.body, x.id).not.toMatch(/appear on the board/i);
  });

  it('filters by type, legacy name or segment, and refuses an unknown type with 400', async () => {
    const bySegment = (await t.app.inject({ method: 'GET', url: '/api/v1/flow-templates?type=app-promotion', headers: t.auth })).json().templates as Template[];
    expect(bySegment.length).toBeGreaterThanOrEqual(3);
    expect(bySegment.every((x) => x.type === 'app_promotion')).toBe(true);
    const waitlist = (await t.app.inject({ method: 'GET', url: '/api/v1/flow-templates?type=waitlist', headers: t.auth })).json().templates as Template[];
    const legacy = (await t.app.inject({ method: 'GET', url: '/api/v1/waitlist/templates', headers: t.auth })).json().templates as { id: string }[];
    expect(waitlist.map((x) => x.id)).toEqual(legacy.map((x) => x.id));
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/flow-templates?type=nope', headers: t.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('/type');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/flow-templates' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/flow-templates?app=no-such-app', headers: t.auth })).statusCode).toBe(404);
  });

  it('saves and publishes every template with no error and no unexplained warning', async () => {
    for (const x of all) {
      const where = `${x.type}/${x.id}`;
      const flowSlug = x.type === 'app_promotion' || x.type === 'cancel' || x.type === 'waitlist' ? `?flowSlug=${x.id.replace(/_/g, '-')}` : '';
      const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${app.slug}/flows/${x.segment}${flowSlug}`, headers: t.auth, payload: x.config });
      expect(put.statusCode, `${where}: ${put.body}`).toBe(200);
      expect(put.json().warnings.map((w: { code: string }) => w.code).sort(), `${where}: ${put.body}`).toEqual([...(TEACHING[where] ?? [])].sort());
      const pub = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${app.slug}/flows/${x.segment}/publish${flowSlug}`, headers: t.auth });
      expect(pub.statusCode, `${where}: ${pub.body}`).toBe(200);
    }
  });

  it('leaves its own accent out for an app with a brand accent, so the page wears the app’s', async () => {
    const onboarding = () => t.app.inject({ url: `/api/v1/flow-templates?type=onboarding&app=${app.slug}`, headers: t.auth }).then((r) => r.json().templates as Template[]);
    expect((await onboarding()).some((x) => (x.config.hero as { accentColor?: string } | undefined)?.accentColor)).toBe(true);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/apps/${app.slug}`, headers: t.auth, payload: { accentColor: '#0e7490' } })).statusCode).toBe(200);
    const branded = await onboarding();
    expect(branded.length).toBeGreaterThanOrEqual(3);
    expect(branded.every((x) => (x.config.hero as { accentColor?: string } | undefined)?.accentColor === undefined)).toBe(true);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/apps/${app.slug}`, headers: t.auth, payload: { accentColor: null } })).statusCode).toBe(200);
  });

  it('leaves a plain light or dark scheme out for an app with a theme (a look such as gradient stays), and each still saves', async () => {
    const heroOf = (x: Template) => x.config.hero as { theme?: string; accentColor?: string } | undefined;
    expect(all.some((x) => heroOf(x)?.theme === 'minimal')).toBe(true);
    const brand = await t.createApp({ name: 'Night Owl', slug: 'night-owl', deepLinkScheme: 'nightowl' });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/apps/${brand.slug}`, headers: t.auth, payload: { theme: 'dark', accentColor: '#0e7490' } })).statusCode).toBe(200);
    const branded = (await t.app.inject({ url: `/api/v1/flow-templates?app=${brand.slug}`, headers: t.auth })).json().templates as Template[];
    expect(branded.map((x) => x.id)).toEqual(all.map((x) => x.id));
    for (const x of branded) {
      const before = heroOf(all.find((y) => y.type === x.type && y.id === x.id)!);
      const theme = heroOf(x)?.theme;
      expect(theme === 'minimal' || theme === 'dark', `${x.type}/${x.id}`).toBe(false);
      if (before?.theme === 'gradient') expect(theme, `${x.type}/${x.id}`).toBe('gradient');
      expect(heroOf(x)?.accentColor, `${x.type}/${x.id}`).toBeUndefined();
      const flowSlug = x.type === 'app_promotion' || x.type === 'cancel' || x.type === 'waitlist' ? `?flowSlug=${x.id.replace(/_/g, '-')}` : '';
      const put = await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${brand.slug}/flows/${x.segment}${flowSlug}`, headers: t.auth, payload: x.config });
      expect(put.statusCode, `${x.type}/${x.id}: ${put.body}`).toBe(200);
    }
    // The link page then wears the app's dark scheme, not the template's light one.
    const links = branded.find((x) => x.type === 'link_page' && all.find((y) => y.id === x.id && heroOf(y)?.theme === 'minimal'))!;
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${brand.slug}/flows/link-page`, headers: t.auth, payload: links.config })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/${brand.slug}/flows/link-page/publish`, headers: t.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/p/${brand.slug}` })).body).toMatch(/<body class="[^"]*theme-dark/);
  });

  it('is an MCP tool', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...t.auth, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_flow_templates', arguments: { type: 'waitlist' } } },
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('minimal_email_only');
  });
});
