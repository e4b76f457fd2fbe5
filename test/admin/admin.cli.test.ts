import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { BIN, cli, dropProcessSchemas, processEnv, startServer, type RunningServer } from '../process-helpers.js';

const withStdin = (env: Record<string, string>, input: string, ...args: string[]) => {
  const r = spawnSync(BIN, args, { env, input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** Signs in over real HTTP; returns the status (303 = signed in). */
async function signIn(url: string, email: string, password: string): Promise<number> {
  const page = await (await fetch(`${url}/admin/login`)).text();
  const token = /name="_token" value="([^"]+)"/.exec(page)![1];
  const r = await fetch(`${url}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _token: token, email, password }).toString(),
  });
  return r.status;
}

describeEachDb('appflows user (CLI) and the setup link in the log', (dialect) => {
  const servers: RunningServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.proc.kill('SIGTERM');
      await s.exited;
    }
  });
  afterAll(dropProcessSchemas);

  it('prints a one-time setup link at start while no owner exists, and none once one does', async () => {
    const env = processEnv(dialect);
    const s = await startServer(env);
    servers.push(s);
    await expect.poll(() => s.stderr(), { timeout: 10_000 }).toMatch(/admin\/setup\?t=[A-Za-z0-9_-]{32}/);
    // A plain line of its own on stderr, where a person watching `npm start` sees it; the JSON
    // warning stays on stdout for log collectors (no terminal here).
    expect(s.stderr()).toMatch(/^No dashboard owner yet\. Create one at http:\/\/\S+\/admin\/setup\?t=[A-Za-z0-9_-]{32} \(one-time link, valid 24 h\), or run: appflows user create --email you@example\.com$/m);
    await expect.poll(() => s.output().split('\n').some((l) => l.startsWith('{') && JSON.parse(l).level === 40 && JSON.parse(l).msg.includes('/admin/setup?t='))).toBe(true);
    const link = /(http:\/\/[^ ]+\/admin\/setup\?t=[A-Za-z0-9_-]{32})/.exec(s.stderr())![1];
    const path = new URL(link).pathname + new URL(link).search;
    expect((await fetch(`${s.url}${path}`)).status).toBe(200);

    expect(cli(env, 'user', 'create', '--email', 'first@example.com').code).toBe(0);
    // An owner exists now: the printed link opens nothing, and a restart prints none.
    expect((await fetch(`${s.url}${path}`)).status).toBe(410);
    s.proc.kill('SIGTERM');
    await s.exited;
    servers.pop();
    const again = await startServer(env);
    servers.push(again);
    await new Promise((r) => setTimeout(r, 300));
    expect(again.output()).not.toContain('/admin/setup');
  });

  it('creates an owner with a password printed once, refuses a duplicate, and changes the password', async () => {
    const env = processEnv(dialect);
    const tokenOut = cli(env, 'token', 'create', '--name', 'ci');
    expect(tokenOut.code).toBe(0);

    const created = cli(env, 'user', 'create', '--email', 'Owner@Example.com');
    expect(created.code, created.stderr).toBe(0);
    const password = created.stdout.trim().split('\n').pop()!;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(created.stderr).toContain('Created owner owner@example.com');
    expect(created.stderr).toContain('shown once');

    const dup = cli(env, 'user', 'create', '--email', 'owner@example.com');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('already exists');
    const bad = cli(env, 'user', 'create', '--email', 'not-an-email');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('must be an email address');
    const weak = withStdin(env, 'short\n', 'user', 'create', '--email', 'x@example.com', '--password-stdin');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('at least 10 characters');

    const s = await startServer(env);
    servers.push(s);
    expect(s.output()).not.toContain('/admin/setup');
    expect(await signIn(s.url, 'owner@example.com', password)).toBe(303);

    const changed = withStdin(env, 'my new passphrase\n', 'user', 'password', '--email', 'owner@example.com', '--password-stdin');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout.trim()).toBe('');
    expect(changed.stderr).toContain('Password of owner@example.com changed');
    expect(await signIn(s.url, 'owner@example.com', password)).toBe(401);
    expect(await signIn(s.url, 'owner@example.com', 'my new passphrase')).toBe(303);

    const missing = cli(env, 'user', 'password', '--email', 'ghost@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No owner with email ghost@example.com');
  });
});
