import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectMcp, toolJson, type ToolText } from '../mcp/mcp.client.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

const TOOLS = ['list_webhooks', 'create_webhook', 'get_webhook', 'update_webhook', 'delete_webhook', 'rotate_webhook_secret', 'test_webhook', 'list_webhook_deliveries', 'retry_webhook_delivery'];

describeEachDb('webhooks over MCP', (dialect) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await testApp(dialect);
    client = await connectMcp(t);
    await t.createApp({ name: 'Agent Hooks' });
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as ToolText;
    return { error: r.isError === true, body: toolJson(r) };
  };

  it('has a tool for every endpoint operation, with the app as appIdOrSlug', async () => {
    const tools = (await client.listTools()).tools;
    const names = tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(TOOLS));
    const input = (name: string) => tools.find((x) => x.name === name)!.inputSchema;
    expect(input('create_webhook').required).toEqual(['appIdOrSlug', 'url']);
    expect(Object.keys(input('create_webhook').properties!)).toEqual(expect.arrayContaining(['events', 'format', 'description', 'enabled']));
    expect(input('retry_webhook_delivery').required).toEqual(['appIdOrSlug', 'id', 'deliveryId']);
    expect(Object.keys(input('list_webhook_deliveries').properties!)).toEqual(expect.arrayContaining(['appIdOrSlug', 'id', 'limit', 'cursor']));
  });

  it('an agent adds an endpoint, sends a test and reads the delivery log; the same rules as REST', async () => {
    const a = { appIdOrSlug: 'agent-hooks' };
    const created = await call('create_webhook', { ...a, url: 'https://93.184.215.14/hook', events: ['webhook.test'], format: 'slack' });
    expect(created.error).toBe(false);
    expect(created.body.secret).toMatch(/^whsec_/);
    const { id } = created.body.webhook;
    expect((await call('list_webhooks', a)).body.webhooks.map((w: { id: string }) => w.id)).toEqual([id]);
    const sent = await call('test_webhook', { ...a, id });
    expect(sent.body.delivery).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    const log = await call('list_webhook_deliveries', { ...a, id, limit: 10 });
    expect(log.body.deliveries.map((d: { id: string }) => d.id)).toEqual([sent.body.delivery.id]);
    const bad = await call('create_webhook', { ...a, url: 'http://169.254.169.254/', events: ['nope'] });
    expect(bad.error).toBe(true);
    expect(bad.body.status).toBe(422);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['/events/0', '/url']);
    expect(await call('delete_webhook', { ...a, id })).toEqual({ error: false, body: { deleted: true, id } });
    expect((await call('get_webhook', { ...a, id })).body.status).toBe(404);
  });
});
