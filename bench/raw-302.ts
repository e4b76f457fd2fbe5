/**
 * The raw node:http baseline in a process of its own (#23 item 3): the same 302 as ours, byte
 * for byte but the Date, with nothing else in the process. Prints `port <n>` once listening.
 *   node --import tsx bench/raw-302.ts <location>
 */
import { createServer } from 'node:http';
import { REDIRECT_HEADERS } from '../src/kernel/security-headers.js';

const location = process.argv[2] ?? 'https://example.com/';
const server = createServer((_req, res) => {
  res.writeHead(302, { ...REDIRECT_HEADERS, location, 'content-length': '0' });
  res.end();
});
server.listen(0, '127.0.0.1', () => console.log(`port ${(server.address() as { port: number }).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
