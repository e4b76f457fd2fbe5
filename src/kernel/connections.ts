import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Trust } from './client-ip.js';

/**
 * A cap on the connections one address holds open at once (#34: 22,000 slow-body connections
 * from one address took every file descriptor, and /healthz was refused for 48 s). Counted per
 * socket peer on the server's 'connection' event; a connection over the cap is destroyed at
 * once, before a byte of it is read, so the process keeps descriptors for everybody else.
 *
 * Behind a proxy the socket peer is the proxy, which carries every client: a per-client cap there
 * would cap the whole service. Peers that TRUST_PROXY trusts are therefore not counted (a
 * per-client cap belongs on the proxy: nginx `limit_conn`, HAProxy `src_conn_cur`); every other
 * peer is, so a node behind a proxy listed by address is still protected from direct connections.
 * With TRUST_PROXY=true or a hop count every peer is trusted, and the cap is off.
 */
export function capConnections(server: Server, opts: { maxPerClient: number; trust: Trust }) {
  const { maxPerClient, trust } = opts;
  if (maxPerClient <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (!peer || (trust && trust(peer, 0))) return;
    const n = open.get(peer) ?? 0;
    if (n >= maxPerClient) {
      socket.destroy();
      return;
    }
    open.set(peer, n + 1);
    socket.once('close', () => {
      const left = (open.get(peer) ?? 1) - 1;
      if (left > 0) open.set(peer, left);
      else open.delete(peer);
    });
  });
}
