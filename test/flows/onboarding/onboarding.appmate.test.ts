import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson, type ToolText } from '../../mcp/mcp.client.js';
import { appmateOnboarding, appmateOnboardingMinimal } from './onboarding.appmate.fixtures.js';

/** #35 item 1: AppMate's `update_onboarding_draft` bodies, through REST and through MCP, and what the hero means on the page. */
describeEachDb('onboarding: the config AppMate documents', (dialect) => {
  let t: TestApp;
  let mcp: Client;
  const json = { 'content-type': 'application/json' };
  const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const put = (slug: string, config: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/onboarding`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });
  const publish = (slug: string) => t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/flows/onboarding/publish`, headers: { authorization: t.auth.authorization } });
  const codes = async (slug: string, config: unknown) => {
    const r = await put(slug, config);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().warnings as { code: string; path: string }[]).map((w) => `${w.code} ${w.path}`);
  };
  /** The intro screen a web visitor gets (the first GET makes a session and redirects to it). */
  const intro = async (slug: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/onboarding/${slug}`, headers: { 'user-agent': BROWSER } });
    expect(r.statusCode, r.body).toBe(303);
    const page = await t.app.inject({ method: 'GET', url: String(r.headers.location), headers: { 'user-agent': BROWSER } });
    expect(page.statusCode).toBe(200);
    return page.body;
  };
  const tool = async (name: string, args: Record<string, unknown>) => {
    const r = (await mcp.callTool({ name, arguments: args })) as ToolText;
    expect(r.isError, r.content[0].text).toBeFalsy();
    return toolJson(r);
  };

  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    for (const slug of ['rest', 'viamcp', 'minimal', 'rules']) await t.createApp({ name: slug, slug });
    mcp = await connectMcp(t);
  });
  afterAll(async () => {
    await mcp?.close();
    await t?.close();
  });

  it('REST: saved without warnings, published, read back as sent; the eyebrow shows above the title, the title font applies', async () => {
    expect(await codes('rest', appmateOnboarding())).toEqual([]);
    expect((await publish('rest')).statusCode).toBe(200);
    const got = (await t.app.inject({ method: 'GET', url: '/api/v1/apps/rest/flows/onboarding', headers: t.auth })).json();
    expect(got.published.config).toEqual(appmateOnboarding());
    const html = await intro('rest');
    expect(html).toMatch(/<p class="eyebrow">2-minute quiz<\/p>\s*<h1>Find your focus plan<\/h1>/);
    expect(html).toMatch(/<body class="[^"]*\btheme-gradient\b[^"]*\btitle-font-serif\b/);
    expect(html).toContain('/assets/accent.css?c=0f766e');
    // The font is a stack the device has (the CSP loads no web font), in the base stylesheet.
    const css = await t.app.inject({ method: 'GET', url: '/assets/base.css' });
    expect(css.body).toMatch(/body\.title-font-serif h1 \{ font-family: ui-serif/);
    expect(css.body).not.toMatch(/@font-face|@import/);
  });

  it('MCP: update_onboarding_draft and publish_onboarding_flow with the same bodies', async () => {
    for (const [slug, body] of [
      ['viamcp', appmateOnboarding()],
      ['minimal', appmateOnboardingMinimal()],
    ] as const) {
      const saved = await tool('update_onboarding_draft', { appIdOrSlug: slug, config: body });
      expect(saved.ok).toBe(true);
      expect((await tool('publish_onboarding_flow', { appIdOrSlug: slug })).ok).toBe(true);
      expect((await tool('get_onboarding_flow', { appIdOrSlug: slug })).published.config.hero).toEqual(body.hero);
    }
    // The minimal one: the hero's eyebrow (intro has none), a rounded title, the dark scheme.
    const html = await intro('minimal');
    expect(html).toMatch(/<p class="eyebrow">New<\/p>\s*<h1>Welcome<\/h1>/);
    expect(html).toMatch(/<body class="[^"]*\btitle-font-rounded\b/);
    expect(html).toMatch(/<body class="[^"]*\btheme-dark\b/);
  });

  it('what the page cannot honour is a warning, never a silent drop; our own hero still validates', async () => {
    const g = appmateOnboarding();
    expect(await codes('rules', { ...g, hero: { ...g.hero, titleFont: 'Papyrus' } })).toEqual(['unknown_title_font /hero/titleFont']);
    expect(await codes('rules', { ...g, hero: { ...g.hero, theme: 'side_by_side' } })).toEqual(['unsupported_theme /hero/theme']);
    expect(await codes('rules', { ...g, intro: { ...g.intro, eyebrow: 'Free plan' } })).toEqual(['hero_eyebrow_unused /hero/eyebrow']);
    for (const titleFont of ['New York', 'Georgia', 'system', 'sans-serif', 'SF Mono', 'Inter']) expect(await codes('rules', { ...g, hero: { ...g.hero, titleFont } }), titleFont).toEqual([]);
    // Our shape (theme, accentColor, heroImage) is unchanged; bad values are still 422s with paths.
    expect(await codes('rules', { ...g, hero: { theme: 'minimal', accentColor: '#123456', heroImage: 'https://cdn.example.org/h.png' } })).toEqual([]);
    for (const [hero, path] of [
      [{ eyebrow: 'x'.repeat(41) }, '/hero/eyebrow'],
      [{ titleFont: 'x'.repeat(61) }, '/hero/titleFont'],
      [{ accentColor: 'teal' }, '/hero/accentColor'],
      [{ theme: 'neon' }, '/hero/theme'],
      [{ heroImage: 'http://cdn.example.org/h.png' }, '/hero/heroImage'],
      [{ sparkle: true }, '/hero'],
    ] as const) {
      const r = await put('rules', { ...g, hero });
      expect(r.statusCode, path).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path), path).toContain(path);
    }
  });
});
