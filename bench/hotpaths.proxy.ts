/**
 * Two nodes behind a proxy for the hotpaths bench (#38 item 4): Caddy in front of several upstreams,
 * configured by deploy/Caddyfile's own `(appflows)` snippet (bench/hotpaths.caddyfile.ts derives it:
 * round robin, retries, the client's address in X-Forwarded-For), but on plain HTTP on loopback: TLS
 * would measure Caddy's handshakes, not the nodes. The raw baselines sit behind the same kind of
 * proxy, so a ratio compares like with like. Caddy is the host's binary (Debian's `caddy` package),
 * run in its own process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/process-helpers.js';
import { benchCaddyfile } from './hotpaths.caddyfile.js';

const CADDY = process.env.CADDY_BIN ?? 'caddy';

/** Throws one clear line when there is no Caddy to run. */
export function requireCaddy() {
  const r = spawnSync(CADDY, ['version'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`HOTPATHS_NODES needs Caddy (apt-get install caddy, or set CADDY_BIN): ${r.error?.message ?? r.stderr}`);
  return r.stdout.trim().split(' ')[0];
}

/** Starts Caddy on a free loopback port, proxying to `upstreams` (host:port) as deploy/Caddyfile proxies to its nodes. */
export async function proxy(upstreams: string[]): Promise<{ url: string; proc: ChildProcess; stop(): void }> {
  const port = await freePort();
  const adminPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hotpaths-caddy-'));
  const file = join(dir, 'Caddyfile');
  writeFileSync(file, benchCaddyfile({ upstreams, port, adminPort }));
  const proc = spawn(CADDY, ['run', '--adapter', 'caddyfile', '--config', file], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir } });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`caddy exited early: ${err}`);
    try {
      await fetch(`http://127.0.0.1:${adminPort}/config/`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`caddy did not start: ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    proc,
    stop() {
      proc.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** host:port of a URL, as Caddy's upstream list takes it. */
export const hostPort = (url: string) => new URL(url).host;
