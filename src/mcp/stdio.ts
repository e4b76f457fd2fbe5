import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Config } from '../config.js';
import { openAndMigrate } from '../db/index.js';
import { checkSecretFingerprint } from '../db/secret-fingerprint.js';
import { buildCapabilities } from '../server.js';
import { createMcpServer } from './server.js';

/** `appflows mcp`: the MCP server on stdio, acting for the account of APPFLOWS_TOKEN, on the local database. */
export async function runStdioMcp(config: Config): Promise<void> {
  const token = process.env.APPFLOWS_TOKEN;
  if (!token) throw new Error('APPFLOWS_TOKEN is required: create one with `appflows token create --name mcp`');
  const db = await openAndMigrate(config.database);
  await checkSecretFingerprint(db.db, config.secret);
  const { services, operations } = buildCapabilities(config, db);
  const { accountId } = await services.tokens.authenticate(`Bearer ${token}`).catch(() => {
    throw new Error('APPFLOWS_TOKEN is invalid or revoked');
  });
  const server = createMcpServer(operations, accountId);
  await server.connect(new StdioServerTransport());
  process.on('SIGTERM', () => void server.close().then(() => db.close()).then(() => process.exit(0)));
}
