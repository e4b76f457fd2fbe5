import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectMcp, toolJson, type ToolText } from '../../mcp/mcp.client.js';
import { testApp, type TestApp } from '../../helpers.js';
import { goodWishlist, publicApi } from './wishlist.fixtures.js';

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await testApp('sqlite', { env: { PUBLIC_RATE_LIMIT: '100000' } });
  client = await connectMcp(t);
});
afterAll(async () => {
  await client.close();
  await t.close();
});

it('an agent runs the board with the MCP tools the WIRE lists', async () => {
  const names = (await client.listTools()).tools.map((x) => x.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'get_wishlist_flow',
      'update_wishlist_draft',
      'publish_wishlist_flow',
      'list_wishlist_ideas',
      'create_wishlist_idea',
      'set_wishlist_idea_status',
      'delete_wishlist_idea',
      'post_wishlist_comment',
      'list_wishlist_comments',
      'delete_wishlist_comment',
      'export_wishlist_csv',
      'create_wishlist_preview_token',
    ]),
  );
  const call = async (name: string, args: Record<string, unknown>) => toolJson(await client.callTool({ name, arguments: args }));
  await t.createApp({ name: 'Agent Board' });
  const a = { appIdOrSlug: 'agent-board' };
  expect(await call('update_wishlist_draft', { ...a, config: goodWishlist() })).toMatchObject({ ok: true, warnings: [] });
  expect(await call('publish_wishlist_flow', a)).toMatchObject({ ok: true, version: 1 });
  const submitted = (await publicApi(t, 'agent-board').submit({ title: 'From a user' })).json().idea;
  const queue = await call('list_wishlist_ideas', { ...a, status: 'pending' });
  expect(queue.ideas.map((i: { id: string }) => i.id)).toEqual([submitted.id]);
  expect((await call('set_wishlist_idea_status', { ...a, ideaId: submitted.id, status: 'open', pinned: true })).idea).toMatchObject({ status: 'open', pinned: true });
  const reply = await call('post_wishlist_comment', { ...a, ideaId: submitted.id, body: 'Thanks!', official: false });
  expect((await call('list_wishlist_comments', { ...a, ideaId: submitted.id })).comments.map((c: { id: string }) => c.id)).toEqual([reply.comment.id]);
  expect(await call('delete_wishlist_comment', { ...a, commentId: reply.comment.id })).toEqual({ deleted: true, id: reply.comment.id });
  const csv = (await client.callTool({ name: 'export_wishlist_csv', arguments: a })) as ToolText;
  expect(csv.content[0].text).toContain('From a user');
  expect((await call('create_wishlist_preview_token', a)).url).toContain('/wishlist/agent-board?p=');
  expect(await call('delete_wishlist_idea', { ...a, ideaId: submitted.id })).toEqual({ deleted: true, id: submitted.id });
  const bad = (await client.callTool({ name: 'set_wishlist_idea_status', arguments: { ...a, ideaId: 'nope', status: 'done' } })) as ToolText;
  expect(bad.isError).toBe(true);
});
