import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Operation } from '../kernel/operation.js';
import { buildTools, callTool, toolError, toolResult } from './tools.js';

export const MCP_NAME = 'appflows';
export const MCP_VERSION = '0.1.0';

/**
 * tools/call as the SDK's router parses it before any handler runs: any params. With the strict
 * CallToolRequestSchema there, a call whose `arguments` is not an object (an array, a string)
 * failed that parse and was answered -32603 Internal error; validated in the handler instead,
 * it is -32602 Invalid params (the SDK's Server also validates tools/call that way).
 */
const anyToolCall = z.object({ method: z.literal('tools/call'), params: z.unknown() });

// The tools of one operation list, built once: /mcp is stateless, so every POST creates a server,
// and converting every tool's zod schema to JSON Schema cost ~15 ms a call.
const toolsOf = new WeakMap<Operation[], { tools: ReturnType<typeof buildTools>; byName: Map<string, ReturnType<typeof buildTools>[number]> }>();

/** One MCP server acting for one account; tools come from the declared operations. */
export function createMcpServer(ops: Operation[], accountId: string): Server {
  let built = toolsOf.get(ops);
  if (!built) {
    const tools = buildTools(ops);
    toolsOf.set(ops, (built = { tools, byName: new Map(tools.map((t) => [t.name, t])) }));
  }
  const { tools, byName } = built;
  const server = new Server({ name: MCP_NAME, version: MCP_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema as { type: 'object' } })),
  }));
  server.setRequestHandler(anyToolCall, async (request) => {
    const parsed = CallToolRequestSchema.safeParse(request);
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, 'Invalid tools/call params: `name` must be a string and `arguments` an object');
    const req = parsed.data;
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
