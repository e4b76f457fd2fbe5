import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Operation } from '../kernel/operation.js';
import { buildTools, callTool, toolError, toolResult } from './tools.js';

export const MCP_NAME = 'appflows';
export const MCP_VERSION = '0.1.0';

/** One MCP server acting for one account; tools come from the declared operations. */
export function createMcpServer(ops: Operation[], accountId: string): Server {
  const tools = buildTools(ops);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const server = new Server({ name: MCP_NAME, version: MCP_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as { type: 'object' } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const tool = byName.get(req.params.name);
    if (!tool) return toolError(new Error(`unknown tool ${req.params.name}`));
    try {
      return await toolResult(await callTool(tool, (req.params.arguments ?? {}) as Record<string, unknown>, accountId));
    } catch (e) {
      return toolError(e);
    }
  });
  return server;
}
