import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectMcp, toolJson, type ToolText } from '../mcp/mcp.client.js';
import { describeEachDb, testApp, type TestApp } from '../helpers.js';

describeEachDb('short links over MCP, with the inputs WIRE A.1 names', (dialect) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await testApp(dialect);
    client = await connectMcp(t);
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as ToolText;
    return { error: r.isError === true, body: toolJson(r) };
  };

  it('lists the five tools with appIdOrSlug and linkIdOrCode', async () => {
    const tools = (await client.listTools()).tools;
    const inputs = (name: string) => {
      const tool = tools.find((x) => x.name === name)!;
      return { props: Object.keys(tool.inputSchema.properties!), required: tool.inputSchema.required };
    };
    expect(inputs('list_short_links').props).toEqual(expect.arrayContaining(['appIdOrSlug', 'limit', 'cursor']));
    expect(inputs('get_short_link').required).toEqual(['appIdOrSlug', 'linkIdOrCode']);
    expect(inputs('delete_short_link').required).toEqual(['appIdOrSlug', 'linkIdOrCode']);
    expect(inputs('create_short_link').props).toEqual(
      expect.arrayContaining(['appIdOrSlug', 'url', 'name', 'iosUrl', 'androidUrl', 'code', 'expiresAt', 'maxClicks', 'expiredBehavior', 'expiredUrl', 'expiredMessage']),
    );
    expect(inputs('update_short_link').props).toEqual(expect.arrayContaining(['appIdOrSlug', 'linkIdOrCode', 'status', 'resetClicks', 'maxClicks']));
    for (const x of tools) expect(Object.keys(x.inputSchema.properties ?? {})).not.toContain('idOrSlug');
  });

  it('an agent creates, lists, reads, limits, disables and deletes a link', async () => {
    await t.createApp({ name: 'Agent Links' });
    const a = { appIdOrSlug: 'agent-links' };
    const created = await call('create_short_link', { ...a, url: 'https://example.com/spring', name: 'Spring', code: 'spring-mcp', maxClicks: 5 });
    expect(created).toMatchObject({ error: false, body: { link: { code: 'spring-mcp', maxClicks: 5, state: 'active' } } });
    const { id } = created.body.link;
    expect((await call('list_short_links', { ...a, limit: 10 })).body.links.map((l: { id: string }) => l.id)).toEqual([id]);
    const got = await call('get_short_link', { ...a, linkIdOrCode: 'spring-mcp' });
    expect(got.body).toMatchObject({ link: { id }, stats: { clicks: 0, botClicks: 0 } });
    // null clears, omitted keys stay, as in a REST PATCH
    const updated = await call('update_short_link', { ...a, linkIdOrCode: id, maxClicks: null, status: 'disabled' });
    expect(updated.body.link).toMatchObject({ maxClicks: null, status: 'disabled', state: 'disabled', name: 'Spring' });
    const codeSent = await call('update_short_link', { ...a, linkIdOrCode: id, code: 'other' });
    expect(codeSent).toMatchObject({ error: true, body: { status: 422 } });
    expect(await call('delete_short_link', { ...a, linkIdOrCode: 'spring-mcp' })).toEqual({ error: false, body: { deleted: true, id, code: 'spring-mcp' } });
    expect(await call('get_short_link', { ...a, linkIdOrCode: id })).toMatchObject({ error: true, body: { status: 404 } });
  });

  it('does not pass a stray REST name (idOrSlug) on as a body field', async () => {
    await t.createApp({ name: 'Mixed Names' });
    const r = await call('create_short_link', { appIdOrSlug: 'mixed-names', idOrSlug: 'mixed-names', url: 'https://example.com/m' });
    expect(r).toMatchObject({ error: false, body: { link: { url: 'https://example.com/m' } } });
  });

  it('applies the destination allowlist and stores the normalised URL, as over REST', async () => {
    await t.createApp({ name: 'Agent Schemes', deepLinkScheme: 'agentapp' });
    const a = { appIdOrSlug: 'agent-schemes' };
    for (const bad of ['ms-msdt:/id%20PCWDiagnostic', 'intent://x#Intent;scheme=javascript;end', 'otherapp://x', 'https://user:pass@example.com/']) {
      const r = await call('create_short_link', { ...a, url: 'https://example.com/', androidUrl: bad });
      expect(r, bad).toMatchObject({ error: true, body: { status: 422, issues: [{ path: '/androidUrl' }] } });
    }
    const ok = await call('create_short_link', { ...a, url: 'https:example.com', iosUrl: 'agentapp://open', androidUrl: 'market://details?id=x' });
    expect(ok).toMatchObject({ error: false, body: { link: { url: 'https://example.com/', iosUrl: 'agentapp://open', androidUrl: 'market://details?id=x' } } });
    const patched = await call('update_short_link', { ...a, linkIdOrCode: ok.body.link.id, url: 'view-source:https://example.com/' });
    expect(patched).toMatchObject({ error: true, body: { status: 422 } });
  });

  it('refuses a call without the app, naming the tool input', async () => {
    const r = await call('list_short_links', {});
    expect(r).toMatchObject({ error: true, body: { status: 400 } }); // as a missing path param over REST
    expect(JSON.stringify(r.body)).toContain('appIdOrSlug');
  });
});
