import type { Config } from '../config.js';

export async function runStdioMcp(_config: Config): Promise<void> {
  throw new Error('MCP server: not built yet');
}
