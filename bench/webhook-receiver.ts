/**
 * A webhook receiver in its own process (the delivery benchmark): answers 204 to every POST and
 * counts distinct `webhook-id`s and bodies; GET /stats answers `{ received, distinct, first, last }`
 * (times in ms since the epoch), POST /reset starts over. Prints `up <port>` once listening.
 */
import { createServer } from 'node:http';

const ids = new Set<string>();
let received = 0;
let first = 0;
let last = 0;
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ received, distinct: ids.size, first, last }));
  }
  if (req.url === '/reset') {
    ids.clear();
    received = first = last = 0;
    res.writeHead(204);
    return res.end();
  }
  req.resume();
  req.on('end', () => {
    received++;
    const now = Date.now();
    first ||= now;
    last = now;
    ids.add(String(req.headers['webhook-id'] ?? `raw-${received}`));
    res.writeHead(204);
    res.end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => console.log(`up ${(server.address() as { port: number }).port}`));
