import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { goodCancel } from '../flows/cancel.fixtures.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';
import { BIN, createToken, dropProcessSchemas, processEnv } from '../process-helpers.js';
import { toolJson as json, type ToolText } from './mcp.client.js';


describeEachDb('MCP over Streamable HTTP', (dialect) => {
  let t: TestApp;
  let url: string;
  let client: Client;
  beforeAll(async () => {
    t = await testApp(dialect);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address}/mcp`;
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: t.auth } }));
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('lists the owner tools generated from the operations', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['list_apps', 'get_app', 'create_app', 'list_flows', 'get_cancel_flow', 'update_cancel_draft', 'publish_cancel_flow']));
    const create = tools.find((x) => x.name === 'create_app')!;
    expect(create.inputSchema.required).toEqual(['name']);
    const update = tools.find((x) => x.name === 'update_cancel_draft')!;
    expect(Object.keys(update.inputSchema.properties!)).toEqual(expect.arrayContaining(['appIdOrSlug', 'flowSlug', 'config']));
  });

  it('creates an app, saves and publishes a cancel flow, like the REST API', async () => {
    const created = json(await client.callTool({ name: 'create_app', arguments: { name: 'Agent App' } }));
    expect(created.app.slug).toBe('agent-app');
    // config as a JSON string, as older agents send it
    const saved = json(await client.callTool({ name: 'update_cancel_draft', arguments: { appIdOrSlug: 'agent-app', config: JSON.stringify(goodCancel()) } }));
    expect(saved).toMatchObject({ ok: true, warnings: [] });
    const published = json(await client.callTool({ name: 'publish_cancel_flow', arguments: { appIdOrSlug: 'agent-app' } }));
    expect(published).toMatchObject({ ok: true, version: 1 });
    const env = json(await client.callTool({ name: 'get_cancel_flow', arguments: { appIdOrSlug: created.app.id } }));
    expect(env.published.versionNumber).toBe(1);
    const rest = await t.app.inject({ method: 'GET', url: '/api/v1/apps/agent-app/flows/cancel', headers: t.auth });
    expect(rest.json().published.config).toEqual(env.published.config);
  });

  it('reports errors as tool errors with the REST status and body', async () => {
    const r = (await client.callTool({ name: 'update_cancel_draft', arguments: { appIdOrSlug: 'agent-app', config: { intro: {} } } })) as ToolText;
    expect(r.isError).toBe(true);
    const body = JSON.parse(r.content[0].text);
    expect(body.status).toBe(422);
    expect(body.issues.map((i: { path: string }) => i.path)).toContain('/intro/title');
    const missing = (await client.callTool({ name: 'get_app', arguments: { appIdOrSlug: 'nope' } })) as ToolText;
    expect(missing.isError).toBe(true);
    expect(JSON.parse(missing.content[0].text).status).toBe(404);
  });

  it('acts only for the token’s account, and refuses a bad token', async () => {
    const other = await t.otherAccount();
    const c2 = new Client({ name: 'other', version: '1.0.0' });
    await c2.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: other.auth } }));
    expect(json(await c2.callTool({ name: 'list_apps', arguments: {} })).apps).toEqual([]);
    await c2.close();
    const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="appflows"');
  });

  it('answers tools/call with non-object arguments (or no tool name) -32602 Invalid params, not -32603', async () => {
    const call = async (params: string) => {
      const r = await fetch(url, {
        method: 'POST',
        headers: { ...t.auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":${params}}`,
      });
      expect(r.status).toBe(200);
      return (await r.json()) as { id: number; error?: { code: number; message: string }; result?: unknown };
    };
    for (const args of ['[1,2]', '"{}"', '5', 'true', 'null']) {
      const body = await call(`{"name":"get_app","arguments":${args}}`);
      expect(body.id, args).toBe(7);
      expect(body.error?.code, args).toBe(-32602);
    }
    expect((await call('{"arguments":{}}')).error?.code).toBe(-32602);
    // An object still reaches the tool (and its own validation).
    const ok = await call('{"name":"list_apps","arguments":{}}');
    expect(ok.error).toBeUndefined();
    expect(ok.result).toBeDefined();
    const missing = await call('{"name":"get_app"}');
    expect(missing.error).toBeUndefined();
  });
});

describeEachDb('MCP over stdio (appflows mcp)', (dialect) => {
  afterAll(() => dropProcessSchemas());
  it('serves the same tools on stdio for APPFLOWS_TOKEN', async () => {
    const env = processEnv(dialect);
    const token = await createToken(env, 'mcp');
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: BIN, args: ['mcp'], env: { ...env, APPFLOWS_TOKEN: token }, stderr: 'pipe' }));
    try {
      const created = json(await client.callTool({ name: 'create_app', arguments: { name: 'Stdio App', deepLinkScheme: 'stdioapp' } }));
      expect(created.app.deepLinkScheme).toBe('stdioapp');
      const list = json(await client.callTool({ name: 'list_apps', arguments: {} }));
      expect(list.apps.map((a: { slug: string }) => a.slug)).toEqual(['stdio-app']);
    } finally {
      await client.close();
    }
  });
});
