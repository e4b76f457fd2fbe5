import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectMcp, toolJson, type ToolText } from '../mcp/mcp.client.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describeEachDb('experiments over MCP', (dialect) => {
  let t: TestApp;
  let client: Client;
  let slug: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    client = await connectMcp(t);
    slug = (await t.createApp({ name: 'Agent Exp' })).slug;
    const tpl = (await t.app.inject({ method: 'GET', url: '/api/v1/flow-templates?type=onboarding', headers: t.auth })).json().templates[0].config;
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/v1/apps/${slug}/flows/onboarding`, headers: t.auth, payload: tpl })).statusCode).toBeLessThan(300);
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/apps/${slug}/flows/onboarding/publish`, headers: { authorization: t.auth.authorization } })).statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as ToolText;
    return { error: r.isError === true, body: toolJson(r) };
  };

  it('an agent starts a test, reads results, is refused a publish, stops with a winner', async () => {
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['create_experiment', 'list_experiments', 'get_experiment', 'stop_experiment']));
    const a = { appIdOrSlug: slug, type: 'onboarding' };
    const bad = await call('create_experiment', { ...a, name: 'x', variants: [{ key: 'A', versionNumber: 1, weight: 1 }, { key: 'B', versionNumber: 7, weight: 1 }] });
    expect(bad.error).toBe(true);
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(['/variants/1/versionNumber']);
    const created = await call('create_experiment', { ...a, name: 'Funnel', variants: [{ key: 'A', versionNumber: 1, weight: 1 }, { key: 'B', versionNumber: 2, weight: 3 }] });
    expect(created.error).toBe(false);
    expect(created.body.experiment).toMatchObject({ status: 'running', metric: 'completed' });
    const { id } = created.body.experiment;
    expect((await call('get_experiment', { ...a, id })).body.state).toBe('too_early');
    expect((await call('publish_onboarding_flow', { appIdOrSlug: slug })).body.status).toBe(409);
    const stopped = await call('stop_experiment', { ...a, id, winner: 'A' });
    expect(stopped.error).toBe(false);
    expect(stopped.body.experiment.winner).toBe('A');
    expect((await call('list_experiments', a)).body.experiments).toHaveLength(1);
    const flow = (await t.app.inject({ method: 'GET', url: `/api/v1/apps/${slug}/flows/onboarding`, headers: t.auth })).json();
    expect(flow.published.versionNumber).toBe(1);
  });
});
