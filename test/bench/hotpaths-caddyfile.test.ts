/**
 * The hotpaths bench's proxy config is derived from the real deploy/Caddyfile (#38 item 4): the
 * compose nodes swapped for the bench's upstreams, production's balancing kept, TLS hosts and active
 * health checks left out. When Caddy is installed, Caddy itself must accept the derived file and
 * read it as meant (upstreams, round robin, X-Forwarded-For, no active health check, plain HTTP).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchCaddyfile, DEPLOY_CADDYFILE, snippetBody } from '../../bench/hotpaths.caddyfile.js';

const UPSTREAMS = ['127.0.0.1:41001', '127.0.0.1:41002'];
const derived = () => benchCaddyfile({ upstreams: UPSTREAMS, port: 41000, adminPort: 41003 });
const directives = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

const caddy = process.env.CADDY_BIN ?? 'caddy';
const hasCaddy = spawnSync(caddy, ['version']).status === 0;
if (!hasCaddy) console.warn(`\n*** caddy adapt check of the hotpaths bench Caddyfile SKIPPED: no \`${caddy}\` on PATH (apt-get install caddy, or set CADDY_BIN). ***\n`);

describe('the hotpaths bench Caddyfile derived from deploy/Caddyfile', () => {
  it('proxies to the bench upstreams with production balancing, and nothing of the compose nodes', () => {
    const text = derived();
    const lines = directives(text);
    expect(lines).toContain(`reverse_proxy ${UPSTREAMS.join(' ')} {`);
    expect(text).not.toMatch(/app[12]:3000/);
    expect(lines).toContain('lb_policy round_robin');
    expect(lines).toContain('header_up X-Forwarded-For {remote_host}');
    // Every line of production's reverse_proxy block but the health checks is carried over.
    const deployLines = directives(snippetBody(readFileSync(DEPLOY_CADDYFILE, 'utf8')).join('\n'));
    const kept = deployLines.filter((l) => !/^reverse_proxy\s/.test(l) && !/^health_/.test(l));
    expect(kept.length).toBeGreaterThan(5);
    for (const l of kept) expect(lines).toContain(l);
  });

  it('has one plain-HTTP loopback site: no TLS, no host blocks, no active health checks', () => {
    const lines = directives(derived());
    const sites = lines.filter((l) => /^\S+ \{$/.test(l) && !/^(reverse_proxy|transport|log)\b/.test(l));
    expect(sites).toEqual(['http://127.0.0.1:41000 {']);
    expect(lines.filter((l) => /^tls\b|\{\$|^import\b|^\(/.test(l))).toEqual([]);
    expect(lines.filter((l) => /^health_/.test(l))).toEqual([]);
  });

  it('fails loudly when deploy/Caddyfile no longer has the snippet or its reverse_proxy', () => {
    expect(() => benchCaddyfile({ upstreams: UPSTREAMS, port: 1, adminPort: 2, deploy: 'example.com {\n\treverse_proxy app1:3000\n}\n' })).toThrow(/no `\(appflows\) \{` snippet.*changed shape/);
    expect(() => benchCaddyfile({ upstreams: UPSTREAMS, port: 1, adminPort: 2, deploy: '(appflows) {\n\trespond 404\n}\n' })).toThrow(/no `reverse_proxy <upstreams> \{` block/);
    expect(() => benchCaddyfile({ upstreams: UPSTREAMS, port: 1, adminPort: 2, deploy: '(appflows) {\n\treverse_proxy a:1 {\n\t}\n' })).toThrow(/never closes/);
  });

  it.skipIf(!hasCaddy)('is accepted by `caddy adapt` and read as meant', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotpaths-caddyfile-'));
    try {
      const file = join(dir, 'Caddyfile');
      writeFileSync(file, derived());
      const r = spawnSync(caddy, ['adapt', '--adapter', 'caddyfile', '--config', file], { encoding: 'utf8', env: { ...process.env, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir } });
      expect(r.status, r.stderr).toBe(0);
      const config = JSON.parse(r.stdout);
      const server = Object.values(config.apps.http.servers as Record<string, { listen: string[]; routes: unknown[] }>);
      expect(server.map((s) => s.listen)).toEqual([[':41000']]);
      const json = JSON.stringify(server[0].routes);
      const handlers: Record<string, unknown>[] = [];
      JSON.parse(json, (_k, v) => (v && v.handler === 'reverse_proxy' ? (handlers.push(v), v) : v));
      expect(handlers).toHaveLength(1);
      const rp = handlers[0] as { upstreams: { dial: string }[]; load_balancing: { selection_policy: { policy: string } }; headers: { request: { set: Record<string, string[]> } }; health_checks?: { active?: unknown; passive?: unknown } };
      expect(rp.upstreams.map((u) => u.dial)).toEqual(UPSTREAMS);
      expect(rp.load_balancing.selection_policy.policy).toBe('round_robin');
      expect(rp.headers.request.set['X-Forwarded-For']).toEqual(['{http.request.remote.host}']);
      expect(rp.health_checks?.active).toBeUndefined();
      expect(rp.health_checks?.passive).toBeDefined();
      expect(config.apps.tls).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
