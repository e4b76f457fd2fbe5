import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, dropProcessSchemas, processEnv } from '../process-helpers.js';

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+/);

describe('CLI: a user mistake is one clear line and a non-zero exit, never a stack trace', () => {
  afterAll(() => dropProcessSchemas());

  it('a missing option value, an unknown command, an unknown or already revoked token', () => {
    const env = processEnv('sqlite');
    const missing = cli(env, 'token', 'create', '--name');
    expect(missing.code).toBe(1);
    expect(missing.stderr.split('\n')[0]).toBe("appflows: Option '--name <value>' argument missing");
    noStack(missing.stderr);

    const unknown = cli(env, 'frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.split('\n')[0]).toBe('appflows: unknown command "frobnicate"');

    const created = cli(env, 'token', 'create', '--name', 'ci').stdout.trim().split('\n').pop()!;
    const prefix = created.split('_')[1];
    expect(cli(env, 'token', 'revoke', prefix).code).toBe(0);
    const again = cli(env, 'token', 'revoke', prefix);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(new RegExp(`^appflows: Token ${prefix} was already revoked at \\d{4}-`));
    const none = cli(env, 'token', 'revoke', 'ZZZZZZZZ');
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe('appflows: Token not found');
  });

  it('a port in use', async () => {
    // The squatter takes a port of the system's choosing: nothing else can take it in between.
    const squatter = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => squatter.once('listening', r));
    const port = (squatter.address() as { port: number }).port;
    try {
      const env = processEnv('sqlite');
      const r = await new Promise<{ code: number | null; stderr: string }>((done) => {
        const p = spawn(resolve(import.meta.dirname, '../../bin/appflows'), ['serve'], { env: { ...env, PORT: String(port) } });
        let stderr = '';
        p.stderr.on('data', (d) => (stderr += d));
        p.on('exit', (code) => done({ code, stderr }));
      });
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n').pop()).toBe(`appflows: port ${port} is already in use on 127.0.0.1: stop the other server or set PORT to a free port`);
      noStack(r.stderr);
    } finally {
      squatter.close();
    }
  });
});

describe('npm start', () => {
  it('stops the server gracefully on SIGTERM to the npm process (no node child left running)', async () => {
    const env = processEnv('sqlite', { LOG_LEVEL: 'info' });
    // Port 0: the server reports the port it bound on stderr.
    const npm = spawn('npm', ['start'], { cwd: resolve(import.meta.dirname, '../..'), env: { ...env, PORT: '0' } });
    let out = '';
    npm.stdout.on('data', (d) => (out += d));
    npm.stderr.on('data', (d) => (out += d));
    let url = '';
    for (let i = 0; ; i++) {
      if (i > 600 || npm.exitCode !== null) throw new Error(`did not start:\n${out}`);
      const port = /^appflows: listening on http:\/\/\S+:(\d+)$/m.exec(out)?.[1];
      if (port) url = `http://127.0.0.1:${port}`;
      if (url && (await fetch(`${url}/healthz`).then((r) => r.ok, () => false))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    npm.kill('SIGTERM');
    // The server finishes and the port is free again: no orphan keeps serving.
    for (let i = 0; ; i++) {
      if (i > 100) throw new Error(`still serving after SIGTERM:\n${out}`);
      if (!(await fetch(`${url}/healthz`).then(() => true, () => false))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Every process writing to the pipe has exited (its last log lines are in), at most 10 s.
    await Promise.race([new Promise((r) => npm.stdout.once('close', r)), new Promise((r) => setTimeout(r, 10_000))]);
    expect(out).toContain('shutting down: finishing in-flight requests');
  });
});

