import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { BIN, cli, createToken, dropProcessSchemas, processEnv, type RunningServer, startServer } from '../process-helpers.js';

describeEachDb('real process: CLI, durability, shutdown', (dialect) => {
  const servers: RunningServer[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  });
  afterAll(() => dropProcessSchemas());

  it('token create works on a fresh database and prints the token alone on the last line', async () => {
    const env = processEnv(dialect);
    const created = cli(env, 'token', 'create', '--name', 'laptop');
    expect(created.code, created.stderr).toBe(0);
    const lines = created.stdout.trim().split('\n');
    expect(lines[lines.length - 1]).toMatch(/^afk_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/);
    const token = lines[lines.length - 1];
    const prefix = token.split('_')[1];

    const list = cli(env, 'token', 'list');
    expect(list.stdout).toContain(prefix);
    expect(list.stdout).not.toContain(token.split('_')[2]);

    const server = await startServer(env);
    servers.push(server);
    const ok = await fetch(`${server.url}/api/v1/apps`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);

    expect(cli(env, 'token', 'revoke', prefix).code).toBe(0);
    expect(cli(env, 'token', 'list').stdout).toMatch(new RegExp(`${prefix}\\s+revoked`));
    expect(cli(env, 'token', 'revoke', 'ZZZZZZZZ').code).toBe(1);
    // A fresh process (no cache) refuses the revoked token at once.
    server.proc.kill('SIGTERM');
    await server.exited;
    const again = await startServer(env);
    servers.push(again);
    const denied = await fetch(`${again.url}/api/v1/apps`, { headers: { authorization: `Bearer ${token}` } });
    expect(denied.status).toBe(401);
  });

  it('migrate applies every migration once, even when several processes race', async () => {
    const env = processEnv(dialect);
    const runs = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<{ code: number | null; out: string }>((resolve) => {
            const p = spawn(BIN, ['migrate'], { env });
            let out = '';
            p.stdout.on('data', (d) => (out += d));
            p.stderr.on('data', (d) => (out += d));
            p.on('exit', (code) => resolve({ code, out }));
          }),
      ),
    );
    for (const r of runs) expect(r.code, r.out).toBe(0);
    expect(runs.filter((r) => r.out.includes('Applied: 0001_accounts_tokens'))).toHaveLength(1);
    expect(cli(env, 'migrate').stdout).toContain('Database is up to date');
  });

  it('fails fast with a clear message on bad configuration', () => {
    const env = processEnv(dialect, { PORT: 'abc', LOG_LEVEL: 'loud' });
    const r = cli(env, 'migrate');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Invalid configuration');
    expect(r.stderr).toContain('PORT');
    expect(r.stderr).toContain('LOG_LEVEL');
  });

  it('kill -9 after acknowledged writes loses nothing', async () => {
    const env = processEnv(dialect);
    const token = await createToken(env, 'k');
    const server = await startServer(env);
    servers.push(server);
    const acked: string[] = [];
    const writes = Array.from({ length: 60 }, (_, i) =>
      fetch(`${server.url}/api/v1/apps`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Durable ${i}`, slug: `durable-${i}` }),
      })
        .then(async (r) => {
          if (r.status === 201) acked.push((await r.json()).app.slug);
        })
        .catch(() => {}),
    );
    // Kill once a good share has been acknowledged, while others are still in flight.
    while (acked.length < 20) await new Promise((r) => setTimeout(r, 2));
    server.proc.kill('SIGKILL');
    await Promise.all(writes);
    await server.exited;
    expect(acked.length).toBeGreaterThanOrEqual(20);

    const again = await startServer(env);
    servers.push(again);
    const apps = (await (await fetch(`${again.url}/api/v1/apps`, { headers: { authorization: `Bearer ${token}` } })).json()).apps;
    const stored = new Set(apps.map((a: { slug: string }) => a.slug));
    for (const slug of acked) expect(stored.has(slug), slug).toBe(true);
  });

  it('SIGTERM lets an in-flight request finish, then exits 0', async () => {
    const env = processEnv(dialect);
    const token = await createToken(env, 'g');
    const server = await startServer(env);
    servers.push(server);
    const body = JSON.stringify({ name: 'Graceful', slug: 'graceful' });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/v1/apps`,
        { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let data = '';
          res.on('data', (d) => (data += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: data }));
        },
      );
      req.on('error', reject);
      // Send half the body, signal the server, then finish: the request is in flight during shutdown.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.proc.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const r = await response;
    expect(r.status).toBe(201);
    expect(JSON.parse(r.body).app.slug).toBe('graceful');
    expect(await server.exited).toBe(0);
  });

  it.runIf(dialect === 'sqlite')('bin/appflows caps V8\'s young generation unless NODE_OPTIONS sets its own', async () => {
    // The cap keeps a first large export's RSS growth small (docs/decisions.md, "Young generation").
    const args = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    /**
     * The command line `appflows serve` runs node with, read as soon as the script has exec'd node
     * (then killed: serving with the cap is what every other process test does). A script that
     * ran node as a child instead would never show node here.
     */
    const execd = async (env: Record<string, string>) => {
      const p = spawn(BIN, ['serve'], { env: { ...env, PORT: '0' }, stdio: 'ignore' });
      try {
        for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
          const a = args(p.pid!);
          if (/node$/.test(a[0])) return a;
        }
        throw new Error(`appflows serve did not exec node: ${args(p.pid!).join(' ')}`);
      } finally {
        p.kill('SIGKILL');
      }
    };
    expect(await execd(processEnv(dialect))).toContain('--max-semi-space-size=32');
    // Node's other spelling counts as the caller's own too.
    const own = await startServer(processEnv(dialect, { NODE_OPTIONS: '--max_semi_space_size=8' }));
    servers.push(own);
    expect(args(own.proc.pid!).filter((a) => a.includes('semi-space'))).toEqual([]);
    expect((await fetch(`${own.url}/healthz`)).status).toBe(200);
    // V8 aborts on a semi-space size beside a heap size and an old space size: no cap added then.
    // (Node 24 takes --max-heap-size in NODE_OPTIONS; Node 22 refuses it there, so the mix cannot arise.)
    if (process.allowedNodeEnvironmentFlags.has('--max-heap-size')) {
      const sized = cli(processEnv(dialect, { NODE_OPTIONS: '--max-old-space-size=512 --max-heap-size=1024' }), 'token', 'list');
      expect(sized.code, sized.stderr).toBe(0);
    }
    // An option whose value merely contains the name is not one.
    expect(await execd(processEnv(dialect, { NODE_OPTIONS: '--conditions=x--max-semi-space-size' }))).toContain('--max-semi-space-size=32');
  });

  it.runIf(dialect === 'sqlite')('SIGTERM after durable writes closes every connection, the checkpointer thread\'s too', async () => {
    const env = processEnv(dialect);
    const token = await createToken(env, 'w');
    const server = await startServer(env);
    servers.push(server);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await fetch(`${server.url}/api/v1/apps`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'W', slug: 'w' }) });
    const link = await fetch(`${server.url}/api/v1/apps/w/links`, { method: 'POST', headers: auth, body: JSON.stringify({ url: 'https://example.com/x' }) });
    const code = (await link.json()).link.code;
    // Clicks are durable writes: the first one starts the WAL checkpointer thread.
    for (let i = 0; i < 20; i++) await fetch(`${server.url}/l/${code}`, { redirect: 'manual' });
    await new Promise((r) => setTimeout(r, 300));
    const db = join(env.DATA_DIR, 'appflows.db');
    expect(existsSync(`${db}-wal`)).toBe(true);
    server.proc.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    // SQLite removes the WAL only when the last connection closes cleanly.
    expect(existsSync(`${db}-wal`)).toBe(false);
    expect(server.output()).not.toMatch(/Assertion failed|Aborted|core dumped/);
  });
});
