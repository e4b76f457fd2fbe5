import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { requestIpHash } from '../kernel/identity.js';
import type { Operation } from '../kernel/operation.js';
import { createMcpServer } from './server.js';

/**
 * Streamable HTTP at /mcp, stateless: each POST carries its Bearer token and gets a fresh
 * server bound to that token's account (no session state to share between nodes).
 */
export function registerMcpHttp(
  app: FastifyInstance,
  ops: Operation[],
  authenticate: (h: string | undefined, client: string) => Promise<{ accountId: string }>,
  secret: string,
) {
  app.post('/mcp', { schema: { hide: true } }, async (request, reply) => {
    const { accountId } = await authenticate(request.headers.authorization, requestIpHash(request, secret));
    const server = createMcpServer(ops, accountId);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  const notAllowed = async (_req: unknown, reply: { code(n: number): { send(b: unknown): unknown }; header(k: string, v: string): unknown }) => {
    reply.header('allow', 'POST');
    return reply.code(405).send({ error: 'Method not allowed: this MCP endpoint is stateless, use POST' });
  };
  app.get('/mcp', { schema: { hide: true } }, notAllowed as never);
  app.delete('/mcp', { schema: { hide: true } }, notAllowed as never);
}
