import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApp } from '../helpers.js';

export type ToolText = { content: { type: string; text: string }[]; isError?: boolean };
/** A tool result's JSON text, parsed. */
export const toolJson = (r: unknown) => JSON.parse((r as ToolText).content[0].text);

/** Listens on a free port and connects an MCP client to `/mcp` with the test app's owner token. */
export async function connectMcp(t: TestApp): Promise<Client> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${address}/mcp`), { requestInit: { headers: t.auth } }));
  return client;
}
