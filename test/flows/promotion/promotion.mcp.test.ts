import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectMcp, toolJson, type ToolText } from '../../mcp/mcp.client.js';
import { describeEachDb, testApp, type TestApp } from '../../helpers.js';
import { meta, post } from './promotion.fixtures.js';

describeEachDb('app promotion over MCP (update_app, the flow tools with flowSlug, stats, CSV)', (dialect) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { PUBLIC_RATE_LIMIT: '100000' } });
    client = await connectMcp(t);
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as ToolText;
    let body: any;
    try {
      body = toolJson(r);
    } catch {
      body = undefined;
    }
    return { error: r.isError === true, text: r.content[0].text, body };
  };

  it('an owner with three apps sets a rotating placement in one of them, entirely through MCP', async () => {
    const tools = (await client.listTools()).tools.map((x) => x.name);
    expect(tools).toEqual(expect.arrayContaining(['update_app', 'get_app_promotion_flow', 'update_app_promotion_draft', 'publish_app_promotion_flow', 'get_promotion_stats', 'export_promotion_events_csv']));
    const ids: string[] = [];
    for (const n of ['sleepy', 'focus', 'habit']) ids.push((await call('create_app', { name: n, slug: n })).body.app.id);
    const bad = await call('update_app', { appIdOrSlug: 'focus', promotion: { storeUrl: 'http://insecure.example' } });
    expect(bad.error).toBe(true);
    expect(bad.text).toMatch(/promotion\/storeUrl/);
    for (const n of ['focus', 'habit']) expect((await call('update_app', { appIdOrSlug: n, deepLinkScheme: n, promotion: meta(n) })).body.app.promotion.appStoreId).toBeTruthy();
    const config = { type: 'app_promotion', placement: 'home_banner', mode: 'rotating', rotationStrategy: 'even', destinations: [{ destinationAppId: ids[1] }, { destinationAppId: ids[2] }] };
    const saved = await call('update_app_promotion_draft', { appIdOrSlug: 'sleepy', flowSlug: 'home-banner', config });
    expect(saved.error, saved.text).toBe(false);
    expect(saved.body).toMatchObject({ ok: true, flowSlug: 'home-banner', warnings: [] });
    expect((await call('publish_app_promotion_flow', { appIdOrSlug: 'sleepy', flowSlug: 'home-banner' })).body.ok).toBe(true);
    expect((await call('get_app_promotion_flow', { appIdOrSlug: 'sleepy', flowSlug: 'home-banner' })).body.published.config.placement).toBe('home_banner');
    const inject = (o: InjectOptions) => t.app.inject(o);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const d = (await post(inject, 'resolve', { appSlug: 'sleepy', placement: 'home_banner', userId: `m${i}` })).json();
      seen.add(d.destination.appId);
      await post(inject, 'event', { trackingToken: d.trackingToken, event: 'impression' });
    }
    expect(seen.size).toBe(2);
    const stats = await call('get_promotion_stats', { appIdOrSlug: 'sleepy' });
    expect(stats.body.placements[0]).toMatchObject({ placement: 'home_banner', totals: { decisions: 4, impressions: 4 } });
    const csv = await call('export_promotion_events_csv', { appIdOrSlug: 'sleepy' });
    expect(csv.error).toBe(false);
    // MCP wraps text results as { csv }.
    expect(csv.body.csv).toMatch(/^id,createdAt,placement,destinationAppId,event,counted/);
    expect(csv.body.csv.match(/"impression"/g)).toHaveLength(4);
  });
});
