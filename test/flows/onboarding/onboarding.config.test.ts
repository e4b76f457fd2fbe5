import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerKeys } from '../../../src/flows/onboarding/onboarding.warnings.js';
import { onboardingConfig } from '../../../src/flows/onboarding/onboarding.schema.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { connectMcp, toolJson } from '../../mcp/mcp.client.js';
import { goodOnboarding } from './onboarding.fixtures.js';

describeEachDb('onboarding config', (dialect) => {
  let t: TestApp;
  const slug = 'sleepy';
  const json = { 'content-type': 'application/json' };
  const put = (config: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/onboarding`, headers: { ...t.auth, ...json }, payload: JSON.stringify(config) });
  const codes = async (config: unknown) => {
    const r = await put(config);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().warnings as { code: string; path: string }[]).map((w) => `${w.code} ${w.path}`);
  };

  beforeAll(async () => {
    t = await testApp(dialect);
    await t.createApp({ name: 'Sleepy', slug });
  });
  afterAll(() => t.close());

  it('a complete funnel saves without warnings, publishes, and reads back as written', async () => {
    expect(await codes(goodOnboarding())).toEqual([]);
    const pub = await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/flows/onboarding/publish`, headers: { authorization: t.auth.authorization } });
    expect(pub.statusCode, pub.body).toBe(200);
    const got = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/onboarding`, headers: t.auth })).json();
    expect(got.published.config).toEqual(goodOnboarding());
  });

  it('refuses non-snake_case ids, unknown kinds, empty or too many steps, non-https URLs with 422 and paths', async () => {
    const g = goodOnboarding();
    const cases: [unknown, string][] = [
      [{ ...g, steps: [{ ...g.steps[0], id: 'Goal' }, ...g.steps.slice(1)] }, '/steps/0/id'],
      [{ ...g, steps: [{ ...g.steps[0], options: [{ id: 'fall-asleep', label: 'x' }] }] }, '/steps/0/options/0/id'],
      [{ ...g, steps: [{ kind: 'video', id: 'v' }] }, '/steps/0/kind'],
      [{ ...g, steps: [] }, '/steps'],
      [{ ...g, steps: Array.from({ length: 21 }, (_, i) => ({ kind: 'info', id: `s${i}`, title: 't', body: 'b' })) }, '/steps'],
      [{ ...g, handoff: { ...g.handoff, appStoreUrl: 'http://apps.apple.com/app/id1' } }, '/handoff/appStoreUrl'],
      [{ ...g, handoff: { ...g.handoff, appStoreUrl: 'javascript:alert(1)' } }, '/handoff/appStoreUrl'],
      [{ ...g, steps: [{ kind: 'info', id: 'i', title: 't', body: 'b', imageUrl: 'https:evil.example/x.png' }] }, '/steps/0/imageUrl'],
      [{ ...g, intro: { title: 'x', subtitle: '' } }, '/intro/startLabel'],
    ];
    for (const [config, path] of cases) {
      const r = await put(config);
      expect(r.statusCode, path).toBe(422);
      expect(r.json().issues.map((i: { path: string }) => i.path), path).toContain(path);
    }
    // Nothing of it was stored.
    const got = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/onboarding`, headers: t.auth })).json();
    expect(got.draft.config).toEqual(goodOnboarding());
  });

  it('warns, without refusing, about what an author would want flagged', async () => {
    const g = goodOnboarding();
    expect(await codes({ ...g, steps: g.steps.filter((s) => s.kind !== 'email_capture') })).toContain('no_email_capture /steps');
    expect(await codes({ ...g, handoff: { title: 'Done', body: '', ctaLabel: 'Go' } })).toContain('missing_app_store_url /handoff/appStoreUrl');
    expect(await codes({ ...g, handoff: { ...g.handoff, appStoreUrl: 'https://apps.apple.com/app/id123456789' } })).toContain('placeholder_app_store_url /handoff/appStoreUrl');
    const dup = { ...g, steps: [...g.steps, { ...g.steps[0], options: [...g.steps[0].options!, { id: 'fall_asleep', label: 'Again' }] }] };
    const w = await codes(dup);
    expect(w).toContain('duplicate_step_id /steps/4/id');
    expect(w).toContain('duplicate_option_id /steps/4/options/2/id');
    const multiAuto = { ...g, steps: [{ ...g.steps[2], autoAdvance: true }, g.steps[3]] };
    expect(await codes(multiAuto)).toContain('auto_advance_ignored /steps/0/autoAdvance');
    expect(await codes({ ...g, steps: [{ ...g.steps[0], options: [g.steps[0].options![0]] }] })).toContain('single_option_question /steps/0/options');
    expect(await codes({ ...g, steps: [{ ...g.steps[0], required: false }, g.steps[2]] })).toContain('all_optional_questions /steps');
  });

  it('duplicate ids are kept apart by position in the answer keys', () => {
    const g = goodOnboarding();
    const config = onboardingConfig.parse({ ...g, steps: [...g.steps, { ...g.steps[0], options: [...g.steps[0].options!, { id: 'fall_asleep', label: 'Again' }] }] });
    expect(answerKeys(config).map((k) => k.step)).toEqual(['goal', 'science', 'habits', 'email', 'goal__5']);
    expect(answerKeys(config)[4].options).toEqual(['fall_asleep', 'wake_rested', 'fall_asleep__3']);
  });

  it('MCP: update_onboarding_draft answers the warnings, get and publish work', async () => {
    const client = await connectMcp(t);
    try {
      const g = goodOnboarding();
      const r = toolJson(await client.callTool({ name: 'update_onboarding_draft', arguments: { appIdOrSlug: slug, config: { ...g, handoff: { title: 'x', body: '', ctaLabel: 'Go' } } } }));
      expect(r.warnings.map((w: { code: string }) => w.code)).toContain('missing_app_store_url');
      expect(toolJson(await client.callTool({ name: 'publish_onboarding_flow', arguments: { appIdOrSlug: slug } })).version).toBe(2);
      expect(toolJson(await client.callTool({ name: 'get_onboarding_flow', arguments: { appIdOrSlug: slug } })).published.versionNumber).toBe(2);
    } finally {
      await client.close();
    }
  });
});
